/**
 * The event outbox. `emit` runs inside the transaction that made the change it reports: it
 * stores the event and queues one webhook delivery per matching subscription, so a killed
 * process loses neither. Listeners (the webhook dispatcher, terminal push) hear of events only
 * after the transaction commits.
 */
import type { z } from 'zod';
import type { EventData, WebhookEvent, WebhookTamper } from '../../../shared/contract/webhooks';
import type { Environment } from '../caller';
import type { Clock } from '../clock';
import { iso } from '../clock';
import type { Db } from '../store/db';
import { newId } from '../ids';

export type EventType =
  z.infer<typeof WebhookEvent>['type'] | 'REMOTE_PAYMENT_REQUEST' | 'TERMINAL_DISPLAY';

export interface StoredEvent {
  seq: number;
  id: string;
  merchantId: string;
  environment: Environment;
  type: EventType;
  terminalId: string | null;
  body: string;
  /** How many webhook deliveries were queued with it (none: the dispatcher need not look). */
  deliveries: number;
}

export interface EmitInput {
  merchantId: string;
  environment: Environment;
  type: EventType;
  data: z.input<typeof EventData> | Record<string, unknown>;
  paymentRequestId?: string | null;
  terminalId?: string | null;
  /** Deliver only to these subscriptions (the sandbox test trigger). */
  subscriptionIds?: string[];
  /** Sign the deliveries forged on purpose (the sandbox test trigger's `tamper`). */
  tamper?: WebhookTamper;
}

/** An event's columns, in the order of its INSERT statements. */
type EventRow = [
  id: string,
  merchantId: string,
  environment: Environment,
  type: EventType,
  paymentRequestId: string | null,
  terminalId: string | null,
  body: string,
  createdAt: number,
];

export function createOutbox(db: Db, clock: Clock) {
  const insertEvent = db.prepare<EventRow>(`
    INSERT INTO events (id, merchant_id, environment, type, payment_request_id, terminal_id, body, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const liveSubscriptions = db.prepare<[string, string], { id: string; event_types: string }>(`
    SELECT id, event_types FROM webhook_subscriptions
    WHERE merchant_id = ? AND environment = ? AND deleted_at IS NULL
    ORDER BY created_at, id`);
  // Many events in one statement (the card network's answers at one tick): rows are inserted in
  // the array's order, so their seq numbers are consecutive and end at the last insert's rowid.
  const insertEvents = db.prepare<[string]>(`
    INSERT INTO events (id, merchant_id, environment, type, payment_request_id, terminal_id, body, created_at)
    SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6,
      value ->> 7
    FROM json_each(?) ORDER BY key`);
  const insertDelivery = db.prepare(`
    INSERT INTO webhook_deliveries (id, subscription_id, event_id, event_type, body, status, next_attempt_at, created_at, tamper)
    VALUES (?, ?, ?, ?, ?, 'PENDING', ?, ?, ?)`);

  let pending: StoredEvent[] = [];
  const listeners = new Set<(event: StoredEvent) => void>();

  // Every event looks up the subscriptions that take it; they change rarely, so each merchant's
  // live list is read once and kept (a statement per event was a tenth of a saved-card charge's
  // SQL). Whatever writes webhook_subscriptions calls `subscriptionsChanged`.
  const subscriptionLists = new Map<string, { id: string; types: Set<string> }[]>();

  /** Ids of the live subscriptions of a merchant's environment that take `type`, oldest first. */
  function subscribersOf(merchantId: string, environment: Environment, type: string): string[] {
    const key = `${merchantId} ${environment}`;
    let list = subscriptionLists.get(key);
    if (!list) {
      list = liveSubscriptions.all(merchantId, environment).map((row) => ({
        id: row.id,
        types: new Set(JSON.parse(row.event_types) as string[]),
      }));
      subscriptionLists.set(key, list);
    }
    return list.filter((s) => s.types.has(type)).map((s) => s.id);
  }

  /**
   * Forgets the kept lists, at once and again when the current synchronous run ends: better-sqlite3
   * transactions are synchronous, so by then the transaction around the write has committed or
   * rolled back, and a list read inside one that rolled back is not kept.
   */
  function subscriptionsChanged() {
    subscriptionLists.clear();
    queueMicrotask(() => subscriptionLists.clear());
  }

  /** The event's row in the order of insertEvent's columns; its body is the webhook envelope. */
  function rowOf(input: EmitInput, now: number): EventRow {
    const id = `evt_${newId()}`;
    const body = JSON.stringify({
      id,
      type: input.type,
      createdAt: iso(now),
      environment: input.environment,
      data: input.data,
    });
    return [
      id,
      input.merchantId,
      input.environment,
      input.type,
      input.paymentRequestId ?? null,
      input.terminalId ?? null,
      body,
      now,
    ];
  }

  /** Queues the stored event's webhook deliveries and keeps it for the listeners. */
  function stored(input: EmitInput, [id, , , , , , body, now]: EventRow, seq: number) {
    let deliveries = 0;
    if (input.type !== 'REMOTE_PAYMENT_REQUEST' && input.type !== 'TERMINAL_DISPLAY') {
      const tamper = input.tamper ?? null;
      const targets =
        input.subscriptionIds ?? subscribersOf(input.merchantId, input.environment, input.type);
      for (const subscriptionId of targets)
        insertDelivery.run(newId(), subscriptionId, id, input.type, body, now, now, tamper);
      deliveries = targets.length;
    }
    const event: StoredEvent = {
      seq,
      id,
      merchantId: input.merchantId,
      environment: input.environment,
      type: input.type,
      terminalId: input.terminalId ?? null,
      body,
      deliveries,
    };
    pending.push(event);
    return event;
  }

  /** Stores an event; call inside a transaction (see `tx`). Returns the event's id. */
  function emit(input: EmitInput): StoredEvent {
    const row = rowOf(input, clock.now(input.environment));
    return stored(input, row, Number(insertEvent.run(...row).lastInsertRowid));
  }

  /** Stores several events with one statement, in order; otherwise as `emit`. */
  function emitMany(inputs: EmitInput[]): StoredEvent[] {
    if (inputs.length < 2) return inputs.map(emit);
    const rows = inputs.map((input) => rowOf(input, clock.now(input.environment)));
    const info = insertEvents.run(JSON.stringify(rows));
    if (info.changes !== inputs.length) throw new Error('not every event was stored');
    const first = Number(info.lastInsertRowid) - inputs.length + 1;
    return inputs.map((input, i) => stored(input, rows[i]!, first + i));
  }

  /** Runs `fn` in a transaction, then tells listeners of the events it emitted. */
  let depth = 0;
  // Made once: db.transaction() builds a new wrapper each call, which cost more than a savepoint.
  const inTransaction = db.transaction((fn: () => unknown) => fn());
  function tx<T>(fn: () => T): T {
    let result: T;
    const before = pending.length;
    depth++;
    try {
      result = inTransaction(fn) as T;
    } catch (error) {
      // Rolled back (a whole transaction, or a savepoint): its events were never stored.
      pending.length = before;
      throw error;
    } finally {
      depth--;
    }
    if (depth > 0) return result; // the outer transaction notifies once it commits
    const committed = pending;
    pending = [];
    for (const event of committed) for (const listener of listeners) listener(event);
    return result;
  }

  return {
    emit,
    emitMany,
    tx,
    subscribersOf,
    subscriptionsChanged,
    subscribe(listener: (event: StoredEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
