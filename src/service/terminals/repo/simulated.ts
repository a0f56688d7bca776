/**
 * The SQL of simulated kiosks' terminals (simulated.ts): paired as a real one is but marked
 * `simulated`, their stream's lease taken by the instance that plays them, and the merchant's
 * sandbox ones listed for a reset.
 */
import { registerSandboxReset } from '../../kernel/sandbox-reset';
import { secretWrites } from '../../kernel/secrets';
import type { Store } from '../../kernel/store/port';

export function simulatedTerminalStatements(store: Store) {
  return {
    insert: store.prepare<[string, string, string, string, number]>(
      `INSERT INTO terminals (id, merchant_id, environment, store_id, name, created_at, simulated)
         VALUES (?, ?, 'sandbox', ?, ?, ?, 1)`,
    ),
    /**
     * Takes the stream's lease unless another instance holds it (compare-and-set, so one instance
     * plays the kiosk): last seen on the merchant's clock, the lease in real time.
     */
    claim: store.prepare<[number, number, string, number]>(
      `UPDATE terminals SET last_seen_at = ?, streaming_until = ?, push_registered = 1
       WHERE id = ? AND simulated = 1 AND deleted_at IS NULL
         AND (streaming_until IS NULL OR streaming_until < ?)`,
    ),
    /** Renews (or, with null, gives up) the lease, as a real stream's heartbeat and end do. */
    seen: store.prepare<[number, number | null, string]>(
      `UPDATE terminals SET last_seen_at = ?, streaming_until = ?, push_registered = 1
       WHERE id = ? AND deleted_at IS NULL`,
    ),
    ofMerchant: store.prepare<[string], { id: string }>(
      `SELECT id FROM terminals WHERE merchant_id = ? AND environment = 'sandbox'
         AND simulated = 1 AND deleted_at IS NULL`,
    ),
    remove: store.prepare<[number, string]>(
      'UPDATE terminals SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL',
    ),
  };
}

/** A sandbox reset unpairs the merchant's simulated kiosks (real ones stay paired). */
registerSandboxReset({
  area: 'terminals',
  prepare(store) {
    const sql = simulatedTerminalStatements(store);
    const secrets = secretWrites(store);
    return async (merchantId) => {
      const now = Date.now();
      for (const { id } of await sql.ofMerchant.all(merchantId)) {
        await sql.remove.run(now, id);
        await secrets.revokeTerminal(id, now);
      }
    };
  },
});
