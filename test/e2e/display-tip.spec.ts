/**
 * Tips on the customer display: with the store's tips on, a payment started at the counter first
 * asks the customer's tip on the display (nothing preselected); the QR code follows the choice
 * and the service records that tip when the customer pays, without asking again on their phone.
 * Staff may skip the step from the console. Counter runs as `npm start` does, in real Chromium.
 */
import { expect, test } from '@playwright/test';
import { atEachWidth, checkCommonLayout } from './layout';
import { displaySetup, startAtCounter } from './display-harness';
import { api, displayRoot, expectAccessible, scanQr, type Kiosk } from './kiosk-harness';

test.describe.configure({ mode: 'serial' });

const { launch, open } = displaySetup();
const launchWithTips = () => launch({ tips: true });

const statusOf = (kiosk: Kiosk, id: string) =>
  api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'GET', `/api/payments/v1/payment-status/${id}`);

test('a customer picks 10 % on the display; the QR code follows and the service records that tip', async ({
  browser,
}) => {
  const kiosk = await launchWithTips();
  const staff = await open(browser, kiosk.consoleUrl, 1280, 800);
  const display = await open(browser, kiosk.displayUrl, 1280, 800, true);
  await startAtCounter(staff, ['1', '2', '5', '0']);

  // The tip step, before any QR code: nothing preselected, every choice a large button.
  const step = display.getByTestId('tip-step');
  await expect(step).toBeVisible();
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'idle');
  await expect(display.locator('.code img')).toHaveCount(0);
  await expect(step.getByRole('group', { name: 'Would you like to add a tip?' })).toBeVisible();
  for (const name of ['No tip', /10%\s*£1\.25/, /15%\s*£1\.88/, /20%\s*£2\.50/, 'Custom amount'])
    await expect(step.getByRole('button', { name })).toBeVisible();
  await expect(step.locator('[aria-pressed="true"], [aria-checked="true"]')).toHaveCount(0);
  await expect(staff.getByTestId('held-tipping')).toBeVisible();
  await expectAccessible(display, 'the tip step');
  await display.screenshot({ path: '/tmp/h2-tip-step.png' });
  await atEachWidth(display, (width) => checkCommonLayout(display, 'display tip step', width));

  // High contrast and larger text: nothing clipped, each choice still at least 64 px tall.
  await display.getByRole('button', { name: 'High contrast' }).tap();
  await display.getByRole('button', { name: 'Larger text' }).tap();
  await expectAccessible(display, 'the tip step, high contrast and larger text');
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1080, height: 1920 },
  ]) {
    await display.setViewportSize(size);
    const wide = await display.evaluate(
      () => document.documentElement.scrollWidth <= window.innerWidth,
    );
    expect(wide, `${size.width}×${size.height}: no sideways scrolling`).toBe(true);
    // Nobody scrolls a customer display: every choice is in view, and at least 64 px tall.
    const boxes = await step
      .getByRole('button')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
    for (const box of boxes) {
      expect(box.height).toBeGreaterThanOrEqual(64);
      expect(box.bottom).toBeLessThanOrEqual(size.height);
    }
    await display.screenshot({ path: `/tmp/h2-tip-step-large-${size.width}.png` });
  }
  await display.setViewportSize({ width: 1280, height: 800 });

  // The custom amount's keypad, by keyboard: Tab to it, Enter; Back returns to the choices.
  await step.getByRole('button', { name: 'Custom amount' }).focus();
  await display.keyboard.press('Enter');
  await expect(display.getByTestId('tip-custom-amount')).toHaveText('£0.00');
  for (const name of ['Delete', 'Back', 'Add £0.00 tip']) {
    const box = (await step.getByRole('button', { name }).boundingBox())!;
    expect(box.y + box.height, `${name} in view at 1280×800`).toBeLessThanOrEqual(800);
  }
  await expectAccessible(display, 'the custom tip keypad, high contrast and larger text');
  await display.screenshot({ path: '/tmp/h2-tip-custom.png' });
  await step.getByRole('button', { name: 'Back' }).click();

  // 10 % by touch: the QR code follows, with the tip and the total beside the amount.
  await step.getByRole('button', { name: /10%/ }).tap();
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting');
  await expect(display.getByTestId('display-tip-total')).toContainText('£1.25');
  await expect(display.getByTestId('display-tip-total')).toContainText('£13.75');
  const id = (await displayRoot(display).getAttribute('data-payment-request-id'))!;
  const paymentUrl = await scanQr(display);

  // The phone is not asked again: it pays the amount with the tip chosen.
  const phone = await open(browser, paymentUrl, 390, 844);
  await expect(phone.getByTestId('tip-chosen')).toContainText('£1.25');
  await expect(phone.locator('input[name="tip"]')).toHaveCount(0);
  await phone.getByRole('button', { name: 'Pay by bank' }).click();
  await expect(phone.getByTestId('total')).toHaveText('£13.75');
  await phone.getByRole('button', { name: 'Continue to your bank' }).click();
  await phone.getByRole('button', { name: 'Approve' }).click();
  await expect(phone.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'completed');
  expect(await statusOf(kiosk, id)).toMatchObject({
    status: 'COMPLETED',
    tipAmount: 1.25,
    paidAmount: 13.75,
  });
  await expect(staff.getByTestId('takings-tips')).toContainText('£1.25');
});

test('staff skip the tip step from the console: the QR code shows at once and no tip is asked', async ({
  browser,
}) => {
  const kiosk = await launchWithTips();
  const staff = await open(browser, kiosk.consoleUrl, 1280, 800);
  const display = await open(browser, kiosk.displayUrl, 1080, 1920);
  await startAtCounter(staff, ['5', '0', '0']);
  await expect(display.getByTestId('tip-step')).toBeVisible();
  await expect(staff.getByTestId('start-notice')).toContainText('choosing a tip');

  await staff.getByTestId('skip-tip').click();
  await expect(display.getByTestId('tip-step')).toHaveCount(0);
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting');
  await expect(display.getByTestId('display-tip-total')).toHaveCount(0);
  const id = (await displayRoot(display).getAttribute('data-payment-request-id'))!;
  const phone = await open(browser, await scanQr(display), 390, 844);
  await expect(phone.locator('input[name="tip"]')).toHaveCount(0);

  await api(
    kiosk.serviceUrl,
    kiosk.sandboxSecret!,
    'POST',
    `/api/sandbox/payment-requests/${id}/simulate`,
    { paymentMethod: 'PAY_BY_BANK', outcome: 'COMPLETED' },
  );
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'completed');
  expect(await statusOf(kiosk, id)).toMatchObject({ tipAmount: 0, paidAmount: 5 });
});
