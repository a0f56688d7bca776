/**
 * Staff at the till, in Chromium, with Counter started as a newcomer does (`npm start --
 * --browser --no-open`): the owner sets up the kiosk and adds a cashier and a manager in
 * Settings; the cashier signs in on the PIN pad, takes a payment, and is refused a £40 refund
 * until the manager's own PIN approves it; History names them both. The console signs out after
 * the idle time the shop set. Each new screen is checked at 390, 768 and 1280 px.
 */
import { expect, test } from '@playwright/test';
import { atEachWidth, checkCommonLayout } from './layout';
import { api, displayRoot, perTest, startKiosk, tempDir } from './kiosk-harness';
import {
  addBasketLine,
  addStaff,
  approveWith,
  askRefund,
  chooseOwnerPin,
  openInHistory,
  signInByPad,
  staffTheTill,
  tapPin,
  tenderCash,
} from './till-steps';

const OWNER = '2468';
const CASHIER = '1357';
const MANAGER = '8642';
const { open, cleanups } = perTest({ bypassCSP: true });

async function launch() {
  const dir = tempDir();
  const kiosk = await startKiosk(dir.path);
  cleanups.push(() => dir.remove());
  cleanups.push(() => kiosk.stop());
  return kiosk;
}

test('the owner adds staff; a cashier’s £40 refund waits for the manager’s PIN', async ({
  browser,
}) => {
  test.setTimeout(180_000); // layout checks (axe-core) at three widths, three times
  const kiosk = await launch();
  const staff = await open(browser, kiosk.consoleUrl);
  const display = await open(browser, kiosk.displayUrl, 1024, 768);
  await expect(staff.locator('[data-ready="true"]')).toBeVisible();

  // First start: the owner's PIN; the owner signs in with it on the PIN pad.
  await chooseOwnerPin(staff, OWNER);
  await signInByPad(staff, OWNER);
  await expect(staff.getByTestId('signed-in-name')).toHaveText('Owner');

  // Settings opens without asking again; the owner adds a cashier and a manager.
  await staff.getByTestId('tab-settings').click();
  await expect(staff.getByTestId('staff-settings')).toBeVisible();
  await addStaff(staff, 'Cara', 'cashier', CASHIER);
  await addStaff(staff, 'Maya', 'manager', MANAGER);
  // A PIN someone has already, or a name with a control character: refused, nobody added.
  const form = staff.getByTestId('add-staff');
  await form.getByTestId('staff-name').fill('Sam');
  await form.getByTestId('staff-pin-new').fill(CASHIER);
  await form.getByTestId('staff-add').click();
  await expect(form.getByRole('alert')).toContainText('already has that PIN');
  await expect(staff.getByTestId('staff-row')).toHaveCount(3);
  await atEachWidth(staff, (width) => checkCommonLayout(staff, 'Settings, staff', width));

  // Signed out, with staff besides the owner: Settings and Take payment show the PIN pad in
  // place of what they do; the cashier signs in on it.
  await staff.getByTestId('sign-out').click();
  await expect(staff.getByTestId('signed-out')).toBeVisible();
  await expect(staff.getByTestId('sign-in-first')).toContainText('Sign in to open Settings');
  await expect(staff.getByTestId('staff-settings')).toHaveCount(0);
  await staff.getByTestId('tab-take').click();
  const pad = staff.getByTestId('sign-in-first');
  await expect(pad).toContainText('Sign in to take payments');
  await expect(staff.getByTestId('start-payment')).toHaveCount(0);
  await staff.screenshot({ path: '/tmp/h9-sign-in-first.png' });
  await atEachWidth(staff, (width) => checkCommonLayout(staff, 'PIN pad', width));
  await tapPin(staff, '9999');
  await expect(pad.getByRole('alert')).toHaveText('That PIN is not right.');
  await tapPin(staff, CASHIER);
  await expect(staff.getByTestId('signed-in-name')).toHaveText('Cara');

  // Cara takes £50 at the counter; the customer pays.
  await staff.keyboard.type('5000');
  await staff.getByTestId('start-payment').click();
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting');
  const id = (await displayRoot(display).getAttribute('data-payment-request-id'))!;
  await api(
    kiosk.serviceUrl,
    kiosk.sandboxSecret!,
    'POST',
    `/api/sandbox/payment-requests/${id}/simulate`,
    {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
    },
  );
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'completed');

  // A £40 refund: above the shop's £20, so the manager approves it with her own PIN.
  const detail = await openInHistory(staff, id);
  await expect(detail.getByTestId('staff-action')).toHaveText(['Taken by Cara']);
  await askRefund(detail, '40');
  const approval = staff.getByTestId('approval');
  await expect(approval).toContainText('A refund above £20.00 needs a manager’s approval');
  await expect(detail.getByTestId('refund')).toHaveCount(0);
  await atEachWidth(staff, (width) => checkCommonLayout(staff, 'Manager’s approval', width));
  // Cara's own PIN does not approve it.
  await approveWith(staff, CASHIER);
  await expect(approval.getByRole('alert')).toContainText('Cara is a cashier');
  await approveWith(staff, MANAGER);
  await expect(approval).toHaveCount(0);
  await expect(detail.getByTestId('refund')).toHaveCount(1);
  await expect(detail.getByTestId('refund')).toContainText('£40.00');
  await expect(detail.getByTestId('staff-action')).toHaveText([
    'Taken by Cara',
    'Refunded by Cara (£40.00), approved by Maya',
  ]);
});

