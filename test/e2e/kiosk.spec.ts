/**
 * The kiosk end to end, as shops and customers use it: Counter started with `npm start --
 * --browser --no-open` (real child process, embedded service, SQLite on disk), the staff console
 * and the customer display in Chromium, the customer paying on paymentUrl in a browser context
 * of their own after reading the QR code off the display with a real decoder.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { freePort } from '../helpers/ports';
import {
  amountLayout,
  api,
  displayRoot,
  expectAccessible,
  payByBank,
  scanQr,
  startKiosk,
  startServiceProcess,
  tempDir,
  type Kiosk,
} from './kiosk-harness';

test.describe.configure({ mode: 'serial' });

/** `SCREENSHOTS=1 npm run test:e2e` refreshes the pictures in docs/; a plain run writes none. */
async function screenshot(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  await page.waitForTimeout(800); // let the screen's entrance animation finish
  await page.screenshot({ path: `docs/screenshots/${name}.png` });
}

const cleanups: (() => unknown)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function launch(
  args: string[] = [],
  dir = tempDir(),
  env: Record<string, string> = {},
): Promise<Kiosk & { dir: string }> {
  const kiosk = await startKiosk(dir.path, args, env);
  cleanups.push(() => dir.remove());
  cleanups.push(() => kiosk.stop());
  return { ...kiosk, dir: dir.path };
}

/** First start: the shop chooses its staff PIN in the console (typed twice). */
async function choosePin(page: Page, pin: string) {
  await page.getByTestId('new-pin').fill(pin);
  await page.getByTestId('new-pin-again').fill(pin);
  await page.getByTestId('choose-pin-submit').click();
  await expect(page.getByTestId('choose-pin')).toHaveCount(0);
}

/** A page in a context of its own; `bypassCSP` lets axe-core inject itself into the kiosk's pages. */
async function open(
  browser: Browser,
  url: string,
  width = 1280,
  height = 800,
  options: { bypassCSP?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, ...options });
  cleanups.push(() => context.close());
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

const screens = async (browser: Browser, kiosk: Kiosk) => {
  const staff = await open(browser, kiosk.consoleUrl);
  const display = await open(browser, kiosk.displayUrl, 1024, 768);
  await expect(staff.locator('[data-ready="true"]')).toBeVisible();
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'idle');
  return { staff, display };
};

const customerPhone = (browser: Browser) => open(browser, 'about:blank', 390, 844);

async function terminalId(kiosk: Kiosk): Promise<string> {
  const terminals = await api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'GET', '/api/terminal');
  return terminals.find((t: { name: string }) => t.name === 'Counter kiosk').id;
}

async function pushRemote(kiosk: Kiosk, amount: number): Promise<string> {
  const { paymentRequestId } = await api(
    kiosk.serviceUrl,
    kiosk.sandboxSecret!,
    'POST',
    '/api/terminal/process-remote-payment',
    { id: await terminalId(kiosk), amount },
  );
  return paymentRequestId;
}

async function showsCompleted(staff: Page, display: Page, id: string) {
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'completed');
  await expect(displayRoot(display)).toHaveAttribute('data-payment-request-id', id);
  await expect(staff.getByTestId('active-payment')).toHaveAttribute('data-status', 'COMPLETED');
}

async function openInHistory(staff: Page, id: string) {
  await staff.getByTestId('tab-history').click();
  const row = staff.locator(`[data-testid="history-row"][data-payment-request-id="${id}"]`);
  await row.click();
  return staff.getByTestId('payment-detail');
}

