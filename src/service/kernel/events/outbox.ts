/**
 * The event outbox. `emit` runs inside the transaction that made the change it reports: it
 * stores the event and runs the append hooks (`onAppend`) in that same transaction; the webhooks
 * area's hook queues one delivery per matching subscription, so a killed process loses neither.
 * The kernel writes only the events table. Listeners (the webhook dispatcher, terminal push, the
 * dashboard's stream) hear of events only after the transaction commits.
 *
 * With several instances on one database, listeners hear of every instance's events: the events
 * table's triggers (PostgreSQL migration 0016) signal the `counter_events` channel when an event's
 * transaction commits, and each instance's feed then reads the events after the last one it
 * read, by seq. The signal is only a wake-up (a NOTIFY is lost while a listener is disconnected;
 * the feed also looks every second). Transactions that store events take turns from their first
 * event to their commit (the trigger takes a transaction-level advisory lock before the row gets
 * its seq), so seq order is commit order: a reader that has seen seq N can never later find a new
 * event below N. Being triggers, neither costs a round trip, and no writer can skip them.
 */
import type { z } from 'zod';
import type { EventData, WebhookEvent, WebhookTamper } from '../../../shared/contract/webhooks';
import type { Environment } from '../caller';
import type { Clock } from '../clock';
import { iso } from '../clock';
import type { Store } from '../store/port';
import { newId } from '../ids';
import { registerSandboxReset } from '../sandbox-reset';

/** Events for one terminal's push stream only: never a webhook. */
const TERMINAL_ONLY = [
  'REMOTE_PAYMENT_REQUEST',
  'TERMINAL_DISPLAY',
  'TERMINAL_PROFILE',
  'TERMINAL_SETTINGS',
  'TERMINAL_ACTION',
  'TERMINAL_STAFF',
] as const;
const terminalOnly = (type: string) => (TERMINAL_ONLY as readonly string[]).includes(type);

export type EventType = z.infer<typeof WebhookEvent>['type'] | (typeof TERMINAL_ONLY)[number];

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

/** An event just stored, as the append hooks see it (inside its transaction). */
export interface AppendedEvent {
  id: string;
  input: EmitInput;
  /** The webhook envelope. */
  body: string;
  createdAt: number;
}

/**
 * Runs in the transaction that stores an event meant for webhooks (not a terminal-only one);
 * answers how many webhook deliveries it queued (the dispatcher need not look when none).
 */
export type AppendHook = (event: AppendedEvent) => Promise<number>;

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

export function createOutbox(store: Store, clock: Clock) {
  const insertEvent = store.prepare<EventRow, { seq: number }>(`
    INSERT INTO events (id, merchant_id, environment, type, payment_request_id, terminal_id, body, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq`);
  // Many events in one statement (the card network's answers at one tick): rows are inserted in
  // the array's order, so their seq numbers ascend in that order.
  const insertEvents = store.prepare<[string], { seq: number }>(
    store.dialect === 'sqlite'
      ? `INSERT INTO events (id, merchant_id, environment, type, payment_request_id, terminal_id, body, created_at)
    SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6,
      value ->> 7
    FROM json_each(?) ORDER BY key RETURNING seq`
      : `INSERT INTO events (id, merchant_id, environment, type, payment_request_id, terminal_id, body, created_at)
    SELECT e ->> 0, e ->> 1, e ->> 2, e ->> 3, e ->> 4, e ->> 5, e ->> 6, (e ->> 7)::bigint
    FROM jsonb_array_elements(?::jsonb) WITH ORDINALITY AS t(e, n) ORDER BY n RETURNING seq`,
  );
  const listeners = new Set<(event: StoredEvent) => void>();
  const shared = !store.soleWriter;

  const hooks: AppendHook[] = [];

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

  /** Runs the append hooks on the stored event and keeps it for the listeners. */
  async function stored(input: EmitInput, [id, , , , , , body, now]: EventRow, seq: number) {
    let deliveries = 0;
    if (!terminalOnly(input.type))
      for (const hook of hooks) deliveries += await hook({ id, input, body, createdAt: now });
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
    // On a shared database the events table's trigger signals CHANNEL when this commits, and
    // every instance's feed reads the event from the table.
    if (!shared)
      store.onCommit(() => {
        for (const listener of listeners) listener(event);
      });
    return event;
  }

  /**
   * Stores an event inside the transaction that made the change it reports; listeners hear of it
   * once that transaction commits.
   */
  async function emit(input: EmitInput): Promise<StoredEvent> {
    const row = rowOf(input, clock.now(input.environment, input.merchantId));
    const { seq } = (await insertEvent.get(...row))!;
    return stored(input, row, seq);
  }

  /** Stores several events with one statement, in order; otherwise as `emit`. */
  async function emitMany(inputs: EmitInput[]): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    if (inputs.length < 2) {
      for (const input of inputs) events.push(await emit(input));
      return events;
    }
    const rows = inputs.map((input) =>
      rowOf(input, clock.now(input.environment, input.merchantId)),
    );
    const seqs = (await insertEvents.all(JSON.stringify(rows))).map((r) => r.seq);
    if (seqs.length !== inputs.length) throw new Error('not every event was stored');
    seqs.sort((a, b) => a - b);
    for (const [i, input] of inputs.entries()) events.push(await stored(input, rows[i]!, seqs[i]!));
    return events;
  }

  /** Runs `work` in a transaction; listeners hear of the events it emitted once it commits. */
  const tx = <T>(work: () => Promise<T>): Promise<T> => store.tx(work);

  const feed = shared ? createFeed(store, (event) => listeners.forEach((l) => l(event))) : null;

  return {
    emit,
    emitMany,
    tx,
    /**
     * Adds a hook run in the transaction of every event stored for webhooks, before it commits
     * (the webhooks area queues its deliveries so).
     */
    onAppend(hook: AppendHook) {
      hooks.push(hook);
    },
    subscribe(listener: (event: StoredEvent) => void) {
      listeners.add(listener);
      feed?.start();
      return () => listeners.delete(listener);
    },
    /** Stops reading other instances' events. */
    stop: async () => feed?.stop(),
  };
}
export type Outbox = ReturnType<typeof createOutbox>;

