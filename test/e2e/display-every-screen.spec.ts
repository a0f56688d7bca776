/**
 * Every screen of the customer display, in every mode (standard, larger text, high contrast,
 * both) and every one of its nine languages: axe-core finds nothing serious or critical; in high
 * contrast every text measures 7:1 or more against its effective background; with larger text
 * nothing is clipped at 1280×800 nor on a 1080×1920 portrait screen. One Counter serves every
 * screen: each is reached for real (the service, the console, the customer's phone), then held
 * on the display (`freezable`) while it is measured.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { LANGUAGES } from '../../src/shared/i18n';
import {
  DISPLAY_SIZES,
  clippedTexts,
  freezable,
  lowContrastTexts,
  pushRemote,
  seriousViolationsOnPage,
  settled,
  startAtCounter,
  terminalId,
  turnTipsOn,
} from './display-harness';
import { api, displayRoot, scanQr, startKiosk, tempDir, type Kiosk } from './kiosk-harness';

// Each test measures its screen 36 times (nine languages, four modes): minutes on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const ITEMS = [
  { description: 'Bara brith', quantity: 2, unitAmount: 3.25 },
  { description: 'Flat white', quantity: 1, unitAmount: 6 },
];

let kiosk: Kiosk;
const dir = tempDir();
let closeBridge: () => void = () => undefined;
test.beforeAll(async () => {
  kiosk = await startKiosk(dir.path);
  // Tips on: a counter payment asks its tip on the display; a pushed one does not.
  closeBridge = await turnTipsOn(kiosk);
});
test.afterAll(async () => {
  closeBridge();
  await kiosk?.stop();
  dir.remove();
});

const cleanups: (() => unknown)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const call = (method: string, path: string, body?: unknown) =>
  api(kiosk.serviceUrl, kiosk.sandboxSecret!, method, path, body);

async function open(browser: Browser, url: string, width = 1280, height = 800) {
  const context = await browser.newContext({ viewport: { width, height }, bypassCSP: true });
  cleanups.push(() => context.close());
  const page = await context.newPage();
  return { page, go: () => page.goto(url) };
}

/** A display page that can be held on a screen; it waits for the welcome screen first. */
async function openDisplay(browser: Browser) {
  const { page, go } = await open(browser, kiosk.displayUrl);
  const { freeze } = await freezable(page);
  await go();
  await expect(displayRoot(page)).toHaveAttribute('data-payment-state', 'idle', {
    timeout: 30_000,
  });
  return { display: page, freeze };
}

/** Ends whatever payment is still on the kiosk, so the next screen starts from the welcome one. */
const cancelLater = (id: string) =>
  cleanups.push(() => call('POST', `/api/payment-request/cancel/${id}`).catch(() => undefined));

const showing = async (display: Page, id: string, state: string) => {
  await expect(displayRoot(display)).toHaveAttribute('data-payment-request-id', id, {
    timeout: 30_000,
  });
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', state);
};

