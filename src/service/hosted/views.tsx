/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * Every screen of the hosted payment page, as functions from plain data to a page element. They
 * read no database and change nothing; hosted-page.ts decides which one a request gets and sends
 * it with `sendPage`. Merchant and customer text reaches the page only through hono/jsx, which
 * escapes it; the shared parts live in ./hosted.
 */
import type { Child } from 'hono/jsx';
import { formatPence } from '../../shared/money';
import { DEFAULT_SHOP_TIME_ZONE } from '../../shared/shop-day';
import type { Method, TransactionRow } from '../payments/model';
import { TEST_CARDS } from './hosted-cards';
import {
  CardForm,
  ErrorBox,
  HiddenFields,
  LinkButton,
  MerchantHeader,
  PageShell,
  StatusCard,
  ThreeDSChallenge,
  type HostedPage,
  type ShellProps,
} from './hosted';
import {
  MAX_PEOPLE,
  TIP_PERCENTAGES,
  percentOf,
  planFields,
  shareOf,
  type Plan,
} from './hosted-plan';

export const SANDBOX_BANKS = [
  'Sandbox Bank',
  'Demo Building Society',
  'Test Credit Union',
] as const;

/** What every screen shows about the request. */
export interface Summary {
  id: string;
  merchantName: string;
  /** The merchant's logo, a path on this service; null without one. */
  merchantLogo: string | null;
  amountPence: number;
  currency: string;
  notes: string | null;
  orderId: string;
  /** Paid towards the amount so far (tips excluded). */
  paidPence: number;
  tipPaidPence: number;
  outstandingPence: number;
  sandbox: boolean;
  splitOn: boolean;
  tipsOn: boolean;
  methods: Method[];
}

const money = (pence: number, summary: Summary) => formatPence(pence, summary.currency);
const base = (summary: Summary) => `/pay/${encodeURIComponent(summary.id)}`;

const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: DEFAULT_SHOP_TIME_ZONE,
});

/** The shell for a page about this request (null: no request, e.g. not found). */
export function Page(props: Omit<ShellProps, 'sandbox'> & { summary: Summary | null }) {
  const { summary, ...shell } = props;
  return <PageShell sandbox={summary?.sandbox ?? false} {...shell} />;
}

/** The merchant, the amount, the notes and the order; for a part-paid split bill, progress. */
export function Header({ summary }: { summary: Summary }) {
  const partPaid = summary.paidPence > 0 && summary.outstandingPence > 0;
  return (
    <MerchantHeader
      merchantName={summary.merchantName}
      logo={summary.merchantLogo}
      amount={money(summary.amountPence, summary)}
      notes={summary.notes}
      reference={`Order ${summary.orderId}`}
    >
      {partPaid && (
        <dl class="sum" data-testid="split-progress">
          <dt>Paid so far</dt>
          <dd>{money(summary.paidPence, summary)}</dd>
          <dt>Remaining</dt>
          <dd>{money(summary.outstandingPence, summary)}</dd>
        </dl>
      )}
    </MerchantHeader>
  );
}

export function Breakdown({ summary, plan }: { summary: Summary; plan: Plan }) {
  const tipLabel =
    plan.tip === 'custom' ? 'Tip' : plan.tip === 'none' ? null : `Tip (${plan.tip}%)`;
  return (
    <dl class="sum" data-testid="breakdown">
      <dt>{plan.sharePence !== undefined ? `Your share (1 of ${plan.people})` : 'Amount'}</dt>
      <dd>{money(plan.payNowPence, summary)}</dd>
      {(tipLabel || plan.tipPence > 0) && (
        <>
          <dt>{tipLabel ?? 'Tip'}</dt>
          <dd>{money(plan.tipPence, summary)}</dd>
        </>
      )}
      <dt class="total">Total</dt>
      <dd class="total" data-testid="total">
        {money(plan.totalPence, summary)}
      </dd>
    </dl>
  );
}

/** A radio choice in a bordered row (the whole row is the label, so it is a large target). */
function Choice(props: {
  name: string;
  value: string;
  checked: boolean;
  required?: boolean;
  children: Child;
}) {
  return (
    <label class="choice">
      <input
        type="radio"
        name={props.name}
        value={props.value}
        checked={props.checked}
        required={props.required ?? false}
      />
      {props.children}
    </label>
  );
}

// ---- Choosing how to pay ------------------------------------------------------------------

