/**
 * Refund initiation over HTTP against the ceiling, in one run and by one method (as
 * service-http.ts does for payments):
 *   ceiling            Hono + @hono/node-server answering a constant JSON body (no work at all)
 *   refund initiation  POST /api/refund/{id} {amount: 0.01} over ~1,000 completed payments: the
 *                      over-refund check (a SUM over the payment's refunds) and the insert in one
 *                      transaction, with its REFUND_STATUS event written to the outbox
 * Env: BENCH_SECONDS, BENCH_WARMUP_SECONDS (see run.ts).
 */
import { startChildServer, type ChildServer } from './lib/child-server';
import { measurePaired, rotating } from './lib/load';
import { pool } from './lib/pool';
import type { Result } from './lib/result';
import { callApi } from './lib/api';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 2);
const SEED_COUNT = 1000;
const SECRET = 'sk_sandbox_bench_refunds';

export const TARGETS = { initiate: 0.25 } as const;

const headers = { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' };

const call = (base: string, method: string, path: string, body?: unknown) =>
  callApi(base, method, path, body, SECRET);

/** Completed payments of £10,000 each: room for far more penny refunds than a run makes. */
async function seed(base: string): Promise<string[]> {
  return pool(SEED_COUNT, 8, async (i) => {
    const created = await call(base, 'POST', '/api/payments/process-payment', {
      customerId: 'bench-customer',
      orderId: `bench-refund-${i}`,
      amount: 10_000,
    });
    const id = String(created.paymentRequestId);
    await call(base, 'POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
    });
    return id;
  });
}

export async function run(): Promise<Result[]> {
  const common = { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS };
  const servers: ChildServer[] = [];
  try {
    const ceilingServer = await startChildServer('ceiling');
    servers.push(ceilingServer);
    const service = await startChildServer('service', [SECRET]);
    servers.push(service);
    const ids = await seed(service.url);
    // The ceiling gets requests of the same shape (a POST with the same body, a path per id),
    // so the load generator's work is the same and only the server side differs.
    const body = JSON.stringify({ amount: 0.01 });
    // Measured in alternating slices (lib/load.ts, measurePaired): the machine's speed drifts.
    const { reference: ceiling, subject: refunds } = await measurePaired(
      {
        ...common,
        name: 'ceiling (constant JSON)',
        server: ceilingServer,
        requests: [
          rotating(
            'POST',
            ids.map((_, i) => `/api/refund/00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
            headers,
            body,
          ),
        ],
      },
      {
        ...common,
        name: 'refund initiation',
        server: service,
        requests: [
          rotating(
            'POST',
            ids.map((id) => `/api/refund/${id}`),
            headers,
            body,
          ),
        ],
      },
    );
    return [ceiling, { ...refunds, targetRatio: TARGETS.initiate }];
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}
