/**
 * The kiosk's screens, measured on Counter itself: `npm start -- --browser --no-open`
 * as a real process with its embedded service, the customer display and staff console in
 * Chromium.
 * - push-to-display: process-remote-payment answers → the QR image loaded and painted on the
 *   customer display (the page reports it from a MutationObserver plus one animation frame).
 * - pay-to-display: the sandbox's simulated COMPLETED answers → the completed screen painted;
 *   once with push, once with push turned off (polling every POLL_MS).
 * - keypress-to-line: staff press Enter on a basket line at the console → that line painted on
 *   the customer display (the display's line count changes), BASKET_LINES lines per basket.
 * - cold start: `npm start` spawned (windows already built) → the staff console interactive
 *   (data-ready) in a new tab of the already running browser.
 * Between payments the bench cancels and dismisses the last one over the kiosk's own bridge
 * socket, so every payment starts from the idle screen.
 * Env: BENCH_DISPLAY_PAYMENTS (default 100), BENCH_COLD_STARTS (default 5).
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectBridge } from '../src/main/browser/bridge-client';
import { runTs, type Running } from '../test/helpers/process';
import type { Figure } from './lib/result';
import { percentile } from './lib/stats';
import { callApi } from './lib/api';

const PAYMENTS = Number(process.env.BENCH_DISPLAY_PAYMENTS ?? 100);
/** Payments shown first and not counted: the first ones pay for JIT and cold caches. */
const WARMUP = 5;
const COLD_STARTS = Number(process.env.BENCH_COLD_STARTS ?? 5);
const POLL_MS = 1000;

interface Counter {
  run: Running;
  dir: string;
  consoleUrl: string;
  displayUrl: string;
  serviceUrl: string;
  secret: string;
  stop(): Promise<void>;
}

async function startCounter(args: string[] = [], dir?: string): Promise<Counter> {
  dir ??= mkdtempSync(join(tmpdir(), 'bench-kiosk-'));
  // The staff PIN preset, so the console opens on Take payment rather than asking for one.
  const run = runTs(
    'scripts/start.mjs',
    ['--browser', '--no-open', '--port', '0', '--data-dir', dir, ...args],
    { COUNTER_KIOSK_PIN: '2468' },
  );
  const line = async (name: string) =>
    (await run.waitFor(new RegExp(`^${name}: (\\S+)$`, 'm'), 60_000))[1]!;
  const counter: Counter = {
    run,
    dir,
    consoleUrl: await line('kiosk console'),
    displayUrl: await line('customer display'),
    serviceUrl: await line('service'),
    secret: (await run.waitFor(/^sandbox secret[^:]*: (\S+)$/m))[1]!,
    async stop() {
      if (run.child.exitCode === null) run.child.kill('SIGTERM');
      await run.exited;
    },
  };
  return counter;
}

const api = (counter: Counter, path: string, body?: unknown) =>
  callApi(counter.serviceUrl, body === undefined ? 'GET' : 'POST', path, body, counter.secret);

/** Runs in the display page (plain JS: this project's Node types have no DOM). */
const PROBE = `
  const report = () => {
    const root = document.querySelector('[data-payment-state]');
    if (!root) return;
    const state = root.getAttribute('data-payment-state') || '';
    const id = root.getAttribute('data-payment-request-id') || '';
    const qr = root.getAttribute('data-qr-ready') === 'true';
    const lines = Number(root.getAttribute('data-basket-lines') || 0);
    requestAnimationFrame(() => window.__counterPainted(state, id, qr, lines));
  };
  new MutationObserver(report).observe(document, {
    subtree: true, childList: true, attributes: true,
    attributeFilter: [
      'data-payment-state', 'data-payment-request-id', 'data-qr-ready', 'data-basket-lines',
    ],
  });
`;

/**
 * Opens the display with a probe: every time the root's state or QR readiness changes, the page
 * waits for the next frame (the change is painted) and reports it to this process.
 */
async function openDisplay(browser: Browser, url: string) {
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  const seen: { state: string; id: string; qr: boolean; lines: number; at: number }[] = [];
  const waiters: (() => void)[] = [];
  await page.exposeFunction(
    '__counterPainted',
    (state: string, id: string, qr: boolean, lines: number) => {
      seen.push({ state, id, qr, lines, at: performance.now() });
      waiters.splice(0).forEach((wake) => wake());
    },
  );
  await page.addInitScript({ content: PROBE });
  await page.goto(url);
  await page.locator('[data-payment-state="idle"]').waitFor();
  return {
    page,
    /** Resolves with the time the first matching paint was reported. */
    async when(match: (s: (typeof seen)[number]) => boolean, timeoutMs = 15_000): Promise<number> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = seen.find(match);
        if (hit) return hit.at;
        if (Date.now() > deadline) throw new Error('the display never showed it');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    reset: () => (seen.length = 0),
  };
}

type Display = Awaited<ReturnType<typeof openDisplay>>;

async function terminalId(counter: Counter): Promise<string> {
  const terminals = (await api(counter, '/api/terminal')) as unknown as { id: string }[];
  return terminals[0]!.id;
}

/** Cancels the payment and clears it from the display, back to idle. */
async function clear(counter: Counter, display: Display, id: string) {
  const bridge = connectBridge(
    `${counter.consoleUrl.replace('http', 'ws').replace('/console', '/bridge')}`,
  );
  await bridge.ready;
  await bridge.handle({ type: 'cancelPayment', paymentRequestId: id });
  await bridge.handle({ type: 'dismissPayment', paymentRequestId: id });
  bridge.close();
  await display.when((s) => s.state === 'idle' && s.id === '');
  display.reset();
}

