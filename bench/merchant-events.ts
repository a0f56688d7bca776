/**
 * The dashboard's live updates (GET /api/merchant/events), with BENCH_DASHBOARDS dashboards
 * connected at once: how soon after the API answers a change does a dashboard hear of it.
 * Two paths: a status change (cancel), which goes through the outbox at once, and a payment
 * created without an event (as at a kiosk's counter), which the stream notices by comparing
 * fingerprints every 500 ms (src/service/merchant-events/watch.ts).
 * Env: BENCH_CHANGES (default 200), BENCH_DASHBOARDS (default 20).
 */
import { connectSse, type SseConnection, type SseEvent } from '../test/helpers/sse';
import { startChildServer } from './lib/child-server';
import type { Figure } from './lib/result';
import { percentile } from './lib/stats';
import { callApi } from './lib/api';

const SECRET = 'sk_sandbox_bench';
const CHANGES = Number(process.env.BENCH_CHANGES ?? 200);
const DASHBOARDS = Number(process.env.BENCH_DASHBOARDS ?? 20);
/** Status changes ride the outbox: well under what a person watching the list can notice. */
const TARGET_STATUS_P99_MS = 50;
/** Creations are found by the 500 ms watch. */
const TARGET_CREATE_P99_MS = 600;

const post = (url: string, path: string, body?: unknown) =>
  callApi(url, 'POST', path, body, SECRET);

const paymentsAfter = (at: number) => (e: SseEvent) =>
  e.event === 'change' && e.receivedAt >= at && e.data.includes('payments');

export async function figures(): Promise<Figure[]> {
  const server = await startChildServer('service', [SECRET]);
  const streams: SseConnection[] = [];
  try {
    for (let i = 0; i < DASHBOARDS; i++) {
      const stream = await connectSse(`${server.url}/api/merchant/events`, SECRET);
      await stream.next((e) => e.event === 'ready');
      streams.push(stream);
    }
    const created: number[] = [];
    const changed: number[] = [];
    // One dashboard measures (the others are load): each of its events then surely belongs to
    // the change just made, not to the previous one still on its way to another stream.
    const watcher = streams[0]!;
    for (let i = 0; i < CHANGES; i++) {
      watcher.events.length = 0; // keep matching cheap
      const before = performance.now();
      const { paymentRequestId } = await post(server.url, '/api/payments/process-payment', {
        customerId: 'bench',
        orderId: `bench-${i}`,
        amount: 1,
      });
      const createdAt = performance.now();
      const seen = await watcher.next(paymentsAfter(before), 5000);
      created.push(Math.max(0, seen.receivedAt - createdAt));

      watcher.events.length = 0;
      const cancelling = performance.now();
      await post(server.url, `/api/payment-request/cancel/${paymentRequestId as string}`);
      const cancelledAt = performance.now();
      const heard = await watcher.next(paymentsAfter(cancelling), 5000);
      changed.push(Math.max(0, heard.receivedAt - cancelledAt));
    }
    return [
      { name: 'connected dashboards', value: streams.length, unit: 'streams' },
      {
        name: `status change → dashboard p50 (${CHANGES})`,
        value: percentile(changed, 50),
        unit: 'ms',
      },
      {
        name: `status change → dashboard p99 (${CHANGES})`,
        value: percentile(changed, 99),
        unit: 'ms',
        target: { op: '<=', value: TARGET_STATUS_P99_MS },
      },
      {
        name: `new payment → dashboard p50 (${CHANGES})`,
        value: percentile(created, 50),
        unit: 'ms',
      },
      {
        name: `new payment → dashboard p99 (${CHANGES})`,
        value: percentile(created, 99),
        unit: 'ms',
        target: { op: '<=', value: TARGET_CREATE_P99_MS },
      },
    ];
  } finally {
    streams.forEach((s) => s.close());
    await server.stop();
  }
}
