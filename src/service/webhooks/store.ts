/**
 * Webhook subscriptions and their delivery log (their SQL in repo.ts). Every lookup is scoped by merchant and
 * environment, so another merchant's (or environment's) subscription is simply not found.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type {
  WebhookDelivery,
  WebhookSubscription,
  WebhookSubscriptionBody,
  WebhookTamper,
} from '../../shared/contract/webhooks';
import type { EventType } from '../../shared/contract/common';
import type { Clock } from '../kernel/clock';
import { iso } from '../kernel/clock';
import type { Caller } from '../kernel/caller';
import type { Outbox } from '../kernel/events/outbox';
import type { Store } from '../kernel/store/port';
import { newWebhookSecret } from './signing';
import { webhookFanOut } from './fan-out';
import { createSubscriptionQueries } from './repo';

type EventTypeName = z.infer<typeof WebhookDelivery>['eventType'];

export interface SubscriptionRow {
  id: string;
  merchant_id: string;
  environment: string;
  url: string;
  event_types: string;
  secret: string;
  description: string | null;
  created_at: number;
  deleted_at: number | null;
}

export interface DeliveryRow {
  id: string;
  subscription_id: string;
  event_id: string;
  event_type: string;
  body: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  next_attempt_at: number | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: number;
  delivered_at: number | null;
  tamper: WebhookTamper | null;
}

export interface AttemptRow {
  delivery_id: string;
  attempt: number;
  at: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

/** The log shows this many of a subscription's newest deliveries. */
export const DELIVERY_LOG_LIMIT = 100;

export function subscriptionOut(row: SubscriptionRow): z.input<typeof WebhookSubscription> {
  return {
    id: row.id,
    url: row.url,
    eventTypes: JSON.parse(row.event_types) as EventTypeName[],
    ...(row.description !== null ? { description: row.description } : {}),
    createdAt: iso(row.created_at),
  };
}

/** A delivery for the log, with its attempts (oldest first). */
export function deliveryOut(
  row: DeliveryRow,
  attempts: readonly AttemptRow[],
): z.input<typeof WebhookDelivery> {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type as EventTypeName,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    nextAttemptAt:
      row.status === 'PENDING' && row.next_attempt_at !== null ? iso(row.next_attempt_at) : null,
    createdAt: iso(row.created_at),
    deliveredAt: row.delivered_at === null ? null : iso(row.delivered_at),
    attemptLog: attempts.map((a) => ({
      at: iso(a.at),
      statusCode: a.status_code,
      error: a.error,
      durationMs: a.duration_ms,
    })),
    ...(row.tamper !== null ? { tamper: row.tamper } : {}),
  };
}

export function createSubscriptionStore(store: Store, clock: Clock, outbox: Outbox) {
  const { insert, byId, live, softDelete, failPending, log, attemptsOf, delivery, insertDelivery } =
    createSubscriptionQueries(store);
  const fanOut = webhookFanOut(store, outbox);

  /** The attempts of these deliveries, by delivery, oldest first (one query for all of them). */
  async function attemptsByDelivery(ids: readonly string[]): Promise<Map<string, AttemptRow[]>> {
    const byDelivery = new Map<string, AttemptRow[]>();
    for (const a of await attemptsOf.all(JSON.stringify(ids))) {
      const list = byDelivery.get(a.delivery_id);
      if (list) list.push(a);
      else byDelivery.set(a.delivery_id, [a]);
    }
    return byDelivery;
  }

  /** The caller's live subscription, or undefined (deleted, another merchant or environment). */
  async function find(caller: Caller, id: string): Promise<SubscriptionRow | undefined> {
    const row = await byId.get(id);
    if (!row || row.deleted_at !== null) return undefined;
    if (row.merchant_id !== caller.merchantId || row.environment !== caller.environment)
      return undefined;
    return row;
  }

  return {
    find,
    async create(
      caller: Caller,
      body: z.output<typeof WebhookSubscriptionBody>,
    ): Promise<SubscriptionRow> {
      const row = {
        id: randomUUID(),
        merchantId: caller.merchantId,
        environment: caller.environment,
        url: body.url,
        eventTypes: JSON.stringify(body.eventTypes),
        secret: newWebhookSecret(),
        description: body.description ?? null,
        createdAt: clock.now(caller.environment, caller.merchantId),
      };
      await insert.run(row);
      fanOut.subscriptionsChanged();
      return (await byId.get(row.id))!;
    },
    list: (caller: Caller) => live.all(caller.merchantId, caller.environment),
    /** Ids of the caller's live subscriptions to one event type. */
    subscribedTo: async (caller: Caller, type: z.infer<typeof EventType>) =>
      await fanOut.subscribersOf(caller.merchantId, caller.environment, type),
    /** Soft delete; false when there was nothing to delete. */
    async remove(caller: Caller, id: string): Promise<boolean> {
      return await store.tx(async () => {
        if (!(await find(caller, id))) return false;
        await softDelete.run(clock.now(caller.environment, caller.merchantId), id);
        fanOut.subscriptionsChanged();
        await failPending.run(id);
        return true;
      });
    },
    /** The log: the newest deliveries, each with its attempts (one query for all of them). */
    async deliveries(subscriptionId: string): Promise<z.input<typeof WebhookDelivery>[]> {
      const rows = await log.all(subscriptionId, DELIVERY_LOG_LIMIT);
      const byDelivery = await attemptsByDelivery(rows.map((r) => r.id));
      return rows.map((row) => deliveryOut(row, byDelivery.get(row.id) ?? []));
    },
    attemptsOf: attemptsByDelivery,
    delivery: async (subscriptionId: string, deliveryId: string) =>
      await delivery.get(deliveryId, subscriptionId),
    /** A new delivery of the same event (same body, same webhook-id), due now. */
    async resend(caller: Caller, row: DeliveryRow): Promise<string> {
      const id = randomUUID();
      const now = clock.now(caller.environment, caller.merchantId);
      await insertDelivery.run(
        id,
        row.subscription_id,
        row.event_id,
        row.event_type,
        row.body,
        now,
        now,
      );
      return id;
    },
  };
}
export type SubscriptionStore = ReturnType<typeof createSubscriptionStore>;
