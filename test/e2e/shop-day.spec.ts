/**
 * The screens agree with each other, end to end: Counter started with `npm start -- --browser
 * --no-open` (staff PIN from COUNTER_KIOSK_PIN). Dates are typed and shown in the kiosk's locale
 * (en-GB: dd/mm/yyyy) on every screen, "today" is the shop's day (Europe/London), the report's
 * heading writes its day out; History says what was refunded, as the dashboard does; its order id
 * hint names both prefixes; the printed receipt has a QR code, a short link and the note, never
 * a raw address; and the terminal shows no production secret.
 */
import { expect, test } from '@playwright/test';
import { formatLocalDate } from '../../src/shared/local-date';
import { localDate } from '../../src/shared/shop-day';
import { shortUrl } from '../../src/shared/short-url';
import { pdfContains } from '../helpers/pdf-text';
import {
  api,
  displayRoot,
  expectAccessible,
  startKiosk,
  tempDir,
  type Kiosk,
  perTest,
} from './kiosk-harness';
import { askRefundWithPin } from './till-steps';

const PIN = '2468';
const { open, cleanups } = perTest();

test('one locale and one shop day on every screen; History and the receipt say what happened', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const dir = tempDir();
  const kiosk: Kiosk = await startKiosk(dir.path, [], { COUNTER_KIOSK_PIN: PIN });
  cleanups.push(() => dir.remove());
  cleanups.push(() => kiosk.stop());
  const call = (method: string, path: string, body?: unknown) =>
    api(kiosk.serviceUrl, kiosk.sandboxSecret!, method, path, body);

  // The first start prints the sandbox secret only; production is set on request.
  expect(kiosk.sandboxSecret).toMatch(/^sk_sandbox_/);
  expect(kiosk.process.output()).not.toMatch(/sk_live_/);
  expect(kiosk.process.output()).toContain('SERVICE_PRODUCTION_SECRET');

  const staff = await open(browser, kiosk.consoleUrl);
  const display = await open(browser, kiosk.displayUrl, 1024, 768);
  await expect(staff.locator('[data-ready="true"]')).toBeVisible();

  // A payment pushed with a note, paid, then partly refunded from History.
  const terminals = await call('GET', '/api/terminal');
  const terminal = terminals.find((t: { name: string }) => t.name === 'Counter kiosk');
  const { paymentRequestId: id } = await call('POST', '/api/terminal/process-remote-payment', {
    id: terminal.id,
    amount: 12.5,
    notes: 'Table 4',
  });
  await expect(displayRoot(display)).toHaveAttribute('data-payment-request-id', id);
  await call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod: 'CARD',
    outcome: 'COMPLETED',
  });
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'completed');

  await staff.getByTestId('tab-history').click();
  // The order id hint is true for counter and dashboard payments alike.
  await expect(staff.getByTestId('history-search-order')).toHaveAttribute(
    'placeholder',
    /CTR-.*POS-/,
  );
  await expect(staff.getByLabel('From (dd/mm/yyyy)')).toHaveAttribute('type', 'text');
  await expectAccessible(staff, 'history with its date fields');
  const row = staff.locator(`[data-testid="history-row"][data-payment-request-id="${id}"]`);
  await row.click();
  const detail = staff.getByTestId('payment-detail');
  await askRefundWithPin(detail, PIN, '5');
  await expect(detail.getByTestId('refund')).toHaveCount(1);
  await call('POST', '/api/sandbox/clock/advance', { ms: 5_000 });
  await expect(detail.getByTestId('refund')).toHaveAttribute('data-status', 'COMPLETED');

  // The detail says it beside the status, as the dashboard does: not plain "Paid".
  await expect(detail.getByTestId('refunded-note')).toHaveText('Refunded £5.00');

  // The printed receipt: the note, a QR code and a short link; no raw address.
  await staff.evaluate(() => {
    window.print = () => undefined;
  });
  await detail.getByTestId('print-receipt-button').click();
  await staff.emulateMedia({ media: 'print' });
  const receipt = staff.getByTestId('print-receipt');
  await expect(receipt).toBeVisible();
  await expect(receipt.getByTestId('print-receipt-note')).toHaveText('Table 4');
  const receiptUrl = `${kiosk.serviceUrl}/receipt/${id}`;
  await expect(receipt.getByTestId('print-receipt-url')).toHaveText(shortUrl(receiptUrl));
  await expect(receipt.getByTestId('print-receipt-keep').locator('img')).toBeVisible();
  await expect(receipt).not.toContainText('http');
  const pdf = await staff.pdf({ preferCSSPageSize: true });
  expect(pdfContains(pdf, 'Table 4')).toBe(true);
  expect(pdfContains(pdf, 'http://')).toBe(false);
  await staff.emulateMedia({ media: 'screen' });
  await detail.getByRole('button', { name: 'Close' }).click();

  // The list row says it too.
  await expect(row.getByTestId('refunded-note')).toHaveText('Refunded £5.00');

  // End of day: the day field is the kiosk's format, filled with the shop's today (London).
  await staff.getByTestId('tab-day').click();
  await staff.getByTestId('staff-pin').fill(PIN);
  await staff.getByTestId('staff-pin-submit').click();
  const day = staff.getByLabel('Day (dd/mm/yyyy)');
  await expect(day).toHaveAttribute('type', 'text');
  const today = localDate(Date.now(), 'Europe/London');
  await expect(day).toHaveValue(formatLocalDate(today, 'en-GB'));
  await expect(staff.getByRole('button', { name: 'Day: choose from a calendar' })).toBeVisible();
  await expect(staff.getByTestId('eod-time-zone')).toContainText('Europe/London');
  await expectAccessible(staff, 'end of day with its date field');

  // A date that does not exist is refused in the field, naming the format.
  await day.fill('31/02/2026');
  await staff.getByRole('button', { name: 'Show the report' }).click();
  await expect(staff.getByRole('alert')).toHaveText('Enter the day as dd/mm/yyyy.');
  await expect(day).toHaveAttribute('aria-invalid', 'true');

  // Today's report counts the payment and the refund; its heading writes the day out.
  await day.fill(formatLocalDate(today, 'en-GB'));
  await staff.getByRole('button', { name: 'Show the report' }).click();
  await expect(staff.getByTestId('eod-total')).toHaveText('£12.50');
  await expect(staff.getByTestId('eod-net')).toHaveText('£7.50');
  const written = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${today}T00:00:00Z`));
  await expect(staff.locator('#eod-title')).toHaveText(`End of day: ${written}`);
  await expect(staff.locator('#eod-title')).not.toContainText(today);

  // Another day, typed as staff write it (25/11/2026), is that day's report.
  await staff.getByRole('button', { name: 'Close' }).click();
  await staff.getByLabel('Day (dd/mm/yyyy)').fill('25/11/2026');
  await staff.getByRole('button', { name: 'Show the report' }).click();
  await expect(staff.locator('#eod-title')).toHaveText(
    /^End of day: Wednesday,? 25 November 2026$/,
  );
});

test('the dashboard reconciles the shop’s day, typed dd/mm/yyyy, not a UTC day', async ({
  browser,
}) => {
  const dir = tempDir();
  const kiosk: Kiosk = await startKiosk(dir.path, [], { COUNTER_KIOSK_PIN: PIN });
  cleanups.push(() => dir.remove());
  cleanups.push(() => kiosk.stop());
  const page = await open(browser, kiosk.dashboardUrl);
  await page.getByLabel('Access secret').fill(kiosk.sandboxSecret!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Bank' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bank' })).toBeVisible();
  const day = page.getByLabel('Day (dd/mm/yyyy)');
  await expect(day).toHaveAttribute('type', 'text');
  const today = localDate(Date.now(), 'Europe/London');
  await expect(day).toHaveValue(formatLocalDate(today, 'en-GB'));
  await expect(page.getByText('Day (UTC)')).toHaveCount(0);
  await expect(page.getByText(/shop’s day.*Europe\/London/)).toBeVisible();
  await expectAccessible(page, 'bank reconciliation with its day field');
  await day.fill('25/11/2026');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByTestId('recon-day')).toHaveText(/^Wednesday,? 25 November 2026$/);
  await day.fill('2026-13-01');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'dd/mm/yyyy' })).toBeVisible();
});