test('dashboard push → QR on the display → customer pays → completed on both screens and in history', async ({
  browser,
}) => {
  const kiosk = await launch();
  const { staff, display } = await screens(browser, kiosk);
  await expect(display.getByText('Counter Demo Shop')).toBeVisible();

  // The merchant pushes a payment from the dashboard to the kiosk.
  const dashboard = await open(browser, kiosk.dashboardUrl);
  await dashboard.getByLabel('Access secret').fill(kiosk.sandboxSecret!);
  await dashboard.getByRole('button', { name: 'Sign in' }).click();
  await dashboard.getByLabel('Terminal', { exact: true }).selectOption({ label: 'Counter kiosk' });
  await dashboard.getByLabel('Amount (£)').fill('12.50');
  await dashboard.getByRole('button', { name: 'Send to terminal' }).click();
  const result = dashboard.getByTestId('push-result');
  await expect(result).toContainText('Sent to Counter kiosk');
  const href = await result.getByRole('link', { name: 'Open the payment' }).getAttribute('href');
  const id = /\/dashboard\/payments\/([0-9a-f-]{36})$/.exec(href ?? '')![1]!;

  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting');
  await expect(displayRoot(display)).toHaveAttribute('data-payment-request-id', id);
  await expect(display.getByText('£12.50')).toBeVisible();
  await expect(staff.getByTestId('active-payment')).toHaveAttribute('data-payment-request-id', id);

  const paymentUrl = await scanQr(display);
  expect(paymentUrl).toBe(`${kiosk.serviceUrl}/pay/${id}`);
  // Staff see the same link, to hand to a customer who cannot scan.
  await expect(staff.getByTestId('payment-link')).toHaveText(paymentUrl);
  await screenshot(display, 'display-awaiting');
  await screenshot(staff, 'console');
  await payByBank(await customerPhone(browser), paymentUrl);

  await showsCompleted(staff, display, id);
  await screenshot(display, 'display-completed');
  await expect(staff.getByTestId('takings-total')).toContainText('£12.50');
  const detail = await openInHistory(staff, id);
  await expect(detail.getByTestId('status-change').last()).toHaveAttribute('data-to', 'COMPLETED');
  await expect(detail.getByTestId('status-change').first()).toHaveAttribute('data-source', 'push');
  await screenshot(staff, 'console-history');
  // The display returns to idle by itself.
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'idle', {
    timeout: 20_000,
  });
});

test('with push turned off, polling alone brings the payment and its completion', async ({
  browser,
}) => {
  const kiosk = await launch(['--no-push', '--poll-ms', '300']);
  const { staff, display } = await screens(browser, kiosk);
  await expect(staff.getByTestId('connection-state')).not.toHaveAttribute(
    'data-state',
    'connecting',
  );
  const id = await pushRemote(kiosk, 3.2);
  await expect(displayRoot(display)).toHaveAttribute('data-payment-request-id', id);
  await payByBank(await customerPhone(browser), await scanQr(display));
  await showsCompleted(staff, display, id);
  const detail = await openInHistory(staff, id);
  const sources = await detail
    .getByTestId('status-change')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-source')));
  expect(sources.length).toBeGreaterThan(1);
  expect(new Set(sources)).toEqual(new Set(['poll']));
});

test('a payment started at the counter with the keypad is paid and counted in takings', async ({
  browser,
}) => {
  const kiosk = await launch();
  const { staff, display } = await screens(browser, kiosk);
  for (const key of ['4', '2', '0']) await staff.getByTestId(`keypad-${key}`).click();
  await expect(staff.getByTestId('amount-display')).toHaveText('£4.20');
  await staff.getByTestId('method-bank').click();
  await staff.getByTestId('start-payment').click();

  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting');
  await expect(display.getByText('£4.20')).toBeVisible();
  const id = (await displayRoot(display).getAttribute('data-payment-request-id'))!;
  await payByBank(await customerPhone(browser), await scanQr(display));
  await showsCompleted(staff, display, id);
  await expect(staff.getByTestId('takings-count')).toContainText('1');
  await expect(staff.getByTestId('takings-total')).toContainText('£4.20');
});

test('the keyboard alone takes a payment, and a bad amount gets a clear error', async ({
  browser,
}) => {
  const kiosk = await launch();
  const { staff, display } = await screens(browser, kiosk);
  await staff.keyboard.press('Enter');
  await expect(staff.getByTestId('form-error')).toBeVisible();
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'idle');
  await staff.keyboard.type('1999');
  await expect(staff.getByTestId('amount-display')).toHaveText('£19.99');
  await staff.keyboard.press('Enter');
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting');
  await expect(display.getByText('£19.99')).toBeVisible();
});

