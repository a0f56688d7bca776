/**
 * Cash at the till with the payments service stopped, end to end: Counter started with
 * `npm start -- --browser --no-open --service-url …` against a service process of its own, paired
 * as a terminal. The service stops; staff take two cash sales on the console as usual (change
 * shown, "2 waiting to send" at the top) and refund part of one from History (the drawer's money:
 * completed at once, "3 waiting to send"); the service starts again on its address and both
 * sales and the refund reach it, once each, in the order they were made, and the console's
 * count goes.
 */
import { expect, test } from '@playwright/test';
import { api, perTest } from './kiosk-harness';
import { atEachWidth, checkCommonLayout } from './layout';
import { askRefundWithPin, takeCash, tillOnItsOwnService } from './till-steps';

const PIN = '2468';
const SECRET = 'sk_sandbox_e2e_offline_cash';
const { open, cleanups } = perTest();

test('cash taken while the service is stopped reaches it once each when it is back', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { service, kiosk } = await tillOnItsOwnService(cleanups, SECRET, PIN);

  const staff = await open(browser, kiosk.consoleUrl);
  await expect(staff.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
  await service.stop();
  await expect(staff.getByTestId('connection-state')).not.toHaveAttribute(
    'data-state',
    'connected',
    { timeout: 20_000 },
  );

  expect(await takeCash(staff, '1250', '20')).toBe('Change due £7.50');
  await expect(staff.getByTestId('offline-work')).toContainText('1 waiting to send');
  expect(await takeCash(staff, '400', '5')).toBe('Change due £1.00');
  await expect(staff.getByTestId('offline-work')).toContainText('2 waiting to send');
  await staff.screenshot({ path: '/tmp/h3-offline-cash.png' });
  await atEachWidth(staff, (width) => checkCommonLayout(staff, 'Cash waiting to send', width));
  await staff.setViewportSize({ width: 1280, height: 800 });

  // Both are in History already, as cash.
  await staff.getByTestId('tab-history').click();
  await expect(staff.getByTestId('history-row')).toHaveCount(2);

  // £5.00 of the £12.50 back from the drawer: completed at once, waiting to send with the sales.
  await staff.getByTestId('history-row').filter({ hasText: '£12.50' }).click();
  const detail = staff.getByTestId('payment-detail');
  await askRefundWithPin(detail, PIN, '5');
  await expect(detail.getByTestId('refund')).toHaveAttribute('data-status', 'COMPLETED');
  await expect(staff.getByTestId('offline-work')).toContainText('3 waiting to send');
  await staff.screenshot({ path: '/tmp/h7-offline-refund.png' });
  await detail.getByRole('button', { name: 'Close' }).click();

  await service.start();
  await expect(staff.getByTestId('offline-work')).toHaveCount(0, { timeout: 30_000 });
  const listed = await api(service.url, SECRET, 'GET', '/api/payment-requests?size=100');
  type Listed = { paymentRequestId: string; amount: number; paymentMethod: string; status: string };
  const cash = (listed.data as Listed[]).filter((p) => p.paymentMethod === 'CASH').reverse();
  expect(cash.map((p) => [p.amount, p.status])).toEqual([
    [12.5, 'COMPLETED'],
    [4, 'COMPLETED'],
  ]);
  const refunds = await api(service.url, SECRET, 'GET', `/api/refund/${cash[0]!.paymentRequestId}`);
  expect(
    (refunds as { refundAmount: string; status: string }[]).map((r) => r.refundAmount),
  ).toEqual(['5.00']);
});
