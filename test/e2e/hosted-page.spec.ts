/**
 * The hosted payment page in a real browser, against a service started in this process: what a
 * customer does on paymentUrl, checked both on the page and through the merchant's API.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { createService, type Service } from '../../src/service/app';
import { api as serviceApi } from './kiosk-harness';
import { headerRecord, startReceiver, type Receiver } from '../helpers/webhook-receiver';

const SECRET = 'sk_sandbox_e2e';
let service: Service;
let base: string;
let receiver: Receiver;
let webhookSecret: string;

test.beforeAll(async () => {
  service = await createService({
    dataDir: null,
    secrets: { sandbox: SECRET, production: 'sk_live_e2e' },
  });
  base = await service.listen(0);
  receiver = await startReceiver();
  const subscription = await api('POST', '/api/webhooks', {
    url: receiver.url,
    eventTypes: ['PAYMENTS_STATUS'],
  });
  webhookSecret = subscription.secret;
});

test.afterAll(async () => {
  await service?.close();
  await receiver?.close();
});

/** The merchant's endpoint received this status, signed so that a Standard Webhooks verifier accepts it. */
async function webhookSaw(paymentRequestId: string, status: string) {
  const delivery = await receiver.waitFor(
    (r) => r.json.data.paymentRequestId === paymentRequestId && r.json.data.status === status,
  );
  const verified = new Webhook(webhookSecret).verify(delivery.body, headerRecord(delivery.headers));
  expect(verified).toMatchObject({ type: 'PAYMENTS_STATUS', data: { paymentRequestId, status } });
  return delivery.json.data;
}

const api = (method: string, path: string, body?: unknown) =>
  serviceApi(base, SECRET, method, path, body);

async function createRequest(fields: Record<string, unknown> = {}) {
  const created = await api('POST', '/api/payments/process-payment', {
    customerId: 'customer-1',
    orderId: `order-${randomUUID().slice(0, 8)}`,
    amount: 20,
    ...fields,
  });
  return created as { paymentUrl: string; paymentRequestId: string };
}

const statusOf = (id: string) => api('GET', `/api/payments/v1/payment-status/${id}`);

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
}

const successHeading = (page: Page) => page.getByRole('heading', { name: 'Payment successful' });

test('pay by bank: choose a bank, approve, see the receipt', async ({ page }) => {
  const { paymentUrl, paymentRequestId } = await createRequest({
    amount: 12.5,
    notes: 'Table 4 <b>lunch</b>',
  });
  const response = await page.goto(paymentUrl);
  expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(response?.headers()['x-frame-options']).toBe('DENY');
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(page.getByText('Counter Demo Shop')).toBeVisible();
  await expect(page.getByTestId('amount')).toHaveText('£12.50');
  // Merchant text is shown as text, never as markup.
  await expect(page.getByText('Table 4 <b>lunch</b>')).toBeVisible();

  await page.getByRole('button', { name: 'Pay by bank' }).click();
  await page.getByRole('radio', { name: 'Demo Building Society' }).check();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await expect(page.getByTestId('brandbar')).toHaveText('Demo Building Society');
  await expect(page.getByTestId('bank-amount')).toHaveText('£12.50');
  await page.getByRole('button', { name: 'Approve' }).click();

  await expect(successHeading(page)).toBeVisible();
  await expect(page.getByTestId('receipt-method')).toHaveText(
    'Bank transfer (Demo Building Society)',
  );
  const status = await statusOf(paymentRequestId);
  expect(status).toMatchObject({
    status: 'COMPLETED',
    paymentMethod: 'PAY_BY_BANK',
    paidAmount: 12.5,
  });
  expect(status.transactions).toHaveLength(1);
  expect(status.transactions[0]).toMatchObject({
    status: 'COMPLETED',
    bankName: 'Demo Building Society',
  });
  expect(await webhookSaw(paymentRequestId, 'COMPLETED')).toMatchObject({
    paidAmount: 12.5,
    paymentMethod: 'PAY_BY_BANK',
  });
});

