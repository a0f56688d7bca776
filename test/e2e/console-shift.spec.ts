/**
 * A shift at the counter, end to end: Counter started with `npm start -- --browser --no-open`, a
 * receipt printer stand-in on loopback decoding what the kiosk sends it. Staff open a shift with
 * a £100 float on the console's Shift screen, a card payment is taken, £5 is paid out for milk,
 * the X report shows each figure (and prints), and the shift closes with the drawer counted £5
 * short: the Z report on screen, in the printer's bytes and in the service's copy says so. Then
 * the kiosk's first Z report is changed in its own SQLite file: the next Z report links to the
 * changed one, and the service's chain check names it. The Shift screen is checked at 390, 768
 * and 1280 px (test/e2e/layout.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import type { BridgeClient } from '../../src/main/browser/bridge-client';
import Database from '../../src/sqlite';
import { startPrinterStandIn, type PrinterStandIn } from '../helpers/printer-stand-in';
import { api, displayRoot, perTest, startKiosk, tempDir, type Kiosk } from './kiosk-harness';
import { atEachWidth, checkCommonLayout } from './layout';
import { kioskBridge, openShift, printedText, terminalId, useReceiptPrinter } from './till-steps';

const PIN = '2468';
const { open } = perTest();
let kiosk: Kiosk;
let printer: PrinterStandIn;
let bridge: BridgeClient;
let dataDir: string;
let removeDir: () => void;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const dir = tempDir();
  dataDir = dir.path;
  removeDir = () => dir.remove();
  printer = await startPrinterStandIn();
  kiosk = await startKiosk(dir.path, [], { COUNTER_KIOSK_PIN: PIN });
  bridge = await kioskBridge(kiosk);
  await useReceiptPrinter(bridge, PIN, printer.port);
});

test.afterAll(async () => {
  bridge?.close();
  await kiosk?.stop();
  await printer?.close();
  removeDir?.();
});

const call = (method: string, path: string, body?: unknown) =>
  api(kiosk.serviceUrl, kiosk.sandboxSecret!, method, path, body);

/** A £8.50 card payment with a £0.50 tip, pushed to the kiosk and paid on its display. */
async function cardPayment(display: Page, terminal: string) {
  const { paymentRequestId: id } = await call('POST', '/api/terminal/process-remote-payment', {
    id: terminal,
    amount: 8.5,
  });
  await expect(displayRoot(display)).toHaveAttribute('data-payment-request-id', id, {
    timeout: 20_000,
  });
  await call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod: 'CARD',
    outcome: 'COMPLETED',
    tipAmount: 0.5,
  });
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'completed');
}

