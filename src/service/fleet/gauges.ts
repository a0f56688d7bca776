/**
 * Per-store figures for Prometheus (ops/metrics.ts): kiosks online, printers not ready, the
 * oldest work waiting on a kiosk. Labels are bounded: the `MAX_STORE_SERIES` stores with the most
 * kiosks get a series each, and the rest are summed under `store="other"`, so a merchant with
 * thousands of shops cannot blow up the scrape.
 */
import type { Store } from '../kernel/store/port';
import type { Presence } from '../terminals';
import { gaugeStatements } from './repo';

export const MAX_STORE_SERIES = 100;

export interface StoreGauges {
  store: string;
  environment: string;
  kiosks: number;
  online: number;
  printersInError: number;
  /** Seconds the oldest work kept on any of its kiosks has waited (0 when none). */
  oldestWorkSeconds: number;
}

export function fleetGauges(store: Store, presence: Presence, now: () => number = Date.now) {
  const { fleet } = gaugeStatements(store);
  return async function gauges(): Promise<StoreGauges[]> {
    const byStore = new Map<string, StoreGauges>();
    for (const row of await fleet.all()) {
      const key = `${row.environment} ${row.store_id}`;
      const g = byStore.get(key) ?? {
        store: row.store_id,
        environment: row.environment,
        kiosks: 0,
        online: 0,
        printersInError: 0,
        oldestWorkSeconds: 0,
      };
      g.kiosks++;
      if (presence.online(row)) g.online++;
      if (row.printer_state === 'OFFLINE' || row.printer_state === 'ERROR') g.printersInError++;
      if (row.work_oldest_at !== null)
        g.oldestWorkSeconds = Math.max(g.oldestWorkSeconds, (now() - row.work_oldest_at) / 1000);
      byStore.set(key, g);
    }
    const all = [...byStore.values()].sort((a, b) => b.kiosks - a.kiosks);
    const kept = all.slice(0, MAX_STORE_SERIES);
    for (const g of all.slice(MAX_STORE_SERIES)) {
      const other = kept.find((k) => k.store === 'other' && k.environment === g.environment);
      if (other) {
        other.kiosks += g.kiosks;
        other.online += g.online;
        other.printersInError += g.printersInError;
        other.oldestWorkSeconds = Math.max(other.oldestWorkSeconds, g.oldestWorkSeconds);
      } else kept.push({ ...g, store: 'other' });
    }
    return kept;
  };
}
