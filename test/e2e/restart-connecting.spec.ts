/**
 * `npm start` again on the same data: the kiosk core starts a moment before its embedded service
 * listens. It prints that it is connecting, never "Cannot reach the payments service", and the
 * console shows it connected. Counter started as a newcomer does (`npm start -- --browser
 * --no-open`), stopped and started again; the console checked at 390, 768 and 1280 px.
 */
import { expect, test } from '@playwright/test';
import { startKiosk, tempDir, type Kiosk, perTest } from './kiosk-harness';
import { atEachWidth, checkCommonLayout } from './layout';

const { open, cleanups } = perTest();

test('a restarted kiosk says Connecting…, not that the service cannot be reached', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const dir = tempDir();
  cleanups.push(() => dir.remove());
  const env = { COUNTER_KIOSK_PIN: '2468' };
  const first: Kiosk = await startKiosk(dir.path, [], env);
  cleanups.push(() => first.stop());
  await expect
    .poll(() => first.process.output(), { timeout: 30_000 })
    .toContain('paired this kiosk');
  await first.stop();

  const again = await startKiosk(dir.path, [], env);
  cleanups.push(() => again.stop());
  const staff = await open(browser, again.consoleUrl);
  await expect(
    staff.getByRole('status', { name: /^Connected to the payments service/ }),
  ).toBeVisible({
    timeout: 20_000,
  });
  const output = again.process.output();
  expect(output).toContain('[kiosk] push: Connecting…');
  expect(output).not.toMatch(/cannot reach/i);
  await atEachWidth(staff, (width) => checkCommonLayout(staff, 'console after a restart', width));
  await staff.screenshot({ path: '/tmp/restart-connecting.png' });
});
