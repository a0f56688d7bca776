/**
 * Steering a kiosk's console from the dashboard (docs/fleet.md, Remote actions): on a kiosk's own
 * Devices page "Sign out staff" signs out whoever is signed in at its console, and "Lock the
 * console" puts the console behind a lock that a cashier's PIN does not open and the owner's does;
 * each shows DONE once the kiosk has done it. Real service and kiosk processes, real Chromium.
 */
import { expect, test } from '@playwright/test';
import { freePort } from '../helpers/ports';
import { api, perTest, startKiosk, startServiceProcess, tempDir } from './kiosk-harness';
import { atEachWidth, checkCommonLayout } from './layout';
import { kioskBridge } from './till-steps';

const SECRET = 'sk_sandbox_e2e_remote_staff';
const PIN = '2468';
const CASHIER = '1357';
const { open, cleanups } = perTest();
test.setTimeout(240_000);

test('the dashboard signs out the staff at a kiosk and locks its console until the owner’s PIN', async ({
  browser,
}) => {
  const serviceDir = tempDir('counter-service-');
  const service = startServiceProcess(serviceDir.path, await freePort(), SECRET);
  cleanups.push(
    () => service.child.kill('SIGKILL'),
    () => serviceDir.remove(),
  );
  const [, serviceUrl = ''] = await service.waitFor(/service listening on (\S+)/, 120_000);
  const dir = tempDir();
  const kiosk = await startKiosk(dir.path, ['--service-url', serviceUrl], {
    COUNTER_KIOSK_PIN: PIN,
  });
  cleanups.push(
    () => kiosk.stop(),
    () => dir.remove(),
  );
  const bridge = await kioskBridge(kiosk);
  cleanups.push(() => bridge.close());
  const { code } = await api(serviceUrl, SECRET, 'POST', '/api/terminal/pairing-codes', {});
  const paired = await bridge.handle({
    type: 'pairWithCode',
    pin: PIN,
    baseUrl: serviceUrl,
    code,
    name: 'Front till',
  });
  expect(paired).toMatchObject({ ok: true });
  const added = await bridge.handle({
    type: 'addStaff',
    pin: PIN,
    name: 'Cara',
    role: 'cashier',
    newPin: CASHIER,
  });
  expect(added).toMatchObject({ ok: true });
  const [terminal] = await api(serviceUrl, SECRET, 'GET', '/api/terminal');

  // Cara signs in at the console: with a cashier on the kiosk, its PIN pad is where the keypad was.
  const consolePage = await open(browser, kiosk.consoleUrl);
  await consolePage.getByTestId('sign-in-pin').fill(CASHIER);
  await consolePage.getByTestId('sign-in-submit').click();
  await expect(consolePage.getByTestId('signed-in-name')).toHaveText('Cara');

  const dashboard = await open(browser, `${serviceUrl}/dashboard/devices/${terminal.id}`);
  await dashboard.getByLabel('Access secret').fill(SECRET);
  await dashboard.getByRole('button', { name: 'Sign in' }).click();
  await expect(dashboard.getByRole('heading', { name: 'Front till' })).toBeVisible({
    timeout: 20_000,
  });
  const actions = dashboard.getByTestId('remote-actions');

  await dashboard.getByRole('button', { name: 'Sign out staff' }).click();
  await expect(consolePage.getByTestId('signed-out')).toBeVisible({ timeout: 10_000 });
  await expect(actions).toContainText('Signed out Cara', { timeout: 10_000 });
  await expect(actions).toContainText('DONE');

  await dashboard.getByRole('button', { name: 'Lock the console' }).click();
  const lock = consolePage.getByTestId('console-locked');
  await expect(lock).toBeVisible({ timeout: 10_000 });
  await expect(consolePage.getByTestId('tab-take')).toHaveCount(0);
  await expect(actions).toContainText('Locked the console', { timeout: 10_000 });
  await consolePage.screenshot({ path: '/tmp/h1-console-locked.png' });
  await atEachWidth(consolePage, (width) => checkCommonLayout(consolePage, 'console lock', width));

  // A cashier's PIN does not open it; the owner's does.
  await consolePage.getByTestId('unlock-pin').fill(CASHIER);
  await consolePage.getByTestId('unlock-submit').click();
  await expect(lock).toContainText('locked from the dashboard: a manager or the owner');
  await expect(lock).toBeVisible();
  await consolePage.getByTestId('unlock-pin').fill(PIN);
  await consolePage.getByTestId('unlock-submit').click();
  await expect(lock).toHaveCount(0);
  await expect(consolePage.getByTestId('signed-in-name')).toBeVisible();
  await expect(consolePage.getByTestId('tab-take')).toBeVisible();
});
