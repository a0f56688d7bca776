/**
 * Every screen of the hosted payment page, as functions from plain data to HTML. They read no
 * database and change nothing; hosted-page.ts decides which one a request gets. Everything the
 * merchant or the customer typed is interpolated through `html`, which escapes it.
 */
import { formatPence } from '../../shared/money';
import type { Method, TransactionRow } from '../payments/model';
import { TEST_CARDS } from './hosted-cards';
import { html, layout, type RenderedPage, type SafeHtml } from './hosted-html';
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
  timeZone: 'Europe/London',
});

function header(summary: Summary, heading?: string): SafeHtml {
  const partPaid = summary.paidPence > 0 && summary.outstandingPence > 0;
  return html`<section class="card" aria-labelledby="summary-heading">
    <p class="merchant" id="summary-heading">${summary.merchantName}</p>
    ${heading ? html`<h1>${heading}</h1>` : ''}
    <p class="amount" data-testid="amount">${money(summary.amountPence, summary)}</p>
    ${summary.notes ? html`<p class="notes">${summary.notes}</p>` : ''}
    <p class="muted">Order ${summary.orderId}</p>
    ${
      partPaid
        ? html`<dl class="sum" data-testid="split-progress">
            <dt>Paid so far</dt>
            <dd>${money(summary.paidPence, summary)}</dd>
            <dt>Remaining</dt>
            <dd>${money(summary.outstandingPence, summary)}</dd>
          </dl>`
        : ''
    }
  </section>`;
}

function shell(
  summary: Summary | null,
  title: string,
  body: SafeHtml,
  extra: {
    head?: SafeHtml;
    script?: string;
    theme?: 'shop' | 'bank' | 'issuer';
    /** A third party's name bar above the page (the bank, the card issuer). */
    brand?: string;
  } = {},
): RenderedPage {
  const { brand, ...parts } = extra;
  return layout({
    title,
    sandbox: summary?.sandbox ?? false,
    ...parts,
    body: html`${brand ? html`<div class="brandbar" data-testid="brandbar">${brand}</div>` : ''}
      <main>${body}</main>
      <footer>
        ${brand ? `${brand} · sandbox simulation, no real money moves` : 'Secure payment page · Counter'}
      </footer>`,
  });
}

const errorBox = (message?: string) =>
  message ? html`<div class="error" role="alert" data-testid="form-error">${message}</div>` : '';

const hiddenFields = (fields: Record<string, string>) =>
  Object.entries(fields).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
  );

function breakdown(summary: Summary, plan: Plan): SafeHtml {
  const tipLabel =
    plan.tip === 'custom' ? 'Tip' : plan.tip === 'none' ? null : `Tip (${plan.tip}%)`;
  return html`<dl class="sum" data-testid="breakdown">
    ${
      plan.sharePence !== undefined
        ? html`<dt>Your share (1 of ${plan.people})</dt>
            <dd>${money(plan.payNowPence, summary)}</dd>`
        : html`<dt>Amount</dt>
            <dd>${money(plan.payNowPence, summary)}</dd>`
    }
    ${
      tipLabel || plan.tipPence > 0
        ? html`<dt>${tipLabel ?? 'Tip'}</dt>
            <dd>${money(plan.tipPence, summary)}</dd>`
        : ''
    }
    <dt class="total">Total</dt>
    <dd class="total" data-testid="total">${money(plan.totalPence, summary)}</dd>
  </dl>`;
}

// ---- Choosing how to pay ------------------------------------------------------------------

export interface OptionsForm {
  error?: string;
  /** The fields as submitted, to keep the customer's choices after an error. */
  values?: Record<string, string>;
  /** Confirms the share this customer just paid on a split bill. */
  sharePaidPence?: number;
}

