/**
 * Keying in a payment at the counter as a hurried cashier does, with `npm start -- --browser
 * --no-open`: the keypad refuses keys past the terminal's largest payment as they are typed, a
 * message never moves the keys under a finger (1280×800 and a 390×844 phone), an amount left on
 * the keypad is gone after a change of tab, an amount far above the usual is asked about before
 * it reaches the customer, and a note that would not fit is refused, never cut. The header names
 * the shop in full and says "Sandbox — test payments only" apart from the connection's state.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  api,
  displayRoot,
  expectAccessible,
  startKiosk,
  tempDir,
  type Kiosk,
} from './kiosk-harness';

const PIN = '2468';
const cleanups: (() => unknown)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function launch(): Promise<Kiosk> {
  const dir = tempDir();
  const kiosk = await startKiosk(dir.path, [], { COUNTER_KIOSK_PIN: PIN });
  cleanups.push(() => dir.remove());
  cleanups.push(() => kiosk.stop());
  return kiosk;
}

async function open(
  browser: Browser,
  url: string,
  width = 1280,
  height = 800,
  ready = '[data-ready="true"]',
): Promise<Page> {
  // bypassCSP only so axe-core can inject its script; clipboard so a paste is a real one.
  const context = await browser.newContext({ viewport: { width, height }, bypassCSP: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  cleanups.push(() => context.close());
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.locator(ready)).toBeVisible();
  return page;
}

/** Where the keypad is once the screen has stopped moving (its entrance animation). */
async function keypadBox(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  return page.getByRole('group', { name: 'Amount keypad' }).evaluate((el) => {
    const { x, y, width, height } = el.getBoundingClientRect();
    return { x, y, width, height };
  });
}

