/**
 * Load measurements with autocannon: a warm-up run whose figures are thrown away (JIT, SQLite
 * page cache, connection set-up), then the measured run, with the CPU time of both processes
 * sampled around the measured run only; or a case and its reference in alternating slices
 * (`measurePaired`).
 */
import autocannon, {
  type RawRequest,
  type RequestSpec,
  type Result as CannonResult,
} from 'autocannon';
import type { ChildServer } from './child-server';
import type { Result } from './result';
import { median } from './stats';

/**
 * Requests that walk `paths` in turn: one counter shared by all connections, so every path (a
 * payment, a search) is asked for as often as the others whatever the connection count.
 */
export function rotating(
  method: 'GET' | 'POST',
  paths: string[],
  headers: Record<string, string>,
  body?: string,
): RequestSpec {
  let next = 0;
  return {
    method,
    headers,
    ...(body ? { body } : {}),
    setupRequest: (request: RawRequest) => ({ ...request, path: paths[next++ % paths.length] }),
  };
}

export interface LoadOptions {
  name: string;
  server: ChildServer;
  /** Request(s) each connection cycles through; setupRequest may rewrite each one. */
  requests: RequestSpec[];
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /**
   * Requests sent, unmeasured, before each measured run or slice: a warm working set's one pass
   * (its ids in turn), so that a colder case measured just before cannot have pushed it out of
   * the service's caches and the slice measures what it claims to.
   */
  prime?: number;
}

export async function measure(options: LoadOptions): Promise<Result> {
  await warmUp(options);
  return measureOnce(options, options.seconds);
}

async function warmUp(options: LoadOptions): Promise<void> {
  const warm = await load(options, options.warmupSeconds);
  assertClean(`${options.name} (warm-up)`, warm);
}

const load = ({ server, requests, connections }: LoadOptions, duration: number) =>
  autocannon({ url: server.url, connections, duration, requests, timeout: 10 });

async function prime(options: LoadOptions): Promise<void> {
  if (!options.prime) return;
  const { server, requests, connections } = options;
  const primed = await autocannon({
    url: server.url,
    connections: Math.min(connections, options.prime),
    amount: options.prime,
    requests,
    timeout: 10,
  });
  assertClean(`${options.name} (priming)`, primed);
}