export interface OptionsForm {
  error?: string;
  /** The fields as submitted, to keep the customer's choices after an error. */
  values?: Record<string, string>;
  /** Confirms the share this customer just paid on a split bill. */
  sharePaidPence?: number;
}

function TipChoice({ summary, values }: { summary: Summary; values: Record<string, string> }) {
  const chosen = values.tip ?? 'none';
  // Tip amounts are shown up front only when they cannot change with the split choice.
  const tipBase = summary.splitOn ? null : summary.outstandingPence;
  return (
    <fieldset>
      <legend>Add a tip?</legend>
      <Choice name="tip" value="none" checked={chosen === 'none'}>
        No tip
      </Choice>
      {TIP_PERCENTAGES.map((p) => (
        <Choice name="tip" value={String(p)} checked={chosen === String(p)}>
          {p}%
          {tipBase !== null && <span class="muted">({money(percentOf(tipBase, p), summary)})</span>}
        </Choice>
      ))}
      <Choice name="tip" value="custom" checked={chosen === 'custom'}>
        Custom amount
      </Choice>
      <label class="field">
        Custom tip (£)
        <input
          type="text"
          name="customTip"
          inputmode="decimal"
          autocomplete="off"
          placeholder="e.g. 2.50"
          value={values.customTip ?? ''}
        />
      </label>
    </fieldset>
  );
}