test('card with a 15% tip: processing, then the receipt; only the last 4 digits are kept', async ({
  page,
}) => {
  const { paymentUrl, paymentRequestId } = await createRequest({ amount: 20 });
  await page.goto(paymentUrl);
  await page.getByRole('radio', { name: /^15%/ }).check();
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page.getByTestId('total')).toHaveText('£23.00');
  await fillCard(page, '4242 4242 4242 4242');

  await expect(successHeading(page)).toBeVisible();
  await expect(page.getByTestId('receipt-tip')).toHaveText('£3.00');
  await expect(page.getByTestId('receipt-total')).toHaveText('£23.00');
  await expect(page.getByTestId('receipt-method')).toHaveText('VISA •••• 4242');

  const status = await statusOf(paymentRequestId);
  expect(status).toMatchObject({
    status: 'COMPLETED',
    paymentMethod: 'CARD',
    amount: 20,
    tipAmount: 3,
    paidAmount: 23,
  });
  expect(status.transactions[0].cardPaymentDetails).toMatchObject({
    maskedCardNumber: '**** **** **** 4242',
    brand: 'VISA',
  });
  const stored = JSON.stringify(await service.store.prepare('SELECT * FROM transactions').all());
  expect(stored).not.toContain('4242424242424242');
});

test("the total's divider runs across the whole breakdown, without a gap", async ({ page }) => {
  const { paymentUrl } = await createRequest({ amount: 12.5 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(paymentUrl);
  await page.getByRole('radio', { name: /^15%/ }).check();
  await page.getByRole('button', { name: 'Pay by card' }).click();
  const breakdown = page.getByTestId('breakdown');
  const list = (await breakdown.boundingBox())!;
  const label = (await breakdown.locator('dt.total').boundingBox())!;
  const value = (await breakdown.locator('dd.total').boundingBox())!;
  // The two halves of the rule meet, and together they span the list.
  expect(Math.abs(label.x + label.width - value.x)).toBeLessThan(1);
  expect(label.x).toBeCloseTo(list.x, 0);
  expect(value.x + value.width).toBeCloseTo(list.x + list.width, 0);
});

test('a bad card number re-renders the form with a message and changes nothing', async ({
  page,
}) => {
  const { paymentUrl, paymentRequestId } = await createRequest();
  await page.goto(paymentUrl);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await fillCard(page, '4242 4242 4242 4241');
  await expect(page.getByTestId('form-error')).toContainText('card number is not valid');
  await expect(page.getByLabel('Name on card')).toHaveValue('Ada Lovelace');
  const status = await statusOf(paymentRequestId);
  expect(status.status).toBe('PAYMENT_NOT_INITIATED');
  expect(status.transactions).toHaveLength(0);
});

test('card declined, then another try with 4242 succeeds', async ({ page }) => {
  const { paymentUrl, paymentRequestId } = await createRequest();
  await page.goto(paymentUrl);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await fillCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  await expect(page.getByTestId('failure-reason')).toHaveText('Card declined');

  await page.getByRole('link', { name: 'Try again' }).click();
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await fillCard(page, '4242424242424242');
  await expect(successHeading(page)).toBeVisible();

  const status = await statusOf(paymentRequestId);
  expect(status.status).toBe('COMPLETED');
  expect(status.transactions.map((t: { status: string }) => t.status)).toEqual([
    'FAILED',
    'COMPLETED',
  ]);
  expect(status.transactions[0].errorDescription).toBe('Card declined');
  expect(await webhookSaw(paymentRequestId, 'FAILED')).toMatchObject({
    errorDescription: 'Card declined',
  });
  expect(await webhookSaw(paymentRequestId, 'COMPLETED')).toMatchObject({ paymentMethod: 'CARD' });
});

test('3D Secure challenge: completing it pays, failing it does not', async ({ page }) => {
  const passed = await createRequest();
  await page.goto(passed.paymentUrl);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await fillCard(page, '4000 0000 0000 3220');
  await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(successHeading(page)).toBeVisible();
  expect((await statusOf(passed.paymentRequestId)).status).toBe('COMPLETED');

  const failed = await createRequest();
  await page.goto(failed.paymentUrl);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await fillCard(page, '4000 0000 0000 3220');
  await page.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page.getByTestId('failure-reason')).toHaveText('3D Secure authentication failed');
  const status = await statusOf(failed.paymentRequestId);
  expect(status).toMatchObject({
    status: 'FAILED',
    errorDescription: '3D Secure authentication failed',
  });
});

test('without allowRetry a failure is final', async ({ page }) => {
  const { paymentUrl, paymentRequestId } = await createRequest({ allowRetry: false });
  await page.goto(paymentUrl);
  await page.getByRole('button', { name: 'Pay by bank' }).click();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByTestId('final-failure')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveCount(0);

  // Going straight to a method's page leads back to the failure, not to another try.
  await page.goto(`${paymentUrl}/card`);
  await expect(page.getByTestId('final-failure')).toBeVisible();
  const status = await statusOf(paymentRequestId);
  expect(status.status).toBe('FAILED');
  expect(status.transactions).toHaveLength(1);
});

test('split the bill between 2 people', async ({ page }) => {
  const { paymentUrl, paymentRequestId } = await createRequest({
    amount: 10.01,
    splitBill: true,
    enableTips: false,
  });
  await page.goto(paymentUrl);
  await expect(page.getByRole('group', { name: 'Add a tip?' })).toHaveCount(0);
  await page.getByLabel('Number of people paying').selectOption('2');
  await page.getByRole('button', { name: 'Pay by bank' }).click();
  await expect(page.getByTestId('breakdown')).toContainText('Your share (1 of 2)');
  await expect(page.getByTestId('total')).toHaveText('£5.01');
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await page.getByRole('button', { name: 'Approve' }).click();

  await expect(page.getByTestId('share-paid')).toContainText('£5.01 was received');
  await expect(page.getByTestId('split-progress')).toContainText(/Paid so far\s*£5\.01/);
  await expect(page.getByTestId('split-progress')).toContainText(/Remaining\s*£5\.00/);
  let status = await statusOf(paymentRequestId);
  expect(status).toMatchObject({ status: 'AWAITING_AUTHORIZATION', paidAmount: 5.01 });

  // The second person pays the rest by card.
  await page.getByLabel('People still to pay').selectOption('1');
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page.getByTestId('total')).toHaveText('£5.00');
  await fillCard(page, '4242424242424242');
  await expect(successHeading(page)).toBeVisible();
  await expect(page.getByTestId('receipt-total')).toHaveText('£10.01');

  status = await statusOf(paymentRequestId);
  expect(status).toMatchObject({ status: 'COMPLETED', paidAmount: 10.01 });
  expect(status.transactions.map((t: { amount: number }) => t.amount)).toEqual([5.01, 5]);
});