async function pushToDisplay(counter: Counter, display: Display) {
  const terminal = await terminalId(counter);
  const latencies: number[] = [];
  for (let i = 0; i < WARMUP + PAYMENTS; i++) {
    display.reset();
    const { paymentRequestId } = await api(counter, '/api/terminal/process-remote-payment', {
      id: terminal,
      amount: (100 + i) / 100,
    });
    const answered = performance.now();
    const painted = await display.when((s) => s.id === paymentRequestId && s.qr);
    latencies.push(Math.max(0, painted - answered));
    await clear(counter, display, paymentRequestId as string);
  }
  return latencies.slice(WARMUP);
}

async function payToDisplay(counter: Counter, display: Display) {
  const terminal = await terminalId(counter);
  const latencies: number[] = [];
  for (let i = 0; i < WARMUP + PAYMENTS; i++) {
    display.reset();
    const { paymentRequestId: id } = await api(counter, '/api/terminal/process-remote-payment', {
      id: terminal,
      amount: (200 + i) / 100,
    });
    await display.when((s) => s.id === id && s.state === 'awaiting');
    await api(counter, `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'PAY_BY_BANK',
      outcome: 'COMPLETED',
    });
    const answered = performance.now();
    const painted = await display.when((s) => s.id === id && s.state === 'completed');
    latencies.push(Math.max(0, painted - answered));
    await clear(counter, display, id as string);
  }
  return latencies.slice(WARMUP);
}

/** Lines per basket before staff start a new one (a tab change clears it). */
const BASKET_LINES = 10;

/**
 * Staff key a line at the console (description, quantity, price) and press Enter: from the key
 * press leaving this process to the display reporting the new line painted. The fields are
 * filled first, so what is measured is the Enter, the bridge and the display's paint.
 */
async function keypressToLine(browser: Browser, counter: Counter, display: Display) {
  const staff = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await staff.goto(counter.consoleUrl);
  await staff.locator('[data-ready="true"]').waitFor();
  const latencies: number[] = [];
  for (let i = 0; i < WARMUP + PAYMENTS; i++) {
    const n = (i % BASKET_LINES) + 1;
    if (n === 1 && i > 0) {
      // A new basket: leaving Take payment clears the last one from the console and the display.
      await staff.getByTestId('tab-history').click();
      await display.when((s) => s.lines === 0);
      await staff.getByTestId('tab-take').click();
    }
    await staff.getByTestId('basket-description').fill(`Item ${i}`);
    await staff.getByTestId('basket-quantity').fill(String((i % 3) + 1));
    await staff.getByTestId('basket-price').fill(`${(i % 7) + 1}.50`);
    await staff.getByTestId('basket-price').focus();
    display.reset();
    const pressed = performance.now();
    await staff.keyboard.press('Enter');
    const painted = await display.when((s) => s.lines === n);
    latencies.push(Math.max(0, painted - pressed));
  }
  await staff.close();
  return latencies.slice(WARMUP);
}

/**
 * The browser is running (as a shop's Chromium or Electron's renderer host would be): each start
 * opens one new tab in it, not a new browser profile, so what is measured is Counter's start.
 */
async function coldStarts(browser: Browser, dir: string) {
  const context = await browser.newContext();
  const times: number[] = [];
  const printed: number[] = [];
  for (let i = 0; i < COLD_STARTS; i++) {
    const started = performance.now();
    const counter = await startCounter([], dir);
    printed.push(performance.now() - started);
    const page: Page = await context.newPage();
    await page.goto(counter.consoleUrl);
    await page.locator('[data-ready="true"]').waitFor();
    times.push(performance.now() - started);
    await page.close();
    await counter.stop();
  }
  await context.close();
  return { times, printed };
}

const latencyFigures = (name: string, values: number[], targetP99: number): Figure[] => [
  { name: `${name} p50 (${values.length} payments)`, value: percentile(values, 50), unit: 'ms' },
  {
    name: `${name} p99 (${values.length} payments)`,
    value: percentile(values, 99),
    unit: 'ms',
    target: { op: '<=', value: targetP99 },
  },
];

export async function figures(): Promise<Figure[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const dirs: string[] = [];
  try {
    const counter = await startCounter();
    dirs.push(counter.dir);
    const display = await openDisplay(browser, counter.displayUrl);
    const push = await pushToDisplay(counter, display);
    const paid = await payToDisplay(counter, display);
    const keyed = await keypressToLine(browser, counter, display);
    await display.page.close();
    await counter.stop();

    const polling = await startCounter(['--no-push', '--poll-ms', String(POLL_MS)]);
    dirs.push(polling.dir);
    const pollingDisplay = await openDisplay(browser, polling.displayUrl);
    const paidPolling = await payToDisplay(polling, pollingDisplay);
    await pollingDisplay.page.close();
    await polling.stop();

    // Cold starts reuse the first kiosk's data: a shop's kiosk starting in the morning.
    const { times: cold, printed } = await coldStarts(browser, counter.dir);
    return [
      ...latencyFigures('push-to-display (QR painted)', push, 100),
      ...latencyFigures('pay-to-display, push', paid, 150),
      ...latencyFigures('keypress-to-line on the display (basket)', keyed, 50),
      ...latencyFigures(`pay-to-display, polling every ${POLL_MS} ms`, paidPolling, POLL_MS + 150),
      {
        name: `cold start to URLs printed, median of ${printed.length}`,
        value: percentile(printed, 50),
        unit: 'ms',
      },
      {
        name: `cold start to interactive console, median of ${cold.length}`,
        value: percentile(cold, 50),
        unit: 'ms',
      },
      {
        name: `cold start to interactive console, worst of ${cold.length}`,
        value: Math.max(...cold),
        unit: 'ms',
        target: { op: '<=', value: 1500 },
      },
    ];
  } finally {
    await browser.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