test('a shift: float, a payment, a pay-out, the X report, closed £5 short with the Z report printed and at the service; a changed Z report is found', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const terminal = await terminalId(kiosk.serviceUrl, kiosk.sandboxSecret!, 'Counter kiosk');
  const display = await open(browser, kiosk.displayUrl, 1024, 768);
  const staff = await open(browser, kiosk.consoleUrl);
  await staff.getByTestId('tab-shift').click();
  await staff.getByTestId('staff-pin').fill(PIN);
  await staff.getByTestId('staff-pin-submit').click();

  // Not money: refused in words, and no shift opens.
  await staff.getByTestId('shift-float').fill('ten pounds');
  await staff.getByRole('button', { name: 'Open shift' }).click();
  await expect(staff.getByTestId('form-error')).toContainText('pounds and pence');
  await openShift(staff, '100.00');

  await cardPayment(display, terminal);

  // A pay-out needs its reason; refused, nothing recorded.
  await staff.getByTestId('shift-move-amount').fill('5');
  await staff.getByRole('button', { name: 'Record pay-out' }).click();
  await expect(staff.getByTestId('form-error')).toContainText('say what the money is for');
  await expect(staff.getByTestId('x-report-pay-outs')).toHaveText('£0.00');
  await staff.getByTestId('shift-move-reason').fill('milk');
  await staff.getByRole('button', { name: 'Record pay-out' }).click();

  const x = staff.getByTestId('x-report');
  await expect(x.getByTestId('x-report-pay-outs')).toHaveText('£5.00');
  await expect(x.getByTestId('x-report-method-CARD')).toContainText('£9.00');
  await expect(x.getByTestId('x-report-method-CASH')).toContainText('£0.00');
  await expect(x.getByTestId('x-report-taken')).toHaveText('£9.00');
  await expect(x.getByTestId('x-report-float')).toHaveText('£100.00');
  await expect(x.getByTestId('x-report-expected')).toHaveText('£95.00');
  await expect(x).toContainText('Paid out £5.00: milk');

  await staff.getByRole('button', { name: 'Print X report' }).click();
  const [xJob] = await printer.waitForJobs(1);
  expect(printedText(xJob!)).toMatch(/Card \(1\) +£9\.00/);
  expect(printedText(xJob!)).toMatch(/Cash expected +£95\.00/);

  // Counted £90 against £95 expected.
  await staff.getByRole('button', { name: 'Close shift…' }).click();
  await staff.getByTestId('count-5000').fill('1');
  await staff.getByTestId('count-2000').fill('2');
  await expect(staff.getByTestId('count-total')).toContainText('\u2212£5.00 short');
  await atEachWidth(staff, (width) =>
    checkCommonLayout(staff, 'Shift: counting the drawer', width),
  );
  await staff.setViewportSize({ width: 1280, height: 800 });
  await staff.getByRole('button', { name: 'Close shift and make the Z report' }).click();
  const z = staff.getByTestId('z-report');
  await expect(z).toHaveAttribute('data-number', '1');
  await expect(z.getByTestId('z-difference')).toContainText('\u2212£5.00 short');
  await staff.screenshot({ path: '/tmp/shifts-z-report.png', fullPage: true });

  // Printed: the paper's code page has no minus sign, so "-".
  const jobs = await printer.waitForJobs(2);
  const zText = printedText(jobs[1]!);
  expect(zText).toContain('Z report 1');
  expect(zText).toMatch(/Cash counted +£90\.00/);
  expect(zText).toMatch(/Difference +-£5\.00 short/);

  // The service's copy, and its chain is whole.
  await expect
    .poll(async () => (await call('GET', `/api/terminals/${terminal}/shifts`)).reports.length)
    .toBe(1);
  const copy = await call('GET', `/api/terminals/${terminal}/shifts`);
  expect(copy.reports[0].report).toMatchObject({
    number: 1,
    differencePence: -500,
    expectedCashPence: 9500,
    countedCashPence: 9000,
  });
  expect(copy.chain).toMatchObject({ ok: true, problems: [] });
  await expect(staff.getByTestId('shift-waiting')).toHaveCount(0);

  await atEachWidth(staff, (width) => checkCommonLayout(staff, 'Shift: the Z report', width));

  // Report 1 changed in the kiosk's own database (its guard triggers dropped first).
  const db = new Database(join(dataDir, 'kiosk', 'kiosk.db'));
  db.pragma('busy_timeout = 5000');
  const stored = db.prepare('SELECT report FROM z_reports WHERE number = 1').get() as {
    report: string;
  };
  db.exec('DROP TRIGGER z_reports_final_update');
  db.prepare('UPDATE z_reports SET report = ? WHERE number = 1').run(
    JSON.stringify({ ...JSON.parse(stored.report), countedCashPence: 9500, differencePence: 0 }),
  );
  db.close();

  // The next shift's Z report links to report 1 as the kiosk now holds it.
  const opened = await bridge.handle({ type: 'openShift', pin: PIN, floatPence: 5000 });
  expect(opened).toMatchObject({ ok: true });
  const shiftId = (opened as { result: { shift: { id: string } } }).result.shift.id;
  const closed = await bridge.handle({
    type: 'closeShift',
    pin: PIN,
    shiftId,
    counted: [{ denominationPence: 5000, count: 1 }],
  });
  expect(closed).toMatchObject({ ok: true, result: { report: { number: 2 } } });
  await expect
    .poll(async () => (await call('GET', `/api/terminals/${terminal}/shifts/check`)).problems, {
      timeout: 15_000,
    })
    .toEqual([expect.objectContaining({ number: 2, problem: 'LINK_BROKEN' })]);
  // A second close of the same shift: refused, nothing new.
  const again = await bridge.handle({ type: 'closeShift', pin: PIN, shiftId, counted: [] });
  expect(again).toMatchObject({
    ok: false,
    error: { message: expect.stringMatching(/already closed/) },
  });

  // The dashboard's Terminals page lists the service's copies with the chain check's finding.
  const dashboard = await open(browser, kiosk.dashboardUrl);
  await dashboard.getByLabel('Access secret').fill(kiosk.sandboxSecret!);
  await dashboard.getByRole('button', { name: 'Sign in' }).click();
  // Signed in (the secret kept) before the page is left for another.
  await expect(dashboard.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await dashboard.goto(`${kiosk.serviceUrl}/dashboard/terminals`);
  await dashboard.getByRole('button', { name: 'Z reports of Counter kiosk' }).click();
  const first = dashboard.locator('[data-testid="z-report-row"][data-number="1"]');
  await expect(first.getByTestId('z-report-difference')).toHaveText('\u2212£5.00 short');
  await expect(dashboard.getByTestId('z-chain')).toHaveAttribute('data-ok', 'false');
  await expect(dashboard.getByTestId('z-chain-problem')).toHaveAttribute('data-number', '2');
  await atEachWidth(dashboard, (width) =>
    checkCommonLayout(dashboard, "Dashboard: a terminal's Z reports", width),
  );
});
