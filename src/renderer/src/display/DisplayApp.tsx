import { useState, type CSSProperties, type ReactNode } from 'react';
import { formatCountdown, remainingMs, URGENT_MS } from '../lib/countdown';
import { codeImage, displayView, prefersTemplate, type DisplayView } from '../lib/display-state';
import { useNow } from '../lib/use-now';
import { useQrImage } from '../lib/qr-image';
import { useKiosk } from '../store/context';
import type { BasketLine, DraftBasket } from '../../../shared/bridge';
import type { MessageKey } from '../../../shared/i18n';
import { basketTotalPence } from '../../../shared/basket';
import { BasketMismatch, DisplayBasket } from './DisplayBasket';
import { ReceiptOffer } from './ReceiptOffer';
import { CashChange } from './CashChange';
import { LanguagePicker, useWords } from './language';
import { SpeechControls, useDisplaySpeech } from './SpeechControls';
import { AccessControls, useDisplayAccess } from './AccessControls';
import { MoreTimeOffer } from './MoreTime';
import { TipChoice } from './TipStep';

const useTemplate = prefersTemplate(location.search);

export function DisplayApp() {
  const display = useKiosk((view) => view.display);
  const link = useKiosk((view) => view.link);
  const view = displayView(display?.active ?? null);
  const merchant = display?.shopName ?? null;
  const logo = display?.shopLogoUrl ?? null;
  const lines = display?.active?.lines ?? [];
  /** Before the QR code of a counter payment, the customer's tip (with tips on). */
  const tipStep = view.kind === 'idle' ? (display?.tipStep ?? null) : null;
  const building =
    view.kind === 'idle' && !tipStep && display?.basket?.lines.length ? display.basket : null;
  const { lang } = useWords();
  const spokenLines = building ? building.lines : lines;
  const speech = useDisplaySpeech({
    lang,
    view,
    shop: merchant,
    lines: spokenLines,
    currency: building ? building.currency : view.currency,
    tipStep,
  });
  const drawnQr = useQrImage(view.showCode ? view.paymentUrl : '', view.qrCodeUrl);
  const image = !view.showCode ? '' : useTemplate ? codeImage(view, true) : drawnQr;
  /** Which payment's image has painted: `id|src`. */
  const [loaded, setLoaded] = useState<string | null>(null);
  const imageKey = `${view.paymentRequestId}|${image}`;
  const qrReady = image !== '' && loaded === imageKey;
  /** The QR code (or template image) of the payment on screen; small beside a failure. */
  const { access, toggle } = useDisplayAccess(
    {
      highContrast: display?.displayHighContrast ?? false,
      largeText: display?.displayLargeText ?? false,
    },
    view.kind === 'idle' && !tipStep,
  );
  const code = (small: boolean) =>
    image && (
      <CodeImage
        key={imageKey}
        src={image}
        template={useTemplate && image === view.templateUrl}
        small={small}
        onLoad={() => setLoaded(imageKey)}
      />
    );

  return (
    <main
      className={`display display--${view.kind}${access.highContrast ? ' display--contrast' : ''}${access.largeText ? ' display--large' : ''}`}
      data-payment-state={view.kind}
      data-payment-request-id={view.paymentRequestId}
      data-qr-ready={qrReady ? 'true' : 'false'}
      data-basket-lines={building ? building.lines.length : lines.length}
      data-tip-step={tipStep ? 'true' : undefined}
    >
      <AccessControls access={access} toggle={toggle} lang={lang} />
      <div
        className="display__stage"
        key={`${view.kind}-${view.paymentRequestId}-${tipStep?.id ?? ''}`}
      >
        {tipStep && <TipChoice step={tipStep} />}
        {view.kind === 'idle' &&
          !tipStep &&
          (building ? (
            <Building basket={building} />
          ) : (
            <Idle merchant={merchant} logo={logo} text={display?.idleScreenText ?? null} />
          ))}
        {view.kind === 'awaiting' && (
          <Awaiting
            view={view}
            code={code(false)}
            lines={lines}
            tipChosenPence={display?.active?.tipChosenPence ?? 0}
          />
        )}
        {view.kind === 'completed' && (
          <Completed view={view} receiptUrl={display?.active?.receiptUrl} lines={lines} />
        )}
        {view.kind === 'failed' && <Failed view={view} code={code(true)} />}
        {view.kind === 'expired' && (
          <Outcome
            tone="muted"
            icon="clock"
            title="display.expiredTitle"
            line="display.expiredLine"
            view={view}
          />
        )}
        {view.kind === 'cancelled' && (
          <Outcome
            tone="muted"
            icon="cross"
            title="display.cancelledTitle"
            line="display.cancelledLine"
            view={view}
          />
        )}
      </div>
      <div className="display-tools">
        <SpeechControls {...speech} basket={spokenLines.length > 0} />
        <LanguagePicker />
      </div>
      {link !== 'open' && <Reconnecting />}
    </main>
  );
}

