/**
 * The merchant dashboard in a real browser against a service started in this process: sign in,
 * pair a kiosk with the code on screen, push a payment to it and follow it live, cancel one,
 * switch remote payments off, manage webhooks. The kiosk's side is played by this test over
 * HTTP (pairing and its push stream); every change is checked on the page and through the API.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createService, type Service } from '../../src/service/app';
import { connectSse, type SseConnection } from '../helpers/sse';

const SANDBOX = 'sk_sandbox_dash';
const PRODUCTION = 'sk_live_dash';
/** The page polls every 2 s; live updates get a few polls' grace. */
const LIVE = { timeout: 10_000 };

let service: Service;
let base: string;
let page: Page;
let kiosk: { id: string; secret: string } | undefined;
let stream: SseConnection | undefined;

/** A webhook endpoint that records what it receives and answers 204. */
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let receiverUrl: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  service = createService({ dataDir: null, secrets: { sandbox: SANDBOX, production: PRODUCTION } });
  base = await service.listen(0);
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/counter`;
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});

test.afterAll(async () => {
  stream?.close();
  await page?.close();
  await service?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function api(method: string, path: string, body?: unknown, secret: string | null = SANDBOX) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(secret ? { authorization: `Bearer ${secret}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = await response.json();
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

const terminalRow = () => page.getByTestId('terminal').filter({ hasText: 'Front till' });
const paymentRow = (id: string) => page.locator(`[data-payment-id="${id}"]`);
const terminalOption = () => page.locator('#push-terminal option', { hasText: 'Front till' });

/** Fills and sends the push form; returns the payment request id the page reports. */
async function pushFromDashboard(
  amount: string,
  method: 'Any' | 'Pay by bank' | 'Card',
  notes = '',
) {
  await page.getByLabel('Terminal', { exact: true }).selectOption({ label: 'Front till' });
  await page.getByLabel('Amount (£)').fill(amount);
  await page.getByRole('radio', { name: method, exact: true }).check();
  await page.getByLabel(/^Notes/).fill(notes);
  await page.getByRole('button', { name: 'Send to terminal' }).click();
  const result = page.getByTestId('push-result');
  await expect(result).toContainText('Sent to Front till');
  const id = /Payment request ([0-9a-f-]{36})/.exec((await result.textContent()) ?? '')?.[1];
  expect(id).toBeTruthy();
  return id!;
}

test('a wrong secret is refused with a message saying so', async () => {
  await page.goto(`${base}/dashboard`);
  await page.getByLabel('Access secret').fill('sk_sandbox_not_the_right_one');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('That access secret was not accepted');
  await expect(page.locator('#app')).toBeHidden();
  expect(page.url()).toBe(`${base}/dashboard`);
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
});

test('signs in with a sandbox secret, shows SANDBOX, and keeps the secret in this tab only', async () => {
  await page.getByLabel('Access secret').fill(SANDBOX);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('env-badge')).toHaveText('SANDBOX');
  await expect(page.getByRole('heading', { name: 'Terminals' })).toBeVisible();
  await expect(page.getByText('No terminals yet')).toBeVisible();
  // Never in a URL or a cookie; the field is emptied.
  expect(page.url()).toBe(`${base}/dashboard`);
  expect(await page.context().cookies()).toEqual([]);
  await expect(page.getByLabel('Access secret')).toHaveValue('');
  // A reload of the tab stays signed in (sessionStorage).
  await page.reload();
  await expect(page.getByTestId('env-badge')).toHaveText('SANDBOX');
});

test('pairs a kiosk with the large code the dashboard shows', async () => {
  await page.getByRole('button', { name: 'Add a terminal' }).click();
  await expect(page.getByText('Enter this code on the kiosk')).toBeVisible();
  const code = page.getByTestId('pairing-code');
  await expect(code).toHaveText(/^\d{3} \d{3}$/);
  expect(await code.evaluate((el) => getComputedStyle(el).fontSize)).toBe('64px');
  await expect(page.locator('#pairing-expiry')).toContainText(/Expires in (10:00|9:\d\d)/);

  // The kiosk types the code in.
  const typed = ((await code.textContent()) ?? '').replace(/\s/g, '');
  const paired = await api('POST', '/api/terminal/pair', { code: typed, name: 'Front till' }, null);
  kiosk = { id: paired.terminal.id, secret: paired.secret };

  await expect(terminalRow()).toBeVisible(LIVE);
  await expect(page.getByText('Paired: Front till')).toBeVisible();
  await expect(code).toBeHidden();
  await expect(terminalRow().getByText('Waiting for the kiosk to connect')).toBeVisible();
  await expect(terminalRow()).toContainText('Offline');
  // Not connected yet: it cannot take a pushed payment.
  await expect(terminalOption()).toBeDisabled();
  await expect(terminalOption()).toContainText('waiting for the kiosk to connect');
});