test('staff cancel a payment; the display says so and returns to idle', async ({ browser }) => {
  const kiosk = await launch();
  const { staff, display } = await screens(browser, kiosk);
  for (const key of ['1', '0', '0']) await staff.getByTestId(`keypad-${key}`).click();
  await staff.getByTestId('start-payment').click();
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting');
  const id = (await displayRoot(display).getAttribute('data-payment-request-id'))!;
  // Cancel asks first; Esc backs out and nothing happens.
  await staff.getByTestId('cancel-payment').click();
  const confirm = staff.getByRole('dialog', { name: 'Cancel the payment of £1.00?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByTestId('confirm-yes')).toBeFocused();
  await staff.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(staff.getByTestId('cancel-payment')).toBeFocused();
  await expect(staff.getByTestId('active-payment')).toHaveAttribute(
    'data-status',
    'PAYMENT_NOT_INITIATED',
  );
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting');
  // From the keyboard: Enter on the button opens the question, Enter confirms.
  await staff.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await staff.keyboard.press('Enter');
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'cancelled');
  await expect(confirm).toBeHidden();
  await expect(staff.getByTestId('active-payment')).toHaveAttribute('data-status', 'CANCELLED');
  const status = await api(
    kiosk.serviceUrl,
    kiosk.sandboxSecret!,
    'GET',
    `/api/payments/v1/payment-status/${id}`,
  );
  expect(status.status).toBe('CANCELLED');
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'idle', {
    timeout: 20_000,
  });
});

test('a payment expires by the sandbox clock and the display says so', async ({ browser }) => {
  const kiosk = await launch();
  const { staff, display } = await screens(browser, kiosk);
  const id = await pushRemote(kiosk, 8);
  await expect(displayRoot(display)).toHaveAttribute('data-payment-request-id', id);
  await api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'POST', '/api/sandbox/clock/advance', {
    ms: 60 * 60_000,
  });
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'expired');
  await expect(staff.getByTestId('active-payment')).toHaveAttribute('data-status', 'EXPIRED');
});

test('restarted while offline, the kiosk still shows and searches its history', async ({
  browser,
}) => {
  const dir = tempDir();
  const first = await launch([], dir);
  const id = await pushRemote(first, 6.75);
  await api(
    first.serviceUrl,
    first.sandboxSecret!,
    'POST',
    `/api/sandbox/payment-requests/${id}/simulate`,
    {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
    },
  );
  const staffBefore = await open(browser, first.consoleUrl);
  await expect(staffBefore.getByTestId('active-payment')).toHaveAttribute(
    'data-status',
    'COMPLETED',
  );
  await first.stop();

  // Started again against a service that is not there: the kiosk is offline.
  const again = await launch(['--service-url', 'http://127.0.0.1:9'], dir);
  const staff = await open(browser, again.consoleUrl);
  await expect(staff.getByTestId('offline-banner')).toBeVisible({ timeout: 20_000 });
  await staff.getByTestId('tab-history').click();
  await staff.getByTestId('history-search-amount').fill('6.75');
  await staff.getByTestId('history-search-submit').click();
  const row = staff.locator(`[data-testid="history-row"][data-payment-request-id="${id}"]`);
  await expect(row).toHaveAttribute('data-status', 'COMPLETED');
  await row.click();
  await expect(staff.getByTestId('payment-detail')).toContainText('£6.75');
});

