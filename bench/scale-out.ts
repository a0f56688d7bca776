/**
 * The service on PostgreSQL (docs/scaling.md), on a private PostgreSQL started for the run, with
 * 20,000 payment requests stored (half of them paid) as in service-http:
 *   one instance: payment-status reads on a warm working set (1,000 ids, inside the read cache)
 *   and a cold one (all 20,000: every read misses), and process-payment creates, in rotating
 *   slices with the bare-server ceiling as in service-http;
 *   two instances on the same database, half the connections at each: the same warm and cold
 *   reads and creates, requests/s and server CPU per request summed over both;
 *   cross-instance push: a remote payment created through instance A, to a terminal whose event
 *   stream is held by instance B, from A's answer to the event on B's stream;
 *   webhook lag: from a status change's answer to its signed delivery arriving at a receiver.
 * Two cores cannot show instances scaling (two instances, PostgreSQL and the load generator share
 * them): the two-instance cases show what a second instance costs per request on the same cores,
 * and docs/scaling.md gives the capacity model.
 * Env: BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_PUSHES (default 300).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RawRequest, RequestSpec } from 'autocannon';
import { startEmbeddedPostgres } from '../src/service/kernel/store/postgres/embedded';
import { connectSse } from '../test/helpers/sse';
import { startReceiver } from '../test/helpers/webhook-receiver';
import { callApi } from './lib/api';
import { startChildServer, type ChildServer } from './lib/child-server';
import { measureGroup, measureSpread, ratioOf, rotating, type Round } from './lib/load';
import type { Figure, Result } from './lib/result';
import { percentile } from './lib/stats';
import { SEED_COUNT, WARM_COUNT, seed } from './service-http';

const SECRET = 'sk_sandbox_bench';
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 2);
const PUSHES = Number(process.env.BENCH_PUSHES || 300);
const STATUS_PATH = '/api/payments/v1/payment-status/';
/** Ratios by server CPU per request against the ceiling, as in service-http. */
export const TARGETS = {
  statusRead: 0.35,
  create: 0.15,
  coldOverWarm: 1.5,
  pushP99Ms: 20,
} as const;

