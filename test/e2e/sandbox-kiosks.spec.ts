/**
 * Simulated kiosks on the dashboard (docs/fleet.md, Simulated kiosks): a payments service process,
 * a kiosk the sandbox plays made through the API, and the Devices page in Chromium. The kiosk is
 * listed online and marked "Simulated"; its printer set offline through the API shows "Printer
 * offline" with its alert, live; its own page says it is simulated, and a test page asked there
 * fails with the printer's reason. Layout checked at 390, 768 and 1280 px.
 */
import { expect, test } from '@playwright/test';
import { freePort } from '../helpers/ports';
import { api, perTest, startServiceProcess, tempDir } from './kiosk-harness';
import { atEachWidth, checkCommonLayout } from './layout';

const SECRET = 'sk_sandbox_e2e_simulated';
const LIVE = { timeout: 20_000 };
const { open, cleanups } = perTest();
test.setTimeout(120_000);

test('a simulated kiosk is on the Devices page, marked simulated, and its printer going offline shows live', async ({
  browser,
}) => {
  const dir = tempDir('counter-service-');
  const service = startServiceProcess(dir.path, await freePort(), SECRET);
  cleanups.push(
    () => dir.remove(),
    () => service.child.kill('SIGKILL'),
  );
  const [, url = ''] = await service.waitFor(/service listening on (\S+)/);
  const kiosk = await api(url, SECRET, 'POST', '/api/sandbox/kiosks', { name: 'Sim till' });

  const page = await open(browser, `${url}/dashboard/devices`);
  await page.getByLabel('Access secret').fill(SECRET);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const row = page
    .getByTestId('device')
    .filter({ has: page.getByRole('link', { name: 'Sim till' }) });
  await expect(row).toHaveAttribute('data-online', 'true', LIVE);
  await expect(row.getByTestId('device-simulated')).toHaveText('Simulated');
  await expect(row.getByTestId('device-printer')).toHaveText('Printer ready');

  await api(url, SECRET, 'PATCH', `/api/sandbox/kiosks/${kiosk.id}`, {
    printer: { state: 'OFFLINE', jobsWaiting: 1 },
  });
  await expect(row.getByTestId('device-printer')).toHaveText(
    'Printer offline (1 receipt waiting)',
    LIVE,
  );
  await expect(row).toHaveAttribute('data-alerts', 'PRINTER', LIVE);
  await atEachWidth(page, async (width) => {
    await checkCommonLayout(page, `Devices with a simulated kiosk at ${width}px`, width);
  });
  await page.screenshot({ path: '/tmp/h15-devices-simulated.png' });

  await row.getByRole('link', { name: 'Sim till' }).click();
  await expect(page.getByRole('heading', { name: 'Sim till' })).toBeVisible();
  await expect(page.getByTestId('device-simulated')).toContainText('Simulated');
  // It answers as a kiosk whose printer is offline would.
  await page.getByRole('button', { name: 'Print a test page' }).click();
  await expect(page.getByTestId('remote-actions')).toContainText('FAILED', LIVE);
  await expect(page.getByTestId('remote-actions')).toContainText('did not answer on its port');
  await atEachWidth(page, async (width) => {
    await checkCommonLayout(page, `Simulated kiosk page at ${width}px`, width);
  });
  await page.screenshot({ path: '/tmp/h15-device-simulated.png' });
});
