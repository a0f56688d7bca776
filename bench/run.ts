/**
 * `npm run bench [-- --only NAME] [--json FILE] [--strict]`: runs every benchmark module in
 * MODULES in turn, prints its tables, and fails on any error response. A new benchmark is a
 * module exporting `run(): Promise<Result[]>` (load) or `figures(): Promise<Figure[]>` (other
 * measurements), added to MODULES below.
 *   --only NAME   run one module (e.g. service-http), or several: --only refunds,customers
 *   --json FILE   also write the results as JSON
 *   --strict      exit 1 when a target is missed, not only on errors
 * Env: BENCH_SECONDS (measured seconds per case, default 10), BENCH_WARMUP_SECONDS (2),
 * BENCH_ROUNDS (repeat each module's cases, default 1), BENCH_CPU_PROF=DIR (child servers
 * write V8 CPU profiles there, for Chrome DevTools).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { BenchModule, Figure, Result } from './lib/result';
import { figureMet, targetMet } from './lib/result';
import * as hostedPage from './hosted-page';
import * as bankFeed from './bank-feed';
import * as failover from './failover';
import * as fleet from './fleet';
import * as agentPay from './agent-pay';
import * as customers from './customers';
import * as kioskDisplay from './kiosk-display';
import * as kioskHistory from './kiosk-history';
import * as mcp from './mcp';
import * as pushFanout from './push-fanout';
import * as merchantEvents from './merchant-events';
import * as pushLatency from './push-latency';
import * as refunds from './refunds';
import * as serviceHttp from './service-http';
import * as scaleOut from './scale-out';
import * as peers from './peers';
import * as startup from './startup';
import * as statements from './statements';

const MODULES: BenchModule[] = [
  { name: 'service-http', run: serviceHttp.run, figures: serviceHttp.figures },
  { name: 'scale-out', run: scaleOut.run, figures: scaleOut.figures },
  { name: 'failover', figures: failover.figures },
  { name: 'peers', run: peers.run },
  { name: 'refunds', run: refunds.run },
  { name: 'push-latency', figures: pushLatency.figures },
  { name: 'push-fanout', figures: pushFanout.figures },
  { name: 'fleet', figures: fleet.figures },
  { name: 'merchant-events', figures: merchantEvents.figures },
  { name: 'kiosk-history', figures: kioskHistory.figures },
  { name: 'kiosk-display', figures: kioskDisplay.figures },
  { name: 'hosted-page', figures: hostedPage.figures },
  { name: 'bank-feed', figures: bankFeed.figures },
  { name: 'agent-pay', run: agentPay.run },
  { name: 'mcp', figures: mcp.figures },
  { name: 'customers', run: customers.run, figures: customers.figures },
  { name: 'statements', figures: statements.figures },
  { name: 'startup', figures: startup.figures },
];

function figureTable(figures: Figure[]): string {
  const rows = figures.map((f) => {
    const met = figureMet(f);
    return [
      `${f.benchmark}: ${f.name}`,
      `${f.value.toFixed(f.digits ?? (f.value < 10 ? 2 : 0))} ${f.unit}`,
      f.target ? `${f.target.op} ${f.target.value} ${f.unit} ${met ? 'met' : 'MISSED'}` : '',
    ];
  });
  const head = ['figure', 'value', 'target'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 1 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/**
 * No one module should take this long; past it the run is stuck and must not hang CI. Per module,
 * since the whole run grows with every benchmark added (about 11 minutes with all of them).
 */
const MODULE_DEADLINE_MS = 10 * 60_000;
let deadline: NodeJS.Timeout | undefined;
function watch(name: string): void {
  clearTimeout(deadline);
  deadline = setTimeout(() => {
    console.error(`bench: ${name} still running after ${MODULE_DEADLINE_MS / 1000} s; giving up`);
    process.exit(1);
  }, MODULE_DEADLINE_MS);
  deadline.unref();
}

