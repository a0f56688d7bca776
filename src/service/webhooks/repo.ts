/**
 * The webhooks area's SQL: its subscriptions, their deliveries and the attempt log. The
 * subscription store (store.ts) and the dispatcher (dispatcher.ts) hold none of their own; each
 * statement is prepared once, when its owner is made.
 */
import type { Environment } from '../kernel/caller';
import { sweepQuery } from '../kernel/sweep';
import { insertionOrder, type Store } from '../kernel/store/port';
import type { WebhookTamper } from '../../shared/contract/webhooks';
import type { AttemptRow, DeliveryRow, SubscriptionRow } from './store';

export interface DueRow {
  id: string;
  event_id: string;
  body: string;
  attempts: number;
  url: string;
  secret: string;
  deleted_at: number | null;
  environment: Environment;
  merchant_id: string;
  next_attempt_at: number;
  tamper: WebhookTamper | null;
}

/** The receiver's answer or why there was none. */
export type Outcome =
  | { ok: true; status: number }
  /** `code`: the socket error's code, for the operator's log only. */
  | { ok: false; status: number | null; error: string; code?: string };

/** One attempt as the log keeps it: its number (1 = the first), when it was sent, how long. */
export interface AttemptFacts {
  number: number;
  at: number;
  durationMs: number;
}

/** The outbox's fan-out (fan-out.ts): live subscriptions, and a delivery per event. */
export function createFanOutQueries(store: Store) {
  const liveSubscriptions = store.prepare<[string, string], { id: string; event_types: string }>(`
    SELECT id, event_types FROM webhook_subscriptions
    WHERE merchant_id = ? AND environment = ? AND deleted_at IS NULL
    ORDER BY created_at, id`);
  const insertDelivery = store.prepare(`
    INSERT INTO webhook_deliveries (id, subscription_id, event_id, event_type, body, status, next_attempt_at, created_at, tamper)
    VALUES (?, ?, ?, ?, ?, 'PENDING', ?, ?, ?)`);
  return { liveSubscriptions, insertDelivery };
}

/** The subscription store's statements (store.ts). */
export function createSubscriptionQueries(store: Store) {
  const insert = store.prepare(`
    INSERT INTO webhook_subscriptions (id, merchant_id, environment, url, event_types, secret, description, created_at)
    VALUES (@id, @merchantId, @environment, @url, @eventTypes, @secret, @description, @createdAt)`);
  const byId = store.prepare<[string], SubscriptionRow>(
    'SELECT * FROM webhook_subscriptions WHERE id = ?',
  );
  const live = store.prepare<[string, string], SubscriptionRow>(`
    SELECT * FROM webhook_subscriptions
    WHERE merchant_id = ? AND environment = ? AND deleted_at IS NULL
    ORDER BY created_at, id`);
  const softDelete = store.prepare(
    'UPDATE webhook_subscriptions SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL',
  );
  // A deleted endpoint gets nothing more; its queued deliveries end here, not in the dispatcher.
  const failPending = store.prepare(`
    UPDATE webhook_deliveries SET status = 'FAILED', last_error = 'subscription deleted', next_attempt_at = NULL
    WHERE subscription_id = ? AND status = 'PENDING'`);
  const log = store.prepare<[string, number], DeliveryRow>(`
    SELECT * FROM webhook_deliveries WHERE subscription_id = ?
    ORDER BY created_at DESC, ${insertionOrder(store)} DESC LIMIT ?`);
  const attemptsOf = store.prepare<[string], AttemptRow>(`
    SELECT * FROM webhook_delivery_attempts
    WHERE delivery_id IN (${store.dialect === 'sqlite' ? 'SELECT value FROM json_each(?)' : 'SELECT jsonb_array_elements_text(?::jsonb)'})
    ORDER BY delivery_id, attempt`);
  const delivery = store.prepare<[string, string], DeliveryRow>(
    'SELECT * FROM webhook_deliveries WHERE id = ? AND subscription_id = ?',
  );
  const insertDelivery = store.prepare(`
    INSERT INTO webhook_deliveries (id, subscription_id, event_id, event_type, body, status, next_attempt_at, created_at)
    VALUES (?, ?, ?, ?, ?, 'PENDING', ?, ?)`);

  return { insert, byId, live, softDelete, failPending, log, attemptsOf, delivery, insertDelivery };
}

