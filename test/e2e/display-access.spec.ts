/**
 * The customer display for every customer: high contrast (every text measured at 7:1 or more),
 * larger text (twice the size, nothing clipped at 1280×800 nor on a 1080×1920 portrait screen),
 * each switched on the display itself by touch or by keyboard; axe-core and the common layout
 * check on every screen in each mode. Counter runs as `npm start` does, in real Chromium.
 */
import { expect, test, type Page } from '@playwright/test';
import { atEachWidth, checkCommonLayout } from './layout';
import {
  checkScreen,
  displaySetup,
  expectHighContrast,
  expectNothingClipped,
  pushRemote,
  settled,
  tabTo,
} from './display-harness';
import { api, displayRoot, expectAccessible, payByBank, scanQr, type Kiosk } from './kiosk-harness';

test.describe.configure({ mode: 'serial' });

const { launch, open } = displaySetup();

const fontSizeOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));

test('high contrast measures 7:1 on every text of each screen; larger text doubles it and clips nothing', async ({
  browser,
}) => {
  const kiosk = await launch();
  const display = await open(browser, kiosk.displayUrl, 1280, 800);
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'idle');
  const plainLine = await fontSizeOf(display, '.idle__line');

  // Both toggles are off by default, say so in words, and switch by keyboard.
  const contrast = display.getByRole('button', { name: 'High contrast' });
  const large = display.getByRole('button', { name: 'Larger text' });
  await expect(contrast).toHaveAttribute('aria-pressed', 'false');
  await expect(large).toHaveAttribute('aria-pressed', 'false');
  await contrast.focus();
  await display.keyboard.press('Enter');
  await expect(contrast).toHaveAttribute('aria-pressed', 'true');
  await expect(displayRoot(display)).toHaveClass(/display--contrast/);
  await checkScreen(display, 'idle, high contrast');

  await large.focus();
  await display.keyboard.press('Space');
  await expect(large).toHaveAttribute('aria-pressed', 'true');
  expect(await fontSizeOf(display, '.idle__line')).toBeCloseTo(plainLine * 2, 0);
  await checkScreen(display, 'idle, high contrast, larger text');

  // The payment: the customer's choice stays on while they pay.
  const id = await pushRemote(kiosk, 12.5);
  await expect(displayRoot(display)).toHaveAttribute('data-payment-request-id', id);
  await expect(displayRoot(display)).toHaveClass(/display--contrast/);
  await checkScreen(display, 'awaiting, high contrast, larger text');
  // The code stays scannable at twice the text: a real decoder reads it, at least 320 px wide.
  const paymentUrl = await scanQr(display);
  const codeBox = await display.locator('.code img').boundingBox();
  expect(codeBox!.width).toBeGreaterThanOrEqual(320);
  // Nobody scrolls a customer display: the code and the time left stay in view at 1280×800.
  for (const what of [display.locator('.code img'), display.getByTestId('display-countdown')])
    expect((await what.boundingBox())!.y + (await what.boundingBox())!.height).toBeLessThanOrEqual(
      800,
    );
  await display.screenshot({ path: '/tmp/display-access-large.png' });

  await display.setViewportSize({ width: 1080, height: 1920 });
  await checkScreen(display, 'awaiting, portrait 1080×1920, high contrast, larger text');
  await display.screenshot({ path: '/tmp/display-access-portrait.png' });
  await display.setViewportSize({ width: 1280, height: 800 });

  // Contrast alone, then larger text alone, on the same screen.
  await large.click();
  await checkScreen(display, 'awaiting, high contrast');
  await contrast.click();
  await large.click();
  await checkScreen(display, 'awaiting, larger text');
  await contrast.click();

  const phone = await open(browser, 'about:blank', 390, 844);
  await payByBank(phone, paymentUrl);
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'completed');
  await checkScreen(display, 'paid, high contrast, larger text');
  await display.setViewportSize({ width: 1080, height: 1920 });
  await checkScreen(display, 'paid, portrait 1080×1920, high contrast, larger text');

  // The payment over, the next customer starts from the store's defaults (both off).
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'idle', {
    timeout: 15_000,
  });
  await expect(contrast).toHaveAttribute('aria-pressed', 'false');
  await expect(large).toHaveAttribute('aria-pressed', 'false');
});

