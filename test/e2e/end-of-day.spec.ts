/**
 * The back office's end-of-day report in the kiosk, end to end: Counter started with `npm start
 * -- --browser --no-open --kiosk` (staff PIN from COUNTER_KIOSK_PIN), a bank account linked in
 * the sandbox, a pay-by-bank payment taken at the counter and paid on the customer's phone, then
 * the report: not yet arrived, then matched once the credit reaches the bank; CSV download.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { api, displayRoot, payByBank, scanQr, startKiosk, tempDir, perTest } from './kiosk-harness';
import { askRefundWithPin } from './till-steps';

const PIN = '2468';
const { open, cleanups } = perTest({ acceptDownloads: true });

test('end of day: takings, pay by bank not yet arrived, then in the bank; CSV', async ({
  browser,
}) => {
  const dir = tempDir();
  process.env.COUNTER_KIOSK_PIN = PIN;
  const kiosk = await startKiosk(dir.path, ['--kiosk']).finally(() => {
    delete process.env.COUNTER_KIOSK_PIN;
  });
  cleanups.push(() => dir.remove());
  cleanups.push(() => kiosk.stop());
  const merchant = (method: string, path: string, body?: unknown) =>
    api(kiosk.serviceUrl, kiosk.sandboxSecret!, method, path, body);
  await merchant('POST', '/api/sandbox/bank/consents', {});

  const staff = await open(browser, kiosk.consoleUrl);
  const display = await open(browser, kiosk.displayUrl, 1024, 768);
  await expect(staff.locator('[data-ready="true"]')).toBeVisible();
  for (const key of ['4', '2', '0']) await staff.getByTestId(`keypad-${key}`).click();
  await staff.getByTestId('method-bank').click();
  await staff.getByTestId('start-payment').click();
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting');
  await payByBank(await open(browser, 'about:blank', 390, 844), await scanQr(display));
  await expect(staff.getByTestId('active-payment')).toHaveAttribute('data-status', 'COMPLETED');

  // The staff PIN is asked before the report's form; an empty or wrong one opens nothing.
  await staff.getByTestId('tab-day').click();
  await staff.getByTestId('staff-pin-submit').click();
  await expect(staff.getByTestId('staff-gate').getByRole('alert')).toContainText('PIN');
  await staff.getByTestId('staff-pin').fill('0000');
  await staff.getByTestId('staff-pin-submit').click();
  await expect(staff.getByText('That PIN is not right.')).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Show the report' })).toHaveCount(0);
  await staff.getByTestId('staff-pin').fill(PIN);
  await staff.getByTestId('staff-pin-submit').click();
  await staff.getByRole('button', { name: 'Show the report' }).click();

  const report = staff.getByTestId('eod-report');
  await expect(report).toBeVisible();
  await expect(staff.getByTestId('eod-source')).toHaveAttribute('data-source', 'service');
  await expect(report.getByRole('table', { name: 'Takings by method' })).toContainText(
    'Pay by bank',
  );
  await expect(staff.getByTestId('eod-total')).toHaveText('£4.20');
  const row = staff.getByTestId('eod-bank-row');
  await expect(row).toHaveAttribute('data-status', 'NOT_ARRIVED');
  await expect(row).toContainText('Not yet arrived');

  // The credit reaches the shop's bank account 20 seconds later on the sandbox clock.
  await merchant('POST', '/api/sandbox/clock/advance', { ms: 60_000 });
  await staff.getByRole('button', { name: 'Refresh' }).click();
  await expect(row).toHaveAttribute('data-status', 'MATCHED');
  await expect(row).toContainText('In the bank');

  const [download] = await Promise.all([
    staff.waitForEvent('download'),
    staff.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^end-of-day-\d{4}-\d\d-\d\d\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('PAY_BY_BANK,1,4.20,0.00');
  expect(csv).toMatch(/,4\.20,[^,]+,MATCHED,/);
  expect(csv).toContain('NET TAKINGS,,4.20');
  await expect(staff.getByTestId('eod-refunds')).toContainText('No refunds completed on this day.');

  // Part of it refunded from History and completed: the report counts it and nets it off.
  await staff.getByRole('button', { name: 'Close' }).click();
  await staff.getByTestId('tab-history').click();
  await staff.getByTestId('history-row').first().click();
  const detail = staff.getByTestId('payment-detail');
  await askRefundWithPin(detail, PIN, '1.20');
  await expect(detail.getByTestId('refund')).toHaveCount(1);
  await merchant('POST', '/api/sandbox/clock/advance', { ms: 5_000 });
  await expect(detail.getByTestId('refund')).toHaveAttribute('data-status', 'COMPLETED');
  await detail.getByRole('button', { name: 'Close' }).click();

  await staff.getByTestId('tab-day').click();
  await staff.getByTestId('staff-pin').fill(PIN);
  await staff.getByTestId('staff-pin-submit').click();
  await staff.getByRole('button', { name: 'Show the report' }).click();
  await expect(staff.getByTestId('eod-refunds')).toContainText('1 refund, £1.20.');
  await expect(staff.getByTestId('eod-net')).toHaveText('£3.00');
  await expect(staff.getByTestId('eod-total')).toHaveText('£4.20');
  await expect(staff.getByTestId('eod-refund-row')).toContainText('£1.20');
  const [again] = await Promise.all([
    staff.waitForEvent('download'),
    staff.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const net = readFileSync((await again.path())!, 'utf8');
  expect(net).toContain('REFUNDS,1,1.20');
  expect(net).toContain('NET TAKINGS,,3.00');
});
