/**
 * The payments service over HTTP against its ceiling, in one run and by one method:
 *   ceiling           Hono + @hono/node-server answering a constant JSON body (no work at all)
 *   payment-status    GET /api/payments/v1/payment-status/{id} over ~1,000 stored requests
 *   process-payment   POST /api/payments/process-payment, a new order id per request
 * Each server runs in a child process; autocannon drives it from this one (docs/benchmarks.md).
 * Env: BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_ROUNDS (see run.ts).
 */
import type { RawRequest, RequestSpec } from 'autocannon';
import { startChildServer, type ChildServer } from './lib/child-server';
import { measurePaired, rotating, type LoadOptions } from './lib/load';
import { pool } from './lib/pool';
import type { Result } from './lib/result';
import { callApi } from './lib/api';

const CONNECTIONS = 32;
const SECONDS = positiveNumber('BENCH_SECONDS', 10);
const WARMUP_SECONDS = positiveNumber('BENCH_WARMUP_SECONDS', 2);
/** Repeat the three cases this many times (each round has its own ceiling). */
const ROUNDS = Math.round(positiveNumber('BENCH_ROUNDS', 1));
const SEED_COUNT = 1000;
const SECRET = 'sk_sandbox_bench';
const STATUS_PATH = '/api/payments/v1/payment-status/';

export const TARGETS = { statusRead: 0.5, create: 0.25 } as const;

function positiveNumber(env: string, fallback: number): number {
  const raw = process.env[env];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!(n > 0)) throw new Error(`${env} must be a positive number, not "${raw}"`);
  return n;
}

const headers = { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' };

/** Status reads that cycle over every id in turn. */
const rotatingReads = (ids: string[]) =>
  rotating(
    'GET',
    ids.map((id) => STATUS_PATH + id),
    headers,
  );

let orderSeq = 0;
const newOrder = (amount: number) => ({
  customerId: 'bench-customer',
  orderId: `bench-${process.pid}-${++orderSeq}`,
  amount,
  // Seven days: seeded requests must stay open for the whole run, not expire mid-benchmark.
  expiresIn: 7 * 24 * 3600 * 1000,
});

const call = (base: string, method: string, path: string, body?: unknown) =>
  callApi(base, method, path, body, SECRET);

/**
 * Creates the payment requests the read benchmark walks over; every other one is paid in the
 * sandbox so half the records carry a transaction, as a real mix of open and paid would.
 */
async function seed(base: string): Promise<string[]> {
  return pool(SEED_COUNT, 8, async (i) => {
    const created = await call(
      base,
      'POST',
      '/api/payments/process-payment',
      newOrder((1000 + i) / 100),
    );
    const id = String(created.paymentRequestId);
    if (i % 2 === 0)
      await call(base, 'POST', `/api/sandbox/payment-requests/${id}/simulate`, {
        paymentMethod: 'PAY_BY_BANK',
        outcome: 'COMPLETED',
      });
    return id;
  });
}

export async function run(): Promise<Result[]> {
  const common = { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS };
  // Ids for the ceiling too: it gets the very same requests as the status reads, so the load
  // generator does the same work per request in both and only the server side differs.
  const fakeIds = Array.from(
    { length: SEED_COUNT },
    (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  );
  const creation: RequestSpec = {
    method: 'POST',
    path: '/api/payments/process-payment',
    headers,
    setupRequest: (request: RawRequest) => ({ ...request, body: JSON.stringify(newOrder(12.5)) }),
  };

  // Both servers start up front and stay up (an idle server costs nothing), so each round
  // measures the three cases back to back and its ratios compare figures taken under the same
  // background load: on a shared 2-core machine, minutes apart is not "the same machine".
  const servers: ChildServer[] = [];
  try {
    const ceilingServer = await startChildServer('ceiling');
    servers.push(ceilingServer);
    const service = await startChildServer('service', [SECRET]);
    servers.push(service);
    await call(ceilingServer.url, 'GET', STATUS_PATH + fakeIds[0]);
    const ids = await seed(service.url);

    const results: Result[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const suffix = ROUNDS > 1 ? ` #${round}` : '';
      // Each case against the ceiling in alternating slices (lib/load.ts, measurePaired).
      const ceiling: LoadOptions = {
        ...common,
        name: `ceiling (constant JSON)${suffix}`,
        server: ceilingServer,
        requests: [rotatingReads(fakeIds)],
      };
      const reads = await measurePaired(ceiling, {
        ...common,
        name: `payment-status read${suffix}`,
        server: service,
        requests: [rotatingReads(ids)],
      });
      const creates = await measurePaired(ceiling, {
        ...common,
        name: `process-payment create${suffix}`,
        server: service,
        requests: [creation],
      });
      results.push(
        reads.reference,
        { ...reads.subject, targetRatio: TARGETS.statusRead },
        { ...creates.subject, targetRatio: TARGETS.create },
      );
    }
    return results;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}
