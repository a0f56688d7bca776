/**
 * Kiosk settings by store and remote actions end to end (docs/fleet.md): one payments service
 * process, three kiosks started as shops start them (`npm start -- --browser --no-open
 * --service-url …`), two paired to the primary store and one to another, a receipt printer
 * stand-in on loopback, and the dashboard in Chromium. A setting changed (and locked) for the
 * primary store on the dashboard's Settings reaches both of its kiosks within a second and not
 * the third; the console's Settings shows it read-only, "Set by your store"; a remote "Print a
 * test page" prints on the stand-in and shows DONE. The Kiosk settings section is checked at 390,
 * 768 and 1280 px.
 */
import { expect, test, type Page } from '@playwright/test';
import type { BridgeClient } from '../../src/main/browser/bridge-client';
import type { KioskState } from '../../src/shared/bridge';
import { freePort } from '../helpers/ports';
import { startPrinterStandIn, type PrinterStandIn } from '../helpers/printer-stand-in';
import { decodeReceipt } from '../helpers/receipt-decoder';
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

const SECRET = 'sk_sandbox_e2e_kiosk_settings';
const PIN = '2468';
const { open, cleanups } = perTest();

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

let serviceUrl = '';
let printer: PrinterStandIn;
const afterAllCleanups: (() => unknown)[] = [];

const call = (method: string, path: string, body?: unknown) =>
  api(serviceUrl, SECRET, method, path, body);

interface Till {
  kiosk: Kiosk;
  bridge: BridgeClient;
  /** The latest state the kiosk broadcast, and when each idle text was first seen. */
  state: () => KioskState | null;
  seenAt: Map<string, number>;
}

/** A kiosk on the shared service, paired to `storeId` as `name`, its state followed. */
async function startTill(name: string, storeId: string): Promise<Till> {
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
  let latest: KioskState | null = null;
  const seenAt = new Map<string, number>();
  bridge.subscribe((event) => {
    if (event.type !== 'state') return;
    latest = event.state;
    const text = latest.central?.settings.idleScreenText;
    if (typeof text === 'string' && !seenAt.has(text)) seenAt.set(text, Date.now());
  });
  const { code } = await call('POST', '/api/terminal/pairing-codes', { storeId });
  const reply = await bridge.handle({
    type: 'pairWithCode',
    pin: PIN,
    baseUrl: serviceUrl,
    code,
    name,
  });
  expect(reply).toMatchObject({ ok: true });
  await expect
    .poll(() => latest?.central?.settings.idleScreenText, { timeout: 20_000 })
    .toBe('Welcome');
  return { kiosk, bridge, state: () => latest, seenAt };
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dir = tempDir('counter-service-');
  const port = await freePort();
  const service = startServiceProcess(dir.path, port, SECRET);
  [, serviceUrl = ''] = await service.waitFor(/service listening on (\S+)/, 120_000);
  printer = await startPrinterStandIn();
  afterAllCleanups.push(
    () => service.child.kill('SIGKILL'),
    () => dir.remove(),
    () => printer.close(),
  );
});

test.afterAll(async () => {
  for (const cleanup of afterAllCleanups.splice(0).reverse()) await cleanup();
});

async function signIn(page: Page) {
  await page.getByLabel('Access secret').fill(SECRET);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Kiosk settings' })).toBeVisible({
    timeout: 20_000,
  });
}

test("a store's setting reaches both of its kiosks within a second and not the other store's; locked, it is read-only at the counter; a remote test page prints", async ({
  browser,
}) => {
  const stores = await call('GET', '/api/stores');
  const primary = stores.find((s: { isPrimary: boolean }) => s.isPrimary);
  const other = await call('POST', '/api/stores', { name: 'Harbour kiosk shop' });
  const tills = [
    await startTill('Front A', primary.id),
    await startTill('Back A', primary.id),
    await startTill('Harbour B', other.id),
  ];

  const page = await open(browser, `${serviceUrl}/dashboard/settings`);
  await signIn(page);
  const section = page.locator('section', {
    has: page.getByRole('heading', { name: 'Kiosk settings' }),
  });
  await section.getByLabel('Settings for').selectOption({ label: `Store: ${primary.name}` });
  const idle = section.getByTestId('kiosk-setting-idleScreenText');
  await idle.getByLabel('Set here').check();
  await idle.getByLabel('Idle screen text').fill('Back in five');
  await idle.getByLabel('Locked at the counter').check();
  const sentAt = Date.now();
  await section.getByRole('button', { name: 'Save kiosk settings' }).click();
  await expect(section.getByTestId('kiosk-settings-saved')).toContainText('saved');

  for (const till of tills.slice(0, 2))
    await expect.poll(() => till.seenAt.get('Back in five'), { timeout: 5_000 }).toBeDefined();
  for (const till of tills.slice(0, 2))
    expect(till.seenAt.get('Back in five')! - sentAt).toBeLessThan(1_000);
  await page.waitForTimeout(1_000);
  expect(tills[2]!.state()?.central?.settings.idleScreenText).toBe('Welcome');
  await expect(section.getByTestId('kiosk-settings-changes')).toContainText('Back in five');
  await expect(section.getByTestId('kiosk-settings-changes')).toContainText('dashboard');

  // The console's Settings: the locked field is the merchant's, read-only.
  const staff = await open(browser, tills[0]!.kiosk.consoleUrl);
  await staff.getByTestId('tab-settings').click();
  await staff.getByTestId('staff-pin').fill(PIN);
  await staff.getByTestId('staff-pin-submit').click();
  const locked = staff.getByTestId('central-idleScreenText');
  await expect(locked).toContainText('Back in five');
  await expect(locked).toContainText('Set by your store');
  await expect(locked.locator('input')).toHaveCount(0);

  // A remote test page, on the first kiosk's printer.
  await useReceiptPrinter(tills[0]!.bridge, PIN, printer.port);
  await section.getByLabel('Settings for').selectOption({ label: 'Kiosk: Front A' });
  await section.getByRole('button', { name: 'Print a test page' }).click();
  const [job] = await printer.waitForJobs(1, 20_000);
  expect(decodeReceipt(job!, 'esc-pos').lines.map((l) => l.trim())).toContain(
    'Receipt printer test page',
  );
  await expect(section.getByTestId('remote-actions')).toContainText('DONE', { timeout: 10_000 });

  await atEachWidth(page, async (width) => {
    await section.scrollIntoViewIfNeeded();
    if (width === 390)
      await page.screenshot({ path: '/tmp/kiosk-settings-390.png', fullPage: true });
    await checkCommonLayout(page, 'kiosk settings', width);
  });
});
