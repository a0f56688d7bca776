/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The hosted payment page's outcomes: processing (polling), paid, failed, waiting for an open
 * attempt, closed (expired, cancelled, authorised), not found, and a step that could no longer
 * apply. Plain data in, a page out, escaped by hono/jsx.
 */
import { language, t, type LanguageCode, type MessageKey } from '../../shared/i18n';
import { DEFAULT_SHOP_TIME_ZONE } from '../../shared/shop-day';
import type { TransactionRow } from '../payments';
import {
  ErrorBox,
  LinkButton,
  MerchantHeader,
  StatusCard,
  usePageWords,
  type HostedPage,
  type Said,
} from '../ui';
import { Header, Page, base, useMoney, type Summary } from './views';

/** When it was paid, in the shop's zone, as the page's language writes a date. */
const dateTime = (lang: LanguageCode, ms: number) =>
  new Intl.DateTimeFormat(language(lang).numberLocale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: DEFAULT_SHOP_TIME_ZONE,
  }).format(new Date(ms));

/** A page's title in its language. */
const titled =
  (key: MessageKey) =>
  (lang: LanguageCode): string =>
    t(lang, key);

/**
 * Polls the state URL named in the page (data-state-url) every second and reloads when the
 * payment is no longer processing. A constant: no data is ever written into a script.
 */
const POLL_SCRIPT = `(function(){var e=document.querySelector('[data-state-url]');if(!e)return;var u=e.getAttribute('data-state-url');function poll(){fetch(u,{cache:'no-store'}).then(function(r){return r.json()}).then(function(s){if(s.status!=='PENDING'){location.reload()}else{setTimeout(poll,1000)}}).catch(function(){setTimeout(poll,1000)})}setTimeout(poll,1000)})();`;

/** Polls the state every second with JavaScript; without it, the page refreshes itself. */
export function processingPage(summary: Summary): HostedPage {
  return (
    <Page
      summary={summary}
      title={titled('pay.processingTitle')}
      head={
        <noscript>
          <meta http-equiv="refresh" content="1" />
        </noscript>
      }
      script={POLL_SCRIPT}
    >
      <Processing summary={summary} />
    </Page>
  );
}

function Processing({ summary }: { summary: Summary }) {
  const { say } = usePageWords();
  return (
    <>
      <Header summary={summary} />
      <section class="card" aria-live="polite" data-state-url={`${base(summary)}/state`}>
        <div class="spinner" aria-hidden="true"></div>
        <h1 data-testid="processing">{say('pay.processing')}</h1>
        <p>{say('pay.processingLine')}</p>
      </section>
    </>
  );
}

/** How an attempt paid: the card's brand and last digits, or the bank's transfer. */
function methodText(lang: LanguageCode, tx: TransactionRow): string {
  if (tx.method === 'CARD')
    return `${tx.card_brand ?? t(lang, 'pay.card')} •••• ${tx.card_last4 ?? ''}`.trim();
  return tx.bank_name
    ? t(lang, 'pay.bankTransferNamed', { bank: tx.bank_name })
    : t(lang, 'pay.bankTransfer');
}

export interface Redirect {
  url: string;
  auto: boolean;
}

/** Amount, tip and total paid, and how: one line, or each payment of a split bill. */
function PaidSums({ summary, payments }: { summary: Summary; payments: TransactionRow[] }) {
  const { lang, say } = usePageWords();
  const money = useMoney();
  const last = payments[payments.length - 1];
  return (
    <>
      <dl class="sum">
        <dt>{say('pay.amount')}</dt>
        <dd>{money(summary.amountPence, summary)}</dd>
        {summary.tipPaidPence > 0 && (
          <>
            <dt>{say('pay.tip')}</dt>
            <dd data-testid="receipt-tip">{money(summary.tipPaidPence, summary)}</dd>
          </>
        )}
        <dt class="total">{say('pay.totalPaid')}</dt>
        <dd class="total" data-testid="receipt-total">
          {money(summary.paidPence + summary.tipPaidPence, summary)}
        </dd>
      </dl>
      {payments.length > 1 ? (
        <>
          <h2>{say('pay.payments')}</h2>
          <dl class="sum">
            {payments.map((tx) => (
              <>
                <dt>{methodText(lang, tx)}</dt>
                <dd>{money(tx.amount_pence + tx.tip_pence, summary)}</dd>
              </>
            ))}
          </dl>
        </>
      ) : (
        last && (
          <p>
            {say('pay.paidBy')} <span data-testid="receipt-method">{methodText(lang, last)}</span>
          </p>
        )
      )}
    </>
  );
}

