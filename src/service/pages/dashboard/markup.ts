/**
 * The dashboard's fixed markup. It carries no data: the script fills every list from the JSON
 * API with textContent, so nothing the merchant or a kiosk typed is ever parsed as HTML.
 */
import { PaymentStatus } from '../../../shared/contract/common';
const EVENT_TYPES: [string, string][] = [
  ['PAYMENTS_STATUS', 'Payment status changes'],
  ['EXPIRED_STATUS', 'Payment requests expiring'],
  ['REFUND_STATUS', 'Refund status changes'],
  ['POS_PAYMENT_STATUS', 'Terminal (point of sale) payments'],
];

const STATUSES = PaymentStatus.options;

export const DASHBOARD_BODY = `
<header class="top">
  <div class="brand">Counter <span>dashboard</span></div>
  <div class="who" id="who" hidden>
    <span id="env-badge" class="badge" data-testid="env-badge"></span>
    <span id="store-name" class="store"></span>
    <button id="sign-out" type="button" class="secondary small">Sign out</button>
  </div>
</header>
<main>
  <section id="signin" class="card narrow" aria-labelledby="signin-title">
    <h1 id="signin-title">Sign in</h1>
    <p class="muted">Paste a merchant access secret: <code>sk_sandbox_…</code> for the sandbox or
      <code>sk_live_…</code> for production. It stays in this browser tab only and is forgotten
      when you close the tab or sign out.</p>
    <!-- No name on the input and form-action 'none': the secret can never end up in a URL. -->
    <form id="signin-form" novalidate autocomplete="off">
      <label for="secret">Access secret</label>
      <input id="secret" type="password" autocomplete="off" spellcheck="false"
        placeholder="sk_sandbox_… or sk_live_…" />
      <p id="signin-error" class="error" role="alert" hidden></p>
      <div class="actions"><button id="signin-button" type="submit">Sign in</button></div>
    </form>
  </section>

  <div id="app" class="grid" hidden>
    <section id="terminals" class="card" aria-labelledby="terminals-title">
      <div class="head">
        <h2 id="terminals-title">Terminals</h2>
        <button id="add-terminal" type="button">Add a terminal</button>
      </div>
      <div id="pairing" class="pairing" hidden aria-live="polite">
        <p class="instruction">Enter this code on the kiosk</p>
        <div id="pairing-code" class="code" data-testid="pairing-code"></div>
        <p id="pairing-expiry" class="muted"></p>
        <div class="actions">
          <button id="pairing-new" type="button" class="secondary small" hidden>Make a new code</button>
          <button id="pairing-close" type="button" class="secondary small">Close</button>
        </div>
      </div>
      <p id="paired-notice" class="ok" role="status" hidden></p>
      <p id="terminals-error" class="error" role="alert" hidden></p>
      <p id="terminals-empty" class="muted" hidden>No terminals yet. Choose “Add a terminal” and
        enter the code on the kiosk to pair it.</p>
      <ul id="terminal-list" class="list" aria-label="Terminals"></ul>
    </section>

    <section id="push" class="card" aria-labelledby="push-title">
      <h2 id="push-title">Push a payment to a terminal</h2>
      <form id="push-form" novalidate autocomplete="off">
        <label for="push-terminal">Terminal</label>
        <select id="push-terminal"></select>
        <p id="push-terminal-hint" class="muted"></p>
        <label for="push-amount">Amount (£)</label>
        <input id="push-amount" inputmode="decimal" placeholder="12.50" />
        <fieldset>
          <legend>Payment method</legend>
          <label class="choice"><input type="radio" name="push-method" value="" checked /> Any</label>
          <label class="choice"><input type="radio" name="push-method" value="PAY_BY_BANK" /> Pay by bank</label>
          <label class="choice"><input type="radio" name="push-method" value="CARD" /> Card</label>
        </fieldset>
        <label for="push-notes">Notes <span class="muted">(optional, up to 30 characters)</span></label>
        <input id="push-notes" maxlength="30" placeholder="Table 4" />
        <p id="push-error" class="error" role="alert" hidden></p>
        <p id="push-result" class="ok" role="status" data-testid="push-result" hidden></p>
        <div class="actions"><button id="push-submit" type="submit">Send to terminal</button></div>
      </form>
    </section>

    <section id="payments" class="card wide" aria-labelledby="payments-title">
      <div class="head">
        <h2 id="payments-title">Payments</h2>
        <div class="filter">
          <label for="payments-status">Show</label>
            <select id="payments-status">
              <option value="">All statuses</option>
              ${STATUSES.map((s) => `<option value="${s}">${s}</option>`).join('')}
            </select>
        </div>
      </div>
      <p class="muted">Updates live. Unpaid payments can be cancelled.</p>
      <p id="payments-error" class="error" role="alert" hidden></p>
      <div class="table-wrap">
        <table>
          <thead><tr>
            <th>Time</th><th>Order</th><th>Terminal</th><th class="num">Amount</th>
            <th class="num">Paid</th><th class="num">Tip</th><th>Status</th><th>Action</th>
          </tr></thead>
          <tbody id="payment-rows"></tbody>
        </table>
      </div>
      <p id="payments-empty" class="muted" hidden>No payments yet.</p>
      <div class="pager">
        <button id="payments-newer" type="button" class="secondary small">Newer</button>
        <span id="payments-range" class="muted"></span>
        <button id="payments-older" type="button" class="secondary small">Older</button>
      </div>
    </section>

    <section id="webhooks" class="card wide" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <p class="muted">The service calls your endpoint when something changes. Each call is signed
        with the subscription's <code>whsec_</code> secret (Standard Webhooks).</p>
      <form id="webhook-form" novalidate autocomplete="off">
        <h3>Add an endpoint</h3>
        <label for="webhook-url">Endpoint URL</label>
        <input id="webhook-url" type="url" placeholder="https://example.com/webhooks/counter" />
        <label for="webhook-description">Description <span class="muted">(optional)</span></label>
        <input id="webhook-description" maxlength="200" />
        <fieldset>
          <legend>Events to send</legend>
          ${EVENT_TYPES.map(
            ([type, label]) =>
              `<label class="choice"><input type="checkbox" name="webhook-event" value="${type}"${
                type === 'PAYMENTS_STATUS' ? ' checked' : ''
              } /> ${label} <span class="muted">(${type})</span></label>`,
          ).join('')}
        </fieldset>
        <p id="webhook-error" class="error" role="alert" hidden></p>
        <div class="actions"><button id="webhook-submit" type="submit">Add endpoint</button></div>
      </form>
      <div id="webhook-secret" class="secret-once" role="status" hidden>
        <h3>Copy this signing secret now</h3>
        <p>It is shown only this once. Store it with your endpoint's configuration; you need it to
          verify each call.</p>
        <code id="webhook-secret-value" data-testid="webhook-secret"></code>
        <div class="actions">
          <button id="webhook-secret-copy" type="button">Copy</button>
          <button id="webhook-secret-done" type="button" class="secondary">I have saved it</button>
          <span id="webhook-secret-copied" class="muted" role="status"></span>
        </div>
      </div>
      <p id="webhooks-error" class="error" role="alert" hidden></p>
      <p id="webhooks-empty" class="muted" hidden>No endpoints yet.</p>
      <ul id="webhook-list" class="list" aria-label="Webhook endpoints"></ul>
    </section>
  </div>
</main>`;
