/**
 * The staff console as a till on its first day, in Chromium, with Counter started as a newcomer
 * does (`npm start -- --browser --no-open`): the payment the README's walkthrough pushes stays in
 * view while the shop chooses its staff PIN, and setting it says so; a second payment keyed in
 * while one is live is queued only when staff confirm it; Settings offers a return to kiosk mode
 * only when Counter was in it; the header shows the shop's logo; the dashboard's tips switch says
 * it saved beside the switch. Each screen is checked at 390, 768 and 1280 px (test/e2e/layout.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { atEachWidth, checkCommonLayout } from './layout';
import { api, displayRoot, perTest, startKiosk, tempDir, type Kiosk } from './kiosk-harness';

const PIN = '2468';
const { open, cleanups } = perTest({ bypassCSP: true });

async function launch(args: string[] = [], env: Record<string, string> = {}): Promise<Kiosk> {
  const dir = tempDir();
  const kiosk = await startKiosk(dir.path, args, env);
  cleanups.push(() => dir.remove());
  cleanups.push(() => kiosk.stop());
  return kiosk;
}

/** The README's step 2: the merchant sends a payment to the kiosk from the dashboard. */
async function pushPayment(kiosk: Kiosk, amount: number): Promise<string> {
  const call = (method: string, path: string, body?: unknown) =>
    api(kiosk.serviceUrl, kiosk.sandboxSecret!, method, path, body);
  const terminals = (await call('GET', '/api/terminal')) as { id: string; name: string }[];
  const terminal = terminals.find((t) => t.name === 'Counter kiosk')!;
  const pushed = await call('POST', '/api/terminal/process-remote-payment', {
    id: terminal.id,
    amount,
  });
  return pushed.paymentRequestId as string;
}

async function ready(staff: Page) {
  await expect(staff.locator('[data-ready="true"]')).toBeVisible();
}

/**
 * The common layout check at each width; `SHOTS_DIR=/tmp/x` also keeps each screenshot there,
 * to look at.
 */
async function checkLayout(page: Page, what: string) {
  await atEachWidth(page, async (width) => {
    const dir = process.env.SHOTS_DIR;
    if (dir)
      await page.screenshot({
        path: `${dir}/${what.replaceAll(' ', '-')}-${width}.png`,
        fullPage: true,
      });
    await checkCommonLayout(page, what, width);
  });
}

/** Settings, behind the staff PIN. */
async function openSettings(staff: Page) {
  await staff.getByTestId('tab-settings').click();
  await staff.getByTestId('staff-pin').fill(PIN);
  await staff.getByTestId('staff-pin-submit').click();
}

/** Staff wait until a screen's entrance animation is over before it is measured. */
const settle = (page: Page) => page.waitForTimeout(400);

test('first start: the pushed payment stays in view while the shop chooses its PIN, and "Staff PIN set" is said', async ({
  browser,
}) => {
  test.setTimeout(120_000); // a layout check (axe-core) at three widths
  const kiosk = await launch();
  const staff = await open(browser, kiosk.consoleUrl);
  await ready(staff);
  await expect(staff.getByTestId('choose-pin')).toBeVisible();
  const id = await pushPayment(kiosk, 12.5);
  const active = staff.getByTestId('active-payment');
  await expect(active).toHaveAttribute('data-payment-request-id', id);
  await settle(staff);

  // At 1280×800 and on a tablet the live payment, its amount and its Cancel are on screen with
  // the PIN's fields; nothing to scroll to find what the customer is paying.
  for (const [width, height] of [
    [1280, 800],
    [768, 1024],
  ] as const) {
    await staff.setViewportSize({ width, height });
    await expect(active.getByText('£12.50')).toBeInViewport({ ratio: 1 });
    await expect(active.getByTestId('cancel-payment')).toBeInViewport({ ratio: 1 });
    await expect(staff.getByTestId('new-pin')).toBeInViewport({ ratio: 1 });
  }
  await checkLayout(staff, 'first start with a pushed payment');

  await staff.setViewportSize({ width: 1280, height: 800 });
  await staff.getByTestId('new-pin').fill(PIN);
  await staff.getByTestId('new-pin-again').fill(PIN);
  await staff.getByTestId('choose-pin-submit').click();
  const set = staff.getByRole('status').filter({ hasText: 'Staff PIN set' });
  await expect(set).toBeVisible();
  await expect(set).toBeInViewport();
  await expect(staff.getByTestId('choose-pin')).toHaveCount(0);
  await expect(active).toBeVisible();
  if (process.env.SHOTS_DIR)
    await staff.screenshot({ path: `${process.env.SHOTS_DIR}/pin-set.png` });
  await checkCommonLayout(staff, 'staff PIN set', 1280);
  await staff.getByTestId('staff-pin-set-dismiss').click();
  await expect(set).toHaveCount(0);
});

