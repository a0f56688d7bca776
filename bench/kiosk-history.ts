/**
 * The kiosk's history database at the size of a busy shop's few years: 100,000 payments with
 * about three status changes each, in a temporary file (not :memory:, so the page cache and
 * WAL behave as on a kiosk). Measures, single-threaded as the kiosk's main process runs:
 *   first page      page({limit: 50}), newest first                     target p99 ≤ 10 ms
 *   deep page       the page after 200 pages of cursors (keyset, not OFFSET)
 *   search          orderId contains + status + 30-day range, limit 50  target p99 ≤ 50 ms
 *   search, rare    the same with an order id that matches nothing (scans the 30 days)
 *   search, worst   an order id alone that matches nothing: scans every payment
 *   status changes  tracker.report, one transaction per change (what the kiosk does), and
 *                   batched 500 to a transaction (what a reconciliation sweep could do)
 *   memory          RSS of a fresh process after opening the history and one query; target ≤ 150 MB
 * Latency cases report queries/s (1000 / mean ms) in the req/s column. Memory does not fit the
 * Result shape, so it is printed as its own line. Run alone: `npx tsx bench/kiosk-history.ts`;
 * or register `{ name: 'kiosk-history', run }` in bench/run.ts.
 * Env: KIOSK_BENCH_PAYMENTS (default 100000), KIOSK_BENCH_RUNS (default 200).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PaymentStatus } from '../src/shared/payment-states';
import { openHistory, type History } from '../src/main/kiosk/history/history';
import { createTracker } from '../src/main/kiosk/tracker';
import type { Figure, Result } from './lib/result';

const PAYMENTS = Number(process.env.KIOSK_BENCH_PAYMENTS ?? 100_000);
const RUNS = Number(process.env.KIOSK_BENCH_RUNS ?? 200);
const DAY = 86_400_000;
const NOW = Date.UTC(2025, 5, 30, 18);
/** The history spans about three years of trading. */
const SPAN = 3 * 365 * DAY;

export const TARGETS = { firstPageMs: 10, searchMs: 50, rssMb: 150 } as const;

const uuid = (n: number) => {
  const hex = n.toString(16).padStart(12, '0');
  return `00000000-0000-4000-8000-${hex}`;
};

