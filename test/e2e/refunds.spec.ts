/**
 * A refund end to end at the counter: Counter started with `npm start -- --browser --no-open`
 * and a staff PIN, a payment paid, the customer display offering its receipt by QR code, staff
 * refunding part of it from the console's history behind the PIN, the refund followed to
 * COMPLETED by push and counted in today's takings, the receipt printed through the console's
 * 80 mm print stylesheet, and the same refund shown in the merchant dashboard's payment detail.
 */
import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { pdfContains } from '../helpers/pdf-text';
import { api, displayRoot, startKiosk, tempDir, type Kiosk, perTest } from './kiosk-harness';

const PIN = '2468';
const { open, cleanups } = perTest();

async function scan(locator: ReturnType<Page['locator']>): Promise<string | undefined> {
  const png = PNG.sync.read(await locator.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

test('staff refund part of a payment from the history; display, history and takings follow', async ({
  browser,
}) => {
  const dir = tempDir();
  const kiosk: Kiosk = await startKiosk(dir.path, [], { COUNTER_KIOSK_PIN: PIN });
  cleanups.push(() => dir.remove());
  cleanups.push(() => kiosk.stop());
  const call = (method: string, path: string, body?: unknown) =>
    api(kiosk.serviceUrl, kiosk.sandboxSecret!, method, path, body);

  const staff = await open(browser, kiosk.consoleUrl);
  const display = await open(browser, kiosk.displayUrl, 1024, 768);
  await expect(staff.locator('[data-ready="true"]')).toBeVisible();

  // A payment pushed to the kiosk and paid by the customer (with a £1.50 tip).
  const terminals = await call('GET', '/api/terminal');
  const terminal = terminals.find((t: { name: string }) => t.name === 'Counter kiosk');
  const { paymentRequestId: id } = await call('POST', '/api/terminal/process-remote-payment', {
    id: terminal.id,
    amount: 12.5,
  });
  await expect(displayRoot(display)).toHaveAttribute('data-payment-request-id', id);
  await call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod: 'CARD',
    outcome: 'COMPLETED',
    tipAmount: 1.5,
  });

  // The display offers the receipt: its QR code scans to the hosted receipt page.
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'completed');
  const offer = display.getByTestId('receipt-offer');
  await expect(offer).toBeVisible();
  const receiptUrl = await scan(offer.locator('img'));
  expect(receiptUrl).toBe(`${kiosk.serviceUrl}/receipt/${id}`);
  const phone = await open(browser, receiptUrl!, 390, 844);
  await expect(phone.getByTestId('receipt-amount')).toHaveText('£14.00');

  await expect(staff.getByTestId('takings-total')).toHaveText('£14.00');

  // In the history, the completed payment has Refund; the PIN guards it, asked before the form.
  await staff.getByTestId('tab-history').click();
  await staff.locator(`[data-testid="history-row"][data-payment-request-id="${id}"]`).click();
  const detail = staff.getByTestId('payment-detail');
  await detail.getByTestId('refund-button').click();
  await expect(detail.getByTestId('refund-submit')).toHaveCount(0);
  await detail.getByTestId('staff-pin').fill('1111');
  await detail.getByTestId('staff-pin-submit').click();
  await expect(detail.getByRole('alert')).toHaveText('That PIN is not right.');
  await expect(detail.getByTestId('refund-submit')).toHaveCount(0);
  await detail.getByTestId('staff-pin').fill(PIN);
  await detail.getByTestId('staff-pin-submit').click();

  await detail.getByLabel('An amount').check();
  await detail.getByTestId('refund-amount').fill('20');
  await detail.getByTestId('refund-submit').click();
  await expect(detail.getByRole('alert')).toHaveText(
    'Amount is more than is left to refund (£14.00 of £14.00 paid).',
  );
  await expect(detail.getByTestId('refund')).toHaveCount(0);

  await detail.getByTestId('refund-amount').fill('4');
  await detail.getByTestId('refund-submit').click();
  const refund = detail.getByTestId('refund');
  await expect(refund).toHaveCount(1);
  await expect(refund).toContainText('£4.00');

  // The sandbox bank completes it a few seconds of service time later; push brings the news.
  await call('POST', '/api/sandbox/clock/advance', { ms: 3_000 });
  await expect(refund).toHaveAttribute('data-status', 'COMPLETED');
  const trail = refund.getByTestId('refund-change');
  // The service's answer and its pushed INITIATED race; whichever lands first is recorded.
  await expect(trail.nth(0)).toHaveAttribute('data-source', /^(local|push)$/);
  await expect(trail.nth(0)).toHaveAttribute('data-to', 'INITIATED');
  await expect(trail.last()).toHaveAttribute('data-to', 'COMPLETED');
  await expect(detail.getByTestId('detail-refunded')).toHaveText('£4.00');
  expect(await call('GET', `/api/refund/${id}`)).toEqual([
    expect.objectContaining({ refundAmount: '4.00', status: 'COMPLETED', refundType: 'PARTIAL' }),
  ]);

  // The customer's receipt page shows the refund too.
  await phone.reload();
  await expect(phone.getByRole('table')).toContainText('£4.00');

  // Print the receipt: the console's print stylesheet leaves only the receipt, 80 mm wide.
  await staff.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await detail.getByTestId('print-receipt-button').click();
  await expect
    .poll(() => staff.evaluate(() => (window as unknown as { printed: number }).printed))
    .toBe(1);
  await staff.emulateMedia({ media: 'print' });
  await expect(staff.getByTestId('print-receipt')).toBeVisible();
  await expect(staff.getByTestId('payment-detail')).toBeHidden();
  const pdf = await staff.pdf({ preferCSSPageSize: true });
  const orderId = (await call('GET', `/api/payments/v1/payment-status/${id}`)).orderId as string;
  expect(pdfContains(pdf, '£14.00')).toBe(true);
  expect(pdfContains(pdf, orderId)).toBe(true);
  expect(pdfContains(pdf, '£4.00')).toBe(true);
  await staff.emulateMedia({ media: 'screen' });

  // Today's takings are net of the refund.
  await detail.getByRole('button', { name: 'Close' }).click();
  await staff.getByTestId('tab-take').click();
  await expect(staff.getByTestId('takings-total')).toHaveText('£10.00');
  await expect(staff.getByTestId('takings-refunded')).toHaveText('£4.00');

  // The merchant dashboard of the same service shows the refund made at the counter.
  const dashboard = await open(browser, kiosk.dashboardUrl);
  await dashboard.getByLabel('Access secret').fill(kiosk.sandboxSecret!);
  await dashboard.getByRole('button', { name: 'Sign in' }).click();
  const row = dashboard.locator(`[data-payment-id="${id}"]`);
  await expect(row.getByTestId('payment-refunded')).toHaveText('Refunded £4.00');
  await row.getByRole('link', { name: `Details of ${orderId}` }).click();
  const dashboardDetail = dashboard.getByTestId('payment-detail');
  await expect(dashboardDetail.getByTestId('detail-refunded')).toHaveText('£4.00');
  await expect(dashboardDetail.getByTestId('detail-left')).toHaveText('£10.00');
  const listed = dashboardDetail.getByTestId('refund');
  await expect(listed).toHaveCount(1);
  await expect(listed).toHaveAttribute('data-status', 'COMPLETED');
  await expect(listed).toContainText('£4.00');
  await expect(listed.getByTestId('refund-status')).toHaveText('Refunded');
});
