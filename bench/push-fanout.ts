/**
 * Push at scale: one service process holds BENCH_TERMINALS (2,000) paired
 * terminals connected to GET /api/terminal/events (SSE) while payments are pushed to them with
 * POST /api/terminal/process-remote-payment. Reports:
 *   - push latency (HTTP answer to the REMOTE_PAYMENT_REQUEST arriving on the terminal's stream),
 *     one push at a time (BENCH_PUSHES, default 500) and in a burst (one payment to every
 *     terminal, BURST_CONCURRENCY requests in flight);
 *   - the service's memory per connection (RSS and heap+external after a full GC, connected
 *     minus the same service with the terminals paired but not connected) and its RSS;
 *   - errors: failed requests, streams that dropped, pushes that never arrived. Any error fails
 *     the run (run.ts treats a figure in unit `errors` above 0 as a failure).
 * Each connection is one socket at each end, so both processes need about BENCH_TERMINALS file
 * descriptors: the run checks `ulimit -n` first and says what to raise it to.
 */
import { execFileSync } from 'node:child_process';
import { connectSse, type SseConnection } from '../test/helpers/sse';
import { startChildServer } from './lib/child-server';
import type { Figure } from './lib/result';
import { percentile } from './lib/stats';
import { callApi } from './lib/api';
import { pool } from './lib/pool';

const SECRET = 'sk_sandbox_bench';
const TERMINALS = Number(process.env.BENCH_TERMINALS ?? 2000);
const PUSHES = Number(process.env.BENCH_PUSHES ?? 500);
const SETUP_CONCURRENCY = 16;
const BURST_CONCURRENCY = 32;
const ARRIVAL_TIMEOUT_MS = 30_000;
const TARGET_P99_MS = 50;
/** Descriptors beyond the connections: the database, its WAL, stdio, the pushes' sockets. */
const FD_HEADROOM = 256;

const api = (url: string, path: string, body: unknown, secret: string | null = SECRET) =>
  callApi(url, 'POST', path, body, secret);

function checkDescriptorLimit(): number {
  const limit = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
  const needed = TERMINALS + FD_HEADROOM;
  if (Number.isFinite(limit) && limit < needed)
    throw new Error(
      `ulimit -n is ${limit}; ${TERMINALS} connections need at least ${needed} file ` +
        `descriptors in each process: run \`ulimit -n ${Math.max(4096, needed)}\` first`,
    );
  return limit;
}

interface Terminal {
  id: string;
  secret: string;
  stream?: SseConnection;
}

