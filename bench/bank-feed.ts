/**
 * The bank feed at a busy account's size, against the service in its own process over loopback
 * HTTP (SQLite file, WAL), as an integrator meets it:
 *   link            POST /api/sandbox/bank/consents with a year at ~300 transactions a day
 *                   (about 110,000 on the current account), generated and stored at link time
 *   paging          follow links.next from the first call to the last page (Sandbox Bank: 50 a
 *                   page): pages per second, p50 and p99 per page (round trip), and the
 *                   server's CPU time per page                             target p99 ≤ 20 ms
 *   reconciliation  GET /api/bank/reconciliation for a day of 2,000 pay-by-bank payments (their
 *                   credits arrive on the settlement account first)          target ≤ 1 s
 * Run alone: `npm run bench -- --only bank-feed`. Env: BANK_BENCH_PER_DAY (300),
 * BANK_BENCH_PAYMENTS (2000).
 */
import { startChildServer } from './lib/child-server';
import type { Figure } from './lib/result';

const PER_DAY = Number(process.env.BANK_BENCH_PER_DAY ?? 300);
const PAYMENTS = Number(process.env.BANK_BENCH_PAYMENTS ?? 2000);
const SECRET = 'sk_sandbox_bench_bank';

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

export async function figures(): Promise<Figure[]> {
  const server = await startChildServer('service', [SECRET]);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads arbitrary JSON
  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    const res = await fetch(server.url + path, {
      method,
      headers: {
        authorization: `Bearer ${SECRET}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json: unknown = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  try {
    const out: Figure[] = [];
    let t = performance.now();
    const consent = await call('POST', '/api/sandbox/bank/consents', {
      historyDays: 365,
      transactionsPerDay: PER_DAY,
    });
    out.push({ name: 'link a year of history', value: performance.now() - t, unit: 'ms' });
    const accountId = (consent.accountIds as string[])[0]!;

    const times: number[] = [];
    let count = 0;
    let next: string | undefined = `/api/bank/accounts/${accountId}/transactions`;
    const started = performance.now();
    const cpuBefore = await server.cpuMicros();
    while (next) {
      t = performance.now();
      const page = await call('GET', next);
      times.push(performance.now() - t);
      count += (page.data as unknown[]).length;
      const link = (page.links as { next?: string }).next;
      next = link?.slice(server.url.length);
    }
    const elapsed = (performance.now() - started) / 1000;
    const cpuPerPage = ((await server.cpuMicros()) - cpuBefore) / times.length / 1000;
    times.sort((a, b) => a - b);
    out.push(
      {
        name: 'transactions paged',
        value: count,
        unit: 'tx',
        target: { op: '>=', value: 100_000 },
      },
      { name: 'paging: pages per second', value: times.length / elapsed, unit: 'pages/s' },
      { name: 'paging: p50 per page', value: quantile(times, 0.5), unit: 'ms' },
      // Steadier than wall time on a shared machine: what one page costs the server.
      { name: 'paging: server CPU per page', value: cpuPerPage, unit: 'ms' },
      {
        name: 'paging: p99 per page',
        value: quantile(times, 0.99),
        unit: 'ms',
        target: { op: '<=', value: 20 },
      },
    );

    // A day of pay-by-bank payments, made as customers would (create, then pay).
    for (let i = 0; i < PAYMENTS; i++) {
      const created = await call('POST', '/api/payments/process-payment', {
        customerId: 'walk-in',
        orderId: `EOD-${i}`,
        amount: 1 + (i % 50),
      });
      await call('POST', `/api/sandbox/payment-requests/${created.paymentRequestId}/simulate`, {
        paymentMethod: 'PAY_BY_BANK',
        outcome: 'COMPLETED',
        ...(i % 5 === 0 ? { tipAmount: 1 } : {}),
      });
    }
    const { now } = await call('POST', '/api/sandbox/clock/advance', { ms: 60_000 });
    const date = String(now).slice(0, 10);
    const runs: number[] = [];
    let matched = 0;
    for (let i = 0; i < 6; i++) {
      t = performance.now();
      const report = await call('GET', `/api/bank/reconciliation?date=${date}`);
      runs.push(performance.now() - t);
      matched = (report.summary as { matched: number }).matched;
    }
    out.push(
      { name: `reconciliation: ${PAYMENTS} payments matched`, value: matched, unit: 'payments' },
      {
        name: 'reconciliation: first (credits arrive)',
        value: runs[0]!,
        unit: 'ms',
        target: { op: '<=', value: 1000 },
      },
      {
        name: 'reconciliation: later, worst',
        value: Math.max(...runs.slice(1)),
        unit: 'ms',
        target: { op: '<=', value: 1000 },
      },
    );
    return out;
  } finally {
    await server.stop();
  }
}