export function optionsPage(summary: Summary, form: OptionsForm = {}): RenderedPage {
  const v = form.values ?? {};
  const tipChoice = v.tip ?? 'none';
  const people = v.people ?? '1';
  // Tip amounts are shown up front only when they cannot change with the split choice.
  const tipBase = summary.splitOn ? null : summary.outstandingPence;
  const tips = summary.tipsOn
    ? html`<fieldset>
        <legend>Add a tip?</legend>
        <label class="choice"
          ><input type="radio" name="tip" value="none" ${tipChoice === 'none' ? 'checked' : ''} />
          No tip</label
        >
        ${TIP_PERCENTAGES.map(
          (p) =>
            html`<label class="choice"
              ><input
                type="radio"
                name="tip"
                value="${p}"
                ${tipChoice === String(p) ? 'checked' : ''}
              />
              ${p}%${tipBase === null ? '' : html` <span class="muted">(${money(percentOf(tipBase, p), summary)})</span>`}</label
            >`,
        )}
        <label class="choice"
          ><input
            type="radio"
            name="tip"
            value="custom"
            ${tipChoice === 'custom' ? 'checked' : ''}
          />
          Custom amount</label
        >
        <label class="field"
          >Custom tip (£)
          <input
            type="text"
            name="customTip"
            inputmode="decimal"
            autocomplete="off"
            placeholder="e.g. 2.50"
            value="${v.customTip ?? ''}"
          />
        </label>
      </fieldset>`
    : '';
  const peopleOptions = [1, ...Array.from({ length: MAX_PEOPLE - 1 }, (_, i) => i + 2)];
  const split = summary.splitOn
    ? html`<fieldset>
        <legend>Split the bill</legend>
        <label class="field"
          >${summary.paidPence > 0 ? 'People still to pay' : 'Number of people paying'}
          <select name="people">
            ${peopleOptions.map((n) =>
              n === 1
                ? html`<option value="1" ${people === '1' ? 'selected' : ''}>
                    Don't split: pay ${money(summary.outstandingPence, summary)}
                  </option>`
                : html`<option value="${n}" ${people === String(n) ? 'selected' : ''}>
                    ${n} people: ${money(shareOf(summary.outstandingPence, n), summary)} each
                  </option>`,
            )}
          </select>
        </label>
      </fieldset>`
    : '';
  const buttons = summary.methods.map((method) =>
    method === 'PAY_BY_BANK'
      ? html`<button type="submit" formaction="${base(summary)}/bank">Pay by bank</button>`
      : html`<button type="submit" formaction="${base(summary)}/card">Pay by card</button>`,
  );
  const body = html`${header(summary)}
    ${
      form.sharePaidPence !== undefined
        ? html`<div class="ok" role="status" data-testid="share-paid">
            Thank you: your payment of ${money(form.sharePaidPence, summary)} was received.
            ${money(summary.outstandingPence, summary)} is still to pay.
          </div>`
        : ''
    }
    <section class="card">
      <h2>How would you like to pay?</h2>
      ${errorBox(form.error)}
      <form
        method="get"
        action="${base(summary)}/${summary.methods[0] === 'CARD' ? 'card' : 'bank'}"
      >
        ${tips} ${split} ${buttons}
      </form>
    </section>`;
  return shell(summary, `Pay ${summary.merchantName}`, body);
}

// ---- Pay by bank --------------------------------------------------------------------------

export function bankSelectPage(summary: Summary, plan: Plan, error?: string): RenderedPage {
  const body = html`${header(summary)}
    <section class="card">
      <h2>Pay by bank</h2>
      ${breakdown(summary, plan)} ${errorBox(error)}
      <form method="post" action="${base(summary)}/bank">
        ${hiddenFields(planFields(plan))}
        <fieldset>
          <legend>Choose your bank</legend>
          ${SANDBOX_BANKS.map(
            (bank, i) =>
              html`<label class="choice"
                ><input
                  type="radio"
                  name="bank"
                  value="${bank}"
                  ${i === 0 ? 'checked' : ''}
                  required
                />
                ${bank}</label
              >`,
          )}
        </fieldset>
        <p class="muted">
          You will approve the payment with your bank. No card details are needed.
        </p>
        <button type="submit">Continue to your bank</button>
      </form>
      <a class="button secondary" href="${base(summary)}?choose=1">Back</a>
    </section>`;
  return shell(summary, 'Pay by bank', body);
}

/** The bank's own page: styled as somebody else's site, as a real bank hand-off would be. */
export function bankAuthorisePage(summary: Summary, tx: TransactionRow): RenderedPage {
  const body = html`<div class="card">
    <p class="muted">${tx.bank_name ?? 'Your bank'} · Payment approval</p>
    <h1>Approve this payment?</h1>
    <dl class="sum">
      <dt>Pay to</dt>
      <dd>${summary.merchantName}</dd>
      <dt>Reference</dt>
      <dd>${summary.orderId}</dd>
      <dt class="total">Amount</dt>
      <dd class="total" data-testid="bank-amount">
        ${money(tx.amount_pence + tx.tip_pence, summary)}
      </dd>
    </dl>
    <form method="post" action="${base(summary)}/bank/${tx.id}">
      <button type="submit" name="decision" value="approve">Approve</button>
      <button type="submit" name="decision" value="decline" class="danger">Decline</button>
    </form>
    <p class="muted">This is a sandbox bank: approving moves no real money.</p>
  </div>`;
  return shell(summary, `${tx.bank_name ?? 'Bank'}: approve payment`, body, {
    theme: 'bank',
    brand: tx.bank_name ?? 'Your bank',
  });
}

// ---- Card ---------------------------------------------------------------------------------