test('shows the terminal online once the kiosk opens its push stream', async () => {
  stream = await connectSse(`${base}/api/terminal/events`, kiosk!.secret);
  await stream.next((e) => e.event === 'ready');
  await expect(terminalRow()).toContainText('Online', LIVE);
  await expect(terminalRow().locator('.dot')).toHaveClass(/online/);
  await expect(terminalRow().getByText('Waiting for the kiosk to connect')).toBeHidden();
  await expect(terminalOption()).toBeEnabled();
});

test('pushes a payment to the kiosk and follows it live to COMPLETED', async () => {
  const id = await pushFromDashboard('12.34', 'Card', 'Table 7');
  const pushed = await stream!.next(
    (e) => e.event === 'REMOTE_PAYMENT_REQUEST' && JSON.parse(e.data).data.paymentRequestId === id,
  );
  expect(JSON.parse(pushed.data).data).toMatchObject({
    amount: 12.34,
    paymentMethod: 'CARD',
    notes: 'Table 7',
    terminalId: kiosk!.id,
  });

  const row = paymentRow(id);
  await expect(row.getByTestId('payment-status')).toHaveText('PAYMENT_NOT_INITIATED', LIVE);
  await expect(row).toContainText('£12.34');
  await expect(row).toContainText('Front till');
  await expect(row).toContainText('Table 7');

  // The customer pays on the kiosk; the list follows without a reload.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await api('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod: 'CARD',
    outcome: 'COMPLETED',
    tipAmount: 1.5,
  });
  await expect(row.getByTestId('payment-status')).toHaveText('COMPLETED', LIVE);
  await expect(row).toContainText('£1.50');
  await expect(row.getByRole('button', { name: 'Cancel' })).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test('cancels an unpaid payment from the list', async () => {
  const id = await pushFromDashboard('5', 'Any');
  const row = paymentRow(id);
  await expect(row.getByTestId('payment-status')).toHaveText('PAYMENT_NOT_INITIATED', LIVE);
  await row.getByRole('button', { name: 'Cancel' }).click();
  await row.getByRole('button', { name: 'Confirm cancel' }).click();
  await expect(row.getByTestId('payment-status')).toHaveText('CANCELLED', LIVE);
  expect((await api('GET', `/api/payments/v1/payment-status/${id}`)).status).toBe('CANCELLED');
});

test('checks the amount in the page and shows the service’s own message for what it refuses', async () => {
  const before = (await api('GET', '/api/payment-requests')).totalCount;
  await page.getByLabel('Amount (£)').fill('1.234');
  await page.getByRole('button', { name: 'Send to terminal' }).click();
  await expect(page.locator('#push-error')).toContainText('at most 2 decimal places');
  await page.getByLabel('Amount (£)').fill('0');
  await page.getByRole('button', { name: 'Send to terminal' }).click();
  await expect(page.locator('#push-error')).toContainText('more than £0.00');

  // Past the page's own limit (a script could do this): the service's 400 is shown as it says it.
  await page.locator('#push-notes').evaluate((el) => el.removeAttribute('maxlength'));
  await page.getByLabel('Amount (£)').fill('2');
  await page.getByLabel(/^Notes/).fill('x'.repeat(31));
  await page.getByRole('button', { name: 'Send to terminal' }).click();
  await expect(page.locator('#push-error')).toHaveText(
    'Not sent: notes: must be at most 30 characters after trimming',
  );
  expect((await api('GET', '/api/payment-requests')).totalCount).toBe(before);

  // Corrected, it goes, and the message clears.
  const id = await pushFromDashboard('8.50', 'Pay by bank', 'Table 12');
  await expect(page.locator('#push-error')).toBeHidden();
  await expect(paymentRow(id)).toContainText('£8.50', LIVE);
});