/** A deterministic pseudo-random sequence, so every run measures the same data. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Seeds `count` payments, each with its first status and two more changes. */
function seed(history: History, count: number): void {
  const rnd = random(42);
  const BATCH = 2000;
  for (let start = 0; start < count; start += BATCH) {
    history.transaction(() => {
      for (let n = start; n < Math.min(count, start + BATCH); n++) {
        const createdAt = NOW - SPAN + Math.floor((n / count) * SPAN);
        const id = uuid(n);
        history.upsertPayment({
          paymentRequestId: id,
          origin: n % 3 === 0 ? 'remote' : 'counter',
          amountPence: 100 + Math.floor(rnd() * 20_000),
          orderId: `T${n % 40}-${n.toString(36).toUpperCase()}`,
          notes: n % 5 === 0 ? 'Flat white x2' : null,
          metadata: { till: String(n % 4) },
          paymentUrl: `https://pay.example/pay/${id}`,
          qrCodeUrl: `https://pay.example/api/payment-requests/${id}/qr.svg`,
          createdAt,
          expiresAt: createdAt + 180_000,
        });
        const roll = rnd();
        const path: PaymentStatus[] =
          roll < 0.85
            ? ['AWAITING_AUTHORIZATION', 'COMPLETED']
            : roll < 0.93
              ? ['FAILED', 'EXPIRED'] // a failed attempt, never retried, then the link expired
              : roll < 0.97
                ? ['AWAITING_AUTHORIZATION', 'EXPIRED']
                : roll < 0.995
                  ? ['AWAITING_AUTHORIZATION', 'CANCELLED']
                  : ['AWAITING_AUTHORIZATION', 'FAILED']; // still open: reconciliation's work
        let from: PaymentStatus = 'PAYMENT_NOT_INITIATED';
        path.forEach((to, i) => {
          const at = createdAt + 20_000 * (i + 1);
          history.recordChange({
            paymentRequestId: id,
            from,
            to,
            source: i === 0 ? 'push' : 'webhook',
            occurredAt: at,
            recordedAt: at,
            final: to === 'COMPLETED' || to === 'CANCELLED' || to === 'EXPIRED',
            statusAt: at,
            ...(to === 'COMPLETED' ? { paidPence: 1000, tipPence: 0, paidMethod: 'CARD' } : {}),
          });
          from = to;
        });
      }
    });
  }
  history.db.pragma('optimize');
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

function time(name: string, runs: number, fn: (i: number) => unknown): Result {
  for (let i = 0; i < Math.min(20, runs); i++) fn(i); // warm statements and pages
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    fn(i);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return {
    name,
    requestsPerSec: 1000 / mean,
    latencyP50Ms: quantile(samples, 0.5),
    latencyP99Ms: quantile(samples, 0.99),
    non2xx: 0,
    errors: 0,
  };
}

/** Status changes through the tracker, the way push/webhook/poll reports arrive. */
function changeRate(history: History, batched: boolean): Result {
  const tracker = createTracker(history, { now: () => NOW });
  const COUNT = 2000;
  const base = 10_000_000 + (batched ? COUNT : 0);
  for (let n = 0; n < COUNT; n++)
    tracker.track({
      paymentRequestId: uuid(base + n),
      origin: 'remote',
      amountPence: 500,
      orderId: `RATE-${n}`,
      createdAt: NOW + n,
    });
  const reports = (n: number) =>
    (['AWAITING_AUTHORIZATION', 'PENDING', 'COMPLETED'] as const).map((status, i) => ({
      paymentRequestId: uuid(base + n),
      status,
      source: 'push' as const,
      at: new Date(NOW + n + i).toISOString(),
    }));
  const samples: number[] = [];
  const start = process.hrtime.bigint();
  if (batched) {
    const BATCH = 500;
    for (let b = 0; b < COUNT; b += BATCH)
      history.transaction(() => {
        for (let n = b; n < b + BATCH; n++) for (const r of reports(n)) tracker.report(r);
      });
  } else {
    for (let n = 0; n < COUNT; n++)
      for (const r of reports(n)) {
        const t = process.hrtime.bigint();
        if (!tracker.report(r).applied) throw new Error('a benchmark change was not applied');
        samples.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  samples.sort((a, b) => a - b);
  return {
    name: batched ? 'status change, 500 per transaction' : 'status change, own transaction',
    requestsPerSec: (COUNT * 3) / seconds,
    latencyP50Ms: samples.length ? quantile(samples, 0.5) : NaN,
    latencyP99Ms: samples.length ? quantile(samples, 0.99) : NaN,
    non2xx: 0,
    errors: 0,
  };
}

/** In a fresh child: RSS before and after opening the history and answering one query. */
function measureRss(dir: string): Promise<{ baselineMb: number; openMb: number }> {
  const self = fileURLToPath(import.meta.url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', self, '--rss', dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      try {
        if (code !== 0) throw new Error(`exit ${code}`);
        resolve(JSON.parse(line) as { baselineMb: number; openMb: number });
      } catch (error) {
        reject(new Error(`RSS child failed (${(error as Error).message}): ${out}`));
      }
    });
  });
}

function rssChild(dir: string): void {
  const mb = () => process.memoryUsage().rss / 2 ** 20;
  // Load the modules first, so the baseline holds the code and only the history is the difference.
  const baselineMb = mb();
  const history = openHistory(dir);
  history.page({ limit: 50 });
  history.search({ orderId: 't7-', status: 'COMPLETED', from: NOW - 30 * DAY, limit: 50 });
  const openMb = mb();
  history.close();
  console.log(JSON.stringify({ baselineMb, openMb }));
}

