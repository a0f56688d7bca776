/**
 * The hosted payment page as a customer meets it on a phone (390×844), a tablet and a desktop:
 * the basket they are paying for at checkout, a card form that formats the expiry as it is typed
 * and keeps everything typed when the service refuses it, and a "Payment successful" screen whose
 * labels never break letter by letter, with the shop's logo and a link to keep the receipt. Each
 * screen is checked with the shared layout check (test/e2e/layout.ts) at 390, 768 and 1280 px.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { createService, type Service } from '../../src/service/app';
import { api as serviceApi } from './kiosk-harness';
import { atEachWidth, checkCommonLayout } from './layout';

const SECRET = 'sk_sandbox_e2e_phone';
/** 120×40, so a loaded <img> of it has naturalWidth 120 (served back as a PNG of that size). */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40">' +
  '<rect width="120" height="40" rx="8" fill="#6b3e26"/>' +
  '<circle cx="20" cy="20" r="10" fill="#f3e3c3"/></svg>';
const BASKET = [
  { description: 'Flat white', quantity: 2, unitAmount: 3.2 },
  { description: 'Almond croissant', quantity: 1, unitAmount: 2.85 },
  { description: 'Sparkling water', quantity: 3, unitAmount: 1.5 },
];
const BASKET_TOTAL = 2 * 3.2 + 2.85 + 3 * 1.5; // £13.75

let service: Service;
let base: string;

test.beforeAll(async () => {
  service = await createService({
    dataDir: null,
    secrets: { sandbox: SECRET, production: 'sk_live_e2e_phone' },
  });
  base = await service.listen(0);
  await api('PATCH', '/api/merchant', {
    logo: `data:image/svg+xml;base64,${Buffer.from(LOGO_SVG).toString('base64')}`,
  });
});

test.afterAll(async () => {
  await service?.close();
});

const api = (method: string, path: string, body?: unknown) =>
  serviceApi(base, SECRET, method, path, body);

async function createRequest(fields: Record<string, unknown> = {}) {
  return (await api('POST', '/api/payments/process-payment', {
    customerId: 'customer-phone',
    orderId: `ORDER-${randomUUID().slice(0, 8)}`,
    amount: BASKET_TOTAL,
    lineItems: BASKET,
    ...fields,
  })) as { paymentUrl: string; paymentRequestId: string };
}

async function phone(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled,
  });
  return await context.newPage();
}

/** The shop's logo is on the page and has loaded (not a broken image). */
async function expectLogo(page: Page) {
  const logo = page.locator('img.logo');
  await expect(logo).toHaveCount(1);
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

const field = (page: Page, label: string): Locator => page.getByLabel(label, { exact: true });

test('the basket at checkout: every line with quantity, name and amount, then tip and total', async ({
  browser,
}) => {
  const page = await phone(browser);
  const { paymentUrl } = await createRequest();
  await page.goto(paymentUrl);
  await expectLogo(page);
  const basket = page.getByTestId('basket');
  await expect(basket.getByRole('listitem')).toHaveCount(3);
  await expect(basket.getByRole('listitem').nth(0)).toContainText('2 × Flat white');
  await expect(basket.getByRole('listitem').nth(0)).toContainText('£6.40');
  await expect(basket.getByRole('listitem').nth(1)).toContainText('1 × Almond croissant');
  await expect(basket.getByRole('listitem').nth(1)).toContainText('£2.85');
  await expect(basket.getByRole('listitem').nth(2)).toContainText('3 × Sparkling water');
  await expect(basket.getByRole('listitem').nth(2)).toContainText('£4.50');
  await atEachWidth(page, (width) => checkCommonLayout(page, 'pay page with a basket', width));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('radio', { name: /^10%/ }).check();
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page.getByRole('heading', { name: 'Pay by card' })).toBeVisible();
  await expect(page.getByTestId('basket').getByRole('listitem')).toHaveCount(3);
  const breakdown = page.getByTestId('breakdown');
  await expect(breakdown).toContainText('Tip (10%)');
  await expect(breakdown).toContainText('£1.38');
  await expect(page.getByTestId('total')).toHaveText('£15.13');
  await atEachWidth(page, (width) => checkCommonLayout(page, 'card form with a basket', width));
  await page.context().close();
});

