/**
 * Card on file in a real browser, against a service started in this process: a customer saves a
 * card on the hosted card page with 3D Secure, the merchant charges it off-session, and the
 * sandbox clock moves one authorization to its automatic capture and another to its expiry.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createService, type Service } from '../../src/service/app';
import { api as serviceApi } from './kiosk-harness';

const SECRET = 'sk_sandbox_e2e_customers';
const DAY = 24 * 3600_000;
let service: Service;
let base: string;

test.beforeAll(async () => {
  service = await createService({
    dataDir: null,
    secrets: { sandbox: SECRET, production: 'sk_live_e2e_c' },
  });
  base = await service.listen(0);
});
test.afterAll(async () => {
  await service?.close();
});

const api = (method: string, path: string, body?: unknown) =>
  serviceApi(base, SECRET, method, path, body);
const statusOf = async (id: string) =>
  (await api('GET', `/api/payments/v1/payment-status/${id}`)).status as string;

test('save a card through the hosted card page with 3DS, then charge it', async ({ page }) => {
  const customer = await api('POST', '/api/customers', {
    fullName: 'Browser Saver',
    email: 'browser@example.com',
  });
  const { hostedPageUrl } = await api('POST', `/api/customers/${customer.id}/cards/authorize`, {
    successRedirectUrl: `${base}/docs?saved=1`,
  });

  // A phone-sized screen: the page must work there.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(hostedPageUrl);
  await expect(page.getByRole('heading', { name: /Save a card/ })).toBeVisible();
  await page.getByLabel('Name on card').fill('Browser Saver');
  await page.getByLabel('Card number').fill('4000 0000 0000 3220');
  await page.getByLabel('Expiry (MM/YY)').fill('10/37');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();

  await expect(page.getByRole('heading', { name: /3D Secure/ })).toBeVisible();
  await expect(page.getByText('ending 3220')).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await page.waitForURL(/\/docs\?saved=1/);
  const landed = new URL(page.url());
  expect(landed.searchParams.get('status')).toBe('SAVED');

  const cards = await api('GET', `/api/customers/${customer.id}/cards`);
  expect(cards.totalCount).toBe(1);
  expect(cards.data[0]).toMatchObject({
    lastFourDigits: '3220',
    brand: 'VISA',
    expiryDate: '10/2037',
    name: 'Browser Saver',
  });
  expect(landed.searchParams.get('paymentMethodId')).toBe(cards.data[0].id);

  // The link worked once.
  await page.goto(hostedPageUrl);
  await expect(
    page.getByRole('heading', { name: 'This link has already been used' }),
  ).toBeVisible();

  const charge = await api('POST', '/api/payments/card/process-payment', {
    customerId: customer.id,
    paymentMethodId: cards.data[0].id,
    captureType: 'AUTO_CAPTURE',
    amount: 42,
    orderId: 'e2e-charge',
  });
  expect(charge.status).toBe('PENDING');
  await expect.poll(() => statusOf(charge.paymentRequestId), { timeout: 15_000 }).toBe('COMPLETED');
  const record = await api('GET', `/api/payments/v1/payment-status/${charge.paymentRequestId}`);
  expect(record.transactions[0].cardPaymentDetails).toMatchObject({
    maskedCardNumber: '**** **** **** 3220',
    captureType: 'AUTO_CAPTURE',
  });
});

test('the hosted card page has no accessibility violations and fits a phone', async ({
  browser,
}) => {
  // The page's strict CSP would stop axe's injected script (TOOLCHAIN.md).
  const context = await browser.newContext({
    bypassCSP: true,
    viewport: { width: 360, height: 740 },
  });
  const page = await context.newPage();
  const customer = await api('POST', '/api/customers', {
    fullName: 'Axe Check',
    phoneNumber: '7700900999',
  });
  const { hostedPageUrl } = await api('POST', `/api/customers/${customer.id}/cards/authorize`, {});
  await page.goto(hostedPageUrl);
  const form = await new AxeBuilder({ page }).analyze();
  expect(form.violations.map((v) => v.id)).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth,
  );
  expect(overflow).toBe(false);
  await page.getByLabel('Name on card').fill('Axe Check');
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry (MM/YY)').fill('10/37');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('heading', { name: /3D Secure/ })).toBeVisible();
  const challenge = await new AxeBuilder({ page }).analyze();
  expect(challenge.violations.map((v) => v.id)).toEqual([]);
  await context.close();
});

test('the clock moves one authorization to its automatic capture and another to expiry', async () => {
  const customer = await api('POST', '/api/customers', {
    fullName: 'Clock Customer',
    email: 'clock@example.com',
  });
  const card = await api('POST', `/api/sandbox/customers/${customer.id}/cards`, {
    number: '4242424242424242',
  });
  const charge = (captureType: string) =>
    api('POST', '/api/payments/card/process-payment', {
      customerId: customer.id,
      paymentMethodId: card.id,
      captureType,
      amount: 80,
      orderId: `e2e-${captureType}`,
    });
  const auto = await charge('CAPTURE_BEFORE_EXPIRY');
  const manual = await charge('MANUAL_CAPTURE');
  await expect.poll(() => statusOf(auto.paymentRequestId), { timeout: 15_000 }).toBe('AUTHORIZED');
  await expect
    .poll(() => statusOf(manual.paymentRequestId), { timeout: 15_000 })
    .toBe('AUTHORIZED');

  await api('POST', '/api/sandbox/clock/advance', { ms: 6 * DAY });
  expect(await statusOf(auto.paymentRequestId)).toBe('AUTHORIZED');
  await api('POST', '/api/sandbox/clock/advance', { ms: DAY - 30 * 60_000 });
  // Captured before the authorization expired; the manual one is still held.
  expect(await statusOf(auto.paymentRequestId)).toBe('COMPLETED');
  expect(await statusOf(manual.paymentRequestId)).toBe('AUTHORIZED');
  await api('POST', '/api/sandbox/clock/advance', { ms: 60 * 60_000 });
  const released = await api('GET', `/api/payments/v1/payment-status/${manual.paymentRequestId}`);
  expect(released.status).toBe('CANCELLED');
  expect(released.errorDescription).toContain('expired');
});
