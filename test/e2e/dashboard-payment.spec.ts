/**
 * A payment's own page in the merchant dashboard (/dashboard/payments/{id}), in a real browser
 * against a service started in this process: pushed to a kiosk with a basket from the push form,
 * whose confirmation reads as words (amount, terminal) with a link to the page, not an id; then
 * paid by card with a tip, part refunded, and its webhooks delivered to a receiver on loopback.
 * The page is opened by its address (and reloaded), and shows each section: basket, method and
 * card, tip, terminal and store, who made it, the status timeline, refunds, webhooks and the
 * receipt link; the list's Details opens it and the back button leaves it. Its layout is checked
 * at 390, 768 and 1280 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createService, type Service } from '../../src/service/app';
import { connectSse, type SseConnection } from '../helpers/sse';
import { atEachWidth, checkCommonLayout } from './layout';
import { api as serviceApi } from './kiosk-harness';

const SANDBOX = 'sk_sandbox_paypage';
const PRODUCTION = 'sk_live_paypage';
const LIVE = { timeout: 10_000 };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

let service: Service;
let base: string;
let page: Page;
let stream: SseConnection | undefined;
let receiver: Server;
let hooks = '';
let paymentId = '';
let orderId = '';
const pageErrors: string[] = [];

test.describe.configure({ mode: 'serial' });

/** The service's API as the merchant (its sandbox secret unless told another, or none). */
const api = (method: string, path: string, body?: unknown, secret: string | null = SANDBOX) =>
  serviceApi(base, secret, method, path, body);

