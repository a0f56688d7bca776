import { useEffect, useState, type CSSProperties } from 'react';
import type { BasketLine } from '../../../shared/bridge';
import { basketTotalPence, lineTotalPence, summariseBasket } from '../../../shared/basket';
import { useWords } from './language';

/**
 * How many lines of a basket a screen of this size shows (the customer cannot scroll it): the
 * rest are summarised as one line. Beside the QR code there is less room than on a screen of
 * its own (`alone`).
 */
export function basketRoom(width: number, height: number, alone: boolean): number {
  const stacked = width <= 900 || height > width;
  if (alone) return height >= 1000 ? 10 : height >= 760 ? 7 : 5;
  if (stacked) return 2;
  return height >= 1000 ? 6 : height >= 760 ? 4 : 3;
}

function useRoom(alone: boolean) {
  const read = () => basketRoom(window.innerWidth, window.innerHeight, alone);
  const [room, setRoom] = useState(read);
  useEffect(() => {
    const onResize = () => setRoom(read());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  });
  return room;
}

/**
 * The basket's lines on the customer display: the newest at the bottom (where the one staff just
 * added appears), each amount on one line at its full width; the description gives way (ellipsis).
 */
export function DisplayBasket({
  lines,
  currency,
  alone = false,
}: {
  lines: readonly BasketLine[];
  currency: string;
  alone?: boolean;
}) {
  const room = useRoom(alone);
  const { earlier, shown } = summariseBasket(lines, room);
  const words = useWords();
  const money = (pence: number) => words.money(pence, currency);
  return (
    <ol
      className={`display-basket${alone ? ' display-basket--alone' : ''}`}
      aria-label={words.say('display.yourItems')}
      data-testid="display-basket"
      data-lines={lines.length}
    >
      {earlier && (
        <li className="display-basket__line display-basket__line--earlier">
          <span className="display-basket__what">
            {words.say('display.earlierItems', { count: earlier.count })}
          </span>
          <Money text={money(earlier.pence)} />
        </li>
      )}
      {shown.map((line, index) => (
        <li
          className="display-basket__line"
          key={lines.length - shown.length + index}
          data-testid="display-basket-line"
        >
          <span className="display-basket__what">
            {line.quantity > 1 && (
              <span className="display-basket__qty">{words.digits(String(line.quantity))} × </span>
            )}
            {line.description}
          </span>
          <Money text={money(lineTotalPence(line))} />
        </li>
      ))}
    </ol>
  );
}

function Money({ text }: { text: string }) {
  return (
    <span
      className="display-basket__amount"
      style={{ '--amount-chars': text.length } as CSSProperties}
      data-testid="display-basket-amount"
    >
      {text}
    </span>
  );
}

/** The display's word when the lines do not add up to the payment the customer is asked for. */
export function BasketMismatch({
  lines,
  amountPence,
  currency,
}: {
  lines: readonly BasketLine[];
  amountPence: number;
  currency: string;
}) {
  const { say, money } = useWords();
  const total = basketTotalPence(lines);
  if (lines.length === 0 || total === amountPence) return null;
  return (
    <p className="display-basket__mismatch" role="alert" data-testid="display-basket-mismatch">
      {say('display.mismatch', {
        total: money(total, currency),
        amount: money(amountPence, currency),
      })}
    </p>
  );
}
