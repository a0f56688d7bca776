/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The hosted payment page's outcomes: processing (polling), paid, failed, waiting for an open
 * attempt, closed (expired, cancelled, authorised), not found, and a step that could no longer
 * apply. Plain data in, a page out, escaped by hono/jsx.
 */
import { DEFAULT_SHOP_TIME_ZONE } from '../../shared/shop-day';
import type { TransactionRow } from '../payments';
import { ErrorBox, LinkButton, MerchantHeader, StatusCard, type HostedPage } from '../ui';
import { Header, Page, base, money, type Summary } from './views';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: DEFAULT_SHOP_TIME_ZONE,
});

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
      title="Processing payment"
      head={
        <noscript>
          <meta http-equiv="refresh" content="1" />
        </noscript>
      }
      script={POLL_SCRIPT}
    >
      <Header summary={summary} />
      <section class="card" aria-live="polite" data-state-url={`${base(summary)}/state`}>
        <div class="spinner" aria-hidden="true"></div>
        <h1 data-testid="processing">Processing…</h1>
        <p>
          We are waiting for your card issuer to confirm the payment. This page updates by itself;
          please don't close it.
        </p>
      </section>
    </Page>
  );
}

function methodText(tx: TransactionRow): string {
  if (tx.method === 'CARD') return `${tx.card_brand ?? 'Card'} •••• ${tx.card_last4 ?? ''}`.trim();
  return `Bank transfer${tx.bank_name ? ` (${tx.bank_name})` : ''}`;
}

export interface Redirect {
  url: string;
  auto: boolean;
}