async function measure(): Promise<{
  results: Result[];
  rss: { baselineMb: number; openMb: number };
}> {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-history-bench-'));
  try {
    const seedStart = Date.now();
    const history = openHistory(dir, { now: () => NOW });
    seed(history, PAYMENTS);
    const changes = history.db.prepare('SELECT count(*) AS n FROM status_changes').get() as {
      n: number;
    };
    console.error(
      `kiosk-history: seeded ${PAYMENTS} payments, ${changes.n} status changes in ` +
        `${((Date.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    const results: Result[] = [];
    results.push(time('first page (50)', RUNS, () => history.page({ limit: 50 })));
    let cursor: string | null = null;
    for (let i = 0; i < 200; i++) cursor = history.page({ limit: 50, cursor }).nextCursor;
    const deep = cursor;
    results.push(time('page 201 by cursor', RUNS, () => history.page({ limit: 50, cursor: deep })));
    const search = {
      status: 'COMPLETED' as const,
      from: NOW - 30 * DAY,
      to: NOW,
      limit: 50,
    };
    let found = 0;
    results.push(
      time('search orderId+status+30 days', RUNS, (i) => {
        found = history.search({ ...search, orderId: `t${i % 40}-` }).items.length;
      }),
    );
    let rare = 0;
    results.push(
      time('search, almost no match', RUNS, () => {
        rare = history.search({ ...search, orderId: 'zz9' }).items.length;
      }),
    );
    // No status or date to narrow it: every one of the payments is read. The worst case.
    results.push(
      time('search orderId only, no match', Math.min(RUNS, 50), () =>
        history.search({ orderId: 'zz9', limit: 50 }),
      ),
    );
    results.push(time('search by amount', RUNS, (i) => history.search({ amountPence: 100 + i })));
    results.push(time("today's takings", RUNS, () => history.todaysTakings(NOW)));
    results.push(time('unfinished (reconciliation)', 20, () => history.unfinished()));
    console.error(`kiosk-history: search found ${found} (limit 50); rare search found ${rare}`);
    results.push(changeRate(history, false));
    results.push(changeRate(history, true));
    history.close();

    const rss = await measureRss(dir);
    const first = results[0]!;
    const searched = results[2]!;
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(
      [
        `kiosk-history targets (${PAYMENTS} payments; 1-minute load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores):`,
        `  first page p50 ${first.latencyP50Ms.toFixed(2)} ms, p99 ${first.latencyP99Ms.toFixed(2)} ms ` +
          `(target ≤ ${TARGETS.firstPageMs} ms: ${verdict(first.latencyP99Ms <= TARGETS.firstPageMs)})`,
        `  search p50 ${searched.latencyP50Ms.toFixed(2)} ms, p99 ${searched.latencyP99Ms.toFixed(2)} ms ` +
          `(target ≤ ${TARGETS.searchMs} ms: ${verdict(searched.latencyP99Ms <= TARGETS.searchMs)})`,
        `  memory: RSS ${rss.openMb.toFixed(0)} MB with the history open after one query ` +
          `(${rss.baselineMb.toFixed(0)} MB before opening; target ≤ ${TARGETS.rssMb} MB: ` +
          `${verdict(rss.openMb <= TARGETS.rssMb)})`,
      ].join('\n'),
    );
    return { results, rss };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const invoked = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (invoked) {
  const rssAt = process.argv.indexOf('--rss');
  if (rssAt > 0) rssChild(process.argv[rssAt + 1]!);
  else
    void measure().then(
      ({ results }) => {
        for (const r of results)
          console.log(
            `${r.name.padEnd(36)} ${r.requestsPerSec.toFixed(0).padStart(8)}/s  ` +
              `p50 ${r.latencyP50Ms.toFixed(3)} ms  p99 ${r.latencyP99Ms.toFixed(3)} ms`,
          );
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
}

/** For `npm run bench`: every case's p50 and p99, the change rates and the memory, with targets. */
export async function figures(): Promise<Figure[]> {
  const { results, rss } = await measure();
  const targets: Record<string, number> = {
    'first page (50)': TARGETS.firstPageMs,
    'search orderId+status+30 days': TARGETS.searchMs,
  };
  const out: Figure[] = [];
  for (const r of results) {
    if (r.name.startsWith('status change')) {
      out.push({ name: `${r.name} (rate)`, value: r.requestsPerSec, unit: 'changes/s' });
      continue;
    }
    const target = targets[r.name];
    out.push({ name: `${r.name} p50`, value: r.latencyP50Ms, unit: 'ms' });
    out.push({
      name: `${r.name} p99`,
      value: r.latencyP99Ms,
      unit: 'ms',
      ...(target === undefined ? {} : { target: { op: '<=' as const, value: target } }),
    });
  }
  out.push({
    name: `RSS with ${PAYMENTS} payments open`,
    value: rss.openMb,
    unit: 'MB',
    target: { op: '<=', value: TARGETS.rssMb },
  });
  return out;
}