test('paired by code in the console, the kiosk rides out the service restarting mid-payment', async ({
  browser,
}) => {
  const secret = 'sk_sandbox_e2e_restart';
  const serviceDir = tempDir('counter-service-');
  cleanups.push(() => serviceDir.remove());
  const port = await freePort();
  let service = startServiceProcess(serviceDir.path, port, secret);
  cleanups.push(() => service.child.kill('SIGKILL'));
  const [, serviceUrl] = await service.waitFor(/service listening on (\S+)/);
  const kiosk = await launch(['--service-url', serviceUrl!]);
  const staff = await open(browser, kiosk.consoleUrl);
  const display = await open(browser, kiosk.displayUrl, 1024, 768);

  // First start: the shop chooses its staff PIN, then pairs the kiosk with the dashboard's code.
  await choosePin(staff, '2468');
  const { code } = await api(serviceUrl!, secret, 'POST', '/api/terminal/pairing-codes', {});
  await staff.getByTestId('pair-url').fill(serviceUrl!);
  await staff.getByTestId('pair-code').fill(code);
  await staff.getByTestId('pair-name').fill('Front till');
  await staff.getByTestId('pair-submit').click();
  await expect(staff.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');

  const terminals = await api(serviceUrl!, secret, 'GET', '/api/terminal');
  const { paymentRequestId: id } = await api(
    serviceUrl!,
    secret,
    'POST',
    '/api/terminal/process-remote-payment',
    {
      id: terminals[0].id,
      amount: 15,
    },
  );
  await expect(displayRoot(display)).toHaveAttribute('data-payment-request-id', id);

  // The service dies without warning; the kiosk says it is offline and keeps the payment.
  service.child.kill('SIGKILL');
  await service.exited;
  await expect(staff.getByTestId('offline-banner')).toBeVisible({ timeout: 20_000 });
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting');

  service = startServiceProcess(serviceDir.path, port, secret);
  await service.waitFor(/service listening on/);
  await api(serviceUrl!, secret, 'POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod: 'PAY_BY_BANK',
    outcome: 'COMPLETED',
  });
  await showsCompleted(staff, display, id);
  await expect(staff.getByTestId('offline-banner')).toBeHidden();
});

/** Sizes the customer display runs at: its window, a full-HD screen, tablets both ways, a small screen. */
const DISPLAY_SIZES = [
  { width: 1024, height: 768 },
  { width: 1920, height: 1080 },
  { width: 1280, height: 800 },
  { width: 768, height: 1024 },
  { width: 800, height: 600 },
];

async function expectAmountOnOneLine(display: Page, text: string) {
  for (const size of DISPLAY_SIZES) {
    await display.setViewportSize(size);
    const layout = await amountLayout(display);
    const at = `${layout.text} at ${size.width}×${size.height}`;
    expect(layout.text, at).toBe(text);
    expect(layout.lines, at).toBe(1);
    expect(layout.height, at).toBeLessThan(layout.lineHeight * 1.5);
    expect(layout.overflow, at).toBeLessThanOrEqual(0);
    expect(layout.right, at).toBeLessThanOrEqual(layout.viewportWidth);
    if (layout.codeLeft !== null) expect(layout.right, at).toBeLessThanOrEqual(layout.codeLeft);
  }
  await display.setViewportSize({ width: 1024, height: 768 });
}

test("the keypad refuses more than the terminal's largest payment; the display fits the largest on one line", async ({
  browser,
}) => {
  const kiosk = await launch();
  const { staff, display } = await screens(browser, kiosk);
  await expect(staff.getByTestId('amount-limit')).toHaveText(
    'Largest payment on this terminal: £10,000.00',
  );
  // A new user keys in every digit: those past the terminal's limit are refused as typed.
  await staff.keyboard.type('99999999999999');
  await expect(staff.getByTestId('amount-display')).toHaveText('£9,999.99');
  await expect(staff.getByTestId('amount-refused')).toHaveText(
    '£10,000.00 is the largest payment on this terminal, so that key was not taken.',
  );
  await staff.keyboard.press('Escape');
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'idle');
  const none = await api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'GET', '/api/payment-requests');
  expect(none.totalCount).toBe(0);

  // The dashboard's call is refused with the same words.
  const id = await terminalId(kiosk);
  const refused = await fetch(`${kiosk.serviceUrl}/api/terminal/process-remote-payment`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${kiosk.sandboxSecret}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ id, amount: 12_000 }),
  });
  expect(refused.status).toBe(400);
  expect((await refused.json()).message).toBe(
    "Amount £12,000.00 is more than this terminal's largest payment, £10,000.00",
  );

  // The merchant raises the limit to the most the service takes and pushes that amount.
  await api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'PUT', `/api/terminal/${id}`, {
    maxAmount: 99_999_999.99,
  });
  await pushRemote(kiosk, 99_999_999.99);
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting');
  await expect(displayRoot(display)).toHaveAttribute('data-qr-ready', 'true');
  await expectAmountOnOneLine(display, '£99,999,999.99');
  await screenshot(display, 'display-largest-amount');

  const paymentId = (await displayRoot(display).getAttribute('data-payment-request-id'))!;
  await api(
    kiosk.serviceUrl,
    kiosk.sandboxSecret!,
    'POST',
    `/api/sandbox/payment-requests/${paymentId}/simulate`,
    { paymentMethod: 'CARD', outcome: 'COMPLETED' },
  );
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'completed');
  await expectAmountOnOneLine(display, '£99,999,999.99');
});