test('after success: redirect with callbackParams, or a return link', async ({ page }) => {
  await page.route('https://shop.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Back at the shop</h1>' }),
  );
  const auto = await createRequest({
    redirectUrl: 'https://shop.example/thanks?from=counter',
    callbackParams: { session: 'abc 123', cart: '42' },
    autoRedirect: true,
  });
  await page.goto(auto.paymentUrl);
  await page.getByRole('button', { name: 'Pay by bank' }).click();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/^https:\/\/shop\.example\/thanks/);
  await expect(page.getByRole('heading', { name: 'Back at the shop' })).toBeVisible();
  const landed = new URL(page.url());
  expect(Object.fromEntries(landed.searchParams)).toEqual({
    from: 'counter',
    session: 'abc 123',
    cart: '42',
    paymentRequestId: auto.paymentRequestId,
    status: 'COMPLETED',
  });

  const manual = await createRequest({
    redirectUrl: 'https://shop.example/thanks',
    callbackParams: { session: 'xyz' },
  });
  await page.goto(manual.paymentUrl);
  await page.getByRole('button', { name: 'Pay by bank' }).click();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  const link = page.getByRole('link', { name: 'Return to Counter Demo Shop' });
  await expect(link).toBeVisible();
  const href = new URL((await link.getAttribute('href'))!);
  expect(Object.fromEntries(href.searchParams)).toEqual({
    session: 'xyz',
    paymentRequestId: manual.paymentRequestId,
    status: 'COMPLETED',
  });
  expect(page.url()).toContain('/pay/');
});

