/**
 * Push under load (issue 15, item 7): one service holding BENCH_LOAD_TERMINALS (default 2,000)
 * terminals connected on the push stream at once while payments are pushed to them, several at
 * a time. Reports push latency (p50/p99, from the HTTP answer to the event on the terminal's
 * stream), the service's resident memory before and after the streams opened and so the memory
 * per connection, and every error (a failed push, a stream that dropped), which must be zero.
 * The service runs in its own process; its memory is read from /proc.
 * Env: BENCH_LOAD_TERMINALS (2000), BENCH_LOAD_PUSHES (2000), BENCH_LOAD_CONCURRENCY (10).
 */
import { readFileSync } from 'node:fs';
import { connectSse, type SseConnection } from '../test/helpers/sse';
import { startChildServer } from './lib/child-server';
import type { Figure } from './lib/result';

const SECRET = 'sk_sandbox_bench';
const TERMINALS = Number(process.env.BENCH_LOAD_TERMINALS ?? 2000);
const PUSHES = Number(process.env.BENCH_LOAD_PUSHES ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_LOAD_CONCURRENCY ?? 10);
const TARGET_P99_MS = 100;

async function api(url: string, path: string, body: unknown, secret: string | null = SECRET) {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(secret ? { authorization: `Bearer ${secret}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Resident memory of a process in MiB (Linux). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) / 1024;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Runs `task` for 0..n-1 with at most `limit` at once. */
async function pool(n: number, limit: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, n) }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

export async function figures(): Promise<Figure[]> {
  const server = await startChildServer('service', [SECRET]);
  const streams: SseConnection[] = [];
  let errors = 0;
  try {
    const paired: { id: string; secret: string }[] = [];
    await pool(TERMINALS, 20, async (i) => {
      const { code } = await api(server.url, '/api/terminal/pairing-codes', {});
      const p = await api(server.url, '/api/terminal/pair', { code, name: `Till ${i}` }, null);
      paired.push({ id: (p.terminal as { id: string }).id, secret: p.secret as string });
    });
    const rssBefore = rssMiB(server.pid);

    const terminals: { id: string; stream: SseConnection }[] = [];
    await pool(paired.length, 50, async (i) => {
      const t = paired[i]!;
      const stream = await connectSse(`${server.url}/api/terminal/events`, t.secret);
      await stream.next((e) => e.event === 'ready', 60_000);
      streams.push(stream);
      terminals.push({ id: t.id, stream });
    });
    let dropped = 0;
    for (const { stream } of terminals) void stream.closed.then(() => dropped++);
    const rssConnected = rssMiB(server.pid);

    const latencies: number[] = [];
    await pool(PUSHES, CONCURRENCY, async (i) => {
      const target = terminals[i % terminals.length]!;
      try {
        const { paymentRequestId } = await api(server.url, '/api/terminal/process-remote-payment', {
          id: target.id,
          amount: (100 + (i % 100)) / 100,
        });
        const answeredAt = performance.now();
        const event = await target.stream.next(
          (e) =>
            e.event === 'REMOTE_PAYMENT_REQUEST' && e.data.includes(paymentRequestId as string),
          30_000,
        );
        latencies.push(Math.max(0, event.receivedAt - answeredAt));
      } catch {
        errors++;
      }
    });
    const rssAfter = rssMiB(server.pid);
    errors += dropped;
    latencies.sort((a, b) => a - b);
    const perConnectionKiB = ((rssConnected - rssBefore) * 1024) / terminals.length;
    return [
      {
        name: 'connected terminals',
        value: terminals.length,
        unit: 'terminals',
        target: { op: '>=', value: TERMINALS },
      },
      {
        name: `push latency p50 (${latencies.length} pushes, ${CONCURRENCY} at once)`,
        value: percentile(latencies, 50),
        unit: 'ms',
      },
      {
        name: `push latency p99 (${latencies.length} pushes, ${CONCURRENCY} at once)`,
        value: percentile(latencies, 99),
        unit: 'ms',
        target: { op: '<=', value: TARGET_P99_MS },
      },
      { name: 'service RSS, terminals paired, no stream open', value: rssBefore, unit: 'MiB' },
      { name: `service RSS, ${terminals.length} streams open`, value: rssConnected, unit: 'MiB' },
      { name: 'service RSS after the pushes', value: rssAfter, unit: 'MiB' },
      { name: 'memory per connected terminal', value: perConnectionKiB, unit: 'KiB' },
      {
        name: 'errors (failed pushes, dropped streams)',
        value: errors,
        unit: 'errors',
        target: { op: '<=', value: 0 },
      },
    ];
  } finally {
    streams.forEach((s) => s.close());
    await server.stop();
  }
}