test('the toggles work by touch alone, and every mode passes the layout check at each width', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const kiosk = await launch();
  const display = await open(browser, kiosk.displayUrl, 1280, 800, true);
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'idle');
  await pushRemote(kiosk, 7.25);
  await expect(displayRoot(display)).toHaveAttribute('data-qr-ready', 'true');
  const contrast = display.getByRole('button', { name: 'High contrast' });
  const large = display.getByRole('button', { name: 'Larger text' });
  // Each a large target for a finger.
  for (const toggle of [contrast, large]) {
    const box = (await toggle.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(64);
  }
  const modes: [string, boolean, boolean][] = [
    ['standard', false, false],
    ['high contrast', true, false],
    ['larger text', false, true],
    ['high contrast and larger text', true, true],
  ];
  for (const [mode, wantContrast, wantLarge] of modes) {
    if ((await contrast.getAttribute('aria-pressed')) !== String(wantContrast))
      await contrast.tap();
    if ((await large.getAttribute('aria-pressed')) !== String(wantLarge)) await large.tap();
    await expect(contrast).toHaveAttribute('aria-pressed', String(wantContrast));
    await expect(large).toHaveAttribute('aria-pressed', String(wantLarge));
    await atEachWidth(display, async (width) => {
      await settled(display);
      await checkCommonLayout(display, `display awaiting, ${mode}`, width);
      if (wantLarge) await expectNothingClipped(display, `awaiting, ${mode}, ${width}px`);
      if (wantContrast) await expectHighContrast(display, `awaiting, ${mode}, ${width}px`);
    });
  }
  await display.setViewportSize({ width: 1280, height: 800 });
  await display.screenshot({ path: '/tmp/display-access-both.png' });

  // The cancelled screen, with both still on (it shows for 8 seconds: measured at once).
  const id = (await displayRoot(display).getAttribute('data-payment-request-id'))!;
  await api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'POST', `/api/payment-request/cancel/${id}`);
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'cancelled');
  await expectNothingClipped(display, 'cancelled');
  await expectHighContrast(display, 'cancelled');
  await checkCommonLayout(display, 'display cancelled, high contrast and larger text', 1280);
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'cancelled');
});

/** The service's own record of the request: its expiry in ms. */
async function expiryOf(kiosk: Kiosk, id: string): Promise<number> {
  const record = await api(
    kiosk.serviceUrl,
    kiosk.sandboxSecret!,
    'GET',
    `/api/payments/v1/payment-status/${id}`,
  );
  return Date.parse(record.expiresAt);
}

/** A payment that starts a minute from expiring, so "More time" is offered at once. */
async function paymentAboutToExpire(kiosk: Kiosk, display: Page): Promise<string> {
  await api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'PATCH', '/api/merchant', {
    settings: { defaultExpirySeconds: 60 },
  });
  const id = await pushRemote(kiosk, 9.4);
  await expect(displayRoot(display)).toHaveAttribute('data-payment-request-id', id);
  await expect(displayRoot(display)).toHaveAttribute('data-qr-ready', 'true');
  return id;
}

test('more time by keyboard alone: the service extends the request and the display says so', async ({
  browser,
}) => {
  const kiosk = await launch();
  const display = await open(browser, kiosk.displayUrl, 1280, 800);
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'idle');
  const id = await paymentAboutToExpire(kiosk, display);
  const before = await expiryOf(kiosk, id);

  await tabTo(display, display.getByTestId('more-time'), 'More time');
  await display.keyboard.press('Enter');
  await expect(display.getByTestId('more-time-said')).toHaveText('More time added');
  await expect(display.getByTestId('more-time-said')).toHaveAttribute('aria-live', 'polite');
  expect(await expiryOf(kiosk, id)).toBe(before + 120_000);
  // The display counts down from the new expiry.
  await expect(display.getByTestId('display-countdown')).toHaveAttribute(
    'dateTime',
    new Date(before + 120_000).toISOString(),
  );
  await expectAccessible(display, 'awaiting, more time added');

  // With three minutes left the button waits until time runs short again.
  await expect(display.getByTestId('more-time')).toHaveCount(0);
});

test('more time by touch alone, up to the merchant’s limit, then no button and nothing more', async ({
  browser,
}) => {
  const kiosk = await launch();
  const display = await open(browser, kiosk.displayUrl, 1280, 800, true);
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'idle');
  await api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'PATCH', '/api/merchant', {
    settings: { extensionSeconds: 30, maxExtensions: 1 },
  });
  const id = await paymentAboutToExpire(kiosk, display);
  const before = await expiryOf(kiosk, id);
  const button = display.getByTestId('more-time');
  const box = (await button.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(64);
  await button.tap();
  await expect(display.getByTestId('more-time-said')).toHaveText('More time added');
  expect(await expiryOf(kiosk, id)).toBe(before + 30_000);
  // The one extension the merchant allows is used: no button, and the service refuses more.
  await expect(button).toHaveCount(0);
  await expect(
    api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'POST', `/api/payment-requests/${id}/extend`),
  ).rejects.toThrow(/409.*all 1 of its extensions/);
  expect(await expiryOf(kiosk, id)).toBe(before + 30_000);
});

test('the store’s kiosk settings start the display in high contrast and larger text; the customer may switch them off', async ({
  browser,
}) => {
  const kiosk = await launch();
  const stores = await api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'GET', '/api/stores');
  const primary = stores.find((s: { isPrimary: boolean }) => s.isPrimary).id;
  await api(
    kiosk.serviceUrl,
    kiosk.sandboxSecret!,
    'PUT',
    `/api/stores/${primary}/kiosk-settings`,
    {
      settings: { displayHighContrast: true, displayLargeText: true },
    },
  );
  const display = await open(browser, kiosk.displayUrl, 1280, 800);
  await expect(displayRoot(display)).toHaveClass(/display--contrast/);
  await expect(displayRoot(display)).toHaveClass(/display--large/);
  const contrast = display.getByRole('button', { name: 'High contrast' });
  await expect(contrast).toHaveAttribute('aria-pressed', 'true');
  await checkScreen(display, 'idle, the store’s defaults');
  await contrast.click();
  await expect(displayRoot(display)).not.toHaveClass(/display--contrast/);
  await expect(displayRoot(display)).toHaveClass(/display--large/);
});