/** One measured run of `seconds`, with the CPU time of both processes sampled around it. */
async function measureOnce(options: LoadOptions, seconds: number): Promise<Result> {
  const { server } = options;
  await prime(options);
  const serverBefore = await server.cpuMicros();
  const loaderBefore = process.cpuUsage();
  const startedAt = process.hrtime.bigint();
  const result = await load(options, seconds);
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

/** Seconds per slice of a paired measurement. */
const SLICE_SECONDS = 2;

/** The slices of one side as one result: means for rates and CPU, medians for latencies. */
function combine(name: string, slices: Result[]): Result {
  const mean = (pick: (r: Result) => number) =>
    slices.reduce((sum, r) => sum + pick(r), 0) / slices.length;
  return {
    name,
    requestsPerSec: mean((r) => r.requestsPerSec),
    latencyP50Ms: median(slices.map((r) => r.latencyP50Ms)),
    latencyP99Ms: median(slices.map((r) => r.latencyP99Ms)),
    non2xx: 0,
    errors: 0,
    serverCpuPercent: mean((r) => r.serverCpuPercent!),
    loaderCpuPercent: mean((r) => r.loaderCpuPercent!),
    serverCpuMicrosPerRequest: mean((r) => r.serverCpuMicrosPerRequest!),
  };
}

/**
 * A case and its reference (the bare-server ceiling, or the same read without a signature),
 * measured in alternating slices of a couple of seconds rather than one after the other. This
 * machine's speed drifts by half within a minute, so two runs ten seconds apart can each catch a
 * different speed, and a ratio of them swung by ±5 points between runs of the same code. Paired
 * slices see the same machine: `ratio` is the median of each pair's requests/s ratio (and
 * `cpuRatio` of the reference's CPU per request over the case's), with the order inside a pair
 * alternating so that a steady drift favours neither side.
 */
export async function measurePaired(
  reference: LoadOptions,
  subject: LoadOptions,
): Promise<{ reference: Result; subject: Result }> {
  const group = await measureGroup(reference, [subject]);
  return { reference: group.reference, subject: group.subjects[0]! };
}

/** One round of a group: each case's slice, reference first. */
export type Round = Result[];

/**
 * `measurePaired` for several cases against one reference: each round measures every case once
 * (a slice each, the order rotating from round to round so a steady drift favours none), and
 * each subject's ratios are the medians over rounds of its slice against the reference's slice
 * of the same round. `ratioOf` compares any two of the cases the same way (say a cold working
 * set against a warm one): `rounds[i][0]` is the reference, `[1 + k]` subject k.
 */
export async function measureGroup(
  reference: LoadOptions,
  subjects: LoadOptions[],
): Promise<{ reference: Result; subjects: Result[]; rounds: Round[] }> {
  const cases = [reference, ...subjects];
  for (const options of cases) await warmUp(options);
  const slices = Math.max(1, Math.round(reference.seconds / SLICE_SECONDS));
  const seconds = reference.seconds / slices;
  const rounds: Round[] = [];
  for (let i = 0; i < slices; i++) {
    const round: Round = new Array<Result>(cases.length);
    for (let j = 0; j < cases.length; j++) {
      const k = (i + j) % cases.length;
      round[k] = await measureOnce(cases[k]!, seconds);
    }
    rounds.push(round);
  }
  return {
    reference: combine(
      reference.name,
      rounds.map((r) => r[0]!),
    ),
    subjects: subjects.map((subject, k) => ({
      ...combine(
        subject.name,
        rounds.map((r) => r[k + 1]!),
      ),
      ratioToCeiling: median(rounds.map((r) => r[k + 1]!.requestsPerSec / r[0]!.requestsPerSec)),
      cpuRatioToCeiling: ratioOf(rounds, 0, k + 1),
    })),
    rounds,
  };
}

/**
 * The median over rounds of case `a`'s server CPU per request over case `b`'s: how many times
 * cheaper `b` is than `a` (below 1: dearer), slice against slice of the same round.
 */
export const ratioOf = (rounds: Round[], a: number, b: number): number =>
  median(rounds.map((r) => r[a]!.serverCpuMicrosPerRequest! / r[b]!.serverCpuMicrosPerRequest!));

/**
 * One case spread over several servers at once (instances of the service on one database):
 * the connections split evenly, one load generator per server in this process, and the figures
 * summed: requests/s over all of them, server CPU per request as all servers' CPU over all
 * requests answered, `serverCpuPercent` summed (200 % = two cores busy).
 */
export async function measureSpread(
  options: Omit<LoadOptions, 'server'> & { servers: ChildServer[] },
): Promise<Result> {
  const { servers, connections } = options;
  const share = Math.max(1, Math.floor(connections / servers.length));
  const each = (duration: number) =>
    Promise.all(
      servers.map((server) =>
        autocannon({
          url: server.url,
          connections: share,
          duration,
          requests: options.requests,
          timeout: 10,
        }),
      ),
    );
  for (const r of await each(options.warmupSeconds)) assertClean(`${options.name} (warm-up)`, r);
  const cpu = async () =>
    (await Promise.all(servers.map((server) => server.cpuMicros()))).reduce((a, b) => a + b, 0);
  const serverBefore = await cpu();
  const loaderBefore = process.cpuUsage();
  const startedAt = process.hrtime.bigint();
  const results = await each(options.seconds);
  const wallMicros = Number(process.hrtime.bigint() - startedAt) / 1000;
  const serverMicros = (await cpu()) - serverBefore;
  const loader = process.cpuUsage(loaderBefore);
  for (const r of results) assertClean(options.name, r);
  const total = results.reduce((sum, r) => sum + r.requests.total, 0);
  return {
    name: options.name,
    requestsPerSec: results.reduce((sum, r) => sum + r.requests.total / r.duration, 0),
    latencyP50Ms: median(results.map((r) => r.latency.p50)),
    latencyP99Ms: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: 0,
    errors: 0,
    serverCpuPercent: (100 * serverMicros) / wallMicros,
    loaderCpuPercent: (100 * (loader.user + loader.system)) / wallMicros,
    serverCpuMicrosPerRequest: serverMicros / total,
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
