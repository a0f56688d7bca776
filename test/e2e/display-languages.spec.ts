/**
 * The customer display and the hosted page in the customer's language: Arabic right to left,
 * Welsh and Polish, each text checked against the catalogue (src/shared/i18n) so no English is
 * left; speech in the chosen language (a recording `speechSynthesis` installed before the page
 * loads); axe-core and the common layout check at each width. Counter runs as `npm start` does.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { LanguageCode } from '../../src/shared/i18n';
import { untranslated } from './catalogue-text';
import { atEachWidth, checkCommonLayout } from './layout';
import { recordSpeech, spoken } from './display-harness';
import {
  api,
  displayRoot,
  expectAccessible,
  payByBank,
  scanQr,
  startKiosk,
  tempDir,
  type Kiosk,
} from './kiosk-harness';

test.describe.configure({ mode: 'serial' });

const SHOP = 'Counter Demo Shop';
const ITEMS = [
  { description: 'Bara brith', quantity: 2, unitAmount: 3.25 },
  { description: 'Flat white', quantity: 1, unitAmount: 6 },
];
const NAMES = [SHOP, ...ITEMS.map((item) => item.description)];

let kiosk: Kiosk;
const dir = tempDir();
test.beforeAll(async () => {
  kiosk = await startKiosk(dir.path);
});
test.afterAll(async () => {
  await kiosk?.stop();
  dir.remove();
});

const cleanups: (() => unknown)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(browser: Browser, url: string, width = 1280, height = 800): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, bypassCSP: true });
  cleanups.push(() => context.close());
  await context.addInitScript(recordSpeech);
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** The display waits for a payment (the previous test's may still be ending). */
const idle = (page: Page) =>
  expect(displayRoot(page)).toHaveAttribute('data-payment-state', 'idle', { timeout: 30_000 });
/**
 * The display shows this payment: the one before it (cancelled as the last test ended) is held
 * on screen for a moment first, longer on a busy machine.
 */
const showing = (page: Page, id: string) =>
  expect(displayRoot(page)).toHaveAttribute('data-payment-request-id', id, { timeout: 30_000 });

async function pushPayment(): Promise<string> {
  const secret = kiosk.sandboxSecret!;
  const terminals = await api(kiosk.serviceUrl, secret, 'GET', '/api/terminal');
  const id = terminals.find((t: { name: string }) => t.name === 'Counter kiosk').id;
  const { paymentRequestId } = await api(
    kiosk.serviceUrl,
    secret,
    'POST',
    '/api/terminal/process-remote-payment',
    { id, amount: 12.5, lineItems: ITEMS },
  );
  return paymentRequestId;
}

async function cancelPayment(id: string) {
  await api(
    kiosk.serviceUrl,
    kiosk.sandboxSecret!,
    'POST',
    `/api/payment-request/cancel/${id}`,
  ).catch(() => undefined);
}

/** Picks `name` in the display's language control, by touch (a click) or by keyboard. */
async function chooseLanguage(page: Page, name: string, by: 'touch' | 'keyboard' = 'touch') {
  const control = page.getByTestId('display-language');
  if (by === 'touch') {
    await control.click();
    await page.getByRole('button', { name, exact: true }).click();
    return;
  }
  await control.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
}

async function expectOnlyCatalogue(page: Page, lang: LanguageCode, what: string) {
  expect(
    await untranslated(page, lang, NAMES),
    `${what}: text not in the ${lang} catalogue`,
  ).toEqual([]);
}

test('Arabic on the display: right to left, mirrored, every text from the Arabic catalogue, at each width', async ({
  browser,
}) => {
  const display = await open(browser, kiosk.displayUrl);
  await idle(display);
  await chooseLanguage(display, 'العربية');
  const root = display.locator('html');
  await expect(root).toHaveAttribute('dir', 'rtl');
  await expect(root).toHaveAttribute('lang', 'ar');
  await expectOnlyCatalogue(display, 'ar', 'idle');

  const id = await pushPayment();
  cleanups.push(() => cancelPayment(id));
  await showing(display, id);
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting');
  // Numbers as Arabic writes them, and the row of controls mirrored: Speak on the right.
  await expect(display.getByTestId('display-amount')).toContainText('١٢٫٥٠');
  await expectOnlyCatalogue(display, 'ar', 'awaiting');
  await atEachWidth(display, async (width) => {
    const speak = await display.getByTestId('display-speak').boundingBox();
    expect(speak!.x + speak!.width / 2, 'Speak at the start (right) edge').toBeGreaterThan(
      width / 2,
    );
    await checkCommonLayout(display, 'display in Arabic', width);
  });
  await display.screenshot({ path: '/tmp/lang-display-ar.png' });
});

for (const [lang, name] of [
  ['cy', 'Cymraeg'],
  ['pl', 'Polski'],
] as const) {
  test(`${name} on the display by keyboard: every text from its catalogue, left to right, at each width`, async ({
    browser,
  }) => {
    const display = await open(browser, kiosk.displayUrl);
    await idle(display);
    await chooseLanguage(display, name, 'keyboard');
    await expect(display.locator('html')).toHaveAttribute('lang', lang);
    await expect(display.locator('html')).toHaveAttribute('dir', 'ltr');
    await expectOnlyCatalogue(display, lang, 'idle');
    const id = await pushPayment();
    cleanups.push(() => cancelPayment(id));
    await showing(display, id);
    await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting');
    await expectOnlyCatalogue(display, lang, 'awaiting');
    await atEachWidth(display, (width) => checkCommonLayout(display, `display in ${name}`, width));
    await display.screenshot({ path: `/tmp/lang-display-${lang}.png` });
  });
}