export interface CardFormState {
  error?: string;
  name?: string;
  expiry?: string;
}

export function cardFormPage(summary: Summary, plan: Plan, form: CardFormState = {}): RenderedPage {
  const testCards = summary.sandbox
    ? html`<details class="testcards">
        <summary>Test cards</summary>
        <table>
          ${TEST_CARDS.map(
            (c) =>
              html`<tr>
                <td><code>${c.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code></td>
                <td>${c.description}</td>
              </tr>`,
          )}
        </table>
        <p class="muted">Any future expiry, any 3-digit CVC. Other valid numbers succeed.</p>
      </details>`
    : '';
  const body = html`${header(summary)}
    <section class="card">
      <h2>Pay by card</h2>
      ${breakdown(summary, plan)} ${errorBox(form.error)}
      <form method="post" action="${base(summary)}/card" autocomplete="on">
        ${hiddenFields(planFields(plan))}
        <label class="field"
          >Name on card
          <input
            type="text"
            name="name"
            autocomplete="cc-name"
            required
            maxlength="60"
            value="${form.name ?? ''}"
          />
        </label>
        <label class="field"
          >Card number
          <input
            type="text"
            name="number"
            inputmode="numeric"
            autocomplete="cc-number"
            required
            maxlength="23"
            placeholder="1234 1234 1234 1234"
          />
        </label>
        <div class="row">
          <label class="field"
            >Expiry (MM/YY)
            <input
              type="text"
              name="expiry"
              inputmode="numeric"
              autocomplete="cc-exp"
              required
              maxlength="7"
              placeholder="MM/YY"
              value="${form.expiry ?? ''}"
            />
          </label>
          <label class="field"
            >CVC
            <input
              type="text"
              name="cvc"
              inputmode="numeric"
              autocomplete="cc-csc"
              required
              maxlength="4"
              placeholder="123"
            />
          </label>
        </div>
        <button type="submit">Pay ${money(plan.totalPence, summary)}</button>
      </form>
      ${testCards}
      <a class="button secondary" href="${base(summary)}?choose=1">Back</a>
    </section>`;
  return shell(summary, 'Pay by card', body);
}

/** The card issuer's 3D Secure challenge. */
export function challengePage(summary: Summary, tx: TransactionRow): RenderedPage {
  const body = html`<div class="card">
    <h1>Confirm it's you</h1>
    <p>Your card issuer asks you to confirm this payment.</p>
    <dl class="sum">
      <dt>Merchant</dt>
      <dd>${summary.merchantName}</dd>
      <dt>Card</dt>
      <dd>•••• ${tx.card_last4 ?? ''}</dd>
      <dt class="total">Amount</dt>
      <dd class="total">${money(tx.amount_pence + tx.tip_pence, summary)}</dd>
    </dl>
    <form method="post" action="${base(summary)}/card/${tx.id}/challenge">
      <button type="submit" name="decision" value="complete">Complete authentication</button>
      <button type="submit" name="decision" value="fail" class="danger">Fail authentication</button>
    </form>
    <p class="muted">Sandbox 3D Secure: choose the outcome to test.</p>
  </div>`;
  return shell(summary, '3D Secure', body, {
    theme: 'issuer',
    brand: `${tx.card_brand ?? 'Card'} Secure`,
  });
}

// ---- Outcomes -----------------------------------------------------------------------------

/** Polls the state every second with JavaScript; without it, the page refreshes itself. */
export function processingPage(summary: Summary): RenderedPage {
  const stateUrl = JSON.stringify(`${base(summary)}/state`).replace(/</g, '\\u003c');
  const script = `(function(){var u=${stateUrl};function poll(){fetch(u,{cache:'no-store'}).then(function(r){return r.json()}).then(function(s){if(s.status!=='PENDING'){location.reload()}else{setTimeout(poll,1000)}}).catch(function(){setTimeout(poll,1000)})}setTimeout(poll,1000)})();`;
  const body = html`${header(summary)}
    <section class="card" aria-live="polite">
      <div class="spinner" aria-hidden="true"></div>
      <h1 data-testid="processing">Processing…</h1>
      <p>
        We are waiting for your card issuer to confirm the payment. This page updates by itself;
        please don't close it.
      </p>
    </section>`;
  return shell(summary, 'Processing payment', body, {
    head: html`<noscript><meta http-equiv="refresh" content="1" /></noscript>`,
    script,
  });
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
): RenderedPage {
  const last = payments[payments.length - 1];
  const paidAt = last ? dateTime.format(new Date(last.updated_at)) : '';
  const body = html`<section class="card" data-testid="receipt">
    <div class="status-icon" aria-hidden="true">✓</div>
    <h1>Payment successful</h1>
    <p class="merchant">${summary.merchantName}</p>
    <dl class="sum">
      <dt>Amount</dt>
      <dd>${money(summary.amountPence, summary)}</dd>
      ${
        summary.tipPaidPence > 0
          ? html`<dt>Tip</dt>
              <dd data-testid="receipt-tip">${money(summary.tipPaidPence, summary)}</dd>`
          : ''
      }
      <dt class="total">Total paid</dt>
      <dd class="total" data-testid="receipt-total">
        ${money(summary.paidPence + summary.tipPaidPence, summary)}
      </dd>
    </dl>
    ${
      payments.length > 1
        ? html`<h2>Payments</h2>
            <dl class="sum">
              ${payments.map(
                (tx) =>
                  html`<dt>${methodText(tx)}</dt>
                    <dd>${money(tx.amount_pence + tx.tip_pence, summary)}</dd>`,
              )}
            </dl>`
        : last
          ? html`<p>Paid by <span data-testid="receipt-method">${methodText(last)}</span></p>`
          : ''
    }
    <dl class="sum">
      ${
        summary.notes
          ? html`<dt>For</dt>
              <dd>${summary.notes}</dd>`
          : ''
      }
      <dt>Order</dt>
      <dd>${summary.orderId}</dd>
      <dt>Date</dt>
      <dd>${paidAt}</dd>
      <dt>Reference</dt>
      <dd><small>${summary.id}</small></dd>
    </dl>
    ${
      redirect
        ? html`${redirect.auto ? html`<p role="status">Taking you back to ${summary.merchantName}…</p>` : ''}
            <a class="button" href="${redirect.url}" data-testid="return-link"
              >Return to ${summary.merchantName}</a
            >`
        : html`<p class="muted">You can close this page.</p>`
    }
  </section>`;
  return shell(summary, 'Payment successful', body, {
    ...(redirect?.auto
      ? { head: html`<meta http-equiv="refresh" content="2;url=${redirect.url}" />` }
      : {}),
  });
}

export function failurePage(
  summary: Summary,
  errorDescription: string | null,
  canRetry: boolean,
): RenderedPage {
  const body = html`${header(summary)}
    <section class="card" data-testid="failure">
      <div class="status-icon bad" aria-hidden="true">!</div>
      <h1>Payment failed</h1>
      <p data-testid="failure-reason">${errorDescription ?? 'The payment did not go through.'}</p>
      ${
        canRetry
          ? html`<p>No money was taken. You can try again, with the same or another way to pay.</p>
              <a class="button" href="${base(summary)}?choose=1">Try again</a>`
          : html`<p data-testid="final-failure">
              This payment request cannot be tried again. No money was taken. Please ask
              ${summary.merchantName} for a new payment link.
            </p>`
      }
    </section>`;
  return shell(summary, 'Payment failed', body);
}

/** An attempt is open at the bank or at 3DS: carry on with it, or start again. */
export function awaitingPage(summary: Summary, tx: TransactionRow): RenderedPage {
  const href =
    tx.method === 'CARD'
      ? `${base(summary)}/card/${tx.id}/challenge`
      : `${base(summary)}/bank/${tx.id}`;
  const body = html`${header(summary)}
    <section class="card">
      <h1>Waiting for your approval</h1>
      <p>
        ${tx.method === 'CARD' ? 'Your card issuer is waiting for you to confirm the payment.' : html`${tx.bank_name ?? 'Your bank'} is waiting for you to approve the payment.`}
      </p>
      <a class="button" href="${href}"
        >${tx.method === 'CARD' ? 'Continue to confirm' : 'Continue to your bank'}</a
      >
      <a class="button secondary" href="${base(summary)}?choose=1">Choose another way to pay</a>
    </section>`;
  return shell(summary, 'Waiting for approval', body);
}

export function closedPage(
  summary: Summary,
  kind: 'expired' | 'cancelled' | 'authorized',
): RenderedPage {
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
  const body = html`${header(summary)}
    <section class="card" data-testid="closed-${kind}">
      <h1>${text.title}</h1>
      <p>${text.body}</p>
    </section>`;
  return shell(summary, text.title, body);
}

export function notFoundPage(): RenderedPage {
  return shell(
    null,
    'Payment not found',
    html`<section class="card" data-testid="not-found">
      <h1>Payment not found</h1>
      <p>This payment link is not valid. Check the link, or ask the shop for a new one.</p>
    </section>`,
  );
}

/** Shown when the customer's action could not apply (the request changed meanwhile). */
export function noticePage(summary: Summary, message: string): RenderedPage {
  return shell(
    summary,
    'Payment',
    html`${header(summary)}
      <section class="card">
        ${errorBox(message)}
        <a class="button" href="${base(summary)}">Continue</a>
      </section>`,
  );
}
