/** The SQL of ops: what the metrics read (metrics.ts), prepared once when the metrics are made. */
import type { Store } from '../kernel/store/port';

/** The webhook deliveries not yet delivered or given up, and when the oldest was made. */
export function webhookBacklogQuery(store: Store) {
  return store.prepare<[], { pending: number; oldest: number | null }>(
    "SELECT count(*) AS pending, min(created_at) AS oldest FROM webhook_deliveries WHERE status = 'PENDING'",
  );
}
