/**
 * Cash at the till with the payments service stopped, end to end: Counter started with
 * `npm start -- --browser --no-open --service-url …` against a service process of its own, paired
 * as a terminal. The service stops; staff take two cash sales on the console as usual (change
 * shown, "2 waiting to send" at the top) and refund part of one from History (the drawer's money:
 * completed at once, "3 waiting to send"); the service starts again on its address and both
 * sales and the refund reach it, once each, in the order they were made, and the console's
 * count goes.
 */
import { expect, test, type Page } from '@playwright/test';
import { connectBridge } from '../../src/main/browser/bridge-client';
import { BRIDGE_SOCKET_PATH } from '../../src/shared/bridge-socket';
import { freePort } from '../helpers/ports';
import type { Running } from '../helpers/process';
import { api, perTest, startKiosk, startServiceProcess, tempDir } from './kiosk-harness';
import { atEachWidth, checkCommonLayout } from './layout';

const PIN = '2468';
const SECRET = 'sk_sandbox_e2e_offline_cash';
const { open, cleanups } = perTest();

/** Keys the amount, chooses Cash and takes exactly that; answers the console's change line. */
async function takeCash(staff: Page, digits: string, note: string) {
  for (const digit of digits) await staff.getByTestId(`keypad-${digit}`).click();
  await staff.getByTestId('method-cash').click();
  await staff.getByTestId('start-payment').click();
  const dialog = staff.getByTestId('cash-dialog');
  await dialog.getByTestId(`cash-note-${note}`).click();
  await dialog.getByTestId('cash-take').click();
  const change = await dialog.getByTestId('cash-change').textContent();
  await dialog.getByTestId('cash-done').click();
  return change;
}

test('cash taken while the service is stopped reaches it once each when it is back', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const serviceDir = tempDir('counter-offline-cash-service-');
  cleanups.push(() => serviceDir.remove());
  const port = await freePort();
  const startService = async () => {
    const running = startServiceProcess(serviceDir.path, port, SECRET);
    cleanups.push(() => running.child.kill('SIGKILL'));
    const [, url] = await running.waitFor(/service listening on (\S+)/, 60_000);
    return { running, url: url! };
  };
  const stopService = async (running: Running) => {
    running.child.kill('SIGTERM');
    await running.exited;
  };
  let service = await startService();
  const kioskDir = tempDir('counter-offline-cash-kiosk-');
  cleanups.push(() => kioskDir.remove());
  const kiosk = await startKiosk(kioskDir.path, ['--service-url', service.url], {
    COUNTER_KIOSK_PIN: PIN,
  });
  cleanups.push(() => kiosk.stop());
  const bridge = connectBridge(
    `${kiosk.consoleUrl.replace('http', 'ws').replace('/console', '')}${BRIDGE_SOCKET_PATH}`,
  );
  cleanups.push(() => bridge.close());
  await bridge.ready;
  const { code } = await api(service.url, SECRET, 'POST', '/api/terminal/pairing-codes', {});
  const paired = await bridge.handle({
    type: 'pairWithCode',
    pin: PIN,
    baseUrl: service.url,
    code,
    name: 'Front till',
  });
  expect(paired).toMatchObject({ ok: true });

  const staff = await open(browser, kiosk.consoleUrl);
  await expect(staff.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
  await stopService(service.running);
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
  await detail.getByTestId('refund-button').click();
  await detail.getByTestId('staff-pin').fill(PIN);
  await detail.getByTestId('staff-pin-submit').click();
  await detail.getByLabel('An amount').check();
  await detail.getByTestId('refund-amount').fill('5');
  await detail.getByTestId('refund-submit').click();
  await expect(detail.getByTestId('refund')).toHaveAttribute('data-status', 'COMPLETED');
  await expect(staff.getByTestId('offline-work')).toContainText('3 waiting to send');
  await staff.screenshot({ path: '/tmp/h7-offline-refund.png' });
  await detail.getByRole('button', { name: 'Close' }).click();

  service = await startService();
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