/**
 * What the payment was for and how to quote it, each label above its value: beside a whole
 * UUID a label column would be squeezed to a letter a line on a phone; here the reference
 * wraps within its own line.
 */
function PaidDetails({ summary, paidAt }: { summary: Summary; paidAt: number | null }) {
  const { lang, say } = usePageWords();
  return (
    <dl class="details">
      {summary.notes && (
        <>
          <dt>{say('pay.for')}</dt>
          <dd>{summary.notes}</dd>
        </>
      )}
      <dt>{say('pay.order')}</dt>
      <dd>{summary.orderId}</dd>
      <dt>{say('pay.date')}</dt>
      <dd>{paidAt === null ? '' : dateTime(lang, paidAt)}</dd>
      <dt>{say('pay.reference')}</dt>
      <dd class="ref" data-testid="receipt-reference">
        {summary.id}
      </dd>
    </dl>
  );
}

/**
 * "Payment successful": the shop (its logo as on the pay screens), what was paid and how, and
 * the receipt page to keep (`receiptUrl`, the address the customer display's QR code opens).
 */
export function successPage(
  summary: Summary,
  payments: TransactionRow[],
  redirect?: Redirect,
  receiptUrl?: string,
): HostedPage {
  return (
    <Page
      summary={summary}
      title={titled('pay.successTitle')}
      head={redirect?.auto && <meta http-equiv="refresh" content={`2;url=${redirect.url}`} />}
    >
      <Success summary={summary} payments={payments} redirect={redirect} receiptUrl={receiptUrl} />
    </Page>
  );
}

function Success(props: {
  summary: Summary;
  payments: TransactionRow[];
  redirect?: Redirect | undefined;
  receiptUrl?: string | undefined;
}) {
  const { summary, payments, redirect } = props;
  const { lang, say } = usePageWords();
  const last = payments[payments.length - 1];
  // The receipt opens in the language the customer paid in.
  const receiptUrl =
    props.receiptUrl && lang !== 'en' ? `${props.receiptUrl}?lang=${lang}` : props.receiptUrl;
  const merchant = summary.merchantName;
  return (
    <>
      <MerchantHeader merchantName={merchant} logo={summary.merchantLogo} />
      <StatusCard title={say('pay.successTitle')} icon="ok" testId="receipt">
        <PaidSums summary={summary} payments={payments} />
        <PaidDetails summary={summary} paidAt={last ? last.updated_at : null} />
        {redirect && (
          <>
            {redirect.auto && <p role="status">{say('pay.takingBack', { merchant })}</p>}
            <LinkButton href={redirect.url} testId="return-link">
              {say('pay.returnTo', { merchant })}
            </LinkButton>
          </>
        )}
        {receiptUrl && (
          <LinkButton href={receiptUrl} secondary={Boolean(redirect)} testId="receipt-link">
            {say('pay.keepReceipt')}
          </LinkButton>
        )}
        {!redirect && <p class="muted">{say('pay.canClose')}</p>}
      </StatusCard>
    </>
  );
}

export function failurePage(
  summary: Summary,
  errorDescription: string | null,
  canRetry: boolean,
): HostedPage {
  return (
    <Page summary={summary} title={titled('pay.failedTitle')}>
      <Failure summary={summary} reason={errorDescription} canRetry={canRetry} />
    </Page>
  );
}

