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
import type { Store } from '../kernel/store/port';
import type { Presence } from '../terminals';
import { watchQueries } from './repo';

/** Refunds need no fingerprint: every refund made or moved writes a REFUND_STATUS event. */
export type Fingerprints = Record<Exclude<MerchantTopic, 'refunds'>, string>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Last-seen times move on every heartbeat and poll; the dashboard needs them to the minute. */
const SEEN_GRAIN_MS = 60_000;

export function createWatcher(store: Store, presence: Presence) {
  const {
    newestPayment,
    terminals,
    subscriptions,
    deliveries,
    customers,
    newestMessage,
    newestLookup,
    newestCard,
    devices,
  } = watchQueries(store);

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
    const health = await devices.get({ m: merchantId, e: environment });
    return {
      devices: `${health?.reports ?? 0}:${health?.alerts ?? 0}:${health?.open ?? 0}`,
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