test('a payment keyed in while one is on the display waits, is told so, and gets its whole time once shown', async ({
  browser,
}) => {
  const kiosk = await launch();
  const { staff, display } = await screens(browser, kiosk);
  const requests = async () =>
    (await api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'GET', '/api/payment-requests?size=50'))
      .data as { paymentRequestId: string; createdAt: string; expiresAt: string }[];

  await staff.keyboard.type('500');
  await staff.keyboard.press('Enter');
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting');
  const first = (await displayRoot(display).getAttribute('data-payment-request-id'))!;
  await expect(staff.getByTestId('start-notice')).toBeEmpty();
  // The console hears of the live payment by its own state push, a moment after the display may.
  await expect(staff.getByTestId('start-payment')).toHaveText('Queue next payment');

  await staff.keyboard.type('750');
  await staff.keyboard.press('Enter');
  // Queueing behind a live payment is asked first (console-till.spec.ts); Enter confirms.
  await expect(
    staff.getByRole('dialog', { name: 'Queue £7.50 as the next payment?' }),
  ).toBeVisible();
  await staff.keyboard.press('Enter');
  await expect(staff.getByTestId('start-notice')).toHaveText(
    'Queued, 1st in line: it starts on the customer display when the current payment ends, and the customer’s 3 minutes to pay start then.',
  );
  const held = staff.getByTestId('held-item');
  await expect(held).toContainText('£7.50');
  await expect(held).toContainText('its time to pay starts when it is shown');
  await screenshot(staff, 'console-queue');
  await expect(displayRoot(display)).toHaveAttribute('data-payment-request-id', first);
  // Not created at the service yet, so no expiry is running.
  expect((await requests()).map((r) => r.paymentRequestId)).toEqual([first]);

  // Longer than a payment's three minutes pass: the first expires, the waiting one does not.
  await api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'POST', '/api/sandbox/clock/advance', {
    ms: 200_000,
  });
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'expired');
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting', {
    timeout: 20_000,
  });
  await expect(display.getByTestId('display-amount')).toHaveText('£7.50');
  await expect(held).toBeHidden();
  const second = (await displayRoot(display).getAttribute('data-payment-request-id'))!;
  const all = await requests();
  const made = all.find((r) => r.paymentRequestId === second)!;
  const firstMade = all.find((r) => r.paymentRequestId === first)!;
  expect(Date.parse(made.createdAt) - Date.parse(firstMade.createdAt)).toBeGreaterThanOrEqual(
    200_000,
  );
  expect(Date.parse(made.expiresAt) - Date.parse(made.createdAt)).toBe(180_000);

  // A waiting payment can be taken out of the line before it starts.
  await staff.keyboard.type('300');
  await staff.keyboard.press('Enter');
  await staff.getByRole('button', { name: 'Queue £3.00' }).click();
  await expect(held).toContainText('£3.00');
  await held.getByTestId('held-remove').click();
  await expect(held).toBeHidden();
  expect(await requests()).toHaveLength(2);
});