const headers = { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' };
const call = (base: string, method: string, path: string, body?: unknown, secret = SECRET) =>
  callApi(base, method, path, body, secret);
let orderSeq = 0;
const newOrder = (amount: number) => ({
  customerId: 'bench-customer',
  orderId: `scale-${process.pid}-${++orderSeq}`,
  amount,
  expiresIn: 7 * 24 * 3600 * 1000,
});

/** A private PostgreSQL for the run, removed after it. */
async function withPostgres<T>(work: (url: string) => Promise<T>): Promise<T> {
  const root = mkdtempSync(join(tmpdir(), 'counter-bench-pg-'));
  const server = await startEmbeddedPostgres({ dataDir: join(root, 'data'), durable: true });
  try {
    return await work(server.url);
  } finally {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

let lastRounds: Round[] = [];

export async function run(): Promise<Result[]> {
  return withPostgres(async (url) => {
    const common = { connections: 32, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS };
    const fakeIds = Array.from(
      { length: SEED_COUNT },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const servers: ChildServer[] = [];
    try {
      const ceilingServer = await startChildServer('ceiling');
      servers.push(ceilingServer);
      const service = await startChildServer('service', [SECRET, url]);
      servers.push(service);
      const ids = await seed(service.url, SEED_COUNT);
      const reads = (list: string[]) =>
        rotating(
          'GET',
          list.map((id) => STATUS_PATH + id),
          headers,
        );
      const creating: RequestSpec = {
        method: 'POST',
        path: '/api/payments/process-payment',
        headers,
        setupRequest: (request: RawRequest) => ({
          ...request,
          body: JSON.stringify(newOrder(12.5)),
        }),
      };
      const warmName = `payment-status read, warm (${WARM_COUNT} ids)`;
      const coldName = `payment-status read, cold (${SEED_COUNT} ids)`;
      const group = await measureGroup(
        {
          ...common,
          name: 'ceiling (constant JSON)',
          server: ceilingServer,
          requests: [reads(fakeIds)],
        },
        [
          {
            ...common,
            name: `PostgreSQL, one instance: ${warmName}`,
            server: service,
            requests: [reads(ids.slice(0, WARM_COUNT))],
            prime: WARM_COUNT,
          },
          {
            ...common,
            name: `PostgreSQL, one instance: ${coldName}`,
            server: service,
            requests: [reads(ids)],
          },
        ],
      );
      // The create against the ceiling answering the same POST.
      const creation = await measureGroup(
        {
          ...common,
          name: 'ceiling (constant JSON, same POST)',
          server: ceilingServer,
          requests: [creating],
        },
        [
          {
            ...common,
            name: 'PostgreSQL, one instance: process-payment create',
            server: service,
            requests: [creating],
          },
        ],
      );
      lastRounds = group.rounds;
      const [warm, cold] = group.subjects as [Result, Result];
      const creates = creation.subjects[0]!;

      // A second instance on the same database; the connections split between the two.
      const second = await startChildServer('service', [SECRET, url]);
      servers.push(second);
      const both = [service, second];
      const spread = [
        await measureSpread({
          ...common,
          name: `PostgreSQL, two instances: ${warmName}`,
          servers: both,
          requests: [reads(ids.slice(0, WARM_COUNT))],
        }),
        await measureSpread({
          ...common,
          name: `PostgreSQL, two instances: ${coldName}`,
          servers: both,
          requests: [reads(ids)],
        }),
        await measureSpread({
          ...common,
          name: 'PostgreSQL, two instances: process-payment create',
          servers: both,
          requests: [creating],
        }),
      ];
      return [
        group.reference,
        { ...warm, targetRatio: TARGETS.statusRead, targetBy: 'cpu' },
        cold,
        creation.reference,
        { ...creates, targetRatio: TARGETS.create, targetBy: 'cpu' },
        ...spread,
      ];
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  });
}

export async function figures(): Promise<Figure[]> {
  return withPostgres(async (url) => {
    const servers: ChildServer[] = [];
    const receiver = await startReceiver();
    try {
      const a = await startChildServer('service', [SECRET, url]);
      servers.push(a);
      const b = await startChildServer('service', [SECRET, url]);
      servers.push(b);
      const { code } = await call(a.url, 'POST', '/api/terminal/pairing-codes', {});
      const paired = await call(a.url, 'POST', '/api/terminal/pair', { code, name: 'Till' }, '');
      const stream = await connectSse(`${b.url}/api/terminal/events`, paired.secret as string);
      await stream.next((e) => e.event === 'ready');
      const pushes: number[] = [];
      try {
        for (let i = 0; i < PUSHES; i++) {
          const { paymentRequestId } = await call(
            a.url,
            'POST',
            '/api/terminal/process-remote-payment',
            {
              id: (paired.terminal as { id: string }).id,
              amount: (100 + (i % 100)) / 100,
            },
          );
          const answeredAt = performance.now();
          const event = await stream.next(
            (e) =>
              e.event === 'REMOTE_PAYMENT_REQUEST' && e.data.includes(paymentRequestId as string),
          );
          pushes.push(Math.max(0, event.receivedAt - answeredAt));
          stream.events.length = 0;
        }
      } finally {
        stream.close();
      }

      await call(a.url, 'POST', '/api/webhooks', {
        url: receiver.url,
        eventTypes: ['PAYMENTS_STATUS'],
      });
      const lags: number[] = [];
      for (let i = 0; i < 100; i++) {
        const created = await call(b.url, 'POST', '/api/payments/process-payment', newOrder(1));
        const id = String(created.paymentRequestId);
        await call(b.url, 'POST', `/api/payment-request/cancel/${id}`);
        const answeredAt = performance.now();
        await receiver.waitFor((r) => r.json.data.paymentRequestId === id, 10_000);
        lags.push(performance.now() - answeredAt);
      }
      return [
        ...(lastRounds.length
          ? [
              {
                name: 'PostgreSQL status read: cold over warm, server CPU per request',
                value: ratioOf(lastRounds, 2, 1),
                unit: '×',
                target: { op: '<=' as const, value: TARGETS.coldOverWarm },
              },
            ]
          : []),
        {
          name: `cross-instance push p50 (${PUSHES} pushes, A to a stream on B)`,
          value: percentile(pushes, 50),
          unit: 'ms',
        },
        {
          name: `cross-instance push p99 (${PUSHES} pushes, A to a stream on B)`,
          value: percentile(pushes, 99),
          unit: 'ms',
          target: { op: '<=', value: TARGETS.pushP99Ms },
        },
        {
          name: 'webhook delivery lag p50 (two instances sending)',
          value: percentile(lags, 50),
          unit: 'ms',
        },
        {
          name: 'webhook delivery lag p99 (two instances sending)',
          value: percentile(lags, 99),
          unit: 'ms',
        },
      ];
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await receiver.close();
    }
  });
}