test('expired, cancelled and unknown payment links', async ({ page }) => {
  const expiring = await createRequest({ expiresIn: 1000 });
  await api('POST', '/api/sandbox/clock/advance', { ms: 5000 });
  await page.goto(expiring.paymentUrl);
  await expect(page.getByRole('heading', { name: 'This payment link has expired' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Pay by/ })).toHaveCount(0);

  const cancelled = await createRequest();
  await api('POST', `/api/payment-request/cancel/${cancelled.paymentRequestId}`);
  await page.goto(cancelled.paymentUrl);
  await expect(page.getByRole('heading', { name: 'This payment was cancelled' })).toBeVisible();

  const response = await page.goto(`${base}/pay/${randomUUID()}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Payment not found' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('no horizontal scroll and large touch targets', async ({ page }) => {
    const { paymentUrl } = await createRequest({
      amount: 1234.56,
      splitBill: true,
      notes: 'Averyverylongwordthatoverflows',
    });
    for (const path of ['', '/card?tip=none&people=3', '/bank?tip=20&people=1']) {
      await page.goto(`${paymentUrl}${path}`);
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      for (const button of await page.getByRole('button').all()) {
        const box = await button.boundingBox();
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      }
    }
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a card payment still completes (the page refreshes itself)', async ({ page }) => {
    const { paymentUrl, paymentRequestId } = await createRequest();
    await page.goto(paymentUrl);
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await fillCard(page, '4242 4242 4242 4242');
    await expect(successHeading(page)).toBeVisible();
    expect((await statusOf(paymentRequestId)).status).toBe('COMPLETED');
  });
});

/**
 * axe-core in the browser on every state of the page: no serious or critical violation. The
 * pages' strict CSP would stop axe's injected script, so these contexts bypass CSP. A service
 * of their own whose scheduler never ticks keeps a card payment processing for as long as the
 * check takes (pages apply due expiries themselves).
 */
/** A customer with an email address and one saved test card; `at` the service to use. */
async function returningCustomer(at: string, number = '4242424242424242') {
  const customer = await serviceApi(at, SECRET, 'POST', '/api/customers', {
    fullName: 'Ada Returning',
    email: `ada.${randomUUID().slice(0, 8)}@example.com`,
  });
  await serviceApi(at, SECRET, 'POST', `/api/sandbox/customers/${customer.id}/cards`, { number });
  return customer as { id: string; email: string };
}

/** The one-time code in the newest message the sandbox keeps for the customer. */
async function codeFor(at: string, customerId: string) {
  const messages = await serviceApi(
    at,
    SECRET,
    'GET',
    `/api/sandbox/messages?customerId=${customerId}`,
  );
  return /\b(\d{6})\b/.exec(messages.data[0].body)![1]!;
}

test('a returning customer confirms with a code sent to them, then pays with a saved card', async ({
  page,
  browser,
}) => {
  const customer = await returningCustomer(base);
  const { paymentUrl, paymentRequestId } = await createRequest({
    amount: 12,
    serviceCustomerId: customer.id,
  });
  await page.goto(paymentUrl);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  // Nothing about the cards until the customer proves it is them.
  await expect(page.getByRole('heading', { name: 'Pay with a saved card' })).toBeVisible();
  await expect(page.getByText(/ending 4242/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await expect(page.getByTestId('code-sent')).toContainText(
    `We sent a 6-digit code to a•••@example.com`,
  );

  const code = await codeFor(base, customer.id);
  await page.getByLabel('Code', { exact: true }).fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('form-error')).toHaveText(
    'That code is not right. Check the message and try again.',
  );
  await expect(page.getByText('4 tries left.')).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();

  // Someone else with the same link still sees no card.
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await stranger.goto(`${paymentUrl}/card?tip=none&people=1`);
  await expect(stranger.getByRole('button', { name: 'Send me a code' })).toBeVisible();
  await expect(stranger.getByText(/ending 4242/)).toHaveCount(0);
  await other.close();

  await page.getByRole('button', { name: /^VISA ending 4242/ }).click();
  await expect(successHeading(page)).toBeVisible();
  const status = await statusOf(paymentRequestId);
  expect(status).toMatchObject({ status: 'COMPLETED', paidAmount: 12, tipAmount: 0 });
  expect(status.transactions[0].cardPaymentDetails.maskedCardNumber).toBe('**** **** **** 4242');
});

test.describe('accessibility (axe-core)', () => {
  test.use({ bypassCSP: true });
  let quiet: Service;
  let quietBase: string;

  test.beforeAll(async () => {
    quiet = await createService({
      dataDir: null,
      secrets: { sandbox: SECRET, production: 'sk_live_e2e' },
      tickMs: 3_600_000,
    });
    quietBase = await quiet.listen(0);
  });
  test.afterAll(async () => {
    await quiet?.close();
  });

  const create = async (fields: Record<string, unknown> = {}) =>
    (await serviceApi(quietBase, SECRET, 'POST', '/api/payments/process-payment', {
      customerId: 'customer-1',
      orderId: `order-${randomUUID().slice(0, 8)}`,
      amount: 20,
      ...fields,
    })) as { paymentUrl: string; paymentRequestId: string };

  async function expectAccessible(page: Page, state: string) {
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target).join(', ')}`);
    expect(bad, `axe on the ${state} page`).toEqual([]);
  }

  test('method choice, card form with an error, processing, 3D Secure, failed', async ({
    page,
  }) => {
    const { paymentUrl } = await create({ splitBill: true });
    await page.goto(paymentUrl);
    await expect(page.getByRole('heading', { name: 'How would you like to pay?' })).toBeVisible();
    await expectAccessible(page, 'method choice (tips and split)');

    await page.getByRole('button', { name: 'Pay by card' }).click();
    await expect(page.getByRole('heading', { name: 'Pay by card' })).toBeVisible();
    await page.getByText('Test cards').click();
    await expectAccessible(page, 'card form');
    await fillCard(page, '4242 4242 4242 4241');
    await expect(page.getByTestId('form-error')).toBeVisible();
    await expectAccessible(page, 'card form with an error');

    await fillCard(page, '4242 4242 4242 4242');
    await expect(page.getByTestId('processing')).toBeVisible();
    await expectAccessible(page, 'processing');

    const challenged = await create();
    await page.goto(`${challenged.paymentUrl}/card`);
    await fillCard(page, '4000 0000 0000 3220');
    await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
    await expectAccessible(page, '3D Secure challenge');
    await page.goto(challenged.paymentUrl);
    await expect(page.getByRole('heading', { name: 'Waiting for your approval' })).toBeVisible();
    await expectAccessible(page, 'waiting for approval');
    await page.getByRole('link', { name: 'Continue to confirm' }).click();
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
    await expectAccessible(page, 'failed');
  });

  test('bank choice, bank approval, split bill part-paid, paid', async ({ page }) => {
    const { paymentUrl } = await create({ amount: 10.01, splitBill: true });
    await page.goto(`${paymentUrl}/bank?tip=10&people=2`);
    await expect(page.getByRole('heading', { name: 'Pay by bank' })).toBeVisible();
    await expectAccessible(page, 'bank choice');
    await page.getByRole('button', { name: 'Continue to your bank' }).click();
    await expect(page.getByRole('heading', { name: 'Approve this payment?' })).toBeVisible();
    await expectAccessible(page, 'bank approval');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('share-paid')).toBeVisible();
    await expectAccessible(page, 'split bill, part-paid');

    await page.getByRole('button', { name: 'Pay by bank' }).click();
    await page.getByRole('button', { name: 'Continue to your bank' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(successHeading(page)).toBeVisible();
    await expectAccessible(page, 'paid');
  });

  test('expired, cancelled, final failure, not found, and the API docs', async ({ page }) => {
    const expiring = await create({ expiresIn: 1000 });
    await serviceApi(quietBase, SECRET, 'POST', '/api/sandbox/clock/advance', { ms: 5000 });
    await page.goto(expiring.paymentUrl);
    await expect(page.getByTestId('closed-expired')).toBeVisible();
    await expectAccessible(page, 'expired');

    const cancelled = await create();
    await serviceApi(
      quietBase,
      SECRET,
      'POST',
      `/api/payment-request/cancel/${cancelled.paymentRequestId}`,
    );
    await page.goto(cancelled.paymentUrl);
    await expect(page.getByTestId('closed-cancelled')).toBeVisible();
    await expectAccessible(page, 'cancelled');

    const final = await create({ allowRetry: false });
    await page.goto(`${final.paymentUrl}/bank`);
    await page.getByRole('button', { name: 'Continue to your bank' }).click();
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByTestId('final-failure')).toBeVisible();
    await expectAccessible(page, 'final failure');

    await page.goto(`${quietBase}/pay/${randomUUID()}`);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expectAccessible(page, 'not found');

    await page.goto(`${quietBase}/docs`);
    await expectAccessible(page, 'API docs');
  });

  test('saved card: confirm it is you, code entry with an error, the cards', async ({ page }) => {
    const customer = await returningCustomer(quietBase);
    const { paymentUrl } = await create({ serviceCustomerId: customer.id });
    await page.goto(`${paymentUrl}/card?tip=none&people=1`);
    await expectAccessible(page, 'saved card, confirm it is you');
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByLabel('Code', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByTestId('form-error')).toBeVisible();
    await expectAccessible(page, 'saved card, code entry with an error');
    await page.getByLabel('Code', { exact: true }).fill(await codeFor(quietBase, customer.id));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByTestId('saved-card')).toHaveCount(1);
    await expectAccessible(page, 'saved cards');
  });
});

