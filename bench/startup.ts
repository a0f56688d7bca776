/**
 * Start-up and memory of the service's two entry points, as a process manager would start them:
 * - tsx: `node --import tsx src/service/cli.ts`, what `npm run service` runs (TypeScript compiled
 *   as each module loads, then kept in tsx's compile cache); measured also with that cache off
 *   (TSX_DISABLE_CACHE=1), as the first start after the sources change is;
 * - built: `node out/service/cli.mjs`, what `npm run build:service` makes (rebuilt here first).
 * For each: the time from spawn to the `service listening on` line (the median of
 * BENCH_STARTUP_RUNS starts, default 5, over one data directory that unmeasured starts created:
 * a restart, as a manager does it), and the resident memory (VmRSS in /proc, with any child
 * process's) once listening and after BENCH_STARTUP_READS payment-status reads (default 2,000,
 * 16 at a time). About 30 s on an idle 2-core machine.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTs } from '../test/helpers/process';
import { pool } from './lib/pool';
import type { Figure } from './lib/result';
import { median } from './lib/stats';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
const READS = Number(process.env.BENCH_STARTUP_READS ?? 2000);
const CONCURRENCY = 16;
const SECRET = 'sk_sandbox_bench_startup';
const root = fileURLToPath(new URL('..', import.meta.url));
const LISTENING = /^service listening on (http:\/\/127\.0\.0\.1:\d+)$/m;

const ENTRIES = [
  // Its memory after reads would differ from the cached entry's only by the compiler's garbage.
  {
    name: 'tsx, compile cache cold',
    script: 'src/service/cli.ts',
    env: { TSX_DISABLE_CACHE: '1' },
    reads: false,
  },
  { name: 'tsx (npm run service)', script: 'src/service/cli.ts', env: {}, reads: true },
  {
    name: 'built (node out/service/cli.mjs)',
    script: 'out/service/cli.mjs',
    env: {},
    reads: true,
  },
];
type Entry = (typeof ENTRIES)[number];

/** Resident memory (VmRSS: what is in RAM now) of a process and any it started, in MiB. */
function rssMiB(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`);
  // A loader's helper process (esbuild's service, say) is part of what the entry costs.
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean),
  );
  return Number(kb) / 1024 + children.reduce((sum, child) => sum + rssMiB(Number(child)), 0);
}

interface Start {
  ms: number;
  rssListening: number;
  rssAfterReads: number;
}

async function startOnce(entry: Entry, dataDir: string, reads: number): Promise<Start> {
  const started = performance.now();
  const proc = runTs(entry.script, ['--port', '0', '--data-dir', dataDir], {
    ...entry.env,
    SERVICE_SANDBOX_SECRET: SECRET,
    SERVICE_PRODUCTION_SECRET: 'sk_live_bench_startup',
  });
  // Timed on the output itself: waitFor polls, which would add up to its interval.
  let out = '';
  const listening = new Promise<{ ms: number; url: string }>((resolve) =>
    proc.child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = LISTENING.exec(out)?.[1];
      if (url) resolve({ ms: performance.now() - started, url });
    }),
  );
  let measured: Start;
  try {
    await proc.waitFor(LISTENING, 120_000);
    const { ms, url } = await listening;
    const pid = proc.child.pid!;
    const rssListening = rssMiB(pid);
    if (reads > 0) {
      const headers = { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' };
      const created = await fetch(`${url}/api/payments/process-payment`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ customerId: 'bench', orderId: `startup-${Date.now()}`, amount: 1 }),
      });
      if (created.status !== 200) throw new Error(`process-payment answered ${created.status}`);
      const { paymentRequestId } = (await created.json()) as { paymentRequestId: string };
      await pool(reads, CONCURRENCY, async () => {
        const res = await fetch(`${url}/api/payments/v1/payment-status/${paymentRequestId}`, {
          headers,
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`payment-status answered ${res.status}`);
      });
    }
    measured = { ms, rssListening, rssAfterReads: rssMiB(pid) };
  } catch (error) {
    proc.child.kill('SIGKILL');
    throw error;
  }
  proc.child.kill('SIGTERM');
  const code = await proc.exited;
  if (code !== 0)
    throw new Error(
      `${entry.script} did not stop cleanly (exit ${code}):\n${proc.output().slice(-2000)}`,
    );
  return measured;
}

export async function figures(): Promise<Figure[]> {
  // Measure what `npm run build:service` makes from the sources as they are now.
  execFileSync(process.execPath, [join(root, 'scripts', 'build-service.mjs')], { stdio: 'ignore' });
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
  const starts = new Map<Entry, Start[]>(ENTRIES.map((entry) => [entry, []]));
  try {
    // Unmeasured: creates the database, fills tsx's compile cache and the OS's file cache.
    for (const entry of ENTRIES.filter((e) => e.reads)) await startOnce(entry, dataDir, 0);
    // The entries take turns, so a change in the machine's load falls on all of them alike.
    for (let i = 0; i < RUNS; i++)
      for (const entry of ENTRIES)
        starts.get(entry)!.push(await startOnce(entry, dataDir, entry.reads ? READS : 0));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return ENTRIES.flatMap((entry) => {
    const of = (pick: (s: Start) => number) => median(starts.get(entry)!.map(pick));
    const figures: Figure[] = [
      { name: `${entry.name}: spawn to listening`, value: of((s) => s.ms), unit: 'ms' },
      {
        name: `${entry.name}: RSS once listening`,
        value: of((s) => s.rssListening),
        unit: 'MiB',
        digits: 1,
      },
    ];
    if (entry.reads)
      figures.push({
        name: `${entry.name}: RSS after ${READS.toLocaleString('en-GB')} status reads`,
        value: of((s) => s.rssAfterReads),
        unit: 'MiB',
        digits: 1,
      });
    return figures;
  });
}
