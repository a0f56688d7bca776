/**
 * The sandbox area's SQL: its per-merchant clock offsets (sandbox_clocks). What a reset clears
 * is each area's own (kernel/sandbox-reset.ts).
 */
import type { SandboxOffset } from '../kernel/clock';
import type { Store } from '../kernel/store/port';

export function sandboxClockStatements(store: Store) {
  // Moved in the database, so every instance on it moves too, and two moves at once add up.
  const advance = store.prepare<[string, number], { offset_ms: number }>(
    `INSERT INTO sandbox_clocks (merchant_id, offset_ms) VALUES (?, ?)
     ON CONFLICT (merchant_id) DO UPDATE
     SET offset_ms = sandbox_clocks.offset_ms + excluded.offset_ms
     RETURNING offset_ms`,
  );
  // Read at start and by every sweep on a shared database (another instance may have moved one).
  const offsets = store.prepare<[], SandboxOffset>(
    'SELECT merchant_id, offset_ms FROM sandbox_clocks',
  );
  return { advance, offsets };
}
