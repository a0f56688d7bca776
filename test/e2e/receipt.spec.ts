/**
 * The hosted receipt page in Chromium: what a customer sees on their phone, its header (the store
 * and the store's own address under the shop's name) at a phone's, a tablet's and a desktop's
 * width, and the same page printed to PDF through its 80 mm print stylesheet, which must carry
 * the amount and order id.
 */
import { expect, test } from '@playwright/test';
import { createService, type Service } from '../../src/service/app';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { shortUrl } from '../../src/shared/short-url';
import { pdfContains } from '../helpers/pdf-text';
import { api as serviceApi } from './kiosk-harness';
import { atEachWidth, checkCommonLayout } from './layout';

const SECRET = 'sk_sandbox_receipt';
let service: Service;
let base: string;
const api = (method: string, path: string, body?: unknown) =>
  serviceApi(base, SECRET, method, path, body);

test.beforeAll(async () => {
  service = await createService({ dataDir: null, secrets: { sandbox: SECRET } });
  base = await service.listen(0);
});
test.afterAll(async () => service?.close());

async function paidWithRefund(orderId: string, notes?: string) {
  const created = await api('POST', '/api/payments/process-payment', {
    customerId: 'c',
    orderId,
    amount: 23.4,
    ...(notes ? { notes } : {}),
  });
  const id = created.paymentRequestId as string;
  await api('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod: 'CARD',
    outcome: 'COMPLETED',
    tipAmount: 2,
  });
  const refund = await api('POST', `/api/refund/${id}`, { amount: 5.4 });
  await api('POST', `/api/sandbox/refunds/${refund.refundId}/simulate`, { outcome: 'COMPLETED' });
  return id;
}

test('the receipt page shows the payment and its refunds on a phone', async ({ browser }) => {
  const id = await paidWithRefund('ORD-PHONE-7');
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${base}/receipt/${id}`);
  await expect(page).toHaveTitle(/Receipt: Counter Demo Shop, order ORD-PHONE-7/);
  await expect(page.getByTestId('receipt-amount')).toHaveText('£25.40');
  await expect(page.getByTestId('receipt-order')).toHaveText('ORD-PHONE-7');
  await expect(page.getByTestId('receipt-method')).toHaveText('VISA •••• 4242');
  await expect(page.getByRole('table')).toContainText('£5.40');
  // Fits the phone: nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(390);
  await page.close();
});

test('printed through the 80 mm print stylesheet, the PDF has the amount and the order id', async ({
  browser,
}) => {
  const id = await paidWithRefund('ORD-PRINT-42');
  const page = await browser.newPage();
  await page.goto(`${base}/receipt/${id}`);
  await page.emulateMedia({ media: 'print' });
  // The print stylesheet makes the receipt black on white, sized for the roll.
  const colour = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(colour).toBe('rgb(255, 255, 255)');
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: false });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // @page size 80 mm wide: 80 / 25.4 × 72 ≈ 226.8 points.
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
  expect(Number(box?.[1])).toBeCloseTo(226.8, 0);
  expect(pdfContains(pdf, '£25.40')).toBe(true);
  expect(pdfContains(pdf, 'ORD-PRINT-42')).toBe(true);
  expect(pdfContains(pdf, '£5.40')).toBe(true);
  expect(pdfContains(pdf, 'ORD-NOT-THERE')).toBe(false);
  await page.close();
});

test('printed, it carries a QR code and a short link to the page, not a raw address, and the note', async ({
  browser,
}) => {
  const id = await paidWithRefund('ORD-PRINT-QR', 'Table 4, staff office');
  const page = await browser.newPage();
  await page.goto(`${base}/receipt/${id}`);
  await page.emulateMedia({ media: 'print' });
  const keep = page.getByTestId('receipt-keep');
  await expect(keep).toBeVisible();
  // The code on paper leads back to this page.
  const png = PNG.sync.read(await keep.locator('svg').screenshot());
  expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(
    `${base}/receipt/${id}`,
  );
  const short = shortUrl(`${base}/receipt/${id}`);
  await expect(page.getByTestId('receipt-short-url')).toHaveText(short);
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: false });
  expect(pdfContains(pdf, short)).toBe(true);
  expect(pdfContains(pdf, 'http://')).toBe(false);
  // Printed without ligatures, the text copies as typed (not U+FB00 for the ff of an id).
  expect(pdfContains(pdf, 'Table 4, staff office')).toBe(true);
  await page.close();
});

test("the header gives the store's own address under the shop's name, the merchant's without one", async ({
  browser,
}) => {
  await api('PATCH', '/api/merchant', {
    address: '9 Merchant Row\nLeeds LS1 1AA',
    vatNumber: 'GB123456789',
  });
  // The primary store has no address of its own: the merchant's (the profile's) is given.
  const merchantAddressed = await paidWithRefund('ORD-MERCHANT-ADDRESS');
  // A page of its own context: axe-core checks it (layout.ts).
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/receipt/${merchantAddressed}`);
  const header = page.getByTestId('receipt-shop').locator('p');
  const merchantLines = ['Main Street', '9 Merchant Row', 'Leeds LS1 1AA', 'VAT no. GB123456789'];
  await expect(header).toHaveText(merchantLines);
  await atEachWidth(page, (width) =>
    checkCommonLayout(page, "receipt with the merchant's address", width),
  );

  // A store with an address of its own: that one, not the merchant's.
  const [store] = await api('GET', '/api/stores');
  await api('PATCH', `/api/stores/${store.id}`, { address: '1 Market Street, York' });
  const storeAddressed = await paidWithRefund('ORD-STORE-ADDRESS');
  await page.goto(`${base}/receipt/${storeAddressed}`);
  await expect(header).toHaveText(['Main Street', '1 Market Street, York', 'VAT no. GB123456789']);
  await expect(page.getByText('9 Merchant Row')).toHaveCount(0);
  await atEachWidth(page, (width) => checkCommonLayout(page, 'receipt with its store', width));
  // Paid before the store had its own address: the first receipt still gives the merchant's.
  await page.goto(`${base}/receipt/${merchantAddressed}`);
  await expect(header).toHaveText(merchantLines);
  await context.close();
});