function table(results: Result[]): string {
  const fixed = (n: number | undefined, digits: number) =>
    n === undefined ? '' : n.toFixed(digits);
  const rows = results.map((r) => {
    const met = targetMet(r);
    return [
      `${r.benchmark}: ${r.name}`,
      fixed(r.requestsPerSec, 0),
      fixed(r.latencyP50Ms, 1),
      fixed(r.latencyP99Ms, 1),
      String(r.non2xx + r.errors),
      r.ratioToCeiling === undefined ? '' : `${(100 * r.ratioToCeiling).toFixed(0)} %`,
      met === undefined
        ? ''
        : `≥ ${(100 * r.targetRatio!).toFixed(0)} %${r.targetBy === 'cpu' ? ' by CPU' : ''} ${met ? 'met' : 'MISSED'}`,
      fixed(r.serverCpuPercent, 0),
      fixed(r.loaderCpuPercent, 0),
      fixed(r.serverCpuMicrosPerRequest, 0),
      r.cpuRatioToCeiling === undefined ? '' : `${(100 * r.cpuRatioToCeiling).toFixed(0)} %`,
    ];
  });
  const head = [
    'case',
    'req/s',
    'p50 ms',
    'p99 ms',
    'non-2xx+err',
    'of ceiling',
    'target',
    'server CPU %',
    'loader CPU %',
    'server µs/req',
    'by CPU cost',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function commitMeasured(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    }).trim();
    return changed ? `${head}+changes` : head;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      json: { type: 'string' },
      strict: { type: 'boolean', default: false },
    },
  });
  const names = values.only?.split(',').map((name) => name.trim());
  const unknown = names?.filter((name) => !MODULES.some((m) => m.name === name)) ?? [];
  if (unknown.length) {
    console.error(
      `no benchmark named "${unknown.join('", "')}"; known: ${MODULES.map((m) => m.name).join(', ')}`,
    );
    return 2;
  }
  const selected = names ? MODULES.filter((m) => names.includes(m.name)) : MODULES;

  const loadBefore = loadavg()[0]!;
  // Taken before measuring: a commit made while the run goes on is not what it measured.
  const commit = commitMeasured();
  const results: Result[] = [];
  const figures: Figure[] = [];
  for (const module of selected) {
    console.error(`running ${module.name} …`);
    watch(module.name);
    for (const r of (await module.run?.()) ?? []) results.push({ ...r, benchmark: module.name });
    for (const f of (await module.figures?.()) ?? [])
      figures.push({ ...f, benchmark: module.name });
  }

  if (figures.length) console.log(figureTable(figures) + '\n');
  if (results.length) console.log(table(results));
  if (results.length)
    console.log(
      "'of ceiling' compares requests/s (the targets); 'by CPU cost' compares server CPU per " +
        'request, which holds steady when other processes load the machine.',
    );
  // Other processes' CPU use skews every figure; say so rather than let it pass silently.
  const machine = {
    cores: cpus().length,
    loadAverage1m: { before: loadBefore, after: loadavg()[0]! },
  };
  // The date and commit a figure in docs/benchmarks.md is quoted with; "+changes" when the
  // worktree differed from that commit, so such a figure is not mistaken for the commit's own.
  console.log(`measured ${new Date().toISOString().slice(0, 10)} at ${commit}`);
  console.log(
    `${machine.cores} cores; 1-minute load average ${loadBefore.toFixed(2)} before, ` +
      `${machine.loadAverage1m.after.toFixed(2)} after (this run alone adds about 2)`,
  );
  if (loadBefore > 0.5 * machine.cores)
    console.log('warning: the machine was already busy; compare ratios, not absolute figures');
  if (values.json) {
    const report = {
      date: new Date().toISOString(),
      commit,
      node: process.version,
      machine,
      results,
      figures,
    };
    writeFileSync(values.json, JSON.stringify(report, null, 2) + '\n');
  }
  const bad = [
    ...results.filter((r) => r.non2xx + r.errors > 0),
    // A figure counted in `errors` (push-fanout) is an error count: above 0 fails the run.
    ...figures.filter((f) => f.unit === 'errors' && f.value > 0),
  ];
  const missed = [
    ...results.filter((r) => targetMet(r) === false),
    ...figures.filter((f) => figureMet(f) === false),
  ];
  if (missed.length) console.log(`targets missed: ${missed.map((r) => r.name).join(', ')}`);
  return bad.length || (values.strict && missed.length) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