async function chooseLanguage(page: Page, code: string) {
  if ((await page.locator('html').getAttribute('lang')) === code) return;
  await page.getByTestId('display-language').click();
  await page.locator(`[data-language="${code}"]`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', code);
}

async function setMode(page: Page, contrast: boolean, large: boolean) {
  for (const [testId, want] of [
    ['toggle-high-contrast', contrast],
    ['toggle-large-text', large],
  ] as const) {
    const toggle = page.getByTestId(testId);
    if ((await toggle.getAttribute('aria-pressed')) !== String(want)) await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', String(want));
  }
}

const MODES = [
  { name: 'standard', contrast: false, large: false },
  { name: 'larger text', contrast: false, large: true },
  { name: 'high contrast', contrast: true, large: false },
  { name: 'high contrast and larger text', contrast: true, large: true },
];

/**
 * The screen on show now, in every language and mode: axe-core at 1280×800; in high contrast
 * every text at 7:1; with larger text nothing clipped at 1280×800 and 1080×1920. Every failure is
 * reported (soft), so one run names all of them.
 */
async function checkEveryModeAndLanguage(display: Page, screen: string) {
  const state = await displayRoot(display).getAttribute('data-payment-state');
  for (const language of LANGUAGES) {
    await chooseLanguage(display, language.code);
    for (const mode of MODES) {
      await setMode(display, mode.contrast, mode.large);
      const what = `${screen}, ${language.code}, ${mode.name}`;
      await settled(display);
      expect.soft(await seriousViolationsOnPage(display), `axe-core on ${what}`).toEqual([]);
      if (mode.contrast)
        expect.soft(await lowContrastTexts(display, what), `${what}: under 7:1`).toEqual([]);
      if (mode.large) {
        for (const size of DISPLAY_SIZES) {
          await display.setViewportSize(size);
          await settled(display);
          if (language.code === 'cy' && mode.contrast)
            await display.screenshot({
              path: `/tmp/h11-${screen.replace(/\W+/g, '-')}-cy-${size.width}.png`,
            });
          expect
            .soft(await display.evaluate(clippedTexts), `${what}, ${size.width}×${size.height}`)
            .toEqual([]);
        }
        await display.setViewportSize(DISPLAY_SIZES[0]);
      }
    }
  }
  // Held all along: what was measured is the screen named.
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', state!);
  await setMode(display, false, false);
}

test('the welcome screen', async ({ browser }) => {
  const { display, freeze } = await openDisplay(browser);
  freeze();
  await checkEveryModeAndLanguage(display, 'idle');
});

test('the basket as staff build it, before its payment', async ({ browser }) => {
  const { display, freeze } = await openDisplay(browser);
  const id = await terminalId(kiosk);
  await call('POST', `/api/terminal/${id}/display`, { currency: 'GBP', lineItems: ITEMS });
  cleanups.push(() =>
    call('POST', `/api/terminal/${id}/display`, { currency: 'GBP', lineItems: [] }),
  );
  await expect(display.getByTestId('display-building')).toBeVisible();
  freeze();
  await checkEveryModeAndLanguage(display, 'basket');
});

test('the tip step and its custom amount keypad', async ({ browser }) => {
  const { display, freeze } = await openDisplay(browser);
  const { page: staff, go } = await open(browser, kiosk.consoleUrl);
  await go();
  await startAtCounter(staff, ['1', '2', '5', '0']);
  await expect(display.getByTestId('tip-step')).toBeVisible();
  // Afterwards staff skip the tip, and the payment it starts is cancelled: the next screen's
  // payment must not queue behind it.
  cleanups.push(async () => {
    await staff.getByTestId('skip-tip').click();
    const active = staff.getByTestId('active-payment');
    await expect(active).toHaveAttribute('data-payment-request-id', /./);
    const id = await active.getAttribute('data-payment-request-id');
    await call('POST', `/api/payment-request/cancel/${id}`);
  });
  freeze();
  await checkEveryModeAndLanguage(display, 'tip step');
  await display.getByTestId('tip-step').getByRole('button').last().click();
  await expect(display.getByTestId('tip-custom-amount')).toBeVisible();
  await checkEveryModeAndLanguage(display, 'custom tip keypad');
});

test('the amount, its QR code and its basket', async ({ browser }) => {
  const { display, freeze } = await openDisplay(browser);
  const id = await pushRemote(kiosk, 12.5, ITEMS);
  cancelLater(id);
  await showing(display, id, 'awaiting');
  await expect(displayRoot(display)).toHaveAttribute('data-qr-ready', 'true');
  freeze();
  await checkEveryModeAndLanguage(display, 'awaiting');
});

test('the customer at their bank: approve on your phone', async ({ browser }) => {
  const { display, freeze } = await openDisplay(browser);
  const id = await pushRemote(kiosk, 4.2);
  cancelLater(id);
  await showing(display, id, 'awaiting');
  const paymentUrl = await scanQr(display);
  const { page: phone, go } = await open(browser, paymentUrl, 390, 844);
  await go();
  await phone.getByRole('button', { name: 'Pay by bank' }).click();
  await phone.getByRole('button', { name: 'Continue to your bank' }).click();
  await expect(phone.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expect(display.locator('.awaiting__title')).toHaveText(/approve/i);
  freeze();
  await checkEveryModeAndLanguage(display, 'approve on your phone');
});

test('the more time prompt in the last minute', async ({ browser }) => {
  const { display, freeze } = await openDisplay(browser);
  await call('PATCH', '/api/merchant', { settings: { defaultExpirySeconds: 60 } });
  cleanups.push(() => call('PATCH', '/api/merchant', { settings: { defaultExpirySeconds: 180 } }));
  const id = await pushRemote(kiosk, 9.4);
  cancelLater(id);
  await showing(display, id, 'awaiting');
  await expect(display.getByTestId('more-time')).toBeVisible();
  freeze();
  await checkEveryModeAndLanguage(display, 'more time');
});

/** A payment pushed and then answered by the customer or the service, held on the display. */
async function finishedScreen(
  browser: Browser,
  state: string,
  finish: (id: string) => Promise<unknown>,
) {
  const { display, freeze } = await openDisplay(browser);
  const id = await pushRemote(kiosk, 12.5, ITEMS);
  cancelLater(id);
  await showing(display, id, 'awaiting');
  await finish(id);
  await showing(display, id, state);
  freeze();
  await checkEveryModeAndLanguage(display, state);
}

const simulate = (outcome: string) => (id: string) =>
  call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod: 'PAY_BY_BANK',
    outcome,
  });

test('paid, with its basket and receipt', ({ browser }) =>
  finishedScreen(browser, 'completed', simulate('COMPLETED')));

test('failed, the code still on screen to try again', ({ browser }) =>
  finishedScreen(browser, 'failed', simulate('FAILED')));

test('expired', ({ browser }) =>
  finishedScreen(browser, 'expired', () =>
    call('POST', '/api/sandbox/clock/advance', { ms: 181_000 }),
  ));

test('cancelled', ({ browser }) =>
  finishedScreen(browser, 'cancelled', (id) => call('POST', `/api/payment-request/cancel/${id}`)));
