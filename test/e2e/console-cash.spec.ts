/**
 * Cash at the counter, end to end: Counter started with `npm start -- --browser --no-open`, a
 * receipt printer stand-in on loopback (test/helpers/printer-stand-in.ts) decoding what the kiosk
 * sends it. Staff build a basket, choose Cash, are refused a tender below the amount (nothing is
 * recorded), take £20 and see £7.50 change on the console and on the customer display; the drawer
 * pulse is in the printer's bytes; the payment is CASH at the service and in the kiosk's History;
 * a cash refund opens the drawer again. With the printer off the sale stands, staff are told why
 * the drawer did not open, and "Open drawer again" opens it once the printer is back.
 */
import { expect, test } from '@playwright/test';
import type { BridgeClient } from '../../src/main/browser/bridge-client';
import { startPrinterStandIn, type PrinterStandIn } from '../helpers/printer-stand-in';
import { api, displayRoot, perTest, startKiosk, tempDir, type Kiosk } from './kiosk-harness';
import { atEachWidth, checkCommonLayout } from './layout';
import { addBasketLine, kioskBridge, printed, useReceiptPrinter } from './till-steps';

const PIN = '2468';
const { open } = perTest();
let kiosk: Kiosk;
let printer: PrinterStandIn;
let bridge: BridgeClient;
let removeDir: () => void;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const dir = tempDir();
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

/** Payments of the kiosk's merchant at the service, as the dashboard lists them. */
async function servicePayments(): Promise<{ paymentRequestId: string; paymentMethod: string }[]> {
  return (await call('GET', '/api/payment-requests?size=100')).data;
}

test('a basket paid in cash: change on both screens, the drawer opens, CASH everywhere, refund opens it again', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const display = await open(browser, kiosk.displayUrl, 1024, 768);
  const staff = await open(browser, kiosk.consoleUrl);
  await addBasketLine(staff, 'Sourdough loaf', '2', '4.25');
  await addBasketLine(staff, 'Flat white', '1', '4.00');
  await staff.getByTestId('method-cash').click();
  await expect(staff.getByTestId('start-payment')).toHaveText('Take cash');
  await staff.getByTestId('start-payment').click();
  const dialog = staff.getByTestId('cash-dialog');
  await expect(dialog.getByRole('heading')).toHaveText('Cash: £12.50 to pay');

  // Too little handed over: refused in words, nothing recorded, no drawer.
  const before = (await servicePayments()).length;
  await dialog.getByTestId('cash-note-10').click();
  await dialog.getByTestId('cash-take').click();
  await expect(dialog.getByTestId('cash-error')).toHaveText(
    '£10.00 is less than the £12.50 to pay: nothing was taken.',
  );
  expect((await servicePayments()).length).toBe(before);
  expect(printer.jobs).toHaveLength(0);

  await dialog.getByTestId('cash-note-20').click();
  await expect(dialog.getByTestId('cash-change-preview')).toHaveText('Change due: £7.50');
  await staff.screenshot({ path: '/tmp/cash-entry.png' });
  await dialog.getByTestId('cash-take').click();
  await expect(dialog.getByTestId('cash-change')).toHaveText('Change due £7.50');
  await expect(dialog.getByTestId('drawer-status')).toHaveText('The drawer is open.');

  // The customer sees it too, with the basket.
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'completed');
  await expect(display.getByTestId('display-cash-change')).toHaveText('Change £7.50');
  await expect(display.getByTestId('display-cash-tendered')).toHaveText('Cash £20.00');
  await display.screenshot({ path: '/tmp/cash-display.png' });
  const id = (await displayRoot(display).getAttribute('data-payment-request-id'))!;

  // The drawer pulse, and nothing else, reached the printer.
  const [pulse] = await printer.waitForJobs(1);
  expect(printed(pulse!)).toMatchObject({ pulses: 1, cuts: 0, lines: [] });

  // CASH at the service, with the tender and change, and in the kiosk's History.
  const record = await call('GET', `/api/payments/v1/payment-status/${id}`);
  expect(record).toMatchObject({ status: 'COMPLETED', paymentMethod: 'CASH', paidAmount: 12.5 });
  expect(record.transactions[0]).toMatchObject({ tenderedPence: 2000, changePence: 750 });
  expect((await servicePayments()).length).toBe(before + 1);

  await atEachWidth(staff, (width) => checkCommonLayout(staff, 'Cash taken', width));
  await staff.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByTestId('cash-done').click();
  await staff.getByTestId('tab-history').click();
  const row = staff.locator(`[data-testid="history-row"][data-payment-request-id="${id}"]`);
  await expect(row).toContainText('Cash');
  await expect(row).toContainText('£12.50');

  // A cash refund completes at once and opens the drawer again.
  const refund = await bridge.handle({
    type: 'refundPayment',
    paymentRequestId: id,
    amountPence: 400,
    pin: PIN,
  });
  expect(refund).toMatchObject({
    ok: true,
    result: { status: 'COMPLETED', drawer: { opened: true, error: null } },
  });
  const jobs = await printer.waitForJobs(2);
  expect(printed(jobs[1]!).pulses).toBe(1);
  expect(await call('GET', `/api/payments/v1/payment-status/${id}`)).toMatchObject({
    refundedAmount: 4,
  });
  // More than the cash taken is refused, naming the amount; no drawer.
  const over = await bridge.handle({
    type: 'refundPayment',
    paymentRequestId: id,
    amountPence: 900,
    pin: PIN,
  });
  expect(over).toMatchObject({ ok: false, error: { field: 'amountPence' } });
  expect(printer.jobs).toHaveLength(2);
});

test('with the printer off the cash sale stands, staff are told, and the drawer opens on retry', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const staff = await open(browser, kiosk.consoleUrl, 390, 844);
  await printer.off();
  const before = (await servicePayments()).length;
  const jobsBefore = printer.jobs.length;
  await expect(staff.getByTestId('amount-display')).toHaveText('£0.00');
  for (const digit of '350') await staff.getByTestId(`keypad-${digit}`).click();
  await expect(staff.getByTestId('amount-display')).toHaveText('£3.50');
  await staff.getByTestId('method-cash').click();
  await staff.getByTestId('start-payment').click();
  const dialog = staff.getByTestId('cash-dialog');
  await expect(dialog.getByRole('heading')).toHaveText('Cash: £3.50 to pay');
  await dialog.getByTestId('cash-exact').click();
  await expect(dialog.getByTestId('cash-change-preview')).toHaveText('Change due: £0.00');
  await dialog.getByTestId('cash-take').click();
  await expect(dialog.getByTestId('cash-change')).toHaveText('Change due £0.00');
  await expect(dialog.getByTestId('drawer-error')).toContainText(
    'The cash drawer did not open: The receipt printer at 127.0.0.1:',
  );
  await expect(dialog.getByTestId('drawer-error')).toContainText('The sale is recorded');
  const after = await servicePayments();
  expect(after.length).toBe(before + 1);
  expect(after[0]).toMatchObject({ paymentMethod: 'CASH', status: 'COMPLETED' });
  await atEachWidth(staff, (width) => checkCommonLayout(staff, 'Cash drawer did not open', width));
  await staff.screenshot({ path: '/tmp/cash-drawer-off.png' });

  await printer.on();
  await dialog.getByTestId('drawer-retry').click();
  await expect(dialog.getByTestId('drawer-status')).toHaveText('The drawer is open.');
  const jobs = await printer.waitForJobs(jobsBefore + 1);
  expect(printed(jobs.at(-1)!).pulses).toBe(1);
});
