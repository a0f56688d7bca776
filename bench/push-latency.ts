/**
 * Push latency: from the moment POST /api/terminal/process-remote-payment answers to
 * the REMOTE_PAYMENT_REQUEST arriving on the target terminal's event stream, with 200
 * terminals paired and connected at once. The service runs in its own process; pushes are sent
 * one after another so each figure is one push's latency, not a queue's.
 * Env: BENCH_PUSHES (default 1000), BENCH_TERMINALS (default 200).
 */
import { connectSse, type SseConnection } from '../test/helpers/sse';
import { startChildServer } from './lib/child-server';
import type { Figure } from './lib/result';
import { percentile } from './lib/stats';
import { callApi } from './lib/api';

const SECRET = 'sk_sandbox_bench';
const PUSHES = Number(process.env.BENCH_PUSHES ?? 1000);
const TERMINALS = Number(process.env.BENCH_TERMINALS ?? 200);
const TARGET_P99_MS = 20;

const api = (url: string, path: string, body: unknown, secret: string | null = SECRET) =>
  callApi(url, 'POST', path, body, secret);

export async function figures(): Promise<Figure[]> {
  const server = await startChildServer('service', [SECRET]);
  const streams: SseConnection[] = [];
  try {
    const terminals: { id: string; stream: SseConnection }[] = [];
    for (let i = 0; i < TERMINALS; i++) {
      const { code } = await api(server.url, '/api/terminal/pairing-codes', {});
      const paired = await api(server.url, '/api/terminal/pair', { code, name: `Till ${i}` }, null);
      const terminal = paired.terminal as { id: string };
      const stream = await connectSse(`${server.url}/api/terminal/events`, paired.secret as string);
      await stream.next((e) => e.event === 'ready');
      streams.push(stream);
      terminals.push({ id: terminal.id, stream });
    }

    const latencies: number[] = [];
    for (let i = 0; i < PUSHES; i++) {
      const target = terminals[i % terminals.length]!;
      const { paymentRequestId } = await api(server.url, '/api/terminal/process-remote-payment', {
        id: target.id,
        amount: (100 + (i % 100)) / 100,
      });
      const answeredAt = performance.now();
      const event = await target.stream.next(
        (e) => e.event === 'REMOTE_PAYMENT_REQUEST' && e.data.includes(paymentRequestId as string),
      );
      // The push can beat the HTTP answer (both leave after the same commit): that counts as 0.
      latencies.push(Math.max(0, event.receivedAt - answeredAt));
      target.stream.events.length = 0; // keep matching cheap
    }
    return [
      { name: `connected terminals`, value: terminals.length, unit: 'terminals' },
      { name: `push latency p50 (${PUSHES} pushes)`, value: percentile(latencies, 50), unit: 'ms' },
      {
        name: `push latency p99 (${PUSHES} pushes)`,
        value: percentile(latencies, 99),
        unit: 'ms',
        target: { op: '<=', value: TARGET_P99_MS },
      },
      { name: 'push latency max', value: percentile(latencies, 100), unit: 'ms' },
    ];
  } finally {
    streams.forEach((s) => s.close());
    await server.stop();
  }
}
