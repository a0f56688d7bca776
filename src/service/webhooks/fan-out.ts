/**
 * The webhooks area's half of the event outbox: in the transaction that stores an event (the
 * outbox's append hook), one delivery per live subscription that takes its type, so a killed
 * process loses neither the event nor its deliveries. The kernel outbox writes only events; the
 * deliveries are this area's rows (their SQL in repo.ts).
 *
 * Every event looks up the subscriptions that take it; they change rarely, so each merchant's
 * live list is read once and kept (a statement per event was a tenth of a saved-card charge's
 * SQL). Whatever writes webhook_subscriptions calls `subscriptionsChanged`; on a shared database
 * the store announces other instances' writes.
 */
import type { Environment } from '../kernel/caller';
import type { AppendedEvent, Outbox } from '../kernel/events/outbox';
import { newId } from '../kernel/ids';
import type { Store } from '../kernel/store/port';
import { createReadCache } from '../kernel/store/read-cache';
import { registerSandboxReset } from '../kernel/sandbox-reset';
import { createFanOutQueries, sandboxResetStatements } from './repo';

function createFanOut(store: Store) {
  const { liveSubscriptions, insertDelivery } = createFanOutQueries(store);
  const subscriptionLists = createReadCache<{ id: string; types: Set<string> }[]>(
    store,
    'webhook_subscriptions',
  );

  /** Ids of the live subscriptions of a merchant's environment that take `type`, oldest first. */
  async function subscribersOf(
    merchantId: string,
    environment: Environment,
    type: string,
  ): Promise<string[]> {
    const list = (await subscriptionLists.read(`${merchantId} ${environment}`, async () =>
      (await liveSubscriptions.all(merchantId, environment)).map((row) => ({
        id: row.id,
        types: new Set(JSON.parse(row.event_types) as string[]),
      })),
    ))!;
    return list.filter((s) => s.types.has(type)).map((s) => s.id);
  }

  /** Queues the event's deliveries (the outbox's append hook); answers how many. */
  async function queue({ id, input, body, createdAt }: AppendedEvent): Promise<number> {
    const tamper = input.tamper ?? null;
    const targets =
      input.subscriptionIds ??
      (await subscribersOf(input.merchantId, input.environment, input.type));
    for (const subscriptionId of targets)
      await insertDelivery.run(
        newId(),
        subscriptionId,
        id,
        input.type,
        body,
        createdAt,
        createdAt,
        tamper,
      );
    return targets.length;
  }

  return {
    subscribersOf,
    /** Forgets the kept lists. */
    subscriptionsChanged: () => subscriptionLists.changed(),
    queue,
  };
}
export type WebhookFanOut = ReturnType<typeof createFanOut>;

/** One fan-out (one subscription cache) per store, hooked into each outbox on that store. */
const fanOuts = new WeakMap<Store, WebhookFanOut>();
const hooked = new WeakSet<Outbox>();

/**
 * The store's webhook fan-out, registered as the outbox's append hook the first time it is asked
 * for with that outbox (the dispatcher asks when it is made), so every part of the area shares
 * one subscription cache.
 */
export function webhookFanOut(store: Store, outbox: Outbox): WebhookFanOut {
  let fanOut = fanOuts.get(store);
  if (!fanOut) {
    fanOut = createFanOut(store);
    fanOuts.set(store, fanOut);
  }
  if (!hooked.has(outbox)) {
    hooked.add(outbox);
    outbox.onAppend(fanOut.queue);
  }
  return fanOut;
}

/**
 * A sandbox reset clears the merchant's sandbox subscriptions, their deliveries and attempts,
 * and forgets the kept subscription lists (now and again when the reset commits).
 */
registerSandboxReset({
  area: 'webhooks',
  prepare(store) {
    const clear = sandboxResetStatements(store);
    return async (merchantId) => {
      await clear(merchantId);
      fanOuts.get(store)?.subscriptionsChanged();
    };
  },
});