function SplitChoice({ summary, values }: { summary: Summary; values: Record<string, string> }) {
  const people = values.people ?? '1';
  const counts = Array.from({ length: MAX_PEOPLE - 1 }, (_, i) => i + 2);
  return (
    <fieldset>
      <legend>Split the bill</legend>
      <label class="field">
        {summary.paidPence > 0 ? 'People still to pay' : 'Number of people paying'}
        <select name="people">
          <option value="1" selected={people === '1'}>
            Don't split: pay {money(summary.outstandingPence, summary)}
          </option>
          {counts.map((n) => (
            <option value={String(n)} selected={people === String(n)}>
              {n} people: {money(shareOf(summary.outstandingPence, n), summary)} each
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}

export function optionsPage(summary: Summary, form: OptionsForm = {}): HostedPage {
  const values = form.values ?? {};
  return (
    <Page summary={summary} title={`Pay ${summary.merchantName}`}>
      <Header summary={summary} />
      {form.sharePaidPence !== undefined && (
        <div class="ok" role="status" data-testid="share-paid">
          Thank you: your payment of {money(form.sharePaidPence, summary)} was received.{' '}
          {money(summary.outstandingPence, summary)} is still to pay.
        </div>
      )}
      <section class="card" aria-labelledby="choose-title">
        <h1 id="choose-title">How would you like to pay?</h1>
        <ErrorBox message={form.error} />
        <form
          method="get"
          action={`${base(summary)}/${summary.methods[0] === 'CARD' ? 'card' : 'bank'}`}
        >
          {summary.tipsOn && <TipChoice summary={summary} values={values} />}
          {summary.splitOn && <SplitChoice summary={summary} values={values} />}
          {summary.methods.map((method) =>
            method === 'PAY_BY_BANK' ? (
              <button type="submit" formAction={`${base(summary)}/bank`}>
                Pay by bank
              </button>
            ) : (
              <button type="submit" formAction={`${base(summary)}/card`}>
                Pay by card
              </button>
            ),
          )}
        </form>
      </section>
    </Page>
  );
}

// ---- Pay by bank --------------------------------------------------------------------------

export function bankSelectPage(summary: Summary, plan: Plan, error?: string): HostedPage {
  return (
    <Page summary={summary} title="Pay by bank">
      <Header summary={summary} />
      <section class="card" aria-labelledby="method-title">
        <h1 id="method-title">Pay by bank</h1>
        <Breakdown summary={summary} plan={plan} />
        <ErrorBox message={error} />
        <form method="post" action={`${base(summary)}/bank`}>
          <HiddenFields fields={planFields(plan)} />
          <fieldset>
            <legend>Choose your bank</legend>
            {SANDBOX_BANKS.map((bank, i) => (
              <Choice name="bank" value={bank} checked={i === 0} required>
                {bank}
              </Choice>
            ))}
          </fieldset>
          <p class="muted">
            You will approve the payment with your bank. No card details are needed.
          </p>
          <button type="submit">Continue to your bank</button>
        </form>
        <LinkButton href={`${base(summary)}?choose=1`} secondary>
          Back
        </LinkButton>
      </section>
    </Page>
  );
}

/** The bank's own page: styled as somebody else's site, as a real bank hand-off would be. */
export function bankAuthorisePage(summary: Summary, tx: TransactionRow): HostedPage {
  const bank = tx.bank_name ?? 'Your bank';
  return (
    <Page
      summary={summary}
      title={`${tx.bank_name ?? 'Bank'}: approve payment`}
      theme="bank"
      brand={bank}
    >
      <section class="card" aria-labelledby="bank-title">
        <p class="muted">{bank} · Payment approval</p>
        <h1 id="bank-title">Approve this payment?</h1>
        <dl class="sum">
          <dt>Pay to</dt>
          <dd>{summary.merchantName}</dd>
          <dt>Reference</dt>
          <dd>{summary.orderId}</dd>
          <dt class="total">Amount</dt>
          <dd class="total" data-testid="bank-amount">
            {money(tx.amount_pence + tx.tip_pence, summary)}
          </dd>
        </dl>
        <form method="post" action={`${base(summary)}/bank/${tx.id}`}>
          <button type="submit" name="decision" value="approve">
            Approve
          </button>
          <button type="submit" name="decision" value="decline" class="danger">
            Decline
          </button>
        </form>
        <p class="muted">This is a sandbox bank: approving moves no real money.</p>
      </section>
    </Page>
  );
}

// ---- Card ---------------------------------------------------------------------------------

export interface CardFormState {
  error?: string;
  name?: string;
  expiry?: string;
}

function TestCards() {
  return (
    <details class="testcards">
      <summary>Test cards</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {TEST_CARDS.map((card) => (
            <tr>
              <td>
                <code>{card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>
              </td>
              <td>{card.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted">Any future expiry, any 3-digit CVC. Other valid numbers succeed.</p>
    </details>
  );
}

export function cardFormPage(summary: Summary, plan: Plan, form: CardFormState = {}): HostedPage {
  return (
    <Page summary={summary} title="Pay by card">
      <Header summary={summary} />
      <section class="card" aria-labelledby="method-title">
        <h1 id="method-title">Pay by card</h1>
        <Breakdown summary={summary} plan={plan} />
        <CardForm
          action={`${base(summary)}/card`}
          submitLabel={`Pay ${money(plan.totalPence, summary)}`}
          hidden={planFields(plan)}
          values={{ name: form.name, expiry: form.expiry }}
          error={form.error}
        />
        {summary.sandbox && <TestCards />}
        <LinkButton href={`${base(summary)}?choose=1`} secondary>
          Back
        </LinkButton>
      </section>
    </Page>
  );
}

/** The card issuer's 3D Secure challenge. */
export function challengePage(summary: Summary, tx: TransactionRow): HostedPage {
  return (
    <Page
      summary={summary}
      title="3D Secure"
      theme="issuer"
      brand={`${tx.card_brand ?? 'Card'} Secure`}
    >
      <ThreeDSChallenge
        merchantName={summary.merchantName}
        cardLast4={tx.card_last4 ?? ''}
        amount={money(tx.amount_pence + tx.tip_pence, summary)}
        action={`${base(summary)}/card/${tx.id}/challenge`}
      />
    </Page>
  );
}

// ---- Outcomes -----------------------------------------------------------------------------

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

export function successPage(
  summary: Summary,
  payments: TransactionRow[],
  redirect?: Redirect,
): HostedPage {
  const last = payments[payments.length - 1];
  const paidAt = last ? dateTime.format(new Date(last.updated_at)) : '';
  return (
    <Page
      summary={summary}
      title="Payment successful"
      head={redirect?.auto && <meta http-equiv="refresh" content={`2;url=${redirect.url}`} />}
    >
      <StatusCard title="Payment successful" icon="ok" testId="receipt">
        <p class="merchant">{summary.merchantName}</p>
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
        <dl class="sum">
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
          <dd>
            <small>{summary.id}</small>
          </dd>
        </dl>
        {redirect ? (
          <>
            {redirect.auto && <p role="status">Taking you back to {summary.merchantName}…</p>}
            <LinkButton href={redirect.url} testId="return-link">
              Return to {summary.merchantName}
            </LinkButton>
          </>
        ) : (
          <p class="muted">You can close this page.</p>
        )}
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
