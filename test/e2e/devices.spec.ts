/**
 * The fleet end to end (docs/fleet.md): one payments service process, two kiosks started as
 * shops start them (`npm start -- --browser --no-open --service-url …`) and paired to its primary
 * store, a receipt printer stand-in on loopback, a webhook receiver, and the dashboard's Devices
 * page in Chromium. Both kiosks show online; one stopped shows offline after the merchant's set
 * time and one signed TERMINAL_HEALTH webhook arrives, and one recovery when it is started again;
 * the printer stand-in stopping shows "Printer offline" for its kiosk. The page's layout is
 * checked at 390, 768 and 1280 px.
 */
import { expect, test, type Page } from '@playwright/test';
import type { BridgeClient } from '../../src/main/browser/bridge-client';
import { verifyWebhook } from '../../src/client/webhook-verify';
import { freePort } from '../helpers/ports';
import { startPrinterStandIn, type PrinterStandIn } from '../helpers/printer-stand-in';
import { headerRecord, startReceiver, type Receiver } from '../helpers/webhook-receiver';
import {
  api,
  perTest,
  startKiosk,
  startServiceProcess,
  tempDir,
  type Kiosk,
} from './kiosk-harness';
import { atEachWidth, checkCommonLayout } from './layout';
import { kioskBridge, useReceiptPrinter } from './till-steps';

const SECRET = 'sk_sandbox_e2e_devices';
const PIN = '2468';
const LIVE = { timeout: 20_000 };
const KIOSK_ENV = { COUNTER_KIOSK_PIN: PIN, COUNTER_HEALTH_CHECK_MS: '500' };
const { open, cleanups } = perTest();

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

let serviceUrl = '';
let printer: PrinterStandIn;
let receiver: Receiver;
let subscriptionSecret = '';

const call = (method: string, path: string, body?: unknown) =>
  api(serviceUrl, SECRET, method, path, body);

/** A kiosk on the shared service, its bridge for the staff commands the test needs. */
async function startTill(dir: string): Promise<{ kiosk: Kiosk; bridge: BridgeClient }> {
  const kiosk = await startKiosk(dir, ['--service-url', serviceUrl], KIOSK_ENV);
  const bridge = await kioskBridge(kiosk);
  return { kiosk, bridge };
}

async function pair(bridge: BridgeClient, name: string) {
  const { code } = await call('POST', '/api/terminal/pairing-codes', {});
  const reply = await bridge.handle({
    type: 'pairWithCode',
    pin: PIN,
    baseUrl: serviceUrl,
    code,
    name,
  });
  expect(reply).toMatchObject({ ok: true });
}

/** The TERMINAL_HEALTH deliveries about `name`, each verified with the client's verifier. */
function healthEvents(name: string): string[] {
  return receiver.received
    .filter((r) => r.json.type === 'TERMINAL_HEALTH' && r.json.data.terminalName === name)
    .map((r) => {
      const event = verifyWebhook(subscriptionSecret, r.body, headerRecord(r.headers));
      expect(event.type).toBe('TERMINAL_HEALTH');
      return `${event.data.alert} ${event.data.status}`;
    });
}

const row = (page: Page, name: string) =>
  page.getByTestId('device').filter({ has: page.getByRole('link', { name }) });

test.beforeAll(async () => {
  const dir = tempDir('counter-service-');
  const port = await freePort();
  const service = startServiceProcess(dir.path, port, SECRET);
  [, serviceUrl = ''] = await service.waitFor(/service listening on (\S+)/);
  printer = await startPrinterStandIn();
  receiver = await startReceiver();
  const sub = await call('POST', '/api/webhooks', {
    url: receiver.url,
    eventTypes: ['TERMINAL_HEALTH'],
  });
  subscriptionSecret = sub.secret;
  // Short, so the test need not wait the default two minutes.
  await call('PUT', '/api/fleet/settings', { offlineAlertSeconds: 3 });
  test.info().attach('service', { body: serviceUrl });
  afterAllCleanups.push(
    () => service.child.kill('SIGKILL'),
    () => dir.remove(),
    () => printer.close(),
    () => receiver.close(),
  );
});

const afterAllCleanups: (() => unknown)[] = [];
test.afterAll(async () => {
  for (const cleanup of afterAllCleanups.splice(0).reverse()) await cleanup();
});