/** Amount, tip and total paid, and how: one line, or each payment of a split bill. */
function PaidSums({ summary, payments }: { summary: Summary; payments: TransactionRow[] }) {
  const last = payments[payments.length - 1];
  return (
    <>
      <dl class="sum">
        <dt>Amount</dt>
        <dd>{money(summary.amountPence, summary)}</dd>
        {summary.tipPaidPence > 0 && (
          <>
            <dt>Tip</dt>
            <dd data-testid="receipt-tip">{money(summary.tipPaidPence, summary)}</dd>
          </>
        )}
        <dt class="total">Total paid</dt>
        <dd class="total" data-testid="receipt-total">
          {money(summary.paidPence + summary.tipPaidPence, summary)}
        </dd>
      </dl>
      {payments.length > 1 ? (
        <>
          <h2>Payments</h2>
          <dl class="sum">
            {payments.map((tx) => (
              <>
                <dt>{methodText(tx)}</dt>
                <dd>{money(tx.amount_pence + tx.tip_pence, summary)}</dd>
              </>
            ))}
          </dl>
        </>
      ) : (
        last && (
          <p>
            Paid by <span data-testid="receipt-method">{methodText(last)}</span>
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
function PaidDetails({ summary, paidAt }: { summary: Summary; paidAt: string }) {
  return (
    <dl class="details">
      {summary.notes && (
        <>
          <dt>For</dt>
          <dd>{summary.notes}</dd>
        </>
      )}
      <dt>Order</dt>
      <dd>{summary.orderId}</dd>
      <dt>Date</dt>
      <dd>{paidAt}</dd>
      <dt>Reference</dt>
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
  const last = payments[payments.length - 1];
  const paidAt = last ? dateTime.format(new Date(last.updated_at)) : '';
  return (
    <Page
      summary={summary}
      title="Payment successful"
      head={redirect?.auto && <meta http-equiv="refresh" content={`2;url=${redirect.url}`} />}
    >
      <MerchantHeader merchantName={summary.merchantName} logo={summary.merchantLogo} />
      <StatusCard title="Payment successful" icon="ok" testId="receipt">
        <PaidSums summary={summary} payments={payments} />
        <PaidDetails summary={summary} paidAt={paidAt} />
        {redirect && (
          <>
            {redirect.auto && <p role="status">Taking you back to {summary.merchantName}…</p>}
            <LinkButton href={redirect.url} testId="return-link">
              Return to {summary.merchantName}
            </LinkButton>
          </>
        )}
        {receiptUrl && (
          <LinkButton href={receiptUrl} secondary={Boolean(redirect)} testId="receipt-link">
            Keep your receipt
          </LinkButton>
        )}
        {!redirect && <p class="muted">You can close this page.</p>}
      </StatusCard>
    </Page>
  );
}

export function failurePage(
  summary: Summary,
  errorDescription: string | null,
  canRetry: boolean,
): HostedPage {
  return (
    <Page summary={summary} title="Payment failed">
      <Header summary={summary} />
      <StatusCard title="Payment failed" icon="bad" testId="failure">
        <p data-testid="failure-reason">{errorDescription ?? 'The payment did not go through.'}</p>
        {canRetry ? (
          <>
            <p>No money was taken. You can try again, with the same or another way to pay.</p>
            <LinkButton href={`${base(summary)}?choose=1`}>Try again</LinkButton>
          </>
        ) : (
          <p data-testid="final-failure">
            This payment request cannot be tried again. No money was taken. Please ask{' '}
            {summary.merchantName} for a new payment link.
          </p>
        )}
      </StatusCard>
    </Page>
  );
}

/** An attempt is open at the bank or at 3DS: carry on with it, or start again. */
export function awaitingPage(summary: Summary, tx: TransactionRow): HostedPage {
  const card = tx.method === 'CARD';
  return (
    <Page summary={summary} title="Waiting for approval">
      <Header summary={summary} />
      <StatusCard title="Waiting for your approval">
        <p>
          {card
            ? 'Your card issuer is waiting for you to confirm the payment.'
            : `${tx.bank_name ?? 'Your bank'} is waiting for you to approve the payment.`}
        </p>
        <LinkButton
          href={
            card ? `${base(summary)}/card/${tx.id}/challenge` : `${base(summary)}/bank/${tx.id}`
          }
        >
          {card ? 'Continue to confirm' : 'Continue to your bank'}
        </LinkButton>
        <LinkButton href={`${base(summary)}?choose=1`} secondary>
          Choose another way to pay
        </LinkButton>
      </StatusCard>
    </Page>
  );
}

export function closedPage(
  summary: Summary,
  kind: 'expired' | 'cancelled' | 'authorized',
): HostedPage {
  const text = {
    expired: {
      title: 'This payment link has expired',
      body: `No money was taken. Please ask ${summary.merchantName} for a new payment link.`,
    },
    cancelled: {
      title: 'This payment was cancelled',
      body: `${summary.merchantName} cancelled this payment request. No money was taken.`,
    },
    authorized: {
      title: 'Payment authorised',
      body: `Your card was authorised; ${summary.merchantName} will take the payment shortly.`,
    },
  }[kind];
  return (
    <Page summary={summary} title={text.title}>
      <Header summary={summary} />
      <StatusCard title={text.title} testId={`closed-${kind}`}>
        <p>{text.body}</p>
      </StatusCard>
    </Page>
  );
}

export function notFoundPage(): HostedPage {
  return (
    <Page summary={null} title="Payment not found">
      <StatusCard title="Payment not found" testId="not-found">
        <p>This payment link is not valid. Check the link, or ask the shop for a new one.</p>
      </StatusCard>
    </Page>
  );
}

/** Shown when the customer's action could not apply (the request changed meanwhile). */
export function noticePage(summary: Summary, message: string): HostedPage {
  return (
    <Page summary={summary} title="Payment">
      <Header summary={summary} />
      <section class="card" aria-labelledby="notice-title">
        <h1 id="notice-title">This could not be done</h1>
        <ErrorBox message={message} />
        <LinkButton href={base(summary)}>Continue</LinkButton>
      </section>
    </Page>
  );
}