function Reconnecting() {
  const { say } = useWords();
  return (
    <div className="display__link" role="status" data-testid="display-reconnecting">
      <span className="display__link-dot" aria-hidden="true" />
      <span className="sr-only">{say('display.reconnecting')}</span>
    </div>
  );
}

/** The welcome screen; `text` is the merchant's own words for it, in place of the greeting. */
function Idle(props: { merchant: string | null; logo: string | null; text: string | null }) {
  const { merchant, logo, text } = props;
  const { say } = useWords();
  return (
    <div className="idle">
      {merchant && logo && <ShopLogo key={logo} src={logo} />}
      {text ? (
        <p className="idle__welcome" data-testid="idle-text">
          {text}
        </p>
      ) : (
        <p className="idle__welcome">{merchant ? say('display.welcomeTo') : ''}</p>
      )}
      <h1 className="idle__name">{merchant || say('display.welcome')}</h1>
      <p className="idle__line">{say('display.idleLine')}</p>
    </div>
  );
}

/**
 * The shop's logo, small above its name: loaded as an image from the service (which checked it
 * and serves it as an image only), never put into the page as markup, so an SVG logo cannot
 * touch the display. Decorative beside the name it illustrates; hidden if it cannot be loaded.
 */
function ShopLogo({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      className="idle__logo"
      src={src}
      alt=""
      data-testid="display-logo"
      onError={() => setFailed(true)}
    />
  );
}

/** The basket as staff build it (or the till system sends it), before its payment starts. */
function Building({ basket }: { basket: DraftBasket }) {
  const { say } = useWords();
  return (
    <div className="building" data-testid="display-building">
      <p className="eyebrow">{say('display.yourItems')}</p>
      <DisplayBasket lines={basket.lines} currency={basket.currency} alone />
      <div className="building__total">
        <p className="eyebrow">{say('display.total')}</p>
        <FitAmount
          pence={basketTotalPence(basket.lines)}
          currency={basket.currency}
          className="building__amount"
          label="display.totalLabel"
        />
      </div>
    </div>
  );
}

/**
 * An amount on one line whatever its length: the font shrinks with the number of characters to
 * fit the column it is in (display.css, `.fit-amount`), so £99,999,999.99 never breaks mid-number.
 */
function FitAmount({
  pence,
  currency,
  className,
  label,
}: {
  pence: number;
  currency: string;
  className: string;
  label?: 'display.totalLabel' | 'display.amountLabel';
}) {
  const { say, money } = useWords();
  const text = money(pence, currency);
  return (
    <p
      className={`fit-amount ${className}`}
      style={{ '--amount-chars': text.length } as CSSProperties}
      data-testid="display-amount"
      aria-label={label ? say(label, { amount: text }) : undefined}
    >
      {text}
    </p>
  );
}

function Amount({ view }: { view: DisplayView }) {
  return (
    <FitAmount
      pence={view.amountPence}
      currency={view.currency}
      className="amount-huge"
      label="display.amountLabel"
    />
  );
}

function DisplayCountdown({ expiresAt }: { expiresAt: string }) {
  const { say, digits } = useWords();
  const now = useNow();
  const left = remainingMs(expiresAt, now);
  if (left === null) return null;
  return (
    <p className={`display-countdown${left <= URGENT_MS ? ' display-countdown--urgent' : ''}`}>
      <span>{say('display.timeLeft')}</span>{' '}
      <time dateTime={expiresAt} data-testid="display-countdown">
        {digits(formatCountdown(left))}
      </time>
    </p>
  );
}

const STAGE_TEXT = {
  scan: { title: 'display.scanTitle', line: 'display.scanLine' },
  approve: { title: 'display.approveTitle', line: 'display.approveLine' },
  confirming: { title: 'display.confirmingTitle', line: 'display.confirmingLine' },
} as const;

