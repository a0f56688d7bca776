/**
 * Where health reports are kept. At 5,000 kiosks reporting every 30 s (167 a second) a
 * transaction per report was most of the service's cost for them (docs/benchmarks.md, fleet), so
 * each instance remembers each kiosk's last report and its place in the history ring:
 *   - a report that says something new (display, printer, waiting work, version), a kiosk's first
 *     here, and every tenth report (the history's periodic entry) are written at once;
 *   - an unchanged report is only remembered, and the remembered ones are written together, in
 *     one transaction every FLUSH_MS. Reads on this instance see them at once; another instance
 *     sees an unchanged report's new uptime and times within FLUSH_MS. Nothing an alert reads
 *     waits: only an unchanged report is held, and should it differ from the database's row
 *     after all (the kiosk reported something new through another instance meanwhile), writing
 *     it marks the row for the sweep (`noted_at`).
 */
import type { HealthReport } from '../../shared/contract/fleet';
import type { Environment } from '../kernel/caller';
import type { Store } from '../kernel/store/port';
import { materialOf } from './model';
import { HISTORY_SLOTS, healthStatements, type HealthRow } from './repo';

/** An unchanged report still makes a history entry this often (in reports). */
const HISTORY_EVERY_REPORTS = 10;
/** How long an unchanged report may wait in memory before it is written. */
export const FLUSH_MS = Number(process.env.COUNTER_FLEET_FLUSH_MS ?? 5_000);

interface Terminal {
  id: string;
  merchantId: string;
  environment: Environment;
}
interface Held {
  terminal: Terminal;
  report: HealthReport;
  text: string;
  at: number;
  /** Reports it stands for (the database counts every report). */
  count: number;
}

function newReportKeeper(store: Store) {
  const health = healthStatements(store);
  /** Per kiosk reported here: its last report's material and how many reports it has made. */
  const known = new Map<string, { material: string; reports: number }>();
  let held = new Map<string, Held>();

  async function write(h: Held, before: HealthRow | undefined, changed: boolean, entry: boolean) {
    const { terminal, report } = h;
    await health.put.run({
      t: terminal.id,
      m: terminal.merchantId,
      e: terminal.environment,
      report: h.text,
      at: h.at,
      changed: changed ? 1 : 0,
      entry: entry ? 1 : 0,
      count: h.count,
      version: report.appVersion,
      printer: report.printer.state,
      oldest: report.offlineWork.oldestAt ? Date.parse(report.offlineWork.oldestAt) : null,
      wall: Date.now(),
    });
    if (entry)
      await health.putHistory.run(
        terminal.id,
        (before?.entries ?? 0) % HISTORY_SLOTS,
        h.text,
        h.at,
      );
  }

  /** Reads the row and writes the report (and its history entry) in one transaction. */
  async function writeNow(h: Held, material: string) {
    const reports = await store.tx(async () => {
      const before = await health.latest.get(h.terminal.id);
      const changed = !before || materialOf(JSON.parse(before.report)) !== material;
      const entry = changed || (before.reports + 1) % HISTORY_EVERY_REPORTS === 0;
      await write(h, before, changed, entry);
      return (before?.reports ?? 0) + 1;
    });
    known.set(h.terminal.id, { material, reports });
  }

  async function flush(): Promise<void> {
    if (held.size === 0 || !store.open) return;
    const batch = held;
    held = new Map();
    await store.tx(async () => {
      for (const h of batch.values()) await write(h, undefined, false, false);
    });
  }
  const timer = setInterval(() => void flush().catch(() => {}), FLUSH_MS);
  timer.unref();

  return {
    /**
     * Keeps a kiosk's report received at `at` (the merchant's clock); true when it said nothing
     * new (only remembered, to be written with the others).
     */
    async keep(terminal: Terminal, report: HealthReport, at: number): Promise<boolean> {
      const material = materialOf(report);
      const last = known.get(terminal.id);
      const text = JSON.stringify(report);
      const waiting = held.get(terminal.id);
      const h: Held = { terminal, report, text, at, count: (waiting?.count ?? 0) + 1 };
      if (last && last.material === material && (last.reports + 1) % HISTORY_EVERY_REPORTS) {
        last.reports++;
        held.set(terminal.id, h);
        return true;
      }
      held.delete(terminal.id);
      await writeNow(h, material);
      return false;
    },
    /** The row as it will be once what is held for it is written. */
    latest(row: HealthRow | undefined): HealthRow | undefined {
      const h = row && held.get(row.terminal_id);
      return h ? { ...row, report: h.text, received_at: h.at } : row;
    },
    flush,
    stop: () => clearInterval(timer),
  };
}

export type ReportKeeper = ReturnType<typeof newReportKeeper>;
const keepers = new WeakMap<Store, ReportKeeper>();

/**
 * The store's one keeper: the kiosks' reports and the sandbox's simulated kiosks' go through the
 * same memory, so what one holds the other's reads see, and a kiosk is counted once.
 */
export function createReportKeeper(store: Store): ReportKeeper {
  let keeper = keepers.get(store);
  if (!keeper) keepers.set(store, (keeper = newReportKeeper(store)));
  return keeper;
}
