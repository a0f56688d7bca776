/**
 * Customers and saved-card charges over HTTP, with 100,000 customers stored:
 *   customer search        GET /api/customers?search=…  (email, name and phone fragments)
 *   metadata filter        GET /api/customers?metadata[segment]=…&metadata[ref]=…
 *   saved-card charge      POST /api/payments/card/process-payment, AUTO_CAPTURE, against the
 *                          bare-server ceiling measured in the same run (as service-http does),
 *                          over 20,000 customers with a saved card each (made through the API):
 *                          warm, cycling over 1,000 of them (inside the charge cache's 10,000),
 *                          and cold, over all 20,000 (every charge misses it)
 * Search and filter are latency cases: few connections, so p50/p99 are the service's own time at
 * the HTTP boundary rather than time spent queueing behind 32 other requests (target p99 ≤ 20 ms).
 * Env: BENCH_SECONDS, BENCH_WARMUP_SECONDS (see run.ts); BENCH_CUSTOMERS (default 100000).
 */
import type { RawRequest, RequestSpec } from 'autocannon';
import { startChildServer, type ChildServer } from './lib/child-server';
import { measure, measureGroup, rotating } from './lib/load';
import { pool } from './lib/pool';
import type { Figure, Result } from './lib/result';
import { callApi } from './lib/api';

const SECRET = 'sk_sandbox_bench';
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 2);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS || 100_000);
/** Latency cases: a few concurrent callers, as a dashboard and some integrations would be. */
const LATENCY_CONNECTIONS = 4;
const THROUGHPUT_CONNECTIONS = 32;
export const TARGETS = { p99Ms: 20, chargeRatio: 0.25 } as const;
/** Customers with a saved card charged (cold working set), and the warm set among them. */
const CARDS = 20_000;
const WARM_CARDS = 1000;

const headers = { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' };

const call = (base: string, method: string, path: string, body?: unknown) =>
  callApi(base, method, path, body, SECRET);

/** Search terms of each kind a person types: part of an email, a surname, phone digits. */
function searchPaths(count: number): string[] {
  const paths: string[] = [];
  const surnames = ['hopper', 'Dijkstra', 'LAMPORT', 'knuth', 'Stonebraker', 'torv'];
  for (let i = 0; i < 300; i++) {
    const n = (i * 7919) % count;
    const kind = i % 3;
    const term =
      kind === 0
        ? `.${n}@example` // part of one email
        : kind === 1
          ? surnames[i % surnames.length]! // a surname: ~2 % of customers
          : String(n).padStart(6, '0').slice(0, 5); // phone digits
    paths.push(`/api/customers?search=${encodeURIComponent(term)}`);
  }
  return paths;
}

function filterPaths(count: number): string[] {
  const paths: string[] = [];
  for (let i = 0; i < 300; i++) {
    const n = (i * 104729) % count;
    // One key (1 % of customers, paged), or two keys combined with AND (one customer).
    paths.push(
      i % 2 === 0
        ? `/api/customers?metadata[segment]=s${n % 100}&page=${i % 5}`
        : `/api/customers?metadata[segment]=s${n % 100}&metadata[ref]=r${n}`,
    );
  }
  return paths;
}

let orderSeq = 0;

export async function run(): Promise<Result[]> {
  const servers: ChildServer[] = [];
  try {
    const ceilingServer = await startChildServer('ceiling');
    servers.push(ceilingServer);
    const service = await startChildServer('customers-service', [SECRET, String(CUSTOMERS)]);
    servers.push(service);
    const cards = await pool(CARDS, 16, async (i) => {
      const customer = await call(service.url, 'POST', '/api/customers', {
        fullName: `Bench Charge ${i}`,
        email: `bench-charge-${i}@example.com`,
      });
      const card = await call(
        service.url,
        'POST',
        `/api/sandbox/customers/${String(customer.id)}/cards`,
        { number: '4242424242424242' },
      );
      return { customerId: String(customer.id), paymentMethodId: String(card.id) };
    });
    const latency = {
      connections: LATENCY_CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
    };
    const search = await measure({
      ...latency,
      name: `customer search (${CUSTOMERS} customers, ${LATENCY_CONNECTIONS} conn)`,
      server: service,
      requests: [rotating('GET', searchPaths(CUSTOMERS), headers)],
    });
    const filter = await measure({
      ...latency,
      name: `metadata filter (${CUSTOMERS} customers, ${LATENCY_CONNECTIONS} conn)`,
      server: service,
      requests: [rotating('GET', filterPaths(CUSTOMERS), headers)],
    });
    const throughput = {
      connections: THROUGHPUT_CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
    };
    // The ceiling gets the very request the charge case sends (a POST with the same headers and
    // body), as refunds.ts does, so the load generator's work is the same on both sides.
    const charging = (list: typeof cards): RequestSpec => {
      let next = 0;
      return {
        method: 'POST',
        path: '/api/payments/card/process-payment',
        headers,
        setupRequest: (request: RawRequest) => ({
          ...request,
          body: JSON.stringify({
            ...list[next++ % list.length]!,
            captureType: 'AUTO_CAPTURE',
            amount: 12.5,
            orderId: `bench-${process.pid}-${++orderSeq}`,
          }),
        }),
      };
    };
    // Measured in rotating slices (load.ts, measureGroup): the machine's speed drifts.
    const group = await measureGroup(
      {
        ...throughput,
        name: 'ceiling (constant JSON)',
        server: ceilingServer,
        requests: [charging(cards)],
      },
      [
        {
          ...throughput,
          name: `saved-card charge create, warm (${WARM_CARDS} cards)`,
          server: service,
          requests: [charging(cards.slice(0, WARM_CARDS))],
          prime: WARM_CARDS,
        },
        {
          ...throughput,
          name: `saved-card charge create, cold (${CARDS} cards)`,
          server: service,
          requests: [charging(cards)],
        },
      ],
    );
    const [warm, cold] = group.subjects as [Result, Result];
    last = [
      search,
      filter,
      group.reference,
      { ...warm, targetRatio: TARGETS.chargeRatio },
      { ...cold, targetRatio: TARGETS.chargeRatio },
    ];
    return last;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

let last: Result[] = [];

/** The latency targets of the last run as figures, so run.ts marks them met or missed. */
export async function figures(): Promise<Figure[]> {
  return last
    .filter((r) => r.name.startsWith('customer search') || r.name.startsWith('metadata filter'))
    .map((r) => ({
      name: `${r.name.split(' (')[0]} p99`,
      value: r.latencyP99Ms,
      unit: 'ms',
      target: { op: '<=', value: TARGETS.p99Ms },
    }));
}