test.beforeAll(async ({ browser }) => {
  service = await createService({
    dataDir: null,
    secrets: { sandbox: SANDBOX, production: PRODUCTION },
  });
  base = await service.listen(0);
  receiver = createServer((_req, res) => res.writeHead(204).end());
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hooks = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/orders`;
  await api('POST', '/api/webhooks', {
    url: hooks,
    description: 'Order system',
    eventTypes: ['PAYMENTS_STATUS', 'REFUND_STATUS'],
  });
  // The kiosk: paired, and online on its push stream, so the push form can send to it.
  const code = await api('POST', '/api/terminal/pairing-codes', {});
  const paired = await api(
    'POST',
    '/api/terminal/pair',
    { code: code.code, name: 'Front till' },
    null,
  );
  stream = await connectSse(`${base}/api/terminal/events`, paired.secret);
  await stream.next((e) => e.event === 'ready');

  // bypassCSP only so axe-core can inject its script; the app runs under its real CSP.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
  });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

test.afterAll(async () => {
  stream?.close();
  await page?.context().close();
  await service?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

test('the push confirmation says the amount and the terminal, and links to the payment', async () => {
  await page.goto(`${base}/dashboard`);
  await page.getByLabel('Access secret').fill(SANDBOX);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(page.locator('#push-terminal option', { hasText: 'Front till' })).toBeEnabled(LIVE);
  await page.getByLabel('Terminal', { exact: true }).selectOption({ label: 'Front till' });
  await page.getByTestId('push-basket').fill('2 x Flat white @ 3.20\nCroissant @ 2.75');
  await page.getByRole('button', { name: 'Send to terminal' }).click();

  const result = page.getByTestId('push-result');
  await expect(result).toContainText('Sent to Front till: £9.15.');
  // A person reads words: no payment request id.
  expect(await result.textContent()).not.toMatch(UUID);
  const link = result.getByRole('link', { name: 'Open the payment' });
  paymentId = UUID.exec((await link.getAttribute('href')) ?? '')?.[0] ?? '';
  expect(paymentId).not.toBe('');
  await checkCommonLayout(page, 'Push confirmation', 1280);

  await link.click();
  await expect(page).toHaveURL(`${base}/dashboard/payments/${paymentId}`);
  orderId = (await api('GET', `/api/payments/v1/payment-status/${paymentId}`)).orderId;
  await expect(page.getByRole('heading', { level: 1, name: `Payment ${orderId}` })).toBeVisible();
  await expect(page.getByTestId('payment-page').getByTestId('payment-status')).toHaveText(
    'Waiting for customer',
  );
});

test("a paid payment's page, opened by its address, shows each of its sections", async () => {
  await api('POST', `/api/sandbox/payment-requests/${paymentId}/simulate`, {
    paymentMethod: 'CARD',
    outcome: 'COMPLETED',
    tipAmount: 1.5,
  });
  await api('POST', `/api/refund/${paymentId}`, { amount: 2, refundNotes: 'Cold coffee' });
  // Deep link: a fresh load of the page's address, then a reload, both land on the payment.
  await page.goto(`${base}/dashboard/payments/${paymentId}`);
  await page.reload();
  const facts = page.getByTestId('payment-facts');
  await expect(page.getByTestId('payment-page').getByTestId('payment-status')).toHaveText(
    'Paid',
    LIVE,
  );
  await expect(facts.getByTestId('fact-amount')).toHaveText('£9.15');
  await expect(facts.getByTestId('fact-tip')).toHaveText('£1.50');
  await expect(facts.getByTestId('fact-paid')).toHaveText('£10.65');
  await expect(facts.getByTestId('fact-method')).toHaveText('Card');
  await expect(facts.getByTestId('fact-card')).toHaveText('Visa ending 4242');
  await expect(facts.getByTestId('fact-terminal')).toHaveText('Front till', LIVE);
  await expect(facts.getByTestId('fact-store')).toHaveText('Main Street', LIVE);
  // Pushed from this dashboard's form, and the service recorded so.
  await expect(facts.getByTestId('fact-source')).toHaveText(
    'Sent to the terminal from the dashboard',
  );
  await expect(facts.getByRole('link', { name: 'Open the receipt' })).toHaveAttribute(
    'href',
    `/receipt/${paymentId}`,
  );

  const lines = page.getByTestId('basket-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('Flat white');
  await expect(lines.nth(0)).toContainText('£6.40');
  await expect(lines.nth(1)).toContainText('Croissant');

  // The timeline, as the kiosk's History lists it: created, then each change with its time.
  const changes = page.getByTestId('status-change');
  await expect(changes.first()).toContainText('Created as Waiting for customer');
  await expect(changes.last()).toHaveAttribute('data-to', 'COMPLETED');
  await expect(changes.last()).toContainText('→ Paid');
  expect(await changes.evaluateAll((items) => items.every((li) => li.querySelector('time')))).toBe(
    true,
  );

  const refund = page.getByTestId('refund');
  await expect(refund).toHaveCount(1);
  await expect(refund).toContainText('£2.00');
  await expect(refund).toContainText('Cold coffee');

  // The webhooks sent for it: its status changes and its refund, each delivered to the receiver.
  const webhooks = page.getByTestId('payment-webhook');
  await expect(webhooks.filter({ hasText: 'REFUND_STATUS' }).first()).toBeVisible(LIVE);
  await expect(webhooks.filter({ hasText: 'PAYMENTS_STATUS' }).last()).toHaveAttribute(
    'data-status',
    'DELIVERED',
    LIVE,
  );
  await expect(webhooks.first()).toContainText(hooks);
  await expect(webhooks.filter({ hasText: 'PAYMENTS_STATUS' }).last()).toContainText('Delivered');
  await expect(webhooks.filter({ hasText: 'PAYMENTS_STATUS' }).last()).toContainText('HTTP 204');

  await atEachWidth(page, (width) => checkCommonLayout(page, 'A payment', width));
  await page.setViewportSize({ width: 1280, height: 900 });
});

test("the list's Details opens the page; one control leads back, and so does the back button", async () => {
  await page.goto(`${base}/dashboard/payments`);
  const row = page.locator(`[data-payment-id="${paymentId}"]`);
  await row.getByRole('link', { name: `Details of ${orderId}` }).click();
  await expect(page).toHaveURL(`${base}/dashboard/payments/${paymentId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Payment ${orderId}` })).toBeVisible();
  // One way back on the page, not a Hide and a Close.
  await expect(page.getByRole('button', { name: /details/i })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /All payments/ })).toHaveCount(1);
  await page.goBack();
  await expect(page).toHaveURL(`${base}/dashboard/payments`);
  await expect(row).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: `Payment ${orderId}` })).toBeVisible();
  await page.getByRole('link', { name: '← All payments' }).click();
  await expect(page).toHaveURL(`${base}/dashboard/payments`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
});

test("another environment's payment, or no payment, is not found", async () => {
  await page.goto(`${base}/dashboard/payments/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByText('There is no payment with this id in this account')).toBeVisible();
  await page.goto(`${base}/dashboard/payments/not-an-id`);
  await expect(page.getByText('There is no payment with this id in this account')).toBeVisible();
  expect(pageErrors).toEqual([]);
});
