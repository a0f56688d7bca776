/**
 * A customer completes every step of a payment on the display with one kind of input only: the
 * keyboard (or a keypad: Tab, Enter) or touch (taps in a touch screen's context). Language,
 * speech, tip and more time, then the payment ends paid with that tip. Counter runs as
 * `npm start` does, in real Chromium.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { t } from '../../src/shared/i18n';
import {
  displaySetup,
  recordSpeech,
  spoken,
  startAtCounter,
  tabTo,
  turnTipsOn,
} from './display-harness';
import { api, displayRoot, type Kiosk } from './kiosk-harness';

test.describe.configure({ mode: 'serial' });

const { launch, open, cleanups } = displaySetup();

/** Counter with the store's tips on, whose payments start a minute from expiring. */
async function launchForSteps(): Promise<Kiosk> {
  const kiosk = await launch();
  cleanups.push(await turnTipsOn(kiosk));
  await api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'PATCH', '/api/merchant', {
    settings: { defaultExpirySeconds: 60 },
  });
  return kiosk;
}

async function openDisplay(browser: Browser, kiosk: Kiosk, hasTouch: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch });
  cleanups.push(() => context.close());
  await context.addInitScript(recordSpeech);
  const page = await context.newPage();
  await page.goto(kiosk.displayUrl);
  await expect(displayRoot(page)).toHaveAttribute('data-payment-state', 'idle');
  return page;
}

const expiryOf = async (kiosk: Kiosk, id: string) =>
  Date.parse(
    (
      await api(
        kiosk.serviceUrl,
        kiosk.sandboxSecret!,
        'GET',
        `/api/payments/v1/payment-status/${id}`,
      )
    ).expiresAt,
  );

/**
 * The payment's steps on the display, each done with `press` (one control, by the one input
 * under test): Polish, Speak, a 10 % tip, More time; the customer then pays on their phone.
 */
async function everyStep(
  browser: Browser,
  hasTouch: boolean,
  press: (page: Page, control: Locator, what: string) => Promise<void>,
) {
  const kiosk = await launchForSteps();
  const staff = await open(browser, kiosk.consoleUrl, 1280, 800);
  const display = await openDisplay(browser, kiosk, hasTouch);
  await startAtCounter(staff, ['1', '2', '5', '0']);
  await expect(display.getByTestId('tip-step')).toBeVisible();

  await press(display, display.getByTestId('display-language'), 'the language control');
  await press(display, display.locator('[data-language="pl"]'), 'Polski');
  await expect(display.locator('html')).toHaveAttribute('lang', 'pl');

  await press(display, display.getByTestId('display-speak'), 'Speak');
  await expect(display.getByTestId('display-speak')).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => (await spoken(display)).some((u) => u.lang === 'pl-PL' && u.text))
    .toBe(true);

  await press(display, display.getByTestId('tip-percent-10'), '10 %');
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting');
  await expect(display.getByTestId('display-tip-total')).toContainText('1,25');
  const id = (await displayRoot(display).getAttribute('data-payment-request-id'))!;

  const before = await expiryOf(kiosk, id);
  await press(display, display.getByTestId('more-time'), 'More time');
  await expect(display.getByTestId('more-time-said')).toHaveText(t('pl', 'display.moreTimeAdded'));
  expect(await expiryOf(kiosk, id)).toBe(before + 120_000);

  await api(
    kiosk.serviceUrl,
    kiosk.sandboxSecret!,
    'POST',
    `/api/sandbox/payment-requests/${id}/simulate`,
    { paymentMethod: 'PAY_BY_BANK', outcome: 'COMPLETED' },
  );
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'completed');
  await expect(display.locator('html')).toHaveAttribute('lang', 'pl');
  const status = await api(
    kiosk.serviceUrl,
    kiosk.sandboxSecret!,
    'GET',
    `/api/payments/v1/payment-status/${id}`,
  );
  expect(status).toMatchObject({ status: 'COMPLETED', tipAmount: 1.25, paidAmount: 13.75 });
}

test('keyboard alone: language, speech, tip and more time, by Tab and Enter only', async ({
  browser,
}) => {
  await everyStep(browser, false, async (page, control, what) => {
    await tabTo(page, control, what);
    await page.keyboard.press('Enter');
  });
});

test('touch alone: language, speech, tip and more time, by taps only', async ({ browser }) => {
  await everyStep(browser, true, async (page, control) => {
    // A finger needs a large target: every control of the steps is at least 44 px each way.
    const box = (await control.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await control.tap();
  });
});
