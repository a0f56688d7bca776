/**
 * Runs a server under test in its own Node process (via tsx), so the load generator in this
 * process and the server each get a core of their own instead of sharing one event loop.
 * The child reports its URL over IPC and answers CPU-usage questions, which tells us whether
 * a figure was limited by the server (near 100 %) or by the load generator.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVICE_NODE_FLAGS } from '../../src/service/node-flags';

/** Messages a child server sends (see servers/protocol.ts for the child side). */
export type FromChild =
  | { type: 'ready'; url: string; info?: Record<string, unknown> }
  | { type: 'cpu'; micros: number }
  | { type: 'memory'; rss: number; heapUsed: number; external: number };

export interface MemoryUsage {
  rss: number;
  heapUsed: number;
  external: number;
}

export interface ChildServer {
  url: string;
  /** The child's process id (its memory can be read from /proc). */
  pid: number;
  info: Record<string, unknown>;
  /** Total user+system CPU time of the child so far, in microseconds. */
  cpuMicros(): Promise<number>;
  /** The child's memory in bytes, measured after a full garbage collection. */
  memory(): Promise<MemoryUsage>;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 30_000;

/**
 * Starts `bench/servers/<script>.ts`. With env BENCH_CPU_PROF=DIR the child writes a V8 CPU
 * profile (open it in Chrome DevTools) to DIR when it exits; with BENCH_PERF=1 it runs with
 * `--perf-basic-prof` for `perf` (docs/benchmarks.md, "Profiling").
 */
export function startChildServer(script: string, args: string[] = []): Promise<ChildServer> {
  const path = fileURLToPath(new URL(`../servers/${script}.ts`, import.meta.url));
  const profileDir = process.env.BENCH_CPU_PROF;
  const child = fork(path, args, {
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      // Node as the service is run (every server: the ceiling gains nothing from them).
      ...SERVICE_NODE_FLAGS,
      ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []),
      // JIT-compiled functions named in /tmp/perf-PID.map, so `perf record -p PID` sees them
      // next to the native time (libuv, better-sqlite3, the pg driver's sockets) V8's misses.
      ...(process.env.BENCH_PERF ? ['--perf-basic-prof'] : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script}: no ready message within ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with code ${code} before it was ready`));
    };
    child.once('exit', onExit);
    child.once('error', reject);
    child.on('message', function onReady(message: FromChild) {
      if (message.type !== 'ready') return;
      clearTimeout(timer);
      child.off('exit', onExit);
      child.off('message', onReady);
      resolve(handle(child, message.url, message.info ?? {}));
    });
  });
}

function handle(child: ChildProcess, url: string, info: Record<string, unknown>): ChildServer {
  return {
    url,
    pid: child.pid!,
    info,
    cpuMicros: () =>
      new Promise((resolve, reject) => {
        const onMessage = (message: FromChild) => {
          if (message.type !== 'cpu') return;
          child.off('message', onMessage);
          resolve(message.micros);
        };
        child.on('message', onMessage);
        if (!child.send({ type: 'cpu' })) reject(new Error('child server is gone'));
      }),
    memory: () =>
      new Promise((resolve, reject) => {
        const onMessage = (message: FromChild) => {
          if (message.type !== 'memory') return;
          child.off('message', onMessage);
          resolve({ rss: message.rss, heapUsed: message.heapUsed, external: message.external });
        };
        child.on('message', onMessage);
        if (!child.send({ type: 'memory' })) reject(new Error('child server is gone'));
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        // SIGKILL after a grace period: a benchmark must never hang on a stuck child.
        const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(killer);
          resolve();
        });
        // The child closes cleanly on this message (and so writes its CPU profile, if any).
        child.send({ type: 'stop' });
      }),
  };
}
