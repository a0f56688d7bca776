/**
 * What the customer display's specs share: Counter started as `npm start` does (optionally with
 * the store's tips on), pages in contexts of their own, a payment pushed to the kiosk, and the
 * measures the display is held to (every text's contrast against its effective background, text
 * clipped or pushed past the screen's edge), each measured in the browser on computed styles.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import axe from 'axe-core';
import { kioskBridge } from './till-steps';
import { BRIDGE_SOCKET_PATH } from '../../src/shared/bridge-socket';
import {
  api,
  displayRoot,
  expectAccessible,
  startKiosk,
  tempDir,
  type Kiosk,
} from './kiosk-harness';

/** The sizes the display must read at: a landscape screen and a portrait one. */
export const DISPLAY_SIZES = [
  { width: 1280, height: 800 },
  { width: 1080, height: 1920 },
] as const;

/**
 * A spec's kiosks and pages, undone after each test in reverse order: `launch` starts Counter
 * (with the store's tips on when asked), `open` gives a page in a context of its own (with touch
 * when asked; `bypassCSP` so axe-core can be injected).
 */
export function displaySetup() {
  const cleanups: (() => unknown)[] = [];
  test.afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function launch(options: { tips?: boolean } = {}): Promise<Kiosk> {
    const dir = tempDir();
    const kiosk = await startKiosk(dir.path);
    cleanups.push(() => dir.remove());
    cleanups.push(() => kiosk.stop());
    if (options.tips) cleanups.push(await turnTipsOn(kiosk));
    return kiosk;
  }
  async function open(
    browser: Browser,
    url: string,
    width: number,
    height: number,
    hasTouch = false,
  ): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width, height },
      bypassCSP: true,
      hasTouch,
    });
    cleanups.push(() => context.close());
    const page = await context.newPage();
    await page.goto(url);
    return page;
  }
  return { cleanups, launch, open };
}

/** The primary store's id. */
export async function primaryStore(kiosk: Kiosk): Promise<string> {
  const stores = await api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'GET', '/api/stores');
  return stores.find((s: { isPrimary: boolean }) => s.isPrimary).id;
}

/**
 * The store's tips on (10, 15 and 20 %), once the kiosk has heard of them; answers how to close
 * the bridge connection it watched them arrive on.
 */
export async function turnTipsOn(kiosk: Kiosk): Promise<() => void> {
  const store = await primaryStore(kiosk);
  await api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'PUT', `/api/stores/${store}/kiosk-settings`, {
    settings: { tipsEnabled: true, tipPercentages: [10, 15, 20] },
  });
  const bridge = await kioskBridge(kiosk);
  await expect
    .poll(
      async () => {
        const reply = await bridge.handle({ type: 'getState' });
        return reply.ok ? (reply.result as { central?: { settings: object } }).central : null;
      },
      { timeout: 20_000 },
    )
    .toMatchObject({ settings: { tipsEnabled: true } });
  return () => bridge.close();
}

/** The kiosk's terminal id at the service. */
export async function terminalId(kiosk: Kiosk): Promise<string> {
  const terminals = await api(kiosk.serviceUrl, kiosk.sandboxSecret!, 'GET', '/api/terminal');
  return terminals.find((t: { name: string }) => t.name === 'Counter kiosk').id;
}

/** A payment pushed to the kiosk from the merchant's side, as the dashboard does. */
export async function pushRemote(kiosk: Kiosk, amount: number, lineItems?: object[]) {
  const { paymentRequestId } = await api(
    kiosk.serviceUrl,
    kiosk.sandboxSecret!,
    'POST',
    '/api/terminal/process-remote-payment',
    { id: await terminalId(kiosk), amount, ...(lineItems ? { lineItems } : {}) },
  );
  return paymentRequestId as string;
}

/** Staff start a payment of `keys` by bank on the console's keypad. */
export async function startAtCounter(staff: Page, keys: string[]) {
  await expect(staff.locator('[data-ready="true"]')).toBeVisible();
  for (const key of keys) await staff.getByTestId(`keypad-${key}`).click();
  await staff.getByTestId('method-bank').click();
  await staff.getByTestId('start-payment').click();
}

/** Waits for the screen's entrance animation, so what is measured is what the customer sees. */
export async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Every visible element with a text node of its own, with its contrast ratio (WCAG 2 relative
 * luminance): its colour, faded by its own and its ancestors' opacity, against its effective
 * background: every translucent background from the page's down to its own composited as the
 * screen draws them. Runs in the page.
 */