function Awaiting({
  view,
  code,
  lines,
  tipChosenPence,
}: {
  view: DisplayView;
  code: ReactNode;
  lines: readonly BasketLine[];
  /** The tip the customer chose on the display: paid with the amount. */
  tipChosenPence: number;
}) {
  const { say, money } = useWords();
  const text = STAGE_TEXT[view.stage ?? 'scan'];
  const basket = lines.length > 0;
  return (
    <div
      className={`awaiting${code ? '' : ' awaiting--no-code'}${basket ? ' awaiting--basket' : ''}`}
    >
      <div className="awaiting__info">
        <p className="eyebrow">{say('display.amountToPay')}</p>
        <Amount view={view} />
        {tipChosenPence > 0 && (
          <p className="awaiting__tip" data-testid="display-tip-total">
            {say('display.tip', { amount: money(tipChosenPence, view.currency) })} ·{' '}
            {say('display.tipWithTotal', {
              amount: money(view.amountPence + tipChosenPence, view.currency),
            })}
          </p>
        )}
        {basket && (
          <>
            <DisplayBasket lines={lines} currency={view.currency} />
            <BasketMismatch lines={lines} amountPence={view.amountPence} currency={view.currency} />
          </>
        )}
        {view.notes && <p className="notes">{view.notes}</p>}
        <h1 className="awaiting__title">
          {view.stage === 'confirming' && (
            <span className="spinner spinner--big" aria-hidden="true" />
          )}
          {say(text.title)}
        </h1>
        {!basket && <p className="awaiting__line">{say(text.line)}</p>}
        {view.stage !== 'confirming' && <DisplayCountdown expiresAt={view.expiresAt} />}
        {view.stage !== 'confirming' && <MoreTimeOffer view={view} say={say} />}
      </div>
      {code && <div className="awaiting__code">{code}</div>}
    </div>
  );
}

function CodeImage({
  src,
  template,
  small,
  onLoad,
}: {
  src: string;
  template: boolean;
  small?: boolean;
  onLoad: () => void;
}) {
  const { say } = useWords();
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <div className="code code--failed" role="img" aria-label={say('display.codeFailedLabel')}>
        {say('display.codeFailed')}
      </div>
    );
  return (
    <div className={`code${template ? ' code--template' : ''}${small ? ' code--small' : ''}`}>
      <img
        src={src}
        alt={say(template ? 'display.templateAlt' : 'display.qrAlt')}
        onLoad={onLoad}
        onError={() => setFailed(true)}
        decoding="sync"
      />
    </div>
  );
}

function Completed({
  view,
  receiptUrl,
  lines,
}: {
  view: DisplayView;
  receiptUrl?: string;
  lines: readonly BasketLine[];
}) {
  const { say, money } = useWords();
  return (
    <div className={`outcome outcome--success${lines.length ? ' outcome--basket' : ''}`}>
      <Icon name="tick" />
      <h1 className="outcome__title">{say('display.paidTitle')}</h1>
      <Amount view={view} />
      <CashChange />
      {lines.length > 0 && <DisplayBasket lines={lines} currency={view.currency} />}
      {view.tipPence > 0 && (
        <p className="outcome__tip">
          {say('display.tip', { amount: money(view.tipPence, view.currency) })}
        </p>
      )}
      <ReceiptOffer receiptUrl={receiptUrl} />
    </div>
  );
}

function Failed({ view, code }: { view: DisplayView; code: ReactNode }) {
  const { say } = useWords();
  return (
    <div className={`outcome outcome--danger${code ? ' outcome--with-code' : ''}`}>
      <div className="outcome__text">
        <Icon name="cross" />
        <h1 className="outcome__title">{say('display.failedTitle')}</h1>
        <p className="outcome__line">{say('display.failedLine')}</p>
        <FitAmount pence={view.amountPence} currency={view.currency} className="outcome__amount" />
        {code && <DisplayCountdown expiresAt={view.expiresAt} />}
      </div>
      {code && (
        <div className="outcome__code">
          {code}
          <p className="outcome__retry">{say('display.retry')}</p>
        </div>
      )}
    </div>
  );
}

function Outcome({
  tone,
  icon,
  title,
  line,
  view,
}: {
  tone: 'muted' | 'danger';
  icon: 'clock' | 'cross';
  title: MessageKey;
  line: MessageKey;
  view: DisplayView;
}) {
  const { say } = useWords();
  return (
    <div className={`outcome outcome--${tone}`}>
      <Icon name={icon} />
      <h1 className="outcome__title">{say(title)}</h1>
      <p className="outcome__line">{say(line)}</p>
      <FitAmount pence={view.amountPence} currency={view.currency} className="outcome__amount" />
    </div>
  );
}

function Icon({ name }: { name: 'tick' | 'cross' | 'clock' }) {
  return (
    <svg className={`icon icon--${name}`} viewBox="0 0 120 120" aria-hidden="true">
      <circle cx="60" cy="60" r="56" className="icon__ring" />
      {name === 'tick' && <path d="M34 62 L52 80 L88 42" className="icon__mark" />}
      {name === 'cross' && <path d="M40 40 L80 80 M80 40 L40 80" className="icon__mark" />}
      {name === 'clock' && <path d="M60 30 L60 62 L80 74" className="icon__mark" />}
    </svg>
  );
}
