/**
 * One load measurement with autocannon: a warm-up run whose figures are thrown away (JIT,
 * SQLite page cache, connection set-up), then the measured run, with the CPU time of both
 * processes sampled around the measured run only.
 */
import autocannon, { type RequestSpec, type Result as CannonResult } from 'autocannon';
import type { ChildServer } from './child-server';
import type { Result } from './result';

export interface LoadOptions {
  name: string;
  server: ChildServer;
  /** Request(s) each connection cycles through; setupRequest may rewrite each one. */
  requests: RequestSpec[];
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

export async function measure(options: LoadOptions): Promise<Result> {
  const { server, requests, connections } = options;
  const run = (duration: number) =>
    autocannon({ url: server.url, connections, duration, requests, timeout: 10 });

  const warm = await run(options.warmupSeconds);
  assertClean(`${options.name} (warm-up)`, warm);

  const serverBefore = await server.cpuMicros();
  const loaderBefore = process.cpuUsage();
  const startedAt = process.hrtime.bigint();
  const result = await run(options.seconds);
  const wallMicros = Number(process.hrtime.bigint() - startedAt) / 1000;
  const serverMicros = (await server.cpuMicros()) - serverBefore;
  const loader = process.cpuUsage(loaderBefore);
  assertClean(options.name, result);

  return {
    name: options.name,
    requestsPerSec: result.requests.total / result.duration,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    // autocannon's errors already include its timeouts.
    errors: result.errors,
    serverCpuPercent: (100 * serverMicros) / wallMicros,
    loaderCpuPercent: (100 * (loader.user + loader.system)) / wallMicros,
    serverCpuMicrosPerRequest: serverMicros / result.requests.total,
  };
}

/** A benchmark that counts error responses as throughput would lie, so it stops instead. */
function assertClean(name: string, r: CannonResult): void {
  if (r.non2xx === 0 && r.errors === 0 && r.requests.total > 0) return;
  const codes = Object.entries(r.statusCodeStats)
    .map(([code, { count }]) => `${code}×${count}`)
    .join(', ');
  throw new Error(
    `${name}: ${r.non2xx} non-2xx responses, ${r.errors} errors (${r.timeouts} timeouts) ` +
      `out of ${r.requests.total} (status codes: ${codes || 'none'})`,
  );
}
