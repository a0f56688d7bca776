/**
 * The staff PIN as a shop meets it, with `npm start -- --browser --no-open` and no
 * COUNTER_KIOSK_PIN: the console asks the shop to choose it on first start; every staff-only
 * screen asks for it before its form; a wrong PIN opens nothing, and the main process refuses
 * the command itself too; a new PIN is chosen in Settings behind the old one.
 */
import { expect, test } from '@playwright/test';
import { api, displayRoot, startKiosk, tempDir, type Kiosk, perTest } from './kiosk-harness';
import { kioskBridge } from './till-steps';

const PIN = '4826';
const { open, cleanups } = perTest();

async function launch(): Promise<Kiosk> {
  const dir = tempDir();
  const kiosk = await startKiosk(dir.path);
  cleanups.push(() => dir.remove());
  cleanups.push(() => kiosk.stop());
  return kiosk;
}

test('first start asks the shop to choose the staff PIN, typed twice', async ({ browser }) => {
  const kiosk = await launch();
  const staff = await open(browser, kiosk.consoleUrl);
  const choose = staff.getByTestId('choose-pin');
  await expect(choose).toBeVisible();
  await expect(choose.getByRole('heading')).toHaveText('Choose the staff PIN');

  // Until it is chosen, a staff-only screen opens on the same question, not on its form.
  await staff.getByTestId('tab-day').click();
  await expect(staff.getByTestId('choose-pin')).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Show the report' })).toHaveCount(0);

  await staff.getByTestId('new-pin').fill(PIN);
  await staff.getByTestId('new-pin-again').fill('4827');
  await staff.getByTestId('choose-pin-submit').click();
  await expect(staff.getByTestId('form-error')).toHaveText(
    'The two PINs are not the same; type it again.',
  );
  await staff.getByTestId('new-pin-again').fill(PIN);
  await staff.getByTestId('choose-pin-submit').click();
  // Chosen: the screen it was asked on opens.
  await expect(staff.getByRole('button', { name: 'Show the report' })).toBeVisible();
  await staff.getByTestId('tab-take').click();
  await expect(staff.getByTestId('choose-pin')).toHaveCount(0);

  // Changed in Settings behind the old one.
  await staff.getByTestId('tab-settings').click();
  await staff.getByTestId('staff-pin').fill(PIN);
  await staff.getByTestId('staff-pin-submit').click();
  await staff.getByTestId('current-pin').fill('1111');
  await staff.getByTestId('change-new-pin').fill('97531');
  await staff.getByTestId('change-new-pin-again').fill('97531');
  await staff.getByTestId('change-pin-submit').click();
  await expect(staff.getByTestId('change-pin').getByRole('alert')).toHaveText(
    'That PIN is not right.',
  );
  await staff.getByTestId('current-pin').fill(PIN);
  await staff.getByTestId('change-pin-submit').click();
  await expect(staff.getByTestId('pin-changed')).toBeVisible();
  await staff.getByTestId('tab-day').click();
  await staff.getByTestId('staff-pin').fill(PIN);
  await staff.getByTestId('staff-pin-submit').click();
  await expect(staff.getByText('That PIN is not right.')).toBeVisible();
  await staff.getByTestId('staff-pin').fill('97531');
  await staff.getByTestId('staff-pin-submit').click();
  await expect(staff.getByRole('button', { name: 'Show the report' })).toBeVisible();
});