const CHANNEL = 'counter_events';
/** How often the feed looks without a signal (a signal can be lost). */
const FEED_POLL_MS = 1_000;

/** Every instance's events, in seq order, from the database (see the header). */
function createFeed(store: Store, deliver: (event: StoredEvent) => void) {
  const newest = store.prepare<[], { seq: number | null }>('SELECT max(seq) AS seq FROM events');
  const after = store.prepare<
    [number],
    {
      seq: number;
      id: string;
      merchant_id: string;
      environment: Environment;
      type: EventType;
      terminal_id: string | null;
      body: string;
    }
  >(
    `SELECT seq, id, merchant_id, environment, type, terminal_id, body FROM events
     WHERE seq > ? ORDER BY seq LIMIT 500`,
  );
  let cursor: number | null = null;
  let started: Promise<void> | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let timer: NodeJS.Timeout | undefined;
  let reading: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function read(): Promise<void> {
    for (;;) {
      again = false;
      if (cursor === null) cursor = (await newest.get())?.seq ?? 0;
      const rows = await after.all(cursor);
      for (const row of rows) {
        cursor = row.seq;
        deliver({
          seq: row.seq,
          id: row.id,
          merchantId: row.merchant_id,
          environment: row.environment,
          type: row.type,
          terminalId: row.terminal_id,
          body: row.body,
          // Unknown here: the dispatcher looks (deliveries are claimed, so one instance sends).
          deliveries: terminalOnly(row.type) ? 0 : 1,
        });
      }
      if (rows.length < 500 && !again) return;
    }
  }
  function wake(): void {
    if (stopped) return;
    if (reading) {
      again = true;
      return;
    }
    reading = read()
      .catch(() => {}) // the next signal or poll reads again
      .finally(() => (reading = null));
  }
  return {
    start() {
      started ??= (async () => {
        cursor = (await newest.get())?.seq ?? 0;
        unlisten = await store.listen(CHANNEL, wake);
        timer = setInterval(wake, FEED_POLL_MS);
        timer.unref();
      })().catch(() => {
        started = null; // tried again by the next subscriber
      });
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await started;
      await unlisten?.();
      await reading;
    },
  };
}

/** A sandbox reset clears the merchant's sandbox events. */
registerSandboxReset({
  area: 'events',
  prepare(store) {
    const clear = store.prepare(
      `DELETE FROM events WHERE merchant_id = ? AND environment = 'sandbox'`,
    );
    return async (merchantId) => void (await clear.run(merchantId));
  },
});
