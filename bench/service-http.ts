/**
 * The payments service over HTTP against its ceiling, in one run and by one method, with 20,000
 * payment requests stored (four times what its read cache keeps):
 *   ceiling           Hono + @hono/node-server answering a constant JSON body (no work at all)
 *   status, warm      GET /api/payments/v1/payment-status/{id} cycling over 1,000 of them
 *                     (inside the read cache)
 *   status, cold      the same read cycling over all 20,000 (every read misses the cache)
 *   process-payment   POST /api/payments/process-payment, a new order id per request
 * The reads in rotating slices with the ceiling (lib/load.ts, measureGroup), the create with the
 * ceiling answering the same POST. Each server runs in a child process;
 * autocannon drives it from this one (docs/benchmarks.md).
 * Env: BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_ROUNDS (see run.ts).
 */
import type { RawRequest, RequestSpec } from 'autocannon';
import { startChildServer, type ChildServer } from './lib/child-server';
import { measureGroup, ratioOf, rotating, type Round } from './lib/load';
import { pool } from './lib/pool';
import type { Figure, Result } from './lib/result';
import { callApi } from './lib/api';

const CONNECTIONS = 32;
const SECONDS = positiveNumber('BENCH_SECONDS', 10);
const WARMUP_SECONDS = positiveNumber('BENCH_WARMUP_SECONDS', 2);
/** Repeat the three cases this many times (each round has its own ceiling). */
const ROUNDS = Math.round(positiveNumber('BENCH_ROUNDS', 1));
/** The warm working set: inside the service's read cache (5,000 payment requests). */
export const WARM_COUNT = 1000;
/** Everything stored, and the cold working set: twenty times the warm one, four times the cache. */
export const SEED_COUNT = 20_000;
const SECRET = 'sk_sandbox_bench';
const STATUS_PATH = '/api/payments/v1/payment-status/';

/**
 * By server CPU per request against the ceiling (`targetBy: 'cpu'`); `coldOverWarm` is the most a
 * status read that misses the cache may cost, as a multiple of one that hits it.
 */
export const TARGETS = { statusRead: 0.5, create: 0.4, coldOverWarm: 1.5 } as const;

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
 * Creates the payment requests the read benchmark walks over, through the API as integrators
 * do (so the database is built as the product builds it); every other one is then paid in the
 * sandbox so half the records carry a transaction, as a real mix of open and paid would.
 * `payLimit`: simulated payments in flight (on PostgreSQL concurrent ones abort each other's
 * serializable transactions and run again, one at a time: fewer in flight seed faster).
 */
export async function seed(base: string, count = SEED_COUNT, payLimit = 16): Promise<string[]> {
  const ids = await pool(count, 16, async (i) => {
    const created = await call(
      base,
      'POST',
      '/api/payments/process-payment',
      newOrder((1000 + i) / 100),
    );
    return String(created.paymentRequestId);
  });
  await pool(Math.ceil(count / 2), payLimit, (i) =>
    call(base, 'POST', `/api/sandbox/payment-requests/${ids[2 * i]}/simulate`, {
      paymentMethod: 'PAY_BY_BANK',
      outcome: 'COMPLETED',
    }),
  );
  return ids;
}

let last: Round[][] = [];

export async function run(): Promise<Result[]> {
  const common = { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS };
  // Ids for the ceiling too: it gets the very same requests as the status reads, so the load
  // generator does the same work per request in both and only the server side differs.
  const fakeIds = Array.from(
    { length: SEED_COUNT },
    (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  );
  const creating: RequestSpec = {
    method: 'POST',
    path: '/api/payments/process-payment',
    headers,
    setupRequest: (request: RawRequest) => ({ ...request, body: JSON.stringify(newOrder(12.5)) }),
  };

  // Both servers start up front and stay up (an idle server costs nothing), so each round
  // measures the cases back to back and its ratios compare figures taken under the same
  // background load: on a shared 2-core machine, minutes apart is not "the same machine".
  const servers: ChildServer[] = [];
  last = [];
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
      // Every case against the ceiling in rotating slices (lib/load.ts, measureGroup); the
      // create against the ceiling answering the same POST, as every case gets its own requests.
      const group = await measureGroup(
        {
          ...common,
          name: `ceiling (constant JSON)${suffix}`,
          server: ceilingServer,
          requests: [rotatingReads(fakeIds)],
        },
        [
          {
            ...common,
            name: `payment-status read, warm (${WARM_COUNT} ids)${suffix}`,
            server: service,
            requests: [rotatingReads(ids.slice(0, WARM_COUNT))],
            // One pass before each slice: the cold slice before it pushed these out of the cache.
            prime: WARM_COUNT,
          },
          {
            ...common,
            name: `payment-status read, cold (${SEED_COUNT} ids)${suffix}`,
            server: service,
            requests: [rotatingReads(ids)],
          },
        ],
      );
      const creation = await measureGroup(
        {
          ...common,
          name: `ceiling (constant JSON, same POST)${suffix}`,
          server: ceilingServer,
          requests: [creating],
        },
        [
          {
            ...common,
            name: `process-payment create${suffix}`,
            server: service,
            requests: [creating],
          },
        ],
      );
      const [warm, cold] = group.subjects as [Result, Result];
      const creates = creation.subjects[0]!;
      last.push(group.rounds);
      results.push(
        group.reference,
        { ...warm, targetRatio: TARGETS.statusRead, targetBy: 'cpu' },
        cold,
        creation.reference,
        { ...creates, targetRatio: TARGETS.create, targetBy: 'cpu' },
      );
    }
    return results;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/** A cold status read's server CPU over a warm one's, slice against slice, per round of the last run. */
export async function figures(): Promise<Figure[]> {
  return last.map((rounds, i) => ({
    name: `status read: cold over warm, server CPU per request${last.length > 1 ? ` #${i + 1}` : ''}`,
    value: ratioOf(rounds, 2, 1),
    unit: '×',
    target: { op: '<=', value: TARGETS.coldOverWarm },
  }));
}
