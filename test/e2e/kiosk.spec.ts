/**
 * The kiosk end to end, as shops and customers use it: Counter started with `npm start --
 * --browser --no-open` (real child process, embedded service, SQLite on disk), the staff console
 * and the customer display in Chromium, the customer paying on paymentUrl in a browser context
 * of their own after reading the QR code off the display with a real decoder.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createServer } from 'node:net';
import {
  api,
  displayRoot,
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

async function launch(args: string[] = [], dir = tempDir()): Promise<Kiosk & { dir: string }> {
  const kiosk = await startKiosk(dir.path, args);
  cleanups.push(() => dir.remove());
  cleanups.push(() => kiosk.stop());
  return { ...kiosk, dir: dir.path };
}

async function open(browser: Browser, url: string, width = 1280, height = 800): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
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
  const id = /Payment request ([0-9a-f-]{36})/.exec((await result.textContent()) ?? '')![1]!;

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
  await staff.getByTestId('cancel-payment').click();
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'cancelled');
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

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

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

  // Staff pair the kiosk with the code the dashboard would show.
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
