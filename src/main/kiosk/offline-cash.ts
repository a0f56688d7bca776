/**
 * Cash at the counter while the payments service cannot be reached (docs/kiosk.md, "When the
 * service is out of reach"): a cash sale, or a cash refund of a cash payment, is kept in History
 * at once under a local id and queued here, in the kiosk's outbox (outbox.ts), with the
 * Idempotency-Key written before it first left. When the service answers again the queue goes in
 * order, each with its own key, so one sent twice (the kiosk restarted mid-send, or the answer
 * was lost) is recorded once, and a refund of an offline sale goes after that sale. The service's
 * id for each is kept beside the local one: a later refund reaches the right payment, and a push
 * event naming the service's ids is read as the kiosk's own record, not as a second one.
 * A refusal (4xx) holds the queue at that item and says so to staff; nothing is dropped.
 */
import type { Connection } from '../../sqlite';
import { ApiClientError, type ApiClient } from '../../client/http-client';
import type { z } from 'zod';
import type { CashPaymentBody } from '../../shared/contract/payments';
import type { RefundCreateBody } from '../../shared/contract/refunds';
import { formatPence } from '../../shared/money';
import { createOutbox, HELD_UNTIL, type OutboxQueue, type OutboxState } from './outbox';
import type { RefundReport } from './refund-tracker';

export type CashSaleBody = z.input<typeof CashPaymentBody>;
export type CashRefundBody = z.input<typeof RefundCreateBody>;

export interface OfflineSale {
  kind: 'CASH_SALE';
  idempotencyKey: string;
  localId: string;
  amountPence: number;
  body: CashSaleBody;
  /**
   * When the customer paid (ISO), sent with the body so the service dates the sale then; kept
   * apart, as the body is exactly what was first sent (absent on items queued before it was).
   */
  takenAt?: string;
}

export interface OfflineRefund {
  kind: 'CASH_REFUND';
  idempotencyKey: string;
  /** The refund's id in History until the service gives its own. */
  localRefundId: string;
  /** The payment's id in History (the local one of a sale taken offline). */
  paymentRequestId: string;
  amountPence: number;
  body: CashRefundBody;
}

export type OfflineItem = OfflineSale | OfflineRefund;

/**
 * This module's own numbered migrations in kiosk.db (recorded in `kiosk_modules` as `offline`,
 * as the shift tables are), so its list and the history's grow independently. Append only.
 */
const offlineMigrations: readonly string[] = [
  // 1: the outbox of work done while the service was out of reach, in the order it was done,
  //    and each offline sale's id in History (a UUID of the kiosk's making, as the bridge takes
  //    payment ids) with the service's id for it once it is recorded there.
  `
  CREATE TABLE offline_outbox (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    item TEXT NOT NULL,
    idempotency_key TEXT NOT NULL UNIQUE,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    next_at INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE offline_ids (
    local_id TEXT PRIMARY KEY,
    payment_request_id TEXT
  );
  `,
  // 2: each cash refund made here (kept in History under an id of the kiosk's making, so one
  //    made while the service was out of reach is one record when it is sent): that id, the
  //    payment's id in History, and the service's refund id once it has recorded it.
  `
  CREATE TABLE offline_refund_ids (
    local_refund_id TEXT PRIMARY KEY,
    payment_request_id TEXT NOT NULL,
    refund_id TEXT UNIQUE
  );
  CREATE INDEX offline_ids_by_service ON offline_ids (payment_request_id);
  `,
];

function migrate(db: Connection) {
  db.exec(
    'CREATE TABLE IF NOT EXISTS kiosk_modules (module TEXT PRIMARY KEY, version INTEGER NOT NULL)',
  );
  const row = db
    .prepare<[string], { version: number }>('SELECT version FROM kiosk_modules WHERE module = ?')
    .get('offline');
  const current = row?.version ?? 0;
  if (current > offlineMigrations.length)
    throw new Error(
      `The kiosk's offline outbox was written by a newer version of Counter (${current}). Upgrade Counter.`,
    );
  offlineMigrations.slice(current).forEach((sql, i) => {
    db.transaction(() => {
      db.exec(sql);
      db.prepare(
        `INSERT INTO kiosk_modules (module, version) VALUES ('offline', ?)
         ON CONFLICT (module) DO UPDATE SET version = excluded.version`,
      ).run(current + i + 1);
    })();
  });
}

/**
 * The service could not be reached or could not take it now: no connection, a timeout, a
 * gateway's or the service's "unavailable". A 4xx is an answer (the sale was refused) and is not.
 */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiClientError && [0, 502, 503, 504].includes(error.status);
}

/** A refusal sending again will not mend (429 is "later", not "no"). */
const isRefusal = (error: unknown) =>
  error instanceof ApiClientError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 429;

interface OutboxRow {
  seq: number;
  item: string;
  attempts: number;
  last_error: string | null;
  next_at: number;
  created_at: number;
}

