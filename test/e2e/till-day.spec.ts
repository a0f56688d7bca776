/**
 * A day a shop runs on the till, end to end, in one story: Counter started with `npm start --
 * --browser --no-open --service-url …` against a payments service process of its own, a receipt
 * printer stand-in on loopback decoding what the kiosk sends it, and both screens in Chromium.
 * The owner adds a cashier and a manager in Settings; the cashier signs in, opens a shift with a
 * £100 float, sells a basket for cash (£20 handed over: the change on both screens, the drawer
 * pulse in the printer's bytes), takes a pay by bank payment the customer pays on their phone,
 * and is refused a £40 refund of it until the manager's PIN approves it; the X report shows each
 * figure. The service stops; two cash sales are taken; it comes back and each reaches the
 * dashboard's payments once. The shift closes £5 short: the printed Z report and the service's
 * copy say so.
 */
import { expect, test, type Page } from '@playwright/test';
import { startPrinterStandIn } from '../helpers/printer-stand-in';
import { api, displayRoot, payByBank, perTest, scanQr } from './kiosk-harness';
import {
  addBasketLine,
  approveWith,
  askRefund,
  openInHistory,
  openShift,
  printed,
  printedText,
  signInByPad,
  staffTheTill,
  takeCash,
  tenderCash,
  tillOnItsOwnService,
  useReceiptPrinter,
  type ServiceProcess,
} from './till-steps';

const OWNER = '2468';
const CASHIER = '1357';
const MANAGER = '8642';
const SECRET = 'sk_sandbox_e2e_till_day';
const { open, cleanups } = perTest();

/** The shop's setup: the kiosk paired with a service of its own, the printer stand-in named. */
async function openTheShop() {
  const printer = await startPrinterStandIn();
  cleanups.push(() => printer.close());
  const { service, kiosk, bridge, terminal } = await tillOnItsOwnService(cleanups, SECRET, OWNER);
  await useReceiptPrinter(bridge, OWNER, printer.port);
  return { service, printer, kiosk, terminal };
}

/** The X report's row for one member of staff: their name, what they took and refunded. */
const staffRow = (staff: Page, name: string) =>
  staff.getByRole('table', { name: 'By staff member' }).getByRole('row', { name });

