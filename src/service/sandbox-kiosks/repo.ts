/**
 * The simulated kiosks' SQL (migration 0041): each kiosk's simulated state beside its terminal
 * (the terminals area's row, read here, written there), and the sandbox reset's delete.
 */
import { registerSandboxReset } from '../kernel/sandbox-reset';
import type { Store } from '../kernel/store/port';

export interface KioskRow {
  terminal_id: string;
  merchant_id: string;
  /** JSON: the SimulatedKioskState it plays. */
  state: string;
  /** JSON: the settings in force it last took, or null. */
  settings: string | null;
  console_locked: number;
  /** Real time it started, for its uptime. */
  started_at: number;
  created_at: number;
  name: string;
  store_id: string;
  streaming_until: number | null;
}

const SELECT = `SELECT k.*, t.name, t.store_id, t.streaming_until
  FROM simulated_kiosks k JOIN terminals t ON t.id = k.terminal_id AND t.deleted_at IS NULL`;

export function kioskStatements(store: Store) {
  return {
    insert: store.prepare<[string, string, string, number, number]>(
      `INSERT INTO simulated_kiosks (terminal_id, merchant_id, state, started_at, created_at)
       VALUES (?, ?, ?, ?, ?)`,
    ),
    one: store.prepare<[string], KioskRow>(`${SELECT} WHERE k.terminal_id = ?`),
    ofMerchant: store.prepare<[string], KioskRow>(
      `${SELECT} WHERE k.merchant_id = ? ORDER BY k.created_at, k.terminal_id`,
    ),
    /** Every simulated kiosk still paired, for the instance that plays them (a small table). */
    all: store.prepare<[], KioskRow>(SELECT),
    count: store.prepare<[string], { n: number }>(
      'SELECT count(*) AS n FROM simulated_kiosks WHERE merchant_id = ?',
    ),
    setState: store.prepare<[string, string]>(
      'UPDATE simulated_kiosks SET state = ? WHERE terminal_id = ?',
    ),
    setSettings: store.prepare<[string, string]>(
      'UPDATE simulated_kiosks SET settings = ? WHERE terminal_id = ?',
    ),
    lock: store.prepare<[string]>(
      'UPDATE simulated_kiosks SET console_locked = 1 WHERE terminal_id = ?',
    ),
    remove: store.prepare<[string]>('DELETE FROM simulated_kiosks WHERE terminal_id = ?'),
  };
}

registerSandboxReset({
  area: 'sandbox-kiosks',
  // Its rows name the terminals the terminals area's reset unpairs.
  refersTo: ['terminals'],
  prepare(store) {
    const clear = store.prepare<[string]>('DELETE FROM simulated_kiosks WHERE merchant_id = ?');
    return async (merchantId) => void (await clear.run(merchantId));
  },
});