test('speech in Polish: Space says the amount and who asks; "paid" is said when the payment completes; the next customer starts in English', async ({
  browser,
}) => {
  const display = await open(browser, kiosk.displayUrl);
  await idle(display);
  await chooseLanguage(display, 'Polski');
  const id = await pushPayment();
  await showing(display, id);
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting');

  await display.locator('body').focus();
  await display.keyboard.press('Space');
  await expect
    .poll(() => spoken(display))
    .toContainEqual({
      text: `${SHOP} prosi o zapłatę 12,50\u00a0£.`,
      lang: 'pl-PL',
    });
  // Read items: the basket, line by line, on request.
  await display.getByTestId('display-read-basket').click();
  await expect
    .poll(async () => (await spoken(display)).map((u) => u.text))
    .toContain('2 sztuki Bara brith, 6,50\u00a0£.');
  await expectAccessible(display, 'display in Polish, speaking');

  const phone = await open(browser, 'about:blank', 390, 844);
  await payByBank(phone, await scanQr(display));
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'completed');
  await expect(displayRoot(display)).toHaveAttribute('data-payment-request-id', id);
  await expect
    .poll(async () => (await spoken(display)).at(-1))
    .toEqual({
      text: 'Zapłacono. Dziękujemy. Zapłacono 12,50\u00a0£.',
      lang: 'pl-PL',
    });
  await expectOnlyCatalogue(display, 'pl', 'paid');

  // The receipt the display offers, on the customer's phone in Welsh.
  const receiptUrl = await display.getByTestId('receipt-offer').getAttribute('data-receipt-url');
  await phone.goto(receiptUrl!);
  await phone.getByRole('link', { name: 'Cymraeg', exact: true }).click();
  await expect(phone.locator('html')).toHaveAttribute('lang', 'cy');
  await expect(phone.getByTestId('receipt-method')).toHaveText('Talu drwy’r banc (Sandbox Bank)');
  const valueOf = (label: string) =>
    phone.locator(`xpath=//dt[normalize-space(.)="${label}"]/following-sibling::dd[1]`).innerText();
  // The shop's own values (its store and address, its order id, the payment's reference, a date
  // Intl wrote) are as they are.
  const values = [
    await valueOf('Rhif yr archeb'),
    await valueOf('Cyfeirnod'),
    await valueOf('Dyddiad'),
    ...(await phone.getByTestId('receipt-shop').locator('p').allInnerTexts()),
  ];
  expect(await untranslated(phone, 'cy', [...NAMES, ...values]), 'receipt in Welsh').toEqual([]);
  await atEachWidth(phone, (width) => checkCommonLayout(phone, 'receipt in Welsh', width));

  // The payment ended: the display returns to the shop's language for the next customer.
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'idle', {
    timeout: 30_000,
  });
  await expect(display.locator('html')).toHaveAttribute('lang', 'en');
  await expect(display.getByTestId('display-speak')).toHaveAttribute('aria-pressed', 'false');
});

async function paymentPage(): Promise<string> {
  const { paymentUrl } = await api(
    kiosk.serviceUrl,
    kiosk.sandboxSecret!,
    'POST',
    '/api/payments/process-payment',
    {
      customerId: 'customer-languages',
      orderId: `LANG-${Date.now()}`,
      amount: 12.5,
      lineItems: ITEMS,
    },
  );
  return paymentUrl;
}

test('the hosted payment page in Polish: chosen by touch from its language links, kept for that payment only, every text from the Polish catalogue, at each width', async ({
  browser,
}) => {
  const url = await paymentPage();
  const phone = await open(browser, url, 390, 844);
  await expect(phone.locator('html')).toHaveAttribute('lang', 'en-GB');
  await phone.getByRole('link', { name: 'Polski', exact: true }).click();
  await expect(phone.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(phone.getByRole('heading', { name: 'Jak chcesz zapłacić?' })).toBeVisible();
  await expect(phone.getByTestId('amount')).toHaveText('12,50\u00a0£');
  await expectOnlyCatalogue(phone, 'pl', 'hosted page');
  await atEachWidth(phone, (width) => checkCommonLayout(phone, 'hosted page in Polish', width));

  // The choice lasts for this payment (a cookie scoped to its address), and only for it.
  await phone.goto(url);
  await expect(phone.locator('html')).toHaveAttribute('lang', 'pl');
  await phone.goto(await paymentPage());
  await expect(phone.locator('html')).toHaveAttribute('lang', 'en-GB');
  await expect(phone.getByRole('heading', { name: 'How would you like to pay?' })).toBeVisible();

  // Arabic: the page turns right to left.
  await phone.goto(`${url}?lang=ar`);
  await expect(phone.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectOnlyCatalogue(phone, 'ar', 'hosted page in Arabic');
  await phone.screenshot({ path: '/tmp/lang-hosted-ar.png' });
});

test("the shop's language: a display whose kiosk setting is Welsh starts in Welsh, and the customer may still pick theirs", async ({
  browser,
}) => {
  const setLanguage = (displayLanguage: string) =>
    api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'PUT', '/api/kiosk-settings', {
      settings: { displayLanguage },
    });
  await setLanguage('cy');
  cleanups.push(() => setLanguage('en'));
  const display = await open(browser, kiosk.displayUrl);
  await idle(display);
  await expect(display.locator('html')).toHaveAttribute('lang', 'cy');
  await expect(display.getByTestId('display-language')).toContainText('Cymraeg');
  await expectOnlyCatalogue(display, 'cy', 'idle in the shop’s Welsh');
  await chooseLanguage(display, 'Deutsch');
  await expect(display.locator('html')).toHaveAttribute('lang', 'de');
});