test('switching remote payments off takes the terminal out of the push form', async () => {
  await page.getByRole('switch', { name: 'Remote payments for Front till' }).uncheck();
  await expect(terminalOption()).toBeDisabled();
  await expect(terminalOption()).toContainText('remote payments are off');
  const [listed] = await api('GET', '/api/terminal');
  expect(listed).toMatchObject({ id: kiosk!.id, remotePaymentsEnabled: false });
  // It stays off across polls.
  await page.waitForResponse((r) => r.url().endsWith('/api/terminal'));
  await expect(
    page.getByRole('switch', { name: 'Remote payments for Front till' }),
  ).not.toBeChecked();
});

test('webhooks: add an endpoint, see its secret once, follow deliveries, resend', async () => {
  await page.getByLabel('Endpoint URL').fill(receiverUrl);
  await page.getByLabel('Description').fill('Till reconciliation');
  await expect(page.getByRole('checkbox', { name: /PAYMENTS_STATUS/ })).toBeChecked();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const secret = page.getByTestId('webhook-secret');
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/]+=*$/);
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
  const shown = (await secret.textContent())!;
  await page.getByRole('button', { name: 'I have saved it' }).click();
  await expect(secret).toBeHidden();
  expect(await page.content()).not.toContain(shown); // gone from the page, not just hidden
  const item = page.getByTestId('webhook').filter({ hasText: receiverUrl });
  await expect(item).toContainText('PAYMENTS_STATUS');
  await expect(item).toContainText('Till reconciliation');

  // A payment changes; the endpoint hears of it and the log shows the delivery.
  const created = await api('POST', '/api/payments/process-payment', {
    customerId: 'c-1',
    orderId: 'hook-1',
    amount: 3,
  });
  await api('POST', `/api/payment-request/cancel/${created.paymentRequestId}`);
  await item.getByRole('button', { name: /Show deliveries/ }).click();
  const deliveries = item.getByTestId('delivery');
  await expect(deliveries).toHaveCount(1, LIVE);
  await expect(deliveries.first()).toContainText('PAYMENTS_STATUS');
  await expect(deliveries.first().getByTestId('delivery-status')).toHaveText('DELIVERED', LIVE);
  await expect(deliveries.first()).toContainText('HTTP 204');
  expect(received).toHaveLength(1);
  expect(JSON.parse(received[0]!.body).data).toMatchObject({
    status: 'CANCELLED',
    orderId: 'hook-1',
  });

  await deliveries.first().getByRole('button', { name: 'Resend' }).click();
  await expect(item.getByRole('status').filter({ hasText: 'will be sent again' })).toBeVisible();
  await expect(deliveries).toHaveCount(2, LIVE);
  await expect(item.getByTestId('delivery-status').filter({ hasText: 'DELIVERED' })).toHaveCount(
    2,
    LIVE,
  );
  expect(received).toHaveLength(2);
  // The same event again: same webhook-id, so the receiver can tell it is a repeat.
  expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);

  // `SCREENSHOTS=1 npm run test:e2e` refreshes the picture in docs/; a plain run changes no file.
  if (process.env.SCREENSHOTS === '1') {
    mkdirSync('docs/screenshots', { recursive: true });
    await page.screenshot({ path: 'docs/screenshots/dashboard.png', fullPage: true });
  }
});

test('renames and unpairs the terminal; its push stream ends', async () => {
  await page.getByRole('button', { name: 'Rename Front till' }).click();
  await page.getByLabel('New name').fill('Bar till');
  await page.getByRole('button', { name: 'Save name' }).click();
  const row = page.getByTestId('terminal').filter({ hasText: 'Bar till' });
  await expect(row).toBeVisible();
  expect((await api('GET', '/api/terminal'))[0].name).toBe('Bar till');

  await page.getByRole('button', { name: 'Unpair Bar till' }).click();
  await row.getByRole('button', { name: 'Yes, unpair' }).click();
  await expect(row).toBeHidden();
  await stream!.closed;
  expect(await api('GET', '/api/terminal')).toEqual([]);
});

test('a production secret shows PRODUCTION and none of the sandbox data; sign out forgets it', async () => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Access secret')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  await expect(page.getByTestId('payment')).toHaveCount(0);

  await page.getByLabel('Access secret').fill(PRODUCTION);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('env-badge')).toHaveText('PRODUCTION');
  await expect(page.getByText('No payments yet.')).toBeVisible(LIVE);
  await expect(page.getByTestId('webhook')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.reload();
  await expect(page.getByLabel('Access secret')).toBeVisible();
  await expect(page.getByTestId('env-badge')).toBeHidden();
});