/** The dispatcher's statements (dispatcher.ts): due rows, claims, outcomes and the attempt log. */
export function createDeliveryQueries(store: Store) {
  // In-flight rows are still PENDING and due, so the SELECT asks for enough rows to skip them.
  // Once per pass of clock.sweeps(), with that pass's now.
  const due = sweepQuery<[number, Environment, number, number], DueRow>(
    store,
    (only) => `
    SELECT d.id, d.event_id, d.body, d.attempts, s.url, s.secret, s.deleted_at, s.environment,
      s.merchant_id, d.next_attempt_at, d.tamper
    FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.subscription_id
    WHERE d.status = 'PENDING' AND d.next_attempt_at <= ? AND s.environment = ?
      ${only('s.merchant_id')} AND (d.claimed_until IS NULL OR d.claimed_until <= ?)
    ORDER BY d.next_attempt_at
    LIMIT ?`,
  );
  // A sender takes a delivery before sending it: only one claim of a due row succeeds, on this
  // instance or any other on the database. Real time, not an environment's clock: the claim is
  // about this process being alive, and the sandbox clock can jump.
  const claim = store.prepare<[number, string, number]>(`
    UPDATE webhook_deliveries SET claimed_until = ?
    WHERE id = ? AND status = 'PENDING' AND (claimed_until IS NULL OR claimed_until <= ?)`);
  const unclaim = store.prepare<[string]>(
    'UPDATE webhook_deliveries SET claimed_until = NULL WHERE id = ?',
  );
  // Compare-and-set on status: a delivery failed meanwhile (subscription deleted) stays failed.
  const delivered = store.prepare(`
    UPDATE webhook_deliveries
    SET status = 'DELIVERED', attempts = attempts + 1, delivered_at = ?, last_status_code = ?,
        last_error = NULL, next_attempt_at = NULL, claimed_until = NULL
    WHERE id = ? AND status = 'PENDING'`);
  const failed = store.prepare(`
    UPDATE webhook_deliveries
    SET status = @status, attempts = attempts + 1, last_status_code = @code, last_error = @error,
        next_attempt_at = @next, claimed_until = NULL
    WHERE id = @id AND status = 'PENDING'`);
  // The attempt log: one row per attempt, written with the outcome it records.
  const logAttempt = store.prepare<[string, number, number, number | null, string | null, number]>(`
    INSERT INTO webhook_delivery_attempts (delivery_id, attempt, at, status_code, error, duration_ms)
    VALUES (?, ?, ?, ?, ?, ?)`);
  const recordDelivered = (row: DueRow, attempt: AttemptFacts, now: number, status: number) =>
    store.tx(async () => {
      await delivered.run(now, status, row.id);
      await logAttempt.run(row.id, attempt.number, attempt.at, status, null, attempt.durationMs);
    });
  const recordFailed = (
    row: DueRow,
    attempt: AttemptFacts,
    update: Record<string, unknown>,
    outcome: Outcome,
  ) =>
    store.tx(async () => {
      await failed.run(update);
      await logAttempt.run(
        row.id,
        attempt.number,
        attempt.at,
        outcome.status,
        outcome.ok ? null : outcome.error,
        attempt.durationMs,
      );
    });
  const orphaned = store.prepare(`
    UPDATE webhook_deliveries SET status = 'FAILED', last_error = 'subscription deleted', next_attempt_at = NULL
    WHERE id = ? AND status = 'PENDING'`);

  return { due, claim, unclaim, recordDelivered, recordFailed, orphaned };
}

/** What a sandbox reset deletes of the merchant's: subscriptions, deliveries, attempts (fan-out.ts). */
export function sandboxResetStatements(store: Store) {
  const statements = [
    `DELETE FROM webhook_delivery_attempts WHERE delivery_id IN (SELECT d.id FROM webhook_deliveries d
       JOIN webhook_subscriptions s ON s.id = d.subscription_id
       WHERE s.merchant_id = ? AND s.environment = 'sandbox')`,
    `DELETE FROM webhook_deliveries WHERE subscription_id IN
       (SELECT id FROM webhook_subscriptions WHERE merchant_id = ? AND environment = 'sandbox')`,
    `DELETE FROM webhook_subscriptions WHERE merchant_id = ? AND environment = 'sandbox'`,
  ].map((sql) => store.prepare(sql));
  return async (merchantId: string) => {
    for (const statement of statements) await statement.run(merchantId);
  };
}

/** A delivery of a payment's event, with the endpoint it went to. */
export type PaymentDeliveryRow = DeliveryRow & { url: string };

/** The webhooks a payment's events were sent as (payment-deliveries.ts), by index (0029). */
export function createPaymentDeliveryQueries(store: Store) {
  // Every area's view of a payment is scoped to its merchant and environment: another's id reads
  // as one that does not exist.
  const payment = store.prepare<[string, string, string], { id: string }>(
    `SELECT id FROM payment_requests WHERE id = ? AND merchant_id = ? AND environment = ?`,
  );
  // Deliveries to an endpoint deleted since are kept: they were sent.
  const deliveries = store.prepare<[string, string, string, number], PaymentDeliveryRow>(`
    SELECT d.*, s.url FROM events e
      JOIN webhook_deliveries d ON d.event_id = e.id
      JOIN webhook_subscriptions s ON s.id = d.subscription_id
     WHERE e.payment_request_id = ? AND e.merchant_id = ? AND e.environment = ?
       AND s.merchant_id = e.merchant_id AND s.environment = e.environment
     ORDER BY e.seq, d.created_at, d.id LIMIT ?`);
  return { payment, deliveries };
}