function Failure(props: { summary: Summary; reason: string | null; canRetry: boolean }) {
  const { summary } = props;
  const { say, words } = usePageWords();
  return (
    <>
      <Header summary={summary} />
      <StatusCard title={say('pay.failedTitle')} icon="bad" testId="failure">
        <p data-testid="failure-reason">
          {/* The network's or bank's reason, as the catalogue says it; another, in general. */}
          {words(props.reason ?? 'The payment did not go through.', 'pay.failedDefault')}
        </p>
        {props.canRetry ? (
          <>
            <p>{say('pay.failedRetryLine')}</p>
            <LinkButton href={`${base(summary)}?choose=1`}>{say('pay.tryAgain')}</LinkButton>
          </>
        ) : (
          <p data-testid="final-failure">
            {say('pay.failedFinal', { merchant: summary.merchantName })}
          </p>
        )}
      </StatusCard>
    </>
  );
}

/** An attempt is open at the bank or at 3DS: carry on with it, or start again. */
export function awaitingPage(summary: Summary, tx: TransactionRow): HostedPage {
  return (
    <Page summary={summary} title={titled('pay.awaitingTitle')}>
      <Awaiting summary={summary} tx={tx} />
    </Page>
  );
}

function Awaiting({ summary, tx }: { summary: Summary; tx: TransactionRow }) {
  const { say } = usePageWords();
  const card = tx.method === 'CARD';
  return (
    <>
      <Header summary={summary} />
      <StatusCard title={say('pay.awaitingHeading')}>
        <p>
          {card
            ? say('pay.awaitingCard')
            : tx.bank_name
              ? say('pay.awaitingBank', { bank: tx.bank_name })
              : say('pay.awaitingYourBank')}
        </p>
        <LinkButton
          href={
            card ? `${base(summary)}/card/${tx.id}/challenge` : `${base(summary)}/bank/${tx.id}`
          }
        >
          {say(card ? 'pay.continueToConfirm' : 'pay.continueToBank')}
        </LinkButton>
        <LinkButton href={`${base(summary)}?choose=1`} secondary>
          {say('pay.chooseAnother')}
        </LinkButton>
      </StatusCard>
    </>
  );
}

const CLOSED = {
  expired: { title: 'pay.expiredTitle', body: 'pay.expiredLine' },
  cancelled: { title: 'pay.cancelledTitle', body: 'pay.cancelledLine' },
  authorized: { title: 'pay.authorisedTitle', body: 'pay.authorisedLine' },
} as const satisfies Record<string, { title: MessageKey; body: MessageKey }>;

export function closedPage(
  summary: Summary,
  kind: 'expired' | 'cancelled' | 'authorized',
): HostedPage {
  return (
    <Page summary={summary} title={titled(CLOSED[kind].title)}>
      <Closed summary={summary} kind={kind} />
    </Page>
  );
}

function Closed({ summary, kind }: { summary: Summary; kind: keyof typeof CLOSED }) {
  const { say } = usePageWords();
  return (
    <>
      <Header summary={summary} />
      <StatusCard title={say(CLOSED[kind].title)} testId={`closed-${kind}`}>
        <p>{say(CLOSED[kind].body, { merchant: summary.merchantName })}</p>
      </StatusCard>
    </>
  );
}

export function notFoundPage(): HostedPage {
  return (
    <Page summary={null} title={titled('pay.notFoundTitle')}>
      <NotFound />
    </Page>
  );
}

function NotFound() {
  const { say } = usePageWords();
  return (
    <StatusCard title={say('pay.notFoundTitle')} testId="not-found">
      <p>{say('pay.notFoundLine')}</p>
    </StatusCard>
  );
}

/** Shown when the customer's action could not apply (the request changed meanwhile). */
export function noticePage(summary: Summary, message: Said): HostedPage {
  return (
    <Page summary={summary} title={titled('pay.noticeTitle')}>
      <Notice summary={summary} message={message} />
    </Page>
  );
}

function Notice({ summary, message }: { summary: Summary; message: Said }) {
  const { say } = usePageWords();
  return (
    <>
      <Header summary={summary} />
      <section class="card" aria-labelledby="notice-title">
        <h1 id="notice-title">{say('pay.couldNotBeDone')}</h1>
        <ErrorBox message={message} otherwise="pay.errChanged" />
        <LinkButton href={base(summary)}>{say('pay.continue')}</LinkButton>
      </section>
    </>
  );
}