test('keyboard only: tip, method and card form in order, with a visible focus', async ({
  page,
}) => {
  const { paymentUrl, paymentRequestId } = await createRequest({ amount: 20 });
  await page.goto(paymentUrl);
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement;
      const style = getComputedStyle(el);
      return {
        name: el.getAttribute('name') ?? el.textContent?.trim(),
        value: el.value,
        outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
      };
    });
  await page.keyboard.press('Tab');
  expect(await focused()).toEqual({ name: 'tip', value: 'none', outline: true });
  await page.keyboard.press('ArrowDown');
  expect(await focused()).toEqual({ name: 'tip', value: '10', outline: true });
  await page.keyboard.press('Tab');
  expect(await focused()).toMatchObject({ name: 'customTip', outline: true });
  await page.keyboard.press('Tab');
  expect(await focused()).toMatchObject({ name: 'Pay by bank', outline: true });
  await page.keyboard.press('Tab');
  expect(await focused()).toMatchObject({ name: 'Pay by card', outline: true });
  await page.keyboard.press('Enter');

  await expect(page.getByTestId('total')).toHaveText('£22.00');
  for (const [name, text] of [
    ['name', 'Ada Lovelace'],
    ['number', '4242424242424242'],
    ['expiry', '12/34'],
    ['cvc', '123'],
  ] as const) {
    await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ name, outline: true });
    await page.keyboard.type(text);
  }
  await page.keyboard.press('Tab');
  expect(await focused()).toMatchObject({ name: 'Pay £22.00', outline: true });
  await page.keyboard.press('Enter');
  await expect(successHeading(page)).toBeVisible();
  expect((await statusOf(paymentRequestId)).paidAmount).toBe(22);
});