/** The dashboard's payments list, signed in with the merchant's secret. */
async function dashboardPayments(page: Page, service: ServiceProcess) {
  await page.goto(`${service.url}/dashboard`);
  await page.getByLabel('Access secret').fill(service.secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Payments' })
    .click();
  return page.getByTestId('payment');
}

test('a day at the till: staff, a shift, cash, bank, an approved refund, X, offline cash, Z £5 short', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { service, printer, kiosk, terminal } = await openTheShop();
  const call = (method: string, path: string, body?: unknown) =>
    api(service.url, SECRET, method, path, body);
  const staff = await open(browser, kiosk.consoleUrl);
  const display = await open(browser, kiosk.displayUrl, 1024, 768);
  await expect(staff.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');

  // The owner signs in and adds a cashier, Cara, and a manager, Maya, in Settings.
  await signInByPad(staff, OWNER);
  await expect(staff.getByTestId('signed-in-name')).toHaveText('Owner');
  await staffTheTill(staff, CASHIER, MANAGER);

  // Cara, signed in, opens the shift with a £100 float, asked for no PIN again.
  await staff.getByTestId('tab-shift').click();
  await openShift(staff, '100.00');
  await expect(staff.getByTestId('shift-open')).toContainText('by Cara');

  // A basket paid with a £20 note: the change on both screens, and the drawer opens.
  await staff.getByTestId('tab-take').click();
  await addBasketLine(staff, 'Sourdough loaf', '2', '4.25');
  await addBasketLine(staff, 'Flat white', '1', '4.00');
  const cash = await tenderCash(staff, '20');
  await expect(cash.getByTestId('cash-change')).toHaveText('Change due £7.50');
  await expect(cash.getByTestId('drawer-status')).toHaveText('The drawer is open.');
  await expect(display.getByTestId('display-cash-change')).toHaveText('Change £7.50');
  await expect(display.getByTestId('display-cash-tendered')).toHaveText('Cash £20.00');
  const [pulse] = await printer.waitForJobs(1);
  expect(printed(pulse!)).toMatchObject({ pulses: 1, cuts: 0, lines: [] });
  await cash.getByTestId('cash-done').click();
  // The customer reads their change for a few seconds before the display is free again.
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'idle', {
    timeout: 20_000,
  });

  // £50 by bank: the customer scans the display's code and pays on their phone.
  for (const digit of '5000') await staff.getByTestId(`keypad-${digit}`).click();
  await staff.getByTestId('method-bank').click();
  await staff.getByTestId('start-payment').click();
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting');
  const bankId = (await displayRoot(display).getAttribute('data-payment-request-id'))!;
  await payByBank(await open(browser, 'about:blank', 390, 844), await scanQr(display));
  await expect(staff.getByTestId('active-payment')).toHaveAttribute('data-status', 'COMPLETED');

  // £40 back: above the shop's £20, so it waits for a manager; Cara's PIN does not approve it.
  const detail = await openInHistory(staff, bankId);
  await askRefund(detail, '40');
  const approval = staff.getByTestId('approval');
  await expect(approval).toContainText('A refund above £20.00 needs a manager’s approval');
  await approveWith(staff, CASHIER);
  await expect(approval.getByRole('alert')).toContainText('Cara is a cashier');
  await expect(detail.getByTestId('refund')).toHaveCount(0);
  const status = `/api/payments/v1/payment-status/${bankId}`;
  expect((await call('GET', status)).refundedAmount ?? 0).toBe(0);
  await approveWith(staff, MANAGER);
  await expect(detail.getByTestId('refund')).toContainText('£40.00');
  // The sandbox bank pays it back 3 s later (its clock left as it is: the X report counts
  // refunds completed up to the kiosk's now, by the time the service gives).
  await expect(detail.getByTestId('refund')).toHaveAttribute('data-status', 'COMPLETED', {
    timeout: 15_000,
  });
  await expect(detail.getByTestId('staff-action')).toHaveText([
    'Taken by Cara',
    'Refunded by Cara (£40.00), approved by Maya',
  ]);
  await detail.getByRole('button', { name: 'Close' }).click();

  // The X report: float, cash, bank, the refund, cash expected, and Cara's share.
  await staff.getByTestId('tab-shift').click();
  const x = staff.getByTestId('x-report');
  await expect(x.getByTestId('x-report-float')).toHaveText('£100.00');
  await expect(x.getByTestId('x-report-cash-sales')).toHaveText('£12.50');
  await expect(x.getByTestId('x-report-method-CASH')).toContainText('£12.50');
  await expect(x.getByTestId('x-report-method-PAY_BY_BANK')).toContainText('£50.00');
  await expect(x.getByRole('row', { name: /^Refunds \(1\)/ })).toContainText('£40.00');
  await expect(x.getByTestId('x-report-expected')).toHaveText('£112.50');
  await expect(staffRow(staff, 'Cara')).toHaveText(/Cara\s*£62\.50\s*£40\.00/);
  await staff.screenshot({ path: '/tmp/h8-x-report.png', fullPage: true });

  // The service stops; two cash sales are taken all the same and wait to be sent.
  await service.stop();
  await expect(staff.getByTestId('connection-state')).not.toHaveAttribute(
    'data-state',
    'connected',
    { timeout: 20_000 },
  );
  await staff.getByTestId('tab-take').click();
  expect(await takeCash(staff, '350', '5')).toBe('Change due £1.50');
  expect(await takeCash(staff, '400', '5')).toBe('Change due £1.00');
  await expect(staff.getByTestId('offline-work')).toContainText('2 waiting to send');
  await printer.waitForJobs(3);

  // Back: each reaches the dashboard's payments once.
  await service.start();
  await expect(staff.getByTestId('offline-work')).toHaveCount(0, { timeout: 30_000 });
  const rows = await dashboardPayments(await open(browser, 'about:blank'), service);
  const cashRows = rows.filter({ hasText: 'Cash' });
  await expect(cashRows).toHaveCount(3);
  await expect(cashRows.filter({ hasText: '£3.50' })).toHaveCount(1);
  await expect(cashRows.filter({ hasText: '£4.00' })).toHaveCount(1);

  // The drawer counted: £115 against £120 expected.
  await staff.getByTestId('tab-shift').click();
  await expect(x.getByTestId('x-report-expected')).toHaveText('£120.00');
  await staff.getByRole('button', { name: 'Close shift…' }).click();
  await staff.getByTestId('count-5000').fill('2');
  await staff.getByTestId('count-1000').fill('1');
  await staff.getByTestId('count-500').fill('1');
  await expect(staff.getByTestId('count-total')).toContainText('\u2212£5.00 short');
  await staff.getByRole('button', { name: 'Close shift and make the Z report' }).click();
  const z = staff.getByTestId('z-report');
  await expect(z).toHaveAttribute('data-number', '1');
  await expect(z.getByTestId('z-difference')).toContainText('\u2212£5.00 short');
  await staff.screenshot({ path: '/tmp/h8-z-report.png', fullPage: true });

  // Printed: the paper's code page has no minus sign, so "-".
  const zText = printedText((await printer.waitForJobs(4))[3]!);
  expect(zText).toContain('Z report 1');
  expect(zText).toMatch(/Cash expected +£120\.00/);
  expect(zText).toMatch(/Cash counted +£115\.00/);
  expect(zText).toMatch(/Difference +-£5\.00 short/);

  // The service's copy says the same, and its chain is whole.
  await expect
    .poll(async () => (await call('GET', `/api/terminals/${terminal}/shifts`)).reports.length, {
      timeout: 15_000,
    })
    .toBe(1);
  const copy = await call('GET', `/api/terminals/${terminal}/shifts`);
  expect(copy.reports[0].report).toMatchObject({
    number: 1,
    floatPence: 10000,
    cashSalesPence: 2000,
    expectedCashPence: 12000,
    countedCashPence: 11500,
    differencePence: -500,
    staff: [expect.objectContaining({ name: 'Cara', takenPence: 7000, refundedPence: 4000 })],
  });
  expect(copy.chain).toMatchObject({ ok: true, problems: [] });
});