test('history dates are typed and shown in the kiosk locale (dd/mm/yyyy by default)', async ({
  browser,
}) => {
  const kiosk = await launch();
  const { staff } = await screens(browser, kiosk);
  await expect(staff.locator('html')).toHaveAttribute('lang', 'en-GB');
  await staff.keyboard.type('250');
  await staff.keyboard.press('Enter');
  await expect(staff.getByTestId('active-payment')).toBeVisible();

  await staff.getByTestId('tab-history').click();
  const from = staff.getByTestId('history-search-from');
  await expect(from).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  await expect(staff.getByText('From (dd/mm/yyyy)')).toBeVisible();
  const day = (offset: number) => {
    const at = new Date();
    at.setDate(at.getDate() + offset);
    return at.toLocaleDateString('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' });
  };
  await from.fill(day(0));
  await expect(from).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await staff.getByTestId('history-search-submit').click();
  await expect(staff.getByTestId('history-row')).toHaveCount(1);
  await from.fill(day(1));
  await staff.getByTestId('history-search-submit').click();
  await expect(staff.getByTestId('history-row')).toHaveCount(0);
  // Month first is not a date here; staff are told the form to use.
  await from.fill('12/31/2026');
  await staff.getByTestId('history-search-submit').click();
  await expect(staff.getByTestId('form-error')).toHaveText('Enter the start date as dd/mm/yyyy.');
});

test('the locale is configurable: --locale en-US shows mm/dd/yyyy', async ({ browser }) => {
  const kiosk = await launch(['--locale', 'en-US']);
  const { staff } = await screens(browser, kiosk);
  await expect(staff.locator('html')).toHaveAttribute('lang', 'en-US');
  await staff.getByTestId('tab-history').click();
  await expect(staff.getByTestId('history-search-to')).toHaveAttribute('placeholder', 'mm/dd/yyyy');
});