test('End of day with a wrong PIN is refused, on screen and by the main process', async ({
  browser,
}) => {
  const kiosk = await launch();
  const staff = await open(browser, kiosk.consoleUrl);
  await staff.getByTestId('new-pin').fill(PIN);
  await staff.getByTestId('new-pin-again').fill(PIN);
  await staff.getByTestId('choose-pin-submit').click();
  await expect(staff.getByTestId('choose-pin')).toHaveCount(0);

  await staff.getByTestId('tab-day').click();
  for (const wrong of ['0000', '2468']) {
    await staff.getByTestId('staff-pin').fill(wrong);
    await staff.getByTestId('staff-pin-submit').click();
    await expect(staff.getByTestId('staff-gate').getByRole('alert')).toHaveText(
      'That PIN is not right.',
    );
    await expect(staff.getByRole('button', { name: 'Show the report' })).toHaveCount(0);
  }
  await staff.getByTestId('staff-pin').fill('');
  await staff.getByTestId('staff-pin-submit').click();
  await expect(staff.getByTestId('staff-gate').getByRole('alert')).toHaveText(
    'The PIN must be the 4-8 digit staff PIN.',
  );
  await expect(staff.getByRole('button', { name: 'Show the report' })).toHaveCount(0);

  // Past the screen, straight to the bridge (as any program on this machine could): refused.
  const bridge = await kioskBridge(kiosk);
  cleanups.push(() => bridge.close());
  expect(await bridge.handle({ type: 'endOfDayReport', pin: '0000' })).toMatchObject({
    ok: false,
    error: { field: 'pin' },
  });
  expect(await bridge.handle({ type: 'endOfDayReport' })).toMatchObject({
    ok: false,
    error: { field: 'pin' },
  });
  for (const command of [
    { type: 'unpair', pin: '1357' },
    { type: 'checkStaffPin', pin: '9999' },
  ])
    expect(await bridge.handle(command)).toMatchObject({ ok: false, error: { field: 'pin' } });
  // Five wrong in a row (two on screen, three here, whatever the screen): the right PIN waits.
  expect(await bridge.handle({ type: 'checkStaffPin', pin: PIN })).toMatchObject({
    ok: false,
    error: { message: /Too many wrong PINs/ },
  });
  await staff.getByTestId('staff-pin').fill(PIN);
  await staff.getByTestId('staff-pin-submit').click();
  await expect(staff.getByTestId('staff-gate').getByRole('alert')).toContainText(
    'Too many wrong PINs',
  );
});

test('a refund asks for the staff PIN before its form', async ({ browser }) => {
  const kiosk = await launch();
  const call = (method: string, path: string, body?: unknown) =>
    api(kiosk.serviceUrl, kiosk.sandboxSecret!, method, path, body);
  const staff = await open(browser, kiosk.consoleUrl);
  const display = await open(browser, kiosk.displayUrl, 1024, 768);
  await staff.getByTestId('new-pin').fill(PIN);
  await staff.getByTestId('new-pin-again').fill(PIN);
  await staff.getByTestId('choose-pin-submit').click();

  const terminals = await call('GET', '/api/terminal');
  const terminal = terminals.find((t: { name: string }) => t.name === 'Counter kiosk');
  const { paymentRequestId: id } = await call('POST', '/api/terminal/process-remote-payment', {
    id: terminal.id,
    amount: 9,
  });
  await expect(displayRoot(display)).toHaveAttribute('data-payment-request-id', id);
  await call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod: 'CARD',
    outcome: 'COMPLETED',
  });
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'completed');

  await staff.getByTestId('tab-history').click();
  await staff.locator(`[data-testid="history-row"][data-payment-request-id="${id}"]`).click();
  const detail = staff.getByTestId('payment-detail');
  await detail.getByTestId('refund-button').click();
  // The PIN first; the form (how much, Refund) only behind it.
  await expect(detail.getByTestId('staff-gate')).toContainText(
    'Enter the staff PIN to refund this payment.',
  );
  await expect(detail.getByTestId('refund-submit')).toHaveCount(0);
  await expect(detail.getByLabel('An amount')).toHaveCount(0);
  await detail.getByTestId('staff-pin').fill(PIN);
  await detail.getByTestId('staff-pin-submit').click();
  await expect(detail.getByTestId('refund-submit')).toBeVisible();
  await detail.getByTestId('refund-submit').click();
  await expect(detail.getByTestId('refund')).toHaveCount(1);
  await expect(detail.getByTestId('refund')).toContainText('£9.00');
});