test('a payment keyed in while one is live is queued only once staff confirm it, named', async ({
  browser,
}) => {
  test.setTimeout(120_000); // a layout check (axe-core) at three widths
  const kiosk = await launch([], { COUNTER_KIOSK_PIN: PIN });
  const staff = await open(browser, kiosk.consoleUrl);
  const display = await open(browser, kiosk.displayUrl, 1024, 768);
  await ready(staff);
  const start = staff.getByTestId('start-payment');
  await expect(start).toHaveText('Start payment');
  await expect(start).toHaveClass(/button--primary/);

  await pushPayment(kiosk, 12.5);
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting');
  // While it is live, the keypad's button says it queues and steps back from primary.
  await expect(start).toHaveText('Queue next payment');
  await expect(start).not.toHaveClass(/button--primary/);

  // The mis-tap: 5, then the button. Nothing is queued; staff are asked, with both amounts.
  await staff.getByTestId('keypad-5').click();
  await start.click();
  const ask = staff.getByRole('dialog', { name: 'Queue £0.05 as the next payment?' });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('A payment of £12.50 is already on the customer display');
  await expect(ask).toContainText('1st in line');
  await expect(ask).toContainText('when the payment before it ends');
  await checkCommonLayout(staff, 'the question before queueing', 1280);
  await ask.getByRole('button', { name: 'Don’t queue' }).click();
  await expect(ask).toBeHidden();
  await expect(staff.getByTestId('held-item')).toHaveCount(0);
  await expect(staff.getByTestId('amount-display')).toHaveText('£0.05');

  // Enter asks too; Esc backs out.
  await staff.keyboard.press('Enter');
  await expect(ask).toBeVisible();
  await staff.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(staff.getByTestId('held-item')).toHaveCount(0);

  // Meant: 7, 5, 0 and confirm; it waits in Up next.
  await staff.keyboard.press('Escape');
  await staff.keyboard.type('750');
  await start.click();
  await staff
    .getByRole('dialog', { name: 'Queue £7.50 as the next payment?' })
    .getByRole('button', { name: 'Queue £7.50' })
    .click();
  await expect(staff.getByTestId('held-item')).toContainText('£7.50');
  // The next one is told its place behind both (once the keypad is clear and ready again).
  await expect(staff.getByTestId('amount-display')).toHaveText('£0.00');
  await expect(start).toBeEnabled();
  await staff.keyboard.type('300');
  await staff.keyboard.press('Enter');
  const third = staff.getByRole('dialog', { name: 'Queue £3.00 as the next payment?' });
  await expect(third).toContainText('2nd in line');
  await expect(third).toContainText('when the 2 payments before it end');
  await staff.keyboard.press('Escape');
  await expect(third).toBeHidden();
  await staff.keyboard.press('Escape');
  await expect(staff.getByTestId('held-item')).toHaveCount(1);
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting');
  await settle(staff);
  await checkLayout(staff, 'live payment with the keypad');

  // Once it is final, Dismiss is the live payment's primary action.
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
  await expect(staff.getByTestId('dismiss-payment')).toHaveClass(/button--primary/);
});

