/**
 * Runs Counter as a newcomer does, `npm start -- --browser --no-open …`, as a real child process
 * with its embedded service, and gives the tests its URLs; also a stand-alone service process for
 * tests that restart the service under a running kiosk.
 */
import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { runTs, type Running } from '../helpers/process';

export interface Kiosk {
  consoleUrl: string;
  displayUrl: string;
  dashboardUrl: string;
  serviceUrl: string;
  sandboxSecret: string | null;
  process: Running;
  /** SIGTERM and wait: a clean stop. */
  stop(): Promise<void>;
}

export function tempDir(prefix = 'counter-e2e-'): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export async function startKiosk(
  dataDir: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<Kiosk> {
  const run = runTs(
    'scripts/start.mjs',
    ['--browser', '--no-open', '--port', '0', '--data-dir', dataDir, ...args],
    { CI: 'true', ...env },
  );
  const line = async (name: string) =>
    (await run.waitFor(new RegExp(`^${name}: (\\S+)$`, 'm'), 60_000))[1]!;
  const kiosk: Kiosk = {
    consoleUrl: await line('kiosk console'),
    displayUrl: await line('customer display'),
    dashboardUrl: await line('dashboard'),
    serviceUrl: await line('service'),
    sandboxSecret: /^sandbox secret[^:]*: (\S+)$/m.exec(run.output())?.[1] ?? null,
    process: run,
    async stop() {
      if (run.child.exitCode === null) run.child.kill('SIGTERM');
      await run.exited;
    },
  };
  return kiosk;
}

export function startServiceProcess(dataDir: string, port: number, secret: string): Running {
  return runTs('src/service/cli.ts', ['--port', String(port), '--data-dir', dataDir], {
    SERVICE_SANDBOX_SECRET: secret,
  });
}

/** Calls the service's JSON API with a merchant secret; throws with the envelope on failure. */
export async function api(
  baseUrl: string,
  secret: string | null,
  method: string,
  path: string,
  body?: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
): Promise<any> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(secret ? { authorization: `Bearer ${secret}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = await response.json();
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** The customer display's root, which carries the payment's state and id. */
export const displayRoot = (page: Page): Locator => page.locator('[data-payment-state]');

/** Reads the QR code painted on the display with a real decoder, as a customer's phone would. */
export async function scanQr(page: Page): Promise<string> {
  await expect(displayRoot(page)).toHaveAttribute('data-qr-ready', 'true');
  const image = displayRoot(page).locator('img').first();
  const png = PNG.sync.read(await image.screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('no QR code could be read from the customer display');
  return code.data;
}

/** The customer pays by bank on paymentUrl in their own browser context. */
export async function payByBank(page: Page, paymentUrl: string): Promise<void> {
  await page.goto(paymentUrl);
  await page.getByRole('button', { name: 'Pay by bank' }).click();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
}

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation, naming
 * the rule and the elements. The page's context needs `bypassCSP: true` for axe to be injected.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect(await seriousViolations(page), `axe-core on ${screen}`).toEqual([]);
}

/** axe-core's serious and critical violations on the page as it is now, each naming its elements. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A screen that fades in is measured once it has: mid-fade its text is dimmer than it will be,
  // and axe would report contrast the user never sees. Endless animations (spinners) are skipped.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} [${n.failureSummary ?? ''}]`).join(', ')}`,
    );
}

/**
 * How the customer display lays out its amount: the number of line boxes of its text, whether it
 * overflows its box, and its box against the viewport and the QR code beside it.
 */
export async function amountLayout(page: Page) {
  return page.getByTestId('display-amount').evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const fontSize = parseFloat(style.fontSize);
    const lineHeight =
      style.lineHeight === 'normal' ? fontSize * 1.25 : parseFloat(style.lineHeight);
    const code = document.querySelector('.code')?.getBoundingClientRect() ?? null;
    return {
      text: el.textContent,
      lines,
      height: box.height,
      lineHeight,
      fontSize,
      overflow: el.scrollWidth - el.clientWidth,
      right: box.right,
      viewportWidth: window.innerWidth,
      // The code's left edge when it stands beside the amount (not stacked under it).
      codeLeft:
        code && code.width > 0 && code.top < box.bottom && code.bottom > box.top ? code.left : null,
    };
  });
}

/**
 * What a spec's tests open and start, undone after each test in reverse order: `open` gives a page
 * in a browser context of its own (default 1280×800, or the size asked for), and `cleanups` takes
 * anything else to stop (a kiosk, a folder).
 */
export function perTest(
  defaults: BrowserContextOptions & { width?: number; height?: number } = {},
) {
  const { width: defaultWidth = 1280, height: defaultHeight = 800, ...context } = defaults;
  const cleanups: (() => unknown)[] = [];
  test.afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function open(
    browser: Browser,
    url: string,
    width = defaultWidth,
    height = defaultHeight,
  ): Promise<Page> {
    const browserContext = await browser.newContext({ ...context, viewport: { width, height } });
    cleanups.push(() => browserContext.close());
    const page = await browserContext.newPage();
    await page.goto(url);
    return page;
  }
  return { open, cleanups };
}
