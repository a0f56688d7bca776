/**
 * The dashboard's browser script, inlined under the page's CSP nonce. Plain JavaScript in a
 * string (this module is compiled for Node, not the DOM). It must not contain a backtick, the
 * sequence dollar-brace, or a closing script tag; dashboard.test.ts checks that it parses.
 *
 * Rules it keeps: the access secret lives in sessionStorage and in memory only (never in a URL,
 * a cookie or a log); every piece of data reaches the page through textContent; each list is
 * polled every 2 s and updated row by row, so a half-typed rename or an armed Cancel survives.
 */
export const DASHBOARD_SCRIPT = String.raw`
const STORAGE_KEY = 'counter.dashboard.secret';
const POLL_MS = 2000;
const PAGE_SIZE = 20;
/** Pairing codes live 10 minutes (terminals/routes.ts); see makePairingCode for why it is needed. */
const PAIRING_TTL_MS = 10 * 60 * 1000;
/** Statuses a payment request can still be cancelled from (shared/payment-states.ts). */
const OPEN_STATUSES = ['PAYMENT_NOT_INITIATED', 'AWAITING_AUTHORIZATION', 'FAILED'];
const METHOD_NAMES = { PAY_BY_BANK: 'Pay by bank', CARD: 'Card' };

const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const timeOnly = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const dateAndTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

const $ = (id) => document.getElementById(id);

/** Builds an element; strings among the children become text nodes, never markup. */
function h(tag, props, children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') node.textContent = String(value);
    else if (key === 'class') node.className = value;
    else if (key === 'hidden') node.hidden = true;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children || []) if (child !== null && child !== undefined) node.append(child);
  return node;
}

/** Shows a message in a notice element, or hides it when the message is empty. */
function say(node, message) {
  node.textContent = message || '';
  node.hidden = !message;
}

function formatTime(iso) {
  if (!iso) return '';
  const date = new Date(iso);
  return date.toDateString() === new Date().toDateString() ? timeOnly.format(date) : dateAndTime.format(date);
}

function environmentOf(secret) {
  if (secret.startsWith('sk_sandbox_')) return { key: 'sandbox', label: 'SANDBOX', title: 'Sandbox' };
  if (secret.startsWith('sk_live_')) return { key: 'production', label: 'PRODUCTION', title: 'Production' };
  return { key: 'unknown', label: 'ENVIRONMENT UNKNOWN', title: 'Unknown environment' };
}

function storage(action, value) {
  try {
    if (action === 'get') return window.sessionStorage.getItem(STORAGE_KEY);
    if (action === 'set') window.sessionStorage.setItem(STORAGE_KEY, value);
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch (error) {
    return null; // storage switched off: the secret then lives in memory for this page only
  }
  return null;
}

// ---- Session and API -------------------------------------------------------------------------

let secret = null;
/** Bumped at every sign-in and sign-out, so answers that arrive for an old session are dropped. */
let session = 0;
let pollTimer = null;

class ApiFailure extends Error {
  constructor(status, message, errors) {
    super(message);
    this.status = status;
    this.errors = errors || [];
  }
}
/** Status of a failure that only means "you signed out meanwhile": never shown. */
const STALE = -1;

async function request(withSecret, method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: Object.assign(
        { authorization: 'Bearer ' + withSecret, accept: 'application/json' },
        body === undefined ? {} : { 'content-type': 'application/json' },
      ),
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      credentials: 'omit',
    });
  } catch (error) {
    throw new ApiFailure(0, 'Could not reach the payments service. Check that it is running and that you are online, then try again.');
  }
  let json = null;
  try {
    json = await response.json();
  } catch (error) {
    json = null;
  }
  if (response.ok) return json;
  const message = json && typeof json.message === 'string' ? json.message : 'The service answered with status ' + response.status + '.';
  throw new ApiFailure(response.status, message, json && Array.isArray(json.errors) ? json.errors : []);
}

/** A call of the signed-in session. A 401 means the secret stopped working: sign out, say why. */
async function api(method, path, body) {
  const mine = session;
  try {
    const result = await request(secret, method, path, body);
    if (mine !== session) throw new ApiFailure(STALE, 'signed out');
    return result;
  } catch (error) {
    if (mine !== session) throw new ApiFailure(STALE, 'signed out');
    if (error.status === 401) {
      signOut('Your access secret is no longer accepted (it may have been revoked). Sign in again.');
      throw new ApiFailure(STALE, 'signed out');
    }
    throw error;
  }
}

async function signIn(candidate) {
  const button = $('signin-button');
  say($('signin-error'), '');
  button.disabled = true;
  button.textContent = 'Checking…';
  try {
    const stores = await request(candidate, 'GET', '/api/stores');
    start(candidate, stores);
  } catch (error) {
    storage('remove');
    let message = error.message;
    if (error.status === 401)
      message = 'That access secret was not accepted. Check that you pasted all of it (it starts sk_sandbox_ or sk_live_) and that it has not been revoked.';
    else if (error.status === 403)
      message = 'That is a terminal secret. Sign in with a merchant access secret (sk_sandbox_… or sk_live_…).';
    say($('signin-error'), message);
    $('secret').focus();
  } finally {
    button.disabled = false;
    button.textContent = 'Sign in';
  }
}

function start(candidate, stores) {
  session += 1;
  secret = candidate;
  storage('set', candidate);
  $('secret').value = '';
  const env = environmentOf(candidate);
  const badge = $('env-badge');
  badge.textContent = env.label;
  badge.className = 'badge ' + env.key;
  const primary = (stores || []).find((s) => s.isPrimary) || (stores || [])[0];
  $('store-name').textContent = primary ? primary.name : '';
  document.title = 'Counter dashboard · ' + env.title;
  $('signin').hidden = true;
  $('who').hidden = false;
  $('app').hidden = false;
  poll();
}

function signOut(message) {
  session += 1;
  secret = null;
  storage('remove');
  clearTimeout(pollTimer);
  stopPairing();
  resetTerminals();
  resetPayments();
  resetWebhooks();
  for (const id of ['push-error', 'push-result', 'paired-notice', 'terminals-error', 'payments-error', 'webhooks-error', 'webhook-error'])
    say($(id), '');
  $('push-form').reset();
  $('webhook-form').reset();
  hideWebhookSecret();
  document.title = 'Counter dashboard';
  $('app').hidden = true;
  $('who').hidden = true;
  $('signin').hidden = false;
  say($('signin-error'), message || '');
  $('secret').focus();
}

async function poll() {
  const mine = session;
  clearTimeout(pollTimer);
  // A hidden tab does not poll; it catches up as soon as it is shown again.
  if (!document.hidden) await Promise.allSettled([refreshTerminals(), refreshPayments(), refreshWebhooks()]);
  if (mine === session && secret) pollTimer = setTimeout(poll, POLL_MS);
}
document.addEventListener('visibilitychange', () => {
  if (!document.hidden && secret) poll();
});

/** An inline "are you sure" with two large buttons, instead of a blocking window.confirm. */
function confirmBox(yesLabel, noLabel, onYes) {
  const text = h('p');
  const yes = h('button', { type: 'button', class: 'danger small', text: yesLabel });
  const no = h('button', { type: 'button', class: 'secondary small', text: noLabel });
  const node = h('div', { class: 'confirm', role: 'group', hidden: true }, [text, h('div', { class: 'actions' }, [yes, no])]);
  no.addEventListener('click', () => { node.hidden = true; });
  yes.addEventListener('click', async () => {
    yes.disabled = true;
    no.disabled = true;
    try {
      await onYes();
    } finally {
      node.hidden = true;
      yes.disabled = false;
      no.disabled = false;
    }
  });
  return {
    node,
    ask(message) {
      text.textContent = message;
      node.hidden = false;
      no.focus();
    },
  };
}

// ---- Terminals -------------------------------------------------------------------------------

let terminals = [];
let terminalsTicket = 0;
const terminalRows = new Map();

function resetTerminals() {
  terminals = [];
  terminalsTicket += 1;
  terminalRows.clear();
  $('terminal-list').replaceChildren();
  $('terminals-empty').hidden = true;
  pushOptionsKey = null;
  renderPushOptions();
}

async function refreshTerminals() {
  const ticket = ++terminalsTicket;
  try {
    const list = await api('GET', '/api/terminal');
    if (ticket !== terminalsTicket) return; // a newer answer is on its way
    terminals = list;
    say($('terminals-error'), '');
    renderTerminals();
  } catch (error) {
    if (error.status !== STALE && ticket === terminalsTicket)
      say($('terminals-error'), 'Could not load terminals: ' + error.message + ' Retrying every 2 seconds.');
  }
}

/** Puts one terminal's new state in place at once, without waiting for the next poll. */
function replaceTerminal(terminal) {
  terminalsTicket += 1; // an older list still in flight must not undo this
  terminals = terminals.map((t) => (t.id === terminal.id ? terminal : t));
  renderTerminals();
}

function renderTerminals() {
  const list = $('terminal-list');
  const seen = new Set();
  for (const terminal of terminals) {
    seen.add(terminal.id);
    let row = terminalRows.get(terminal.id);
    if (!row) {
      row = terminalRow(terminal.id);
      terminalRows.set(terminal.id, row);
    }
    row.update(terminal);
    list.append(row.node); // moves existing rows into order, keeping their state
  }
  for (const [id, row] of terminalRows)
    if (!seen.has(id)) {
      row.node.remove();
      terminalRows.delete(id);
    }
  $('terminals-empty').hidden = terminals.length > 0;
  renderPushOptions();
  noticeNewTerminal();
}

function terminalRow(id) {
  let current = null;
  let switching = false;
  const dot = h('span', { class: 'dot', 'aria-hidden': 'true' });
  const name = h('span', { class: 't-name' });
  const state = h('span', { class: 'state' });
  const seen = h('div', { class: 'muted' });
  const waiting = h('div', { class: 'warn', hidden: true }, [
    h('strong', { text: 'Waiting for the kiosk to connect.' }),
    ' Open Counter on the kiosk; remote payments reach it once it is connected.',
  ]);
  const toggle = h('input', { type: 'checkbox', role: 'switch' });
  const renameButton = h('button', { type: 'button', class: 'secondary small', text: 'Rename' });
  const unpairButton = h('button', { type: 'button', class: 'danger-outline small', text: 'Unpair' });
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const renameInput = h('input', { id: 'rename-' + id, maxlength: '50', autocomplete: 'off' });
  const renameForm = h('form', { hidden: true, novalidate: true }, [
    h('label', { for: 'rename-' + id, text: 'New name' }),
    renameInput,
    h('div', { class: 'actions' }, [
      h('button', { type: 'submit', class: 'small', text: 'Save name' }),
      h('button', { type: 'button', class: 'secondary small', text: 'Cancel', 'data-action': 'cancel-rename' }),
    ]),
  ]);
  const confirm = confirmBox('Yes, unpair', 'Keep it', async () => {
    try {
      await api('DELETE', '/api/terminal/' + id);
      terminalsTicket += 1;
      terminals = terminals.filter((t) => t.id !== id);
      renderTerminals();
    } catch (failure) {
      if (failure.status !== STALE) say(error, 'Not unpaired: ' + failure.message);
    }
  });
  const node = h('li', { 'data-terminal-id': id, 'data-testid': 'terminal' }, [
    h('div', { class: 't-main' }, [dot, h('div', {}, [h('div', {}, [name, state]), seen, waiting])]),
    h('div', { class: 'actions' }, [h('label', { class: 'switch' }, [toggle, 'Remote payments']), renameButton, unpairButton]),
    renameForm,
    confirm.node,
    error,
  ]);

  toggle.addEventListener('change', async () => {
    const wanted = toggle.checked;
    switching = true;
    toggle.disabled = true;
    say(error, '');
    try {
      replaceTerminal(await api('PUT', '/api/terminal/' + id, { remotePaymentsEnabled: wanted }));
    } catch (failure) {
      toggle.checked = !wanted;
      if (failure.status !== STALE) say(error, 'Remote payments not switched: ' + failure.message);
    } finally {
      switching = false;
      toggle.disabled = false;
    }
  });
  renameButton.addEventListener('click', () => {
    renameInput.value = current ? current.name : '';
    renameForm.hidden = false;
    renameInput.focus();
    renameInput.select();
  });
  renameForm.querySelector('[data-action="cancel-rename"]').addEventListener('click', () => {
    renameForm.hidden = true;
    say(error, '');
  });
  renameForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const newName = renameInput.value.trim();
    if (!newName) {
      say(error, 'Enter a name for the terminal (1 to 50 characters).');
      renameInput.focus();
      return;
    }
    try {
      replaceTerminal(await api('PUT', '/api/terminal/' + id, { name: newName }));
      renameForm.hidden = true;
      say(error, '');
    } catch (failure) {
      if (failure.status !== STALE) say(error, 'Not renamed: ' + failure.message);
    }
  });
  unpairButton.addEventListener('click', () => {
    confirm.ask('Unpair ' + (current ? current.name : 'this terminal') + '? Its kiosk stops working with your account at once; pairing it again needs a new code.');
  });

  return {
    node,
    update(terminal) {
      current = terminal;
      dot.className = 'dot' + (terminal.online ? ' online' : '');
      name.textContent = terminal.name;
      state.textContent = terminal.online ? 'Online' : 'Offline';
      state.className = 'state' + (terminal.online ? ' online' : '');
      seen.textContent = terminal.online
        ? 'Connected now'
        : terminal.lastSeenAt ? 'Last seen ' + formatTime(terminal.lastSeenAt) : 'Never connected';
      waiting.hidden = !terminal.tokenMissing;
      if (!switching) toggle.checked = terminal.remotePaymentsEnabled;
      toggle.setAttribute('aria-label', 'Remote payments for ' + terminal.name);
      renameButton.setAttribute('aria-label', 'Rename ' + terminal.name);
      unpairButton.setAttribute('aria-label', 'Unpair ' + terminal.name);
    },
  };
}

// ---- Pairing ---------------------------------------------------------------------------------

let pairing = null;

async function makePairingCode() {
  const button = $('add-terminal');
  button.disabled = true;
  say($('paired-notice'), '');
  say($('terminals-error'), '');
  try {
    const made = await api('POST', '/api/terminal/pairing-codes', {});
    stopPairing();
    // expiresAt is on the service's clock, which the sandbox can move forward; the code never
    // lives longer than its 10 minutes, so the countdown is capped there.
    const left = Math.min(PAIRING_TTL_MS, Date.parse(made.expiresAt) - Date.now());
    pairing = {
      deadline: Date.now() + Math.max(0, left),
      known: new Set(terminals.map((t) => t.id)),
      timer: setInterval(tickPairing, 1000),
    };
    const code = $('pairing-code');
    code.textContent = made.code.slice(0, 3) + ' ' + made.code.slice(3);
    code.classList.remove('expired');
    $('pairing-new').hidden = true;
    $('pairing').hidden = false;
    tickPairing();
    refreshTerminals(); // the list it compares against should be current
  } catch (error) {
    if (error.status !== STALE) say($('terminals-error'), 'Could not make a pairing code: ' + error.message);
  } finally {
    button.disabled = false;
  }
}

function tickPairing() {
  if (!pairing) return;
  const left = pairing.deadline - Date.now();
  if (left <= 0) {
    clearInterval(pairing.timer);
    $('pairing-expiry').textContent = 'This code has expired. Make a new one to pair a kiosk.';
    $('pairing-code').classList.add('expired');
    $('pairing-new').hidden = false;
    return;
  }
  const seconds = Math.ceil(left / 1000);
  const mm = Math.floor(seconds / 60);
  const ss = String(seconds % 60).padStart(2, '0');
  $('pairing-expiry').textContent = 'Expires in ' + mm + ':' + ss + '. The code works once.';
}

function stopPairing() {
  if (pairing) clearInterval(pairing.timer);
  pairing = null;
  $('pairing').hidden = true;
  $('pairing-code').textContent = '';
}

/** When a terminal appears that was not there when the code was made, the code was used. */
function noticeNewTerminal() {
  if (!pairing) return;
  const paired = terminals.find((t) => !pairing.known.has(t.id));
  if (!paired) return;
  stopPairing();
  say($('paired-notice'), 'Paired: ' + paired.name + '. It shows as online once Counter is open on it.');
}

$('add-terminal').addEventListener('click', makePairingCode);
$('pairing-new').addEventListener('click', makePairingCode);
$('pairing-close').addEventListener('click', stopPairing);

// ---- Push a payment --------------------------------------------------------------------------

let pushOptionsKey = null;

function unavailableReason(terminal) {
  if (!terminal.remotePaymentsEnabled) return 'remote payments are off';
  if (terminal.tokenMissing) return 'waiting for the kiosk to connect';
  return '';
}

function renderPushOptions() {
  const select = $('push-terminal');
  const choices = terminals.map((t) => ({ id: t.id, name: t.name, reason: unavailableReason(t) }));
  const key = JSON.stringify(choices);
  if (key === pushOptionsKey) return; // rebuilding would close an open drop-down every 2 s
  pushOptionsKey = key;
  const previous = select.value;
  const options = [h('option', { value: '', text: choices.length ? 'Choose a terminal' : 'No terminals paired yet' })];
  for (const c of choices)
    options.push(h('option', { value: c.id, disabled: Boolean(c.reason), text: c.reason ? c.name + ' (' + c.reason + ')' : c.name }));
  select.replaceChildren(...options);
  const usable = choices.filter((c) => !c.reason);
  if (usable.some((c) => c.id === previous)) select.value = previous;
  else select.value = usable.length === 1 ? usable[0].id : '';
  $('push-terminal-hint').textContent = choices.some((c) => c.reason)
    ? 'Greyed-out terminals cannot take a payment now: switch their remote payments on, or open Counter on the kiosk so it connects.'
    : '';
}

async function pushPayment(event) {
  event.preventDefault();
  const errorNode = $('push-error');
  say(errorNode, '');
  say($('push-result'), '');
  const terminalId = $('push-terminal').value;
  if (!terminalId) return say(errorNode, 'Choose the terminal to send the payment to.');
  const amountInput = $('push-amount');
  const amountText = amountInput.value.trim().replace(/^£/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(amountText)) {
    amountInput.focus();
    return say(errorNode, 'Enter the amount in pounds, such as 12.50: digits only, at most 2 decimal places.');
  }
  const amount = Number(amountText);
  if (!(amount > 0)) {
    amountInput.focus();
    return say(errorNode, 'The amount must be more than £0.00.');
  }
  const method = document.querySelector('input[name="push-method"]:checked');
  const notes = $('push-notes').value;
  const body = { id: terminalId, amount };
  if (method && method.value) body.paymentMethod = method.value;
  if (notes.trim()) body.notes = notes;
  const button = $('push-submit');
  button.disabled = true;
  button.textContent = 'Sending…';
  try {
    const sent = await api('POST', '/api/terminal/process-remote-payment', body);
    const terminal = terminals.find((t) => t.id === terminalId);
    say($('push-result'), 'Sent to ' + (terminal ? terminal.name : 'the terminal') + ': ' + money.format(amount) + '. Payment request ' + sent.paymentRequestId);
    amountInput.value = '';
    $('push-notes').value = '';
    refreshPayments();
  } catch (error) {
    if (error.status !== STALE) say(errorNode, 'Not sent: ' + error.message);
  } finally {
    button.disabled = false;
    button.textContent = 'Send to terminal';
  }
}

$('push-form').addEventListener('submit', pushPayment);

// ---- Payments --------------------------------------------------------------------------------

let paymentsPage = 0;
let paymentsTicket = 0;
const paymentRows = new Map();

function resetPayments() {
  paymentsTicket += 1;
  paymentsPage = 0;
  paymentRows.clear();
  $('payment-rows').replaceChildren();
  $('payments-empty').hidden = true;
  $('payments-range').textContent = '';
  $('payments-status').value = '';
}

async function refreshPayments() {
  const ticket = ++paymentsTicket;
  const status = $('payments-status').value;
  const query = '?page=' + paymentsPage + '&size=' + PAGE_SIZE + (status ? '&status=' + encodeURIComponent(status) : '');
  try {
    const page = await api('GET', '/api/payment-requests' + query);
    if (ticket !== paymentsTicket) return;
    if (page.data.length === 0 && paymentsPage > 0) {
      paymentsPage = Math.max(0, Math.ceil(page.totalCount / PAGE_SIZE) - 1);
      return refreshPayments();
    }
    say($('payments-error'), '');
    renderPayments(page);
  } catch (error) {
    if (error.status !== STALE && ticket === paymentsTicket)
      say($('payments-error'), 'Could not load payments: ' + error.message + ' Retrying every 2 seconds.');
  }
}

function renderPayments(page) {
  const body = $('payment-rows');
  const seen = new Set();
  for (const payment of page.data) {
    seen.add(payment.paymentRequestId);
    let row = paymentRows.get(payment.paymentRequestId);
    if (!row) {
      row = paymentRow(payment.paymentRequestId);
      paymentRows.set(payment.paymentRequestId, row);
    }
    row.update(payment);
    body.append(row.node);
  }
  for (const [id, row] of paymentRows)
    if (!seen.has(id)) {
      row.node.remove();
      paymentRows.delete(id);
    }
  $('payments-empty').hidden = page.data.length > 0;
  const first = page.page * page.size;
  $('payments-range').textContent = page.totalCount
    ? (first + 1) + '–' + (first + page.data.length) + ' of ' + page.totalCount
    : '';
  $('payments-newer').disabled = page.page === 0;
  $('payments-older').disabled = first + page.data.length >= page.totalCount;
}

function terminalName(id) {
  if (!id) return '—';
  const terminal = terminals.find((t) => t.id === id);
  return terminal ? terminal.name : 'Unpaired terminal';
}

function paymentRow(id) {
  const cell = (className) => h('td', { class: className });
  const time = cell('time');
  const order = cell();
  const orderId = h('div');
  const notes = h('div', { class: 'muted' });
  order.append(orderId, notes);
  const terminal = cell();
  const amount = cell('num');
  const paid = cell('num');
  const tip = cell('num');
  const status = cell();
  const badge = h('span', { class: 'status', 'data-testid': 'payment-status' });
  const method = h('div', { class: 'muted' });
  status.append(badge, method);
  const action = cell();
  const cancelButton = h('button', { type: 'button', class: 'danger-outline small', text: 'Cancel' });
  const error = h('div', { class: 'error', role: 'alert', hidden: true });
  action.append(cancelButton, error);
  const node = h('tr', { 'data-payment-id': id, 'data-testid': 'payment' }, [time, order, terminal, amount, paid, tip, status, action]);

  // Cancelling takes two clicks: the first arms the button for five seconds.
  let armed = null;
  const disarm = () => {
    clearTimeout(armed);
    armed = null;
    cancelButton.textContent = 'Cancel';
    cancelButton.className = 'danger-outline small';
  };
  cancelButton.addEventListener('click', async () => {
    if (!armed) {
      armed = setTimeout(disarm, 5000);
      cancelButton.textContent = 'Confirm cancel';
      cancelButton.className = 'danger small';
      return;
    }
    disarm();
    cancelButton.disabled = true;
    cancelButton.textContent = 'Cancelling…';
    try {
      await api('POST', '/api/payment-request/cancel/' + id);
      say(error, '');
    } catch (failure) {
      if (failure.status !== STALE) say(error, 'Not cancelled: ' + failure.message);
    } finally {
      cancelButton.disabled = false;
      cancelButton.textContent = 'Cancel';
      refreshPayments();
    }
  });

  return {
    node,
    update(p) {
      node.setAttribute('data-status', p.status);
      time.textContent = formatTime(p.createdAt);
      time.title = p.createdAt;
      orderId.textContent = p.orderId;
      notes.textContent = p.notes || '';
      terminal.textContent = terminalName(p.terminalId);
      amount.textContent = money.format(p.amount);
      paid.textContent = money.format(p.paidAmount);
      tip.textContent = money.format(p.tipAmount);
      badge.textContent = p.status;
      badge.className = 'status ' + p.status;
      badge.title = p.errorDescription || '';
      method.textContent = p.paymentMethod ? METHOD_NAMES[p.paymentMethod] || p.paymentMethod : '';
      const cancellable = OPEN_STATUSES.includes(p.status) && p.paidAmount === 0;
      cancelButton.hidden = !cancellable;
      if (!cancellable && armed) disarm();
    },
  };
}

$('payments-status').addEventListener('change', () => {
  paymentsPage = 0;
  refreshPayments();
});
$('payments-newer').addEventListener('click', () => {
  paymentsPage = Math.max(0, paymentsPage - 1);
  refreshPayments();
});
$('payments-older').addEventListener('click', () => {
  paymentsPage += 1;
  refreshPayments();
});

// ---- Webhooks --------------------------------------------------------------------------------

let webhooksTicket = 0;
const webhookItems = new Map();

function resetWebhooks() {
  webhooksTicket += 1;
  webhookItems.clear();
  $('webhook-list').replaceChildren();
  $('webhooks-empty').hidden = true;
}

async function refreshWebhooks() {
  const ticket = ++webhooksTicket;
  try {
    const subscriptions = await api('GET', '/api/webhooks');
    if (ticket !== webhooksTicket) return;
    say($('webhooks-error'), '');
    renderWebhooks(subscriptions);
    await Promise.allSettled([...webhookItems.values()].filter((item) => item.isOpen()).map((item) => item.refresh()));
  } catch (error) {
    if (error.status !== STALE && ticket === webhooksTicket)
      say($('webhooks-error'), 'Could not load webhook endpoints: ' + error.message + ' Retrying every 2 seconds.');
  }
}

function renderWebhooks(subscriptions) {
  const list = $('webhook-list');
  const seen = new Set();
  for (const subscription of subscriptions) {
    seen.add(subscription.id);
    let item = webhookItems.get(subscription.id);
    if (!item) {
      item = webhookItem(subscription.id);
      webhookItems.set(subscription.id, item);
    }
    item.update(subscription);
    list.append(item.node);
  }
  for (const [id, item] of webhookItems)
    if (!seen.has(id)) {
      item.node.remove();
      webhookItems.delete(id);
    }
  $('webhooks-empty').hidden = subscriptions.length > 0;
}

function webhookItem(id) {
  let open = false;
  let ticket = 0;
  let current = null;
  const url = h('div', { class: 'h-url' });
  const meta = h('div', { class: 'muted' });
  const toggle = h('button', { type: 'button', class: 'secondary small', 'aria-expanded': 'false', text: 'Show deliveries' });
  const remove = h('button', { type: 'button', class: 'danger-outline small', text: 'Delete' });
  const notice = h('p', { class: 'ok', role: 'status', hidden: true });
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const confirm = confirmBox('Yes, delete it', 'Keep it', async () => {
    try {
      await api('DELETE', '/api/webhooks/' + id);
      webhooksTicket += 1;
      node.remove();
      webhookItems.delete(id);
      $('webhooks-empty').hidden = webhookItems.size > 0;
    } catch (failure) {
      if (failure.status !== STALE) say(error, 'Not deleted: ' + failure.message);
    }
  });
  const rows = h('tbody');
  const empty = h('p', { class: 'muted', hidden: true, text: 'No deliveries yet. One appears here each time an event this endpoint subscribes to happens.' });
  const head = h('tr', {}, ['Time', 'Event', 'Status', 'Attempts', 'Last response', ''].map((title) => h('th', { text: title })));
  const deliveries = h('div', { class: 'deliveries', hidden: true, 'data-testid': 'deliveries' }, [
    h('div', { class: 'table-wrap' }, [h('table', {}, [h('thead', {}, [head]), rows])]),
    empty,
  ]);
  const node = h('li', { 'data-webhook-id': id, 'data-testid': 'webhook' }, [
    url,
    meta,
    h('div', { class: 'actions' }, [toggle, remove]),
    confirm.node,
    notice,
    error,
    deliveries,
  ]);
  const deliveryRows = new Map();

  async function refresh() {
    const mine = ++ticket;
    try {
      const list = await api('GET', '/api/webhooks/' + id + '/deliveries');
      if (mine !== ticket) return;
      say(error, '');
      const seen = new Set();
      for (const delivery of list) {
        seen.add(delivery.id);
        let row = deliveryRows.get(delivery.id);
        if (!row) {
          row = deliveryRow(delivery.id);
          deliveryRows.set(delivery.id, row);
        }
        row.update(delivery);
        rows.append(row.node);
      }
      for (const [deliveryId, row] of deliveryRows)
        if (!seen.has(deliveryId)) {
          row.node.remove();
          deliveryRows.delete(deliveryId);
        }
      empty.hidden = list.length > 0;
    } catch (failure) {
      if (failure.status !== STALE && mine === ticket) say(error, 'Could not load deliveries: ' + failure.message);
    }
  }

  function deliveryRow(deliveryId) {
    const time = h('td', { class: 'time' });
    const type = h('td');
    const badge = h('span', { class: 'status', 'data-testid': 'delivery-status' });
    const attempts = h('td', { class: 'num' });
    const last = h('td');
    const resend = h('button', { type: 'button', class: 'secondary small', text: 'Resend' });
    resend.addEventListener('click', async () => {
      resend.disabled = true;
      say(notice, '');
      try {
        const answer = await api('POST', '/api/webhooks/' + id + '/deliveries/' + deliveryId + '/resend');
        say(notice, answer.message);
        refresh();
      } catch (failure) {
        if (failure.status !== STALE) say(error, 'Not resent: ' + failure.message);
      } finally {
        resend.disabled = false;
      }
    });
    const rowNode = h('tr', { 'data-delivery-id': deliveryId, 'data-testid': 'delivery' }, [
      time, type, h('td', {}, [badge]), attempts, last, h('td', {}, [resend]),
    ]);
    return {
      node: rowNode,
      update(d) {
        time.textContent = formatTime(d.deliveredAt || d.createdAt);
        time.title = 'Queued ' + d.createdAt + (d.deliveredAt ? ', delivered ' + d.deliveredAt : '');
        type.textContent = d.eventType;
        badge.textContent = d.status;
        badge.className = 'status ' + d.status;
        attempts.textContent = String(d.attempts);
        const parts = [];
        if (d.lastStatusCode !== null) parts.push('HTTP ' + d.lastStatusCode);
        if (d.lastError) parts.push(d.lastError);
        if (d.status === 'PENDING' && d.nextAttemptAt) parts.push('next try ' + formatTime(d.nextAttemptAt));
        last.textContent = parts.length ? parts.join(' · ') : '—';
      },
    };
  }

  toggle.addEventListener('click', () => {
    open = !open;
    deliveries.hidden = !open;
    toggle.textContent = open ? 'Hide deliveries' : 'Show deliveries';
    toggle.setAttribute('aria-expanded', String(open));
    if (open) refresh();
  });
  remove.addEventListener('click', () => {
    confirm.ask('Delete the endpoint ' + (current ? current.url : '') + '? It gets no more events, and deliveries still queued for it are dropped.');
  });

  return {
    node,
    refresh,
    isOpen: () => open,
    update(subscription) {
      current = subscription;
      url.textContent = subscription.url;
      meta.textContent = subscription.eventTypes.join(', ') + (subscription.description ? ' · ' + subscription.description : '') + ' · added ' + formatTime(subscription.createdAt);
      toggle.setAttribute('aria-label', (open ? 'Hide' : 'Show') + ' deliveries for ' + subscription.url);
      remove.setAttribute('aria-label', 'Delete endpoint ' + subscription.url);
    },
  };
}

async function createWebhook(event) {
  event.preventDefault();
  const errorNode = $('webhook-error');
  say(errorNode, '');
  const url = $('webhook-url').value.trim();
  if (!/^https?:\/\/[^\s/]+/i.test(url)) {
    $('webhook-url').focus();
    return say(errorNode, 'Enter the full address of your endpoint, starting with https:// (http:// is fine for testing).');
  }
  const eventTypes = [...document.querySelectorAll('input[name="webhook-event"]:checked')].map((input) => input.value);
  if (eventTypes.length === 0) return say(errorNode, 'Tick at least one kind of event to send to this endpoint.');
  const description = $('webhook-description').value.trim();
  const body = { url, eventTypes };
  if (description) body.description = description;
  const button = $('webhook-submit');
  button.disabled = true;
  try {
    const created = await api('POST', '/api/webhooks', body);
    $('webhook-secret-value').textContent = created.secret;
    $('webhook-secret-copied').textContent = '';
    $('webhook-secret').hidden = false;
    $('webhook-secret-copy').focus();
    $('webhook-url').value = '';
    $('webhook-description').value = '';
    refreshWebhooks();
  } catch (error) {
    if (error.status !== STALE) say(errorNode, 'Not added: ' + error.message);
  } finally {
    button.disabled = false;
  }
}

function hideWebhookSecret() {
  $('webhook-secret-value').textContent = '';
  $('webhook-secret-copied').textContent = '';
  $('webhook-secret').hidden = true;
}

$('webhook-form').addEventListener('submit', createWebhook);
$('webhook-secret-done').addEventListener('click', hideWebhookSecret);
$('webhook-secret-copy').addEventListener('click', async () => {
  const code = $('webhook-secret-value');
  try {
    await navigator.clipboard.writeText(code.textContent);
    $('webhook-secret-copied').textContent = 'Copied to the clipboard.';
  } catch (error) {
    const range = document.createRange();
    range.selectNodeContents(code);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    $('webhook-secret-copied').textContent = 'Selected: press Ctrl+C (⌘C on a Mac) to copy it.';
  }
});

// ---- Start -----------------------------------------------------------------------------------

$('signin-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const candidate = $('secret').value.trim();
  if (!candidate) {
    say($('signin-error'), 'Paste your access secret first.');
    $('secret').focus();
    return;
  }
  signIn(candidate);
});
$('sign-out').addEventListener('click', () => signOut(''));

renderPushOptions();
const remembered = storage('get');
if (remembered) signIn(remembered);
else $('secret').focus();
`;