test('Settings offers a return to kiosk mode only when Counter was in it', async ({ browser }) => {
  test.setTimeout(120_000); // a layout check (axe-core) at three widths, and two kiosks
  const never = await launch([], { COUNTER_KIOSK_PIN: PIN });
  const staff = await open(browser, never.consoleUrl);
  await ready(staff);
  await openSettings(staff);
  // Never in kiosk mode: Settings says how to use it, and offers no way "back" into it.
  await expect(staff.getByTestId('kiosk-mode')).toHaveText('Off');
  await expect(staff.getByRole('button', { name: 'Return to kiosk mode' })).toHaveCount(0);
  await expect(staff.getByTestId('kiosk-mode-how')).toContainText('npm start -- --kiosk');
  await settle(staff);
  await checkLayout(staff, 'settings');

  // Started in it and left by staff: the way back is offered, and works.
  const kiosk = await launch(['--kiosk'], { COUNTER_KIOSK_PIN: PIN });
  const inKiosk = await open(browser, kiosk.consoleUrl);
  await ready(inKiosk);
  await openSettings(inKiosk);
  await expect(inKiosk.getByTestId('kiosk-mode')).toHaveText('On');
  await inKiosk.getByTestId('leave-kiosk-mode').click();
  await expect(inKiosk.getByTestId('kiosk-mode')).toHaveText('Off');
  await expect(inKiosk.getByTestId('kiosk-mode-how')).toHaveCount(0);
  await inKiosk.getByRole('button', { name: 'Return to kiosk mode' }).click();
  await expect(inKiosk.getByTestId('kiosk-mode')).toHaveText('On');
});

/** A 120×40 logo, an SVG as a merchant uploads it. */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40">' +
  '<rect width="120" height="40" rx="8" fill="#6b3e26"/></svg>';

test('the console header shows the shop’s logo once the merchant sets one', async ({ browser }) => {
  const kiosk = await launch([], { COUNTER_KIOSK_PIN: PIN });
  const staff = await open(browser, kiosk.consoleUrl);
  await ready(staff);
  const header = staff.getByRole('banner');
  const monogram = header.getByText('C', { exact: true });
  await expect(monogram).toBeVisible();
  await expect(header.locator('img')).toHaveCount(0);

  const merchant = await api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'PATCH', '/api/merchant', {
    logo: `data:image/svg+xml;base64,${Buffer.from(LOGO_SVG).toString('base64')}`,
  });
  // Told over the push stream, as the customer display is: the same image from the service.
  const logo = header.locator('img');
  await expect(logo).toHaveAttribute('src', merchant.logoUrl, { timeout: 10_000 });
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBe(120);
  await expect(monogram).toHaveCount(0);
  await expect(staff.getByTestId('brand-shop')).toHaveText('Counter Demo Shop');
});

test('the dashboard’s tips switch says, beside it, what it now does and that it saved', async ({
  browser,
}) => {
  const kiosk = await launch([], { COUNTER_KIOSK_PIN: PIN });
  const page = await open(browser, kiosk.dashboardUrl);
  await page.getByLabel('Access secret').fill(kiosk.sandboxSecret!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Settings' })
    .click();
  const tips = page.getByRole('switch', { name: 'Tips' });
  await tips.uncheck();
  // Said where the switch is, not only at the top of the page, out of view.
  await expect(page.getByText(/^Tips off:/).last()).toBeInViewport();
  const saved = page.getByTestId('switch-saved');
  await expect(saved).toHaveText('Tips off: new payments offer no tip. Saved.');
  await expect(saved).toBeInViewport();
  await tips.check();
  await expect(saved).toHaveText(
    'Tips on: customers are asked for a tip on the payment page of new payments. Saved.',
  );
  await expect(saved).toBeInViewport();
  // And announced: the page's status line says the same.
  await expect(page.getByTestId('settings-saved')).toHaveText(
    'Tips on: customers are asked for a tip on the payment page of new payments. Saved.',
  );
  expect(
    (await api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'GET', '/api/merchant')).settings.tips,
  ).toBe(true);
});