export function contrastOfEveryText(): { text: string; ratio: number }[] {
  type Rgba = { r: number; g: number; b: number; a: number };
  const parse = (c: string): Rgba => {
    const m = /rgba?\(([\d.]+),?\s*([\d.]+),?\s*([\d.]+)(?:,?\s*\/?\s*([\d.]+))?\)/.exec(c);
    if (!m) return { r: 0, g: 0, b: 0, a: 0 };
    return { r: +m[1]!, g: +m[2]!, b: +m[3]!, a: m[4] === undefined ? 1 : +m[4] };
  };
  const over = (top: Rgba, under: Rgba): Rgba => ({
    r: top.r * top.a + under.r * (1 - top.a),
    g: top.g * top.a + under.g * (1 - top.a),
    b: top.b * top.a + under.b * (1 - top.a),
    a: 1,
  });
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const luminance = (c: Rgba) =>
    0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
  const backgroundOf = (el: Element) => {
    const layers: Rgba[] = [];
    for (let at: Element | null = el; at; at = at.parentElement) {
      const bg = parse(getComputedStyle(at).backgroundColor);
      if (bg.a > 0) layers.push(bg);
      if (bg.a >= 0.999) break;
    }
    // The canvas under everything is the page's own colour scheme: dark.
    return layers.reduceRight<Rgba>((under, top) => over(top, under), { r: 0, g: 0, b: 0, a: 1 });
  };
  const opacityOf = (el: Element) => {
    let opacity = 1;
    for (let at: Element | null = el; at; at = at.parentElement)
      opacity *= +getComputedStyle(at).opacity;
    return opacity;
  };
  const results: { text: string; ratio: number }[] = [];
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const own = Array.from(el.childNodes)
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent ?? '')
      .join('')
      .trim();
    if (!own || el.closest('.sr-only')) continue;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
    const bg = backgroundOf(el);
    const fg = parse(style.color);
    const drawn = over({ ...fg, a: fg.a * opacityOf(el) }, bg);
    const [hi, lo] = [luminance(drawn), luminance(bg)].sort((a, b) => b - a);
    results.push({ text: own, ratio: Math.round(((hi! + 0.05) / (lo! + 0.05)) * 100) / 100 });
  }
  return results;
}

/** Texts whose box is narrower than their text, or that reach past the screen's edge. Runs in the page. */
export function clippedTexts(): string[] {
  const clipped: string[] = [];
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const hasText = Array.from(el.childNodes).some(
      (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim(),
    );
    if (!hasText || el.closest('.sr-only')) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0) continue;
    if (el.scrollWidth > el.clientWidth + 1 || box.left < -1 || box.right > innerWidth + 1)
      clipped.push(
        `${el.textContent?.trim()} (text ${el.scrollWidth} px in ${el.clientWidth}; ` +
          `box ${Math.round(box.left)} to ${Math.round(box.right)} of ${innerWidth})`,
      );
  }
  if (document.scrollingElement!.scrollWidth > innerWidth)
    clipped.push('the page scrolls sideways');
  return clipped;
}

/** Texts under 7:1 on the page as it is now (none, in high contrast). */
export async function lowContrastTexts(page: Page, screen: string) {
  await settled(page);
  const texts = await page.evaluate(contrastOfEveryText);
  expect(texts.length, `${screen}: texts measured`).toBeGreaterThan(2);
  return texts.filter((t) => t.ratio < 7);
}

export async function expectHighContrast(page: Page, screen: string) {
  expect(
    await lowContrastTexts(page, screen),
    `${screen}: texts under 7:1 in high contrast`,
  ).toEqual([]);
}

export async function expectNothingClipped(page: Page, screen: string) {
  await settled(page);
  expect(await page.evaluate(clippedTexts), `${screen}: clipped text`).toEqual([]);
}

/** Every check of one screen in the modes switched on now. */
export async function checkScreen(page: Page, screen: string) {
  const root = displayRoot(page);
  if ((await root.getAttribute('class'))!.includes('display--contrast'))
    await expectHighContrast(page, screen);
  if ((await root.getAttribute('class'))!.includes('display--large'))
    await expectNothingClipped(page, screen);
  await expectAccessible(page, screen);
}

/**
 * Holds the display on the screen it shows: from `freeze()` on, the kiosk's state changes no
 * longer reach the page (replies to its commands still do), so a screen the kiosk shows for
 * seconds (paid, failed, expired, cancelled) or a minute (more time) can be measured in every
 * mode and language. Call before the page loads the display.
 */
export async function freezable(page: Page): Promise<{ freeze(): void }> {
  let frozen = false;
  await page.routeWebSocket(new RegExp(`${BRIDGE_SOCKET_PATH}$`), (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      if (frozen && typeof message === 'string' && 'event' in JSON.parse(message)) return;
      ws.send(message);
    });
  });
  return { freeze: () => (frozen = true) };
}

/**
 * axe-core's serious and critical violations, as `seriousViolations` reports them, with axe
 * injected once per page and asked for violations only: a screen checked in every mode and
 * language runs it dozens of times, and re-injecting it each time is most of the cost.
 */
export async function seriousViolationsOnPage(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  await settled(page);
  return page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const results = await run(document, { resultTypes: ['violations'] });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} [${n.failureSummary ?? ''}]`).join(', ')}`,
      );
  });
}

/**
 * Records each utterance and its `lang` in `window.spoken` instead of speaking it (install with
 * `context.addInitScript(recordSpeech)` before the page loads).
 */
export function recordSpeech() {
  const spoken: { text: string; lang: string }[] = [];
  Object.assign(window, { spoken });
  class Utterance {
    lang = '';
    constructor(public text: string) {}
  }
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance });
  Object.defineProperty(window, 'speechSynthesis', {
    value: {
      speak: (u: Utterance) => spoken.push({ text: u.text, lang: u.lang }),
      cancel: () => spoken.push({ text: '(cancel)', lang: '' }),
    },
  });
}

/** What the display has said so far (with `recordSpeech` installed). */
export const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { spoken: { text: string; lang: string }[] }).spoken);

/** Presses Tab until `target` has the focus, as a keyboard (or keypad) user does. */
export async function tabTo(page: Page, target: Locator, what: string) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${what}`);
}