/** How far the page is taller or wider than the window (0 or less: it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => ({
    down: document.documentElement.scrollHeight - window.innerHeight,
    across: document.documentElement.scrollWidth - window.innerWidth,
  }));

async function paymentRequests(kiosk: Kiosk): Promise<number> {
  const list = await api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'GET', '/api/payment-requests');
  return list.totalCount;
}

test('the keypad stops at the terminal’s largest payment, and its messages never move the keys', async ({
  browser,
}) => {
  const kiosk = await launch();
  const staff = await open(browser, kiosk.consoleUrl);
  await expect(staff.getByTestId('amount-limit')).toHaveText(
    'Largest payment on this terminal: £10,000.00',
  );
  // The limit is stated once, and it is the terminal's.
  await expect(staff.getByText('£99,999,999.99')).toHaveCount(0);
  const before = await keypadBox(staff);
  expect((await overflow(staff)).down).toBeLessThanOrEqual(0);

  // Start with nothing keyed: the error shows where the limit was; the keys stay put.
  await staff.keyboard.press('Enter');
  await expect(staff.getByTestId('form-error')).toHaveText('Key in the amount to charge first.');
  expect(await keypadBox(staff)).toEqual(before);
  expect((await overflow(staff)).down).toBeLessThanOrEqual(0);

  // Every digit of the old limit: the ones past £10,000.00 are refused as they are typed.
  await staff.keyboard.type('99999999999999');
  await expect(staff.getByTestId('amount-display')).toHaveText('£9,999.99');
  await expect(staff.getByTestId('amount-refused')).toHaveText(
    '£10,000.00 is the largest payment on this terminal, so that key was not taken.',
  );
  expect(await keypadBox(staff)).toEqual(before);
  expect((await overflow(staff)).down).toBeLessThanOrEqual(0);
  await expectAccessible(staff, 'take payment, a key refused');
  // The largest itself is taken, from the on-screen keys too.
  await staff.getByTestId('keypad-clear').click();
  for (const key of ['1', '00', '00', '00']) await staff.getByTestId(`keypad-${key}`).click();
  await expect(staff.getByTestId('amount-display')).toHaveText('£10,000.00');
  await staff.getByTestId('keypad-0').click();
  await expect(staff.getByTestId('amount-display')).toHaveText('£10,000.00');
  await expect(staff.getByTestId('amount-refused')).toBeVisible();
  expect(await keypadBox(staff)).toEqual(before);

  // On a phone the keys stay put as well.
  await staff.setViewportSize({ width: 390, height: 844 });
  await staff.keyboard.press('Escape');
  await expect(staff.getByTestId('amount-display')).toHaveText('£0.00');
  const phone = await keypadBox(staff);
  await staff.keyboard.press('Enter');
  await expect(staff.getByTestId('form-error')).toBeVisible();
  expect(await keypadBox(staff)).toEqual(phone);
  await staff.keyboard.type('9999999');
  await expect(staff.getByTestId('amount-refused')).toBeVisible();
  expect(await keypadBox(staff)).toEqual(phone);
  expect((await overflow(staff)).across).toBeLessThanOrEqual(0);
  expect(await paymentRequests(kiosk)).toBe(0);
});

test('an amount left on the keypad is cleared by a change of tab; one far above the usual asks first', async ({
  browser,
}) => {
  const kiosk = await launch();
  const staff = await open(browser, kiosk.consoleUrl);
  const display = await open(browser, kiosk.displayUrl, 1024, 768, '[data-payment-state]');

  await staff.keyboard.type('420420');
  await expect(staff.getByTestId('amount-display')).toHaveText('£4,204.20');
  await staff.getByTestId('payment-note').fill('Table 4');
  await staff.getByTestId('tab-history').click();
  await staff.getByTestId('tab-take').click();
  await expect(staff.getByTestId('amount-display')).toHaveText('£0.00');
  await expect(staff.getByTestId('payment-note')).toHaveValue('');
  // Start now starts nothing: there is nothing keyed.
  await staff.getByTestId('start-payment').click();
  await expect(staff.getByTestId('form-error')).toHaveText('Key in the amount to charge first.');

  // No history yet: more than £1,000.00 asks before it reaches the customer.
  await staff.keyboard.type('420420');
  await staff.keyboard.press('Enter');
  const ask = staff.getByRole('dialog', { name: 'Start £4,204.20?' });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('more than £1,000.00');
  await expectAccessible(staff, 'take payment, an unusual amount');
  await ask.getByRole('button', { name: 'Change the amount' }).click();
  await expect(ask).toBeHidden();
  await expect(staff.getByTestId('amount-display')).toHaveText('£4,204.20');
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'idle');
  expect(await paymentRequests(kiosk)).toBe(0);

  // A usual amount goes straight to the display.
  await staff.keyboard.press('Escape');
  await staff.keyboard.type('4204');
  await staff.keyboard.press('Enter');
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting');
  await expect(display.getByText('£42.04')).toBeVisible();
  await staff.getByTestId('cancel-payment').click();
  await staff.getByTestId('confirm-yes').click();
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'cancelled');

  // Staff who mean it confirm, and it starts. (The keys go to the keypad once the cancel
  // confirmation has closed; until then they may land on it, so the amount is keyed again.)
  await expect(async () => {
    await staff.keyboard.press('Escape');
    await staff.keyboard.type('420420');
    await expect(staff.getByTestId('amount-display')).toHaveText('£4,204.20', { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await staff.keyboard.press('Enter');
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Start £4,204.20' }).click();
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting', {
    timeout: 15_000,
  });
  await expect(display.getByText('£4,204.20')).toBeVisible();
});

test('a note that would not fit is refused and said so, never cut short on the display', async ({
  browser,
}) => {
  const kiosk = await launch();
  const staff = await open(browser, kiosk.consoleUrl);
  const display = await open(browser, kiosk.displayUrl, 1024, 768, '[data-payment-state]');
  const note = staff.getByTestId('payment-note');
  await expect(note).toHaveAttribute('maxlength', '30');
  await expect(staff.getByTestId('payment-note-count')).toHaveText('Characters used: 0/30');

  // A 500-character paste: nothing of it is put in, and staff are told why.
  const long = 'Please deliver to the back door after six. '.repeat(12).slice(0, 500);
  await staff.evaluate((text) => navigator.clipboard.writeText(text), long);
  await note.focus();
  await staff.keyboard.press('Control+V');
  await expect(staff.getByTestId('payment-note-refused')).toHaveText(
    'Not added: that would make the note 500 characters, and a note holds at most 30. Shorten it first.',
  );
  await expect(note).toHaveValue('');

  // Typed, it counts down and stops at 30, saying so.
  await note.pressSequentially('Back door after six, ring bell');
  await expect(staff.getByTestId('payment-note-count')).toHaveText('Characters used: 30/30');
  await note.press('!');
  await expect(note).toHaveValue('Back door after six, ring bell');
  await expect(staff.getByTestId('payment-note-refused')).toHaveText(
    'A note holds at most 30 characters.',
  );
  await expectAccessible(staff, 'take payment, a note at its limit');

  // What was typed is what the customer reads.
  await staff.getByTestId('amount-display').click();
  await staff.keyboard.type('1250');
  await staff.keyboard.press('Enter');
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'awaiting');
  await expect(display.getByText('Back door after six, ring bell')).toBeVisible();
});

test('the header names the shop in full and tells the sandbox apart from the connection', async ({
  browser,
}) => {
  const kiosk = await launch();
  const staff = await open(browser, kiosk.consoleUrl);
  const shop = staff.getByTestId('brand-shop');
  await expect(shop).toHaveText('Counter Demo Shop');
  await expect(staff.getByTestId('brand-terminal')).toHaveText('Counter kiosk');
  const cut = (testId: string) =>
    staff
      .getByTestId(testId)
      .evaluate((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight);
  expect(await cut('brand-shop')).toBe(false);
  expect(await cut('brand-terminal')).toBe(false);

  // The pill is about the connection; the badge about the money, in a colour that is not green.
  await expect(staff.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
  await expect(staff.getByTestId('connection-state')).toHaveText('Payments service: Connected');
  await expect(staff.getByText('Live', { exact: true })).toHaveCount(0);
  const badge = staff.getByTestId('environment-badge');
  await expect(badge).toHaveText('Sandbox — test payments only');
  const colours = await badge.evaluate((el) => {
    const dot = document.querySelector('.connection__dot')!;
    return {
      badge: getComputedStyle(el).backgroundColor,
      connected: getComputedStyle(dot).backgroundColor,
    };
  });
  expect(colours.badge).not.toBe(colours.connected);
  const [r, g, b] = colours.badge.match(/\d+/g)!.map(Number);
  expect(g!, `the sandbox badge is not green (${colours.badge})`).toBeLessThan(Math.max(r!, b!));
  await expectAccessible(staff, 'header, sandbox');

  // A phone: the shop's name still shows, nothing runs off the side.
  await staff.setViewportSize({ width: 390, height: 844 });
  await expect(shop).toBeVisible();
  await expect(badge).toHaveText(/^Sandbox/);
  expect((await overflow(staff)).across).toBeLessThanOrEqual(0);
  const tabsFit = await staff
    .getByRole('tablist')
    .evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth);
  expect(tabsFit).toBe(true);
  await expectAccessible(staff, 'header on a phone');
});