test('hostile merchant name, order id, notes and callbackParams stay text', async ({ page }) => {
  const attack = `"><img id="injected" src=x onerror="window.pwned=1"><script>window.pwned=2</script>`;
  await page.route('https://shop.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Back at the shop</h1>' }),
  );
  const merchant = service.store.prepare<[], { id: string; name: string }>(
    'SELECT id, name FROM merchants LIMIT 1',
  );
  const original = (await merchant.get())!;
  await service.store
    .prepare('UPDATE merchants SET name = ? WHERE id = ?')
    .run(`Shop ${attack}`, original.id);
  try {
    const orderId = 'A"><img id="injected" src=x onerror=alert(1)>';
    const notes = '<b id="injected">Notes</b>';
    const { paymentUrl, paymentRequestId } = await createRequest({
      orderId,
      notes,
      redirectUrl: 'https://shop.example/thanks',
      callbackParams: { session: attack },
    });
    await page.goto(paymentUrl);
    await expect(page.getByText(`Shop ${attack}`).first()).toBeVisible();
    await expect(page.getByText(notes)).toBeVisible();
    await expect(page.getByText(`Order ${orderId}`)).toBeVisible();
    await expect(page).toHaveTitle(`Pay Shop ${attack}`);

    await page.getByRole('button', { name: 'Pay by bank' }).click();
    await page.getByRole('button', { name: 'Continue to your bank' }).click();
    await expect(page.getByText(`Shop ${attack}`)).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(successHeading(page)).toBeVisible();
    const link = page.getByRole('link', { name: `Return to Shop ${attack}` });
    const href = new URL((await link.getAttribute('href'))!);
    expect(Object.fromEntries(href.searchParams)).toEqual({
      session: attack,
      paymentRequestId,
      status: 'COMPLETED',
    });
    // Nothing the text carried became an element, and no injected script ran.
    await expect(page.locator('#injected, img')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.locator('script').count()).toBe(0);
  } finally {
    await service.store
      .prepare('UPDATE merchants SET name = ? WHERE id = ?')
      .run(original.name, original.id);
  }
});