test('the console signs out after the idle time the shop sets', async ({ browser }) => {
  const kiosk = await launch();
  const staff = await open(browser, kiosk.consoleUrl);
  await staff.clock.install();
  await staff.reload();
  await expect(staff.locator('[data-ready="true"]')).toBeVisible();
  await chooseOwnerPin(staff, OWNER);
  await signInByPad(staff, OWNER);
  await staff.getByTestId('tab-settings').click();
  const rules = staff.getByTestId('staff-rules');
  await rules.getByTestId('staff-idle').fill('2');
  await rules.getByTestId('staff-rules-save').click();
  await expect(rules.getByTestId('staff-rules-saved')).toBeVisible();
  await expect(staff.getByTestId('signed-in-name')).toHaveText('Owner');

  // A minute and a half idle, then a tap: still signed in; two idle minutes after it: out.
  await staff.clock.fastForward('01:30');
  await staff.getByTestId('tab-history').click();
  await staff.clock.fastForward('01:30');
  await expect(staff.getByTestId('signed-in-name')).toHaveText('Owner');
  await staff.clock.fastForward('00:31');
  await expect(staff.getByTestId('signed-out')).toBeVisible();
  // Staff-only screens ask for a PIN again.
  await staff.getByTestId('tab-settings').click();
  await expect(staff.getByTestId('staff-gate')).toBeVisible();
});

test('a cashier lowering a basket line’s price waits for the manager’s PIN', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const kiosk = await launch();
  const staff = await open(browser, kiosk.consoleUrl);
  await expect(staff.locator('[data-ready="true"]')).toBeVisible();
  await chooseOwnerPin(staff, OWNER);
  await signInByPad(staff, OWNER);
  await staffTheTill(staff, CASHIER, MANAGER);

  // Cara adds two coffees at £3.00, then edits the line down to £2.00 each.
  await staff.getByTestId('tab-take').click();
  await addBasketLine(staff, 'Coffee', '2', '3.00');
  const line = staff.getByTestId('basket-line');
  await expect(line).toContainText('£6.00');
  await line.getByTestId('basket-edit').click();
  await staff.getByTestId('basket-price').fill('2.00');
  await staff.getByTestId('basket-add').click();
  const approval = staff.getByTestId('approval');
  await expect(approval).toContainText(
    'Lowering the price of Coffee from £3.00 to £2.00 needs a manager’s approval',
  );
  await staff.screenshot({ path: '/tmp/h7-price-approval.png' });
  // Not saved until approved; Cara's own PIN does not approve it.
  await expect(line).toContainText('£6.00');
  await approveWith(staff, CASHIER);
  await expect(approval.getByRole('alert')).toContainText('Cara is a cashier');
  await approveWith(staff, MANAGER);
  await expect(approval).toHaveCount(0);
  await expect(line).toContainText('£4.00');
  await expect(staff.getByTestId('basket-total')).toContainText('£4.00');

  // Paid in cash; History names Cara and the manager who approved the lower price.
  const cash = await tenderCash(staff, 'exact');
  await expect(cash.getByTestId('cash-change')).toHaveText('Change due £0.00');
  await cash.getByTestId('cash-done').click();
  await staff.getByTestId('tab-history').click();
  await staff.getByTestId('history-row').first().click();
  await expect(staff.getByTestId('payment-detail').getByTestId('staff-action')).toContainText([
    'Price lowered by Cara (Coffee: £3.00 to £2.00), approved by Maya',
  ]);
  await staff.screenshot({ path: '/tmp/h7-price-history.png' });
});