function statements(db: Connection) {
  return {
    insert: db.prepare<[string, string, number]>(
      'INSERT INTO offline_outbox (item, idempotency_key, created_at) VALUES (?, ?, ?)',
    ),
    next: db.prepare<[], OutboxRow>('SELECT * FROM offline_outbox ORDER BY seq LIMIT 1'),
    waiting: db.prepare<[], { n: number; error: string | null; oldest: number | null }>(
      `SELECT count(*) AS n, min(created_at) AS oldest,
         (SELECT last_error FROM offline_outbox ORDER BY seq LIMIT 1) AS error FROM offline_outbox`,
    ),
    claim: db.prepare<[number, number, number]>(
      'UPDATE offline_outbox SET next_at = ? WHERE seq = ? AND next_at = ?',
    ),
    sent: db.prepare<[number]>('DELETE FROM offline_outbox WHERE seq = ?'),
    failed: db.prepare<[string, number, number]>(
      'UPDATE offline_outbox SET attempts = attempts + 1, last_error = ?, next_at = ? WHERE seq = ?',
    ),
    release: db.prepare<[number]>('UPDATE offline_outbox SET next_at = 0 WHERE next_at = ?'),
    local: db.prepare<[string]>('INSERT INTO offline_ids (local_id) VALUES (?)'),
    remember: db.prepare<[string, string]>(
      'UPDATE offline_ids SET payment_request_id = ? WHERE local_id = ?',
    ),
    serviceId: db.prepare<[string], { payment_request_id: string | null }>(
      'SELECT payment_request_id FROM offline_ids WHERE local_id = ?',
    ),
    localId: db.prepare<[string], { local_id: string }>(
      'SELECT local_id FROM offline_ids WHERE payment_request_id = ?',
    ),
    localRefund: db.prepare<[string, string]>(
      'INSERT OR IGNORE INTO offline_refund_ids (local_refund_id, payment_request_id) VALUES (?, ?)',
    ),
    rememberRefund: db.prepare<[string, string]>(
      'UPDATE offline_refund_ids SET refund_id = ? WHERE local_refund_id = ?',
    ),
    refundByService: db.prepare<[string], { local_refund_id: string }>(
      'SELECT local_refund_id FROM offline_refund_ids WHERE refund_id = ?',
    ),
    refundByLocal: db.prepare<[string], { payment_request_id: string; refund_id: string | null }>(
      'SELECT payment_request_id, refund_id FROM offline_refund_ids WHERE local_refund_id = ?',
    ),
  };
}

export interface OfflineCashOptions {
  db: Connection;
  now(): number;
  client(): ApiClient | null;
  log?(line: string): void;
  onChange?(): void;
}

/**
 * Sends a queued sale dated when it was taken. The service took the first request, whose answer
 * was lost, under this key without the time (409: another body), or the sale waited past the
 * seven days the service dates back: then it goes as first sent, and the service answers with
 * the sale it has (or records it now) rather than the queue holding for ever.
 */
async function recordSale(client: ApiClient, item: OfflineSale) {
  const send = (body: CashSaleBody) =>
    client.call('recordCashPayment', { body, idempotencyKey: item.idempotencyKey });
  if (!item.takenAt) return send(item.body);
  try {
    return await send({ ...item.body, takenAt: item.takenAt });
  } catch (error) {
    const refusedTime =
      error instanceof ApiClientError &&
      (error.status === 409 ||
        (error.status === 400 && JSON.stringify(error.envelope?.errors).includes('"takenAt"')));
    if (!refusedTime) throw error;
    return send(item.body);
  }
}

/** Sends one queued item with its own key, and keeps the service's id for it beside the local. */
function sender(options: OfflineCashOptions, sql: ReturnType<typeof statements>) {
  return async function send(item: OfflineItem) {
    const client = options.client();
    if (!client) throw new Error('This kiosk is not paired: its cash sales wait until it is');
    // The same key every time: one the service already recorded is answered, not repeated.
    if (item.kind === 'CASH_SALE') {
      const recorded = await recordSale(client, item);
      sql.remember.run(recorded.paymentRequestId, item.localId);
      return;
    }
    // A refund of a sale taken offline names the sale as the service knows it, which it does
    // by now: the sale was queued before the refund and went first.
    const local = sql.serviceId.get(item.paymentRequestId);
    const paymentRequestId = local ? local.payment_request_id : item.paymentRequestId;
    if (!paymentRequestId) throw new Error('Its cash sale has not been sent yet');
    const refund = await client.call('createRefund', {
      params: { paymentRequestId },
      body: item.body,
      idempotencyKey: item.idempotencyKey,
    });
    sql.rememberRefund.run(refund.refundId, item.localRefundId);
  };
}

const describe = (item: OfflineItem) =>
  `The cash ${item.kind === 'CASH_SALE' ? 'sale' : 'refund'} of ${formatPence(item.amountPence)}`;

