/**
 * What the merchant's dashboard shows, reduced to one small fingerprint per list, so the change
 * stream can say "payments changed" without keeping a copy of anything. Each query reads an
 * index or a handful of rows: the newest payment request (creations emit no event), the
 * terminals (few; online comes from presence, which is not in SQLite), and the webhook
 * subscriptions with their last day of deliveries (the dispatcher records attempts without an
 * event). Status changes also arrive at once through the outbox; see stream.ts.
 */
import type { MerchantTopic } from '../../shared/contract/merchant-events';
import type { Environment } from '../kernel/caller';
import { insertionOrder, type Store } from '../kernel/store/port';
import type { Presence } from '../terminals';

/** Refunds need no fingerprint: every refund made or moved writes a REFUND_STATUS event. */
export type Fingerprints = Record<Exclude<MerchantTopic, 'refunds'>, string>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Last-seen times move on every heartbeat and poll; the dashboard needs them to the minute. */
const SEEN_GRAIN_MS = 60_000;

export function createWatcher(store: Store, presence: Presence) {
  const newestPayment = store.prepare<[string, string], { id: string; created_at: number }>(
    `SELECT id, created_at FROM payment_requests WHERE merchant_id = ? AND environment = ?
       ORDER BY created_at DESC, ${insertionOrder(store)} DESC LIMIT 1`,
  );
  const terminals = store.prepare<
    [string, string],
    {
      id: string;
      name: string;
      remote_enabled: number;
      push_registered: number;
      max_amount_pence: number;
      store_id: string;
      last_seen_at: number | null;
      streaming_until: number | null;
    }
  >(
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

  return async function fingerprints(
    merchantId: string,
    environment: Environment,
    now: number,
  ): Promise<Fingerprints> {
    const newest = await newestPayment.get(merchantId, environment);
    const rows = (await terminals.all(merchantId, environment)).map((t) => {
      const online = presence.online(t);
      const seen =
        online || t.last_seen_at === null ? 0 : Math.floor(t.last_seen_at / SEEN_GRAIN_MS);
      return [
        t.id,
        t.name,
        t.remote_enabled,
        t.push_registered,
        t.max_amount_pence,
        t.store_id,
        online ? 1 : 0,
        seen,
      ].join(':');
    });
    const subs = (await subscriptions.get(merchantId, environment))?.ids ?? '';
    const log = await deliveries.get(merchantId, environment, now - DAY_MS);
    const people = await customers.get({ m: merchantId, e: environment });
    const message = await newestMessage.get(merchantId, environment);
    return {
      customers: [
        people?.n ?? 0,
        people?.newest ?? '',
        message ? `${message.id}:${message.status}` : '',
        (await newestLookup.get(merchantId, environment))?.id ?? '',
        (await newestCard.get())?.id ?? 0,
      ].join('|'),
      payments: newest ? `${newest.id}@${newest.created_at}` : '',
      terminals: rows.join('|'),
      webhooks: `${subs}#${log?.n ?? 0}:${log?.attempts ?? 0}:${log?.delivered ?? 0}:${log?.done ?? 0}`,
    };
  };
}

/** The topics whose fingerprint differs. */
export function changedTopics(before: Fingerprints, after: Fingerprints): MerchantTopic[] {
  return (Object.keys(after) as (keyof Fingerprints)[]).filter(
    (topic) => before[topic] !== after[topic],
  );
}