test('both windows have an icon and ask for nothing that is not there', async ({ browser }) => {
  const kiosk = await launch();
  const missing: string[] = [];
  const context = await browser.newContext();
  cleanups.push(() => context.close());
  context.on('response', (response) => {
    if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`);
  });
  for (const url of [kiosk.consoleUrl, kiosk.displayUrl]) {
    const page = await context.newPage();
    await page.goto(url);
    await expect(page.locator('[data-payment-state], [data-ready="true"]').first()).toBeVisible();
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    const svg = await context.request.get(new URL(icon!, page.url()).href);
    expect(svg.status()).toBe(200);
    expect(svg.headers()['content-type']).toBe('image/svg+xml');
  }
  const ico = await context.request.get(new URL('/favicon.ico', kiosk.consoleUrl).href);
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toBe('image/x-icon');
  expect([...(await ico.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  expect(missing).toEqual([]);
});

test('the staff console passes axe-core on every screen, and works from the keyboard', async ({
  browser,
}) => {
  const kiosk = await launch();
  const staff = await open(browser, kiosk.consoleUrl, 1280, 800, { bypassCSP: true });
  await expect(staff.locator('[data-ready="true"]')).toBeVisible();
  await expectAccessible(staff, 'take payment');

  // A payment on the display, one pushed behind it and one keyed in behind that.
  await staff.keyboard.type('1250');
  await staff.keyboard.press('Enter');
  await expect(staff.getByTestId('active-payment')).toBeVisible();
  await pushRemote(kiosk, 4);
  await expect(staff.getByTestId('queue-item')).toHaveCount(1);
  await staff.keyboard.type('300');
  await staff.keyboard.press('Enter');
  await expect(
    staff.getByRole('dialog', { name: 'Queue £3.00 as the next payment?' }),
  ).toBeVisible();
  await staff.keyboard.press('Enter');
  await expect(staff.getByTestId('held-item')).toHaveCount(1);
  await expectAccessible(staff, 'active payment and queue');

  // Cancel reached by Tab, asked in a dialog.
  const cancel = staff.getByTestId('cancel-payment');
  for (let i = 0; i < 40 && !(await cancel.evaluate((el) => el === document.activeElement)); i++)
    await staff.keyboard.press('Tab');
  await expect(cancel).toBeFocused();
  await staff.keyboard.press('Enter');
  await expect(staff.getByTestId('confirm-cancel')).toBeVisible();
  await expectAccessible(staff, 'cancel confirmation');
  await staff.keyboard.press('Escape');

  // History and a payment's detail, opened from the keyboard.
  await staff.getByTestId('tab-history').focus();
  await staff.keyboard.press('Enter');
  const row = staff.getByTestId('history-row').first();
  await expect(row).toBeVisible();
  await expectAccessible(staff, 'history');
  await row.focus();
  await staff.keyboard.press('Enter');
  await expect(staff.getByTestId('payment-detail')).toBeVisible();
  await expectAccessible(staff, 'payment detail');
  await staff.keyboard.press('Escape');
  await expect(staff.getByTestId('payment-detail')).toBeHidden();

  // Settings is staff-only: on first start it asks the shop to choose the staff PIN.
  await staff.getByTestId('tab-settings').focus();
  await staff.keyboard.press('Enter');
  await expect(staff.getByTestId('choose-pin')).toBeVisible();
  await expectAccessible(staff, 'choose the staff PIN');
  await choosePin(staff, '2468');
  await expect(staff.getByTestId('settings-terminal')).toHaveText('Counter kiosk');
  await expectAccessible(staff, 'settings');
});

test('pairing and the kiosk-mode PIN pass axe-core', async ({ browser }) => {
  // Not paired: the console opens on pairing.
  const unpaired = await launch(['--service-url', 'http://127.0.0.1:9']);
  const pairing = await open(browser, unpaired.consoleUrl, 1280, 800, { bypassCSP: true });
  await choosePin(pairing, '2468');
  await expect(pairing.getByTestId('pair-code')).toBeVisible();
  await expectAccessible(pairing, 'pairing');
  await pairing.getByTestId('pair-submit').click();
  await expect(pairing.getByTestId('form-error').first()).toBeVisible();
  await expectAccessible(pairing, 'pairing with an error');

  const kiosk = await launch(['--kiosk'], tempDir(), { COUNTER_KIOSK_PIN: '2468' });
  const staff = await open(browser, kiosk.consoleUrl, 1280, 800, { bypassCSP: true });
  // Settings (and leaving kiosk mode) asks for the staff PIN first; a wrong one opens nothing.
  await staff.getByTestId('tab-settings').click();
  await expect(staff.getByTestId('staff-pin')).toBeVisible();
  await staff.getByTestId('staff-pin').fill('1111');
  await staff.keyboard.press('Enter');
  await expect(staff.getByTestId('form-error')).toHaveText('That PIN is not right.');
  await expect(staff.getByTestId('leave-kiosk-mode')).toHaveCount(0);
  await expectAccessible(staff, 'staff PIN prompt');
  await staff.getByTestId('staff-pin').fill('2468');
  await staff.keyboard.press('Enter');
  await staff.getByTestId('leave-kiosk-mode').click();
  await expect(staff.getByTestId('kiosk-mode')).toHaveText('Off');
});

test('the customer display passes axe-core in every state', async ({ browser }) => {
  const kiosk = await launch();
  const display = await open(browser, kiosk.displayUrl, 1024, 768, { bypassCSP: true });
  const state = (name: string) =>
    expect(displayRoot(display)).toHaveAttribute('data-payment-state', name, { timeout: 20_000 });
  await state('idle');
  await expectAccessible(display, 'idle');
  const simulate = (id: string, outcome: string) =>
    api(
      kiosk.serviceUrl,
      kiosk.sandboxSecret!,
      'POST',
      `/api/sandbox/payment-requests/${id}/simulate`,
      { paymentMethod: 'CARD', outcome },
    );

  const failing = await pushRemote(kiosk, 5);
  await state('awaiting');
  await expect(displayRoot(display)).toHaveAttribute('data-qr-ready', 'true');
  await expectAccessible(display, 'awaiting');
  await simulate(failing, 'FAILED');
  await state('failed');
  await expectAccessible(display, 'failed');
  await simulate(failing, 'COMPLETED');
  await state('completed');
  await expectAccessible(display, 'paid');
  await state('idle');

  const cancelled = await pushRemote(kiosk, 6);
  await state('awaiting');
  await api(
    kiosk.serviceUrl,
    kiosk.sandboxSecret!,
    'POST',
    `/api/payment-request/cancel/${cancelled}`,
  );
  await state('cancelled');
  await expectAccessible(display, 'cancelled');
  await state('idle');

  await pushRemote(kiosk, 7);
  await state('awaiting');
  await api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'POST', '/api/sandbox/clock/advance', {
    ms: 60 * 60_000,
  });
  await state('expired');
  await expectAccessible(display, 'expired');
});
