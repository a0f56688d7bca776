/**
 * The SQL of the dashboard's change stream (watch.ts): the few index reads each list's
 * fingerprint is made of, prepared once when the watcher is made. It reads other areas' tables
 * and writes none.
 */
import { insertionOrder, type Store } from '../kernel/store/port';

export interface WatchedTerminalRow {
  id: string;
  name: string;
  remote_enabled: number;
  push_registered: number;
  max_amount_pence: number;
  store_id: string;
  last_seen_at: number | null;
  streaming_until: number | null;
}

export function watchQueries(store: Store) {
  const newestPayment = store.prepare<[string, string], { id: string; created_at: number }>(
    `SELECT id, created_at FROM payment_requests WHERE merchant_id = ? AND environment = ?
       ORDER BY created_at DESC, ${insertionOrder(store)} DESC LIMIT 1`,
  );
  const terminals = store.prepare<[string, string], WatchedTerminalRow>(
    `SELECT id, name, remote_enabled, push_registered, max_amount_pence, store_id, last_seen_at,
       streaming_until
       FROM terminals
       WHERE merchant_id = ? AND environment = ? AND deleted_at IS NULL ORDER BY created_at`,
  );
  const subscriptions = store.prepare<[string, string], { ids: string | null }>(
    `SELECT ${store.dialect === 'sqlite' ? 'group_concat(id)' : "string_agg(id, ',')"} AS ids FROM webhook_subscriptions
       WHERE merchant_id = ? AND environment = ? AND deleted_at IS NULL`,
  );
  const deliveries = store.prepare<
    [string, string, number],
    { n: number; attempts: number | null; delivered: number | null; done: number | null }
  >(
    `SELECT count(*) AS n, sum(d.attempts) AS attempts, max(d.delivered_at) AS delivered,
            sum(CASE WHEN d.status != 'PENDING' THEN 1 ELSE 0 END) AS done
       FROM webhook_subscriptions s JOIN webhook_deliveries d ON d.subscription_id = s.id
      WHERE s.merchant_id = ? AND s.environment = ? AND s.deleted_at IS NULL AND d.created_at >= ?`,
  );

  // Customers: the count kept by trigger and the newest row, both index reads; the newest message
  // with its status (a queued email turning SENT) and the newest terminal lookup. Saved cards
  // have no merchant index, so the table's newest rowid stands for them: another merchant's
  // card only costs this dashboard one needless re-read.
  const customers = store.prepare<
    [{ m: string; e: string }],
    { n: number | null; newest: string | null }
  >(
    `SELECT (SELECT n FROM customer_counts WHERE merchant_id = @m AND environment = @e) AS n,
            (SELECT id FROM customers WHERE merchant_id = @m AND environment = @e
               ORDER BY created_at DESC LIMIT 1) AS newest`,
  );
  const newestMessage = store.prepare<[string, string], { id: string; status: string }>(
    `SELECT id, status FROM messages WHERE merchant_id = ? AND environment = ?
       ORDER BY created_at DESC LIMIT 1`,
  );
  const newestLookup = store.prepare<[string, string], { id: string }>(
    `SELECT id FROM terminal_lookups WHERE merchant_id = ? AND environment = ?
       ORDER BY created_at DESC LIMIT 1`,
  );
  const newestCard = store.prepare<[], { id: number | null }>(
    store.dialect === 'sqlite'
      ? 'SELECT max(rowid) AS id FROM saved_cards'
      : 'SELECT count(*) AS id FROM saved_cards',
  );

  // The kiosks' health: the newest change of any report and of any alert (both index reads).
  const devices = store.prepare<
    [{ m: string; e: string }],
    { reports: number | null; alerts: number | null; open: number | null }
  >(
    `SELECT (SELECT max(changed_at) FROM terminal_health
              WHERE merchant_id = @m AND environment = @e) AS reports,
            (SELECT max(coalesce(cleared_at, raised_at)) FROM fleet_alerts
              WHERE merchant_id = @m AND environment = @e) AS alerts,
            (SELECT count(*) FROM fleet_alerts
              WHERE merchant_id = @m AND environment = @e AND cleared_at IS NULL) AS open`,
  );

  return {
    devices,
    newestPayment,
    terminals,
    subscriptions,
    deliveries,
    customers,
    newestMessage,
    newestLookup,
    newestCard,
  };
}