test('the expiry is formatted as typed, and a refusal keeps everything typed and names the field', async ({
  browser,
}) => {
  const page = await phone(browser);
  const { paymentUrl, paymentRequestId } = await createRequest();
  await page.goto(`${paymentUrl}/card?tip=none&people=1`);
  await field(page, 'Name on card').fill('Ada Lovelace');
  await field(page, 'Card number').fill('4242 4242 4242 4241');
  await field(page, 'Expiry (MM/YY)').pressSequentially('1230');
  await expect(field(page, 'Expiry (MM/YY)')).toHaveValue('12/30');
  await field(page, 'CVC').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();

  const error = page.getByTestId('form-error');
  await expect(error).toContainText('Card number');
  await expect(error).toContainText('not valid');
  await expect(field(page, 'Card number')).toHaveAttribute('aria-invalid', 'true');
  // Nothing the customer typed is lost.
  await expect(field(page, 'Name on card')).toHaveValue('Ada Lovelace');
  await expect(field(page, 'Card number')).toHaveValue('4242 4242 4242 4241');
  await expect(field(page, 'Expiry (MM/YY)')).toHaveValue('12/30');
  await expect(field(page, 'CVC')).toHaveValue('123');
  await atEachWidth(page, (width) => checkCommonLayout(page, 'card form with an error', width));
  expect((await api('GET', `/api/payments/v1/payment-status/${paymentRequestId}`)).status).toBe(
    'PAYMENT_NOT_INITIATED',
  );

  // An expired card: the error names the expiry, the number typed stays.
  await page.setViewportSize({ width: 390, height: 844 });
  await field(page, 'Card number').fill('4242 4242 4242 4242');
  await field(page, 'Expiry (MM/YY)').fill('0120');
  await expect(field(page, 'Expiry (MM/YY)')).toHaveValue('01/20');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(error).toContainText('Expiry');
  await expect(error).toContainText('expired');
  await expect(field(page, 'Expiry (MM/YY)')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Card number')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Card number')).toHaveValue('4242 4242 4242 4242');
  await expect(field(page, 'CVC')).toHaveValue('123');

  await field(page, 'Expiry (MM/YY)').fill('12/30');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await page.context().close();
});

test('without JavaScript the service takes the expiry as MMYY, MM/YY or MM / YY', async ({
  browser,
}) => {
  const page = await phone(browser, false);
  for (const expiry of ['1230', '12 / 30']) {
    const { paymentUrl, paymentRequestId } = await createRequest();
    await page.goto(`${paymentUrl}/card?tip=none&people=1`);
    await field(page, 'Name on card').fill('Ada Lovelace');
    await field(page, 'Card number').fill('4242 4242 4242 4242');
    await field(page, 'Expiry (MM/YY)').fill(expiry);
    await field(page, 'CVC').fill('123');
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await expect(page.getByTestId('form-error')).toHaveCount(0);
    await expect
      .poll(
        async () =>
          (await api('GET', `/api/payments/v1/payment-status/${paymentRequestId}`)).status,
      )
      .toBe('COMPLETED');
  }

  // A refusal without JavaScript: the page comes back with the name and expiry as sent.
  const { paymentUrl } = await createRequest();
  await page.goto(`${paymentUrl}/card?tip=none&people=1`);
  await field(page, 'Name on card').fill('Ada Lovelace');
  await field(page, 'Card number').fill('4242 4242 4242 4242');
  await field(page, 'Expiry (MM/YY)').fill('1230');
  await field(page, 'CVC').fill('12');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page.getByTestId('form-error')).toContainText('CVC');
  await expect(field(page, 'CVC')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Name on card')).toHaveValue('Ada Lovelace');
  await expect(field(page, 'Expiry (MM/YY)')).toHaveValue('1230');
  await page.context().close();
});

test('payment successful on a phone: labels whole, the reference wraps, the logo, the receipt', async ({
  browser,
}) => {
  const page = await phone(browser);
  const { paymentUrl, paymentRequestId } = await createRequest({ notes: 'Table 4' });
  await page.goto(`${paymentUrl}/card?tip=none&people=1`);
  await field(page, 'Name on card').fill('Ada Lovelace');
  await field(page, 'Card number').fill('4242 4242 4242 4242');
  await field(page, 'Expiry (MM/YY)').fill('12/30');
  await field(page, 'CVC').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();

  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  const receipt = page.getByTestId('receipt');
  await expect(receipt).toContainText(paymentRequestId);
  // No label ("Order", "Date", "Reference") broken letter by letter beside the whole reference.
  await atEachWidth(page, (width) => checkCommonLayout(page, 'payment successful', width));
  await page.setViewportSize({ width: 390, height: 844 });
  const card = (await receipt.boundingBox())!;
  const reference = (await page.getByTestId('receipt-reference').boundingBox())!;
  expect(reference.x + reference.width).toBeLessThanOrEqual(card.x + card.width);
  // The shop's logo, as on the pay screens before it.
  await expectLogo(page);

  // The receipt to keep is the same page the customer display's QR code opens.
  const keep = page.getByRole('link', { name: 'Keep your receipt' });
  await expect(keep).toHaveAttribute('href', `${base}/receipt/${paymentRequestId}`);
  await keep.click();
  await expect(page).toHaveURL(`${base}/receipt/${paymentRequestId}`);
  await expect(page.getByTestId('receipt-items')).toContainText('Almond croissant');

  // The other outcome screens keep the logo too.
  const cancelled = await createRequest();
  await api('POST', `/api/payment-request/cancel/${cancelled.paymentRequestId}`);
  await page.goto(cancelled.paymentUrl);
  await expect(page.getByRole('heading', { name: 'This payment was cancelled' })).toBeVisible();
  await expectLogo(page);
  await page.context().close();
});