test('a member pushed from the dashboard is marked so in Settings, with nothing to edit', async ({
  browser,
}) => {
  const kiosk = await launch();
  const staff = await open(browser, kiosk.consoleUrl);
  await expect(staff.locator('[data-ready="true"]')).toBeVisible();
  await chooseOwnerPin(staff, OWNER);
  const [store] = await api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'GET', '/api/stores');
  await api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'POST', `/api/stores/${store.id}/staff`, {
    name: 'Eve Central',
    role: 'cashier',
    pin: '80642',
  });
  // With Eve on the kiosk, the owner signs in on the pad where the keypad was.
  await expect(staff.getByTestId('sign-in-first')).toBeVisible({ timeout: 10_000 });
  await tapPin(staff, OWNER);
  await staff.getByTestId('tab-settings').click();
  const rows = staff.getByTestId('staff-row');
  await expect(rows).toHaveCount(2);
  const eve = rows.filter({ hasText: 'Eve Central' });
  await expect(eve.getByTestId('staff-from-dashboard')).toHaveText('From the dashboard');
  await expect(eve).toContainText('Managed in the dashboard');
  await expect(eve.getByRole('button')).toHaveCount(0);
  const owner = rows.filter({ hasText: 'Owner' });
  await expect(owner.getByTestId('staff-from-dashboard')).toHaveCount(0);
  await expect(owner.getByRole('button', { name: 'Edit' })).toBeVisible();
  await staff.screenshot({ path: '/tmp/h9-staff-from-dashboard.png' });
});

test('a payment queued up next names the cashier who keyed it, though a manager is there when it runs', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const kiosk = await launch();
  const staff = await open(browser, kiosk.consoleUrl);
  await expect(staff.locator('[data-ready="true"]')).toBeVisible();
  await chooseOwnerPin(staff, OWNER);
  await signInByPad(staff, OWNER);
  await staff.getByTestId('tab-settings').click();
  await addStaff(staff, 'Cara', 'cashier', CASHIER);
  await addStaff(staff, 'Maya', 'manager', MANAGER);
  await staff.getByTestId('sign-out').click();
  await staff.getByTestId('tab-take').click();
  await tapPin(staff, CASHIER);
  await expect(staff.getByTestId('signed-in-name')).toHaveText('Cara');

  // Cara starts £10.00, then queues £4.00 behind it.
  const start = staff.getByTestId('start-payment');
  await staff.keyboard.type('1000');
  await start.click();
  await expect(start).toHaveText('Queue next payment');
  await staff.keyboard.type('400');
  await start.click();
  await staff
    .getByRole('dialog', { name: 'Queue £4.00 as the next payment?' })
    .getByTestId('confirm-yes')
    .click();
  await expect(staff.getByTestId('held-item')).toHaveCount(1);

  // Maya takes over the till and cancels the first; the queued one runs now.
  await staff.getByTestId('sign-out').click();
  await tapPin(staff, MANAGER);
  await expect(staff.getByTestId('signed-in-name')).toHaveText('Maya');
  await staff.getByTestId('cancel-payment').click();
  await staff.getByTestId('confirm-cancel').getByTestId('confirm-yes').click();
  await expect(staff.getByTestId('held-item')).toHaveCount(0, { timeout: 15_000 });
  await expect(staff.getByTestId('active-payment')).toContainText('£4.00', { timeout: 15_000 });

  await staff.getByTestId('tab-history').click();
  await staff.getByTestId('history-row').filter({ hasText: '£4.00' }).first().click();
  await expect(staff.getByTestId('payment-detail').getByTestId('staff-action')).toHaveText([
    'Taken by Cara',
  ]);
  await staff.screenshot({ path: '/tmp/h9-held-staff.png' });
});