export async function figures(): Promise<Figure[]> {
  const fdLimit = checkDescriptorLimit();
  const server = await startChildServer('service', [SECRET]);
  const terminals: Terminal[] = [];
  let errors = 0;
  let dropped = 0;
  let closing = false;
  try {
    // Pair them all first, so the baseline below holds the same terminals, only not connected.
    await pool(TERMINALS, SETUP_CONCURRENCY, async (i) => {
      const { code } = await api(server.url, '/api/terminal/pairing-codes', {});
      const paired = await api(server.url, '/api/terminal/pair', { code, name: `Till ${i}` }, null);
      terminals[i] = {
        id: (paired.terminal as { id: string }).id,
        secret: paired.secret as string,
      };
    });
    const idle = await server.memory();

    const connectStart = performance.now();
    await pool(TERMINALS, SETUP_CONCURRENCY, async (i) => {
      const terminal = terminals[i]!;
      const stream = await connectSse(`${server.url}/api/terminal/events`, terminal.secret);
      await stream.next((e) => e.event === 'ready', ARRIVAL_TIMEOUT_MS);
      // A stream the service ends before the benchmark closes it is an error.
      void stream.closed.then(() => {
        if (!closing) dropped++;
      });
      stream.events.length = 0;
      terminal.stream = stream;
    });
    const connectSeconds = (performance.now() - connectStart) / 1000;
    const connected = await server.memory();

    /** Pushes one payment to `terminal`; resolves with its latency, or null on an error. */
    const push = async (terminal: Terminal, amount: number): Promise<number | null> => {
      let paymentRequestId: string;
      try {
        ({ paymentRequestId } = (await api(server.url, '/api/terminal/process-remote-payment', {
          id: terminal.id,
          amount,
        })) as { paymentRequestId: string });
      } catch {
        errors++;
        return null;
      }
      const answeredAt = performance.now();
      try {
        const event = await terminal.stream!.next(
          (e) => e.event === 'REMOTE_PAYMENT_REQUEST' && e.data.includes(paymentRequestId),
          ARRIVAL_TIMEOUT_MS,
        );
        // The push can beat the HTTP answer (both leave after one commit): that counts as 0.
        return Math.max(0, event.receivedAt - answeredAt);
      } catch {
        errors++;
        return null;
      }
    };
    const clearEvents = () => terminals.forEach((t) => (t.stream!.events.length = 0));

    // One at a time, spread over the terminals: each figure is one push's latency.
    const sequential: number[] = [];
    for (let i = 0; i < PUSHES; i++) {
      const terminal = terminals[(i * 7919) % terminals.length]!;
      const latency = await push(terminal, (100 + (i % 100)) / 100);
      if (latency !== null) sequential.push(latency);
      terminal.stream!.events.length = 0; // keep matching cheap
    }
    clearEvents();

    // A burst: one payment to every terminal, many requests in flight.
    const burst: number[] = [];
    const burstStart = performance.now();
    await pool(terminals.length, BURST_CONCURRENCY, async (i) => {
      const latency = await push(terminals[i]!, 2.5);
      if (latency !== null) burst.push(latency);
    });
    const burstSeconds = (performance.now() - burstStart) / 1000;
    const afterPushes = await server.memory();
    const stillOpen = terminals.length - dropped;
    errors += dropped;

    const perConnection = (a: number, b: number) => (b - a) / terminals.length / 1024;
    const mb = (bytes: number) => bytes / (1024 * 1024);
    return [
      { name: 'connected terminals (SSE streams held)', value: stillOpen, unit: 'terminals' },
      { name: 'ulimit -n (file descriptors per process)', value: fdLimit, unit: 'fds' },
      { name: 'time to connect all streams (16 at a time)', value: connectSeconds, unit: 's' },
      {
        name: `push latency p50, one at a time (${sequential.length} pushes)`,
        value: percentile(sequential, 50),
        unit: 'ms',
      },
      {
        name: `push latency p99, one at a time (${sequential.length} pushes)`,
        value: percentile(sequential, 99),
        unit: 'ms',
        target: { op: '<=', value: TARGET_P99_MS },
      },
      { name: 'push latency max, one at a time', value: percentile(sequential, 100), unit: 'ms' },
      {
        name: `push latency p50, burst to all (${burst.length} pushes, ${BURST_CONCURRENCY} in flight)`,
        value: percentile(burst, 50),
        unit: 'ms',
      },
      {
        name: `push latency p99, burst to all`,
        value: percentile(burst, 99),
        unit: 'ms',
      },
      { name: 'burst throughput', value: burst.length / burstSeconds, unit: 'pushes/s' },
      {
        name: 'service memory per connection (RSS)',
        value: perConnection(idle.rss, connected.rss),
        unit: 'KiB',
      },
      {
        name: 'service memory per connection (JS heap + external)',
        value: perConnection(
          idle.heapUsed + idle.external,
          connected.heapUsed + connected.external,
        ),
        unit: 'KiB',
      },
      { name: 'service RSS, terminals paired, none connected', value: mb(idle.rss), unit: 'MiB' },
      { name: 'service RSS, all connected', value: mb(connected.rss), unit: 'MiB' },
      { name: 'service RSS after the pushes', value: mb(afterPushes.rss), unit: 'MiB' },
      {
        name: 'errors (failed requests, dropped streams, pushes not received)',
        value: errors,
        unit: 'errors',
        target: { op: '<=', value: 0 },
      },
    ];
  } finally {
    closing = true;
    terminals.forEach((t) => t.stream?.close());
    await server.stop();
  }
}