async function signIn(page: Page) {
  await page.getByLabel('Access secret').fill(SECRET);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();
}

test('two kiosks online; one stopped goes offline with one alert, and back with one recovery; a printer that stops answering shows offline', async ({
  browser,
}) => {
  const frontDir = tempDir();
  const backDir = tempDir();
  cleanups.push(
    () => frontDir.remove(),
    () => backDir.remove(),
  );
  const front = await startTill(frontDir.path);
  cleanups.push(() => front.kiosk.stop());
  cleanups.push(() => front.bridge.close());
  let back = await startTill(backDir.path);
  cleanups.push(() => back.kiosk.stop());
  cleanups.push(() => back.bridge.close());
  await pair(front.bridge, 'Front till');
  await pair(back.bridge, 'Back till');
  await useReceiptPrinter(front.bridge, PIN, printer.port);
  // The front till's customer display is open.
  await open(browser, front.kiosk.displayUrl, 1024, 768);

  const page = await open(browser, `${serviceUrl}/dashboard/devices`);
  await signIn(page);
  await expect(row(page, 'Front till')).toHaveAttribute('data-online', 'true', LIVE);
  await expect(row(page, 'Back till')).toHaveAttribute('data-online', 'true', LIVE);
  await expect(row(page, 'Front till').getByTestId('device-printer')).toHaveText(
    'Printer ready',
    LIVE,
  );
  await expect(row(page, 'Front till').getByTestId('device-display')).toHaveText(
    'Display showing',
    LIVE,
  );
  await expect(row(page, 'Back till').getByTestId('device-printer')).toHaveText('No printer set');

  // The back till stops: offline on the page, and after 3 s one alert.
  await back.kiosk.stop();
  back.bridge.close();
  await expect(row(page, 'Back till')).toHaveAttribute('data-online', 'false', LIVE);
  await expect(row(page, 'Back till').getByTestId('device-state')).toContainText('Offline since');
  await receiver.waitFor((r) => r.json.data.terminalName === 'Back till', 20_000);
  await expect(row(page, 'Back till')).toHaveAttribute('data-alerts', 'OFFLINE', LIVE);
  // Needing attention: first in the list.
  await expect(page.getByTestId('device').first()).toContainText('Back till');
  await page.waitForTimeout(2_000); // more sweeps: still one alert
  expect(healthEvents('Back till')).toEqual(['OFFLINE RAISED']);

  // Started again on the same data: online, and one recovery.
  back = await startTill(backDir.path);
  cleanups.push(() => back.kiosk.stop());
  cleanups.push(() => back.bridge.close());
  await expect(row(page, 'Back till')).toHaveAttribute('data-online', 'true', LIVE);
  await receiver.waitFor(
    (r) => r.json.data.terminalName === 'Back till' && r.json.data.status === 'RECOVERED',
    20_000,
  );
  await page.waitForTimeout(2_000);
  expect(healthEvents('Back till')).toEqual(['OFFLINE RAISED', 'OFFLINE RECOVERED']);

  // The printer stops answering: the front till's row says so, live.
  await printer.off();
  await expect(row(page, 'Front till').getByTestId('device-printer')).toHaveText(
    'Printer offline',
    LIVE,
  );
  await expect(row(page, 'Front till')).toHaveAttribute('data-alerts', 'PRINTER', LIVE);
  await page.screenshot({ path: '/tmp/devices-1280.png' });

  // The kiosk's own page: its state and its recent reports.
  await row(page, 'Front till').getByRole('link', { name: 'Front till' }).click();
  await expect(page.getByRole('heading', { name: 'Front till' })).toBeVisible();
  await expect(page.getByTestId('device-printer')).toHaveText('Printer offline');
  await expect(page.getByTestId('device-history').locator('tbody tr').first()).toContainText(
    'Printer offline',
  );
  await atEachWidth(page, async (width) => {
    await checkCommonLayout(page, `Kiosk page at ${width}px`, width);
  });
  await page.goto(`${serviceUrl}/dashboard/devices`);
  await expect(page.getByTestId('device')).toHaveCount(2, LIVE);
  await atEachWidth(page, async (width) => {
    await checkCommonLayout(page, `Devices at ${width}px`, width);
    if (width === 390) await page.screenshot({ path: '/tmp/devices-390.png', fullPage: true });
  });
  await printer.on();
});
