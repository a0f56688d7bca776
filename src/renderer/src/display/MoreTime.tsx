import { useState } from 'react';
import type { MessageKey } from '../../../shared/i18n';
import { remainingMs } from '../lib/countdown';
import type { DisplayView } from '../lib/display-state';
import { runCommand } from '../lib/run-command';
import { useNow } from '../lib/use-now';
import { useBridge } from '../store/context';

export type Say = (key: MessageKey, values?: Record<string, string | number>) => string;

/** With this little time left the customer is offered more (long enough to find the button). */
export const OFFER_MS = 60_000;

type Answer =
  { id: string; kind: 'added'; extensionsLeft: number } | { id: string; kind: 'refused' };

/**
 * "More time" under the countdown once the QR code is about to expire: the kiosk asks the
 * service to extend the request, up to the merchant's limit, and the new expiry arrives with
 * the display's state. What happened is said in words on screen and in a live region, so a
 * screen reader (and the display's speech) announces it too.
 */
export function MoreTimeOffer({ view, say }: { view: DisplayView; say: Say }) {
  const bridge = useBridge();
  const now = useNow();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const id = view.paymentRequestId ?? '';
  const mine = answer?.id === id ? answer : null;
  const left = remainingMs(view.expiresAt, now);
  const offer =
    left !== null &&
    left > 0 &&
    left <= OFFER_MS &&
    mine?.kind !== 'refused' &&
    !(mine?.kind === 'added' && mine.extensionsLeft === 0);

  async function ask() {
    if (busy || !id) return;
    setBusy(true);
    const outcome = await runCommand(bridge, { type: 'askMoreTime', paymentRequestId: id }, {});
    setBusy(false);
    setAnswer(
      outcome.ok
        ? { id, kind: 'added', extensionsLeft: outcome.result.extensionsLeft }
        : { id, kind: 'refused' },
    );
  }

  return (
    <div className="more-time">
      {offer && (
        <button
          type="button"
          className="more-time__button"
          data-testid="more-time"
          aria-busy={busy}
          onClick={() => void ask()}
        >
          {say('display.moreTime')}
        </button>
      )}
      <p className="more-time__said" role="status" aria-live="polite" data-testid="more-time-said">
        {mine?.kind === 'added' && say('display.moreTimeAdded')}
        {mine?.kind === 'refused' && say('display.moreTimeRefused')}
      </p>
    </div>
  );
}