export function createOfflineCash(options: OfflineCashOptions) {
  migrate(options.db);
  const sql = statements(options.db);
  const queue: OutboxQueue<OfflineItem> = {
    next() {
      const row = sql.next.get();
      if (!row) return undefined;
      const item = JSON.parse(row.item) as OfflineItem;
      return { id: row.seq, attempts: row.attempts, nextAt: row.next_at, item };
    },
    claim: (seq, until, nextAt) => sql.claim.run(until, seq, nextAt).changes === 1,
    sent: (seq) => void sql.sent.run(seq),
    failed: (seq, error, nextAt) => void sql.failed.run(error, nextAt, seq),
    waiting() {
      const row = sql.waiting.get()!;
      return { waiting: row.n, lastError: row.error, oldestAt: row.oldest };
    },
  };
  const outbox = createOutbox(queue, {
    now: options.now,
    log: options.log,
    onChange: options.onChange,
    holds: isRefusal,
    // Staff and customers wait on these: tried again within seconds of the service's return.
    retryDelayMs: (attempts) => Math.min(5000, 500 * 2 ** attempts),
    describe,
    send: sender(options, sql),
  });

  async function flush() {
    try {
      await outbox.flush();
    } catch (error) {
      // The database closed under it (the kiosk stopping): the sales wait for the next start.
      options.log?.(`offline cash: ${(error as Error).message}`);
    }
  }

  function enqueue(item: OfflineItem) {
    sql.insert.run(JSON.stringify(item), item.idempotencyKey, options.now());
    options.onChange?.();
  }

  /** The kiosk's own refund a report names by the service's id, or by the local id it carries. */
  function localRefundId(report: RefundReport, paymentRequestId: string): string | null {
    const known = sql.refundByService.get(report.refundId);
    if (known) return known.local_refund_id;
    if (!report.localRefundId) return null;
    // Only a refund queued here, of this same payment, and not yet matched to another.
    const row = sql.refundByLocal.get(report.localRefundId);
    if (!row || row.payment_request_id !== paymentRequestId) return null;
    if (row.refund_id !== null && row.refund_id !== report.refundId) return null;
    return report.localRefundId;
  }

  let timer: NodeJS.Timeout | undefined;
  return {
    /** Looks for due work every `everyMs` while the kiosk runs (one read when nothing waits). */
    start(everyMs = 1000) {
      timer ??= setInterval(() => {
        if (queue.waiting().waiting > 0) void flush();
      }, everyMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
    /** Runs `fn` in one transaction of kiosk.db: an item is queued and kept in History, or neither. */
    atomically<T>(fn: () => T): T {
      return options.db.transaction(fn)();
    },
    /** Keeps a sale to send (written before the caller answers staff). */
    queue(sale: OfflineSale) {
      sql.local.run(sale.localId);
      enqueue(sale);
    },
    /**
     * A cash refund of `paymentRequestId` is about to be asked for under `localRefundId`: from
     * now on the service's news of it (which may come before its answer) is read as that one.
     */
    expectRefund(localRefundId: string, paymentRequestId: string) {
      sql.localRefund.run(localRefundId, paymentRequestId);
    },
    /** The service has recorded the cash refund History keeps as `localRefundId`. */
    refundRecorded(refundId: string, localRefundId: string) {
      sql.rememberRefund.run(refundId, localRefundId);
    },
    /** Keeps a cash refund to send, after everything queued before it (its sale among them). */
    queueRefund(refund: OfflineRefund) {
      sql.localRefund.run(refund.localRefundId, refund.paymentRequestId);
      enqueue(refund);
    },
    /** Sends what is due; never throws (what failed stays waiting, with its reason). */
    flush,
    /** Staff's "Send now": an item held by a refusal is tried again, and everything due goes. */
    async resend() {
      sql.release.run(HELD_UNTIL);
      options.onChange?.();
      await flush();
    },
    state: (): OutboxState => outbox.state(),
    /**
     * The service's id of a payment in History: itself for one made online, the recorded one for
     * an offline sale once sent, null while it is still waiting.
     */
    serviceId(paymentRequestId: string): string | null {
      const row = sql.serviceId.get(paymentRequestId);
      return row ? row.payment_request_id : paymentRequestId;
    },
    /**
     * A report from the service (push, webhook, poll) in the kiosk's own ids: an offline sale's
     * payment id and an offline refund's id are the local ones History keeps them under, so the
     * service's news of them moves the kiosk's record rather than making a second one.
     */
    inLocalIds(report: RefundReport): RefundReport {
      const paymentRequestId =
        sql.localId.get(report.paymentRequestId)?.local_id ?? report.paymentRequestId;
      const refundId = localRefundId(report, paymentRequestId) ?? report.refundId;
      return { ...report, paymentRequestId, refundId };
    },
  };
}
export type OfflineCash = ReturnType<typeof createOfflineCash>;
