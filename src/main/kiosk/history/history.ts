/**
 * The kiosk's transaction history: SQLite (WAL) in `<dataDir>/kiosk.db`, readable offline.
 * A committed write survives a killed process (WAL with synchronous = NORMAL loses only on an
 * operating-system crash). Status moves are compare-and-set and write their status_changes row
 * in the same transaction, so the payment and its history never disagree.
 */
import Database, { type Connection, type Statement } from '../../../sqlite';
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { PaymentStatus } from '../../../shared/payment-states';
import type { StatusSource } from '../types';
import type { RemoteCreator } from '../../../shared/contract/terminals';
import { decodeCursor, encodeCursor } from './cursor';
import { createStatusMoves } from './status-moves';
import { DEFAULT_SHOP_TIME_ZONE, localDayBounds } from '../../../shared/shop-day';
import { takenPence } from '../../../shared/taken';
import { migrate } from './migrate';
import type {
  ChangeInput,
  KioskPayment,
  NewPayment,
  Page,
  PaidMethod,
  SearchQuery,
  StatusChange,
  Takings,
} from './types';

export const HISTORY_FILE = 'kiosk.db';
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

interface PaymentRow {
  payment_request_id: string;
  origin: 'remote' | 'counter';
  created_by: RemoteCreator | null;
  amount_pence: number;
  currency: string;
  order_id: string | null;
  notes: string | null;
  metadata: string;
  payment_method_restriction: PaidMethod | null;
  payment_url: string | null;
  qr_code_url: string | null;
  qr_code_url_png: string | null;
  template_url: string | null;
  status: PaymentStatus;
  paid_pence: number;
  tip_pence: number;
  paid_method: PaidMethod | null;
  error_description: string | null;
  final: number;
  status_at: number | null;
  completed_at: number | null;
  created_at: number;
  updated_at: number;
  expires_at: number | null;
}

interface ChangeRow {
  id: number;
  payment_request_id: string;
  from_status: PaymentStatus | null;
  to_status: PaymentStatus;
  source: StatusSource;
  occurred_at: number;
  recorded_at: number;
}

function parseMetadata(text: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value))
      return Object.fromEntries(
        Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
  } catch {
    /* a damaged value reads as no metadata rather than breaking the history screen */
  }
  return {};
}

const toPayment = (r: PaymentRow): KioskPayment => ({
  paymentRequestId: r.payment_request_id,
  origin: r.origin,
  createdBy: r.created_by,
  amountPence: r.amount_pence,
  currency: r.currency,
  orderId: r.order_id,
  notes: r.notes,
  metadata: parseMetadata(r.metadata),
  paymentMethodRestriction: r.payment_method_restriction,
  paymentUrl: r.payment_url,
  qrCodeUrl: r.qr_code_url,
  qrCodeUrlPng: r.qr_code_url_png,
  templateUrl: r.template_url,
  status: r.status,
  paidPence: r.paid_pence,
  tipPence: r.tip_pence,
  paidMethod: r.paid_method,
  errorDescription: r.error_description,
  final: r.final === 1,
  statusAt: r.status_at,
  completedAt: r.completed_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  expiresAt: r.expires_at,
});

const toChange = (r: ChangeRow): StatusChange => ({
  id: r.id,
  paymentRequestId: r.payment_request_id,
  from: r.from_status,
  to: r.to_status,
  source: r.source,
  occurredAt: r.occurred_at,
  recordedAt: r.recorded_at,
});

/** `%`, `_` and the escape itself match literally in a LIKE pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function pageSize(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be 1 or more');
  return Math.min(limit, MAX_PAGE_SIZE);
}

export interface History {
  /** Records a payment the kiosk has seen; a known one keeps its status and history. */
  upsertPayment(p: NewPayment): UpsertResult;
  /**
   * Moves a payment from `from` to `to` and records the change, in one transaction. Null when
   * the payment is not (any more) in `from`; the caller (the tracker) decides which moves are valid.
   */
  recordChange(c: ChangeInput): { payment: KioskPayment; change: StatusChange } | null;
  get(paymentRequestId: string): KioskPayment | null;
  /** Every status change of a payment, oldest first, with its time and source. */
  changes(paymentRequestId: string): StatusChange[];
  /** Newest first; pass `nextCursor` back for the next page. */
  page(options?: { limit?: number; cursor?: string | null }): Page;
  /** Filters combine with AND; results are newest first and page like `page`. */
  search(query: SearchQuery): Page;
  /** Completed payments whose completion fell on the local day containing `nowMs`. */
  todaysTakings(nowMs: number, timeZone?: string, currency?: string): Takings;
  /** Payments not yet final, oldest first: what reconciliation must ask the service about. */
  unfinished(): KioskPayment[];
  /** Runs `fn` in one transaction (many writes, one commit). */
  transaction<T>(fn: () => T): T;
  close(): void;
  /** The open database, for benchmarks and diagnostics only. */
  readonly db: Connection;
}

export interface UpsertResult {
  created: boolean;
  payment: KioskPayment;
  /** The first-seen status row, when the payment was created. */
  change: StatusChange | null;
}

/**
 * Opens the history's database (in memory when `dataDir` is null) in WAL mode and migrates it.
 * Customers, card labels, takings and the staff PIN's hash are for this user's eyes only: the
 * folder is narrowed even when it already existed (mkdir's mode applies only on creation), and
 * the file is made 0600 before SQLite opens it; SQLite gives its -wal and -shm files the
 * database file's mode.
 */
function openDatabase(dataDir: string | null): Connection {
  let db: Connection;
  if (dataDir === null) db = new Database(':memory:');
  else {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
    const file = join(dataDir, HISTORY_FILE);
    closeSync(openSync(file, 'a', 0o600));
    chmodSync(file, 0o600);
    db = new Database(file);
  }
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** Newest-first pages of the payments, and searches of them, by keyset on (created_at, id). */
function createPaging(db: Connection) {
  const firstPage = db.prepare<[number], PaymentRow>(
    'SELECT * FROM payments ORDER BY created_at DESC, payment_request_id DESC LIMIT ?',
  );
  const nextPage = db.prepare<[number, string, number], PaymentRow>(`
    SELECT * FROM payments WHERE (created_at, payment_request_id) < (?, ?)
    ORDER BY created_at DESC, payment_request_id DESC LIMIT ?`);
  // Search statements differ only by which filters are present; cache one per shape.
  const searchStatements = new Map<string, Statement<unknown[], PaymentRow>>();

  function pageOf(rows: PaymentRow[], limit: number): Page {
    const items = rows.slice(0, limit).map(toPayment);
    const last = items[items.length - 1];
    return {
      items,
      nextCursor:
        rows.length > limit && last
          ? encodeCursor({ createdAt: last.createdAt, paymentRequestId: last.paymentRequestId })
          : null,
    };
  }

  function page(options: { limit?: number; cursor?: string | null } = {}): Page {
    const limit = pageSize(options.limit);
    const rows = options.cursor
      ? (() => {
          const key = decodeCursor(options.cursor);
          return nextPage.all(key.createdAt, key.paymentRequestId, limit + 1);
        })()
      : firstPage.all(limit + 1);
    return pageOf(rows, limit);
  }

  function search(query: SearchQuery): Page {
    const limit = pageSize(query.limit);
    const { where, args } = searchFilters(query);
    const sql =
      `SELECT * FROM payments ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ` +
      'ORDER BY created_at DESC, payment_request_id DESC LIMIT ?';
    let statement = searchStatements.get(sql);
    if (!statement) {
      statement = db.prepare<unknown[], PaymentRow>(sql);
      searchStatements.set(sql, statement);
    }
    return pageOf(statement.all(...args, limit + 1), limit);
  }

  return { page, search };
}

/** A search's filters as SQL conditions (combined with AND) and their arguments. */
function searchFilters(query: SearchQuery): { where: string[]; args: unknown[] } {
  const where: string[] = [];
  const args: unknown[] = [];
  if (query.amountPence !== undefined) {
    where.push('amount_pence = ?');
    args.push(query.amountPence);
  }
  const orderId = query.orderId?.trim();
  if (orderId) {
    const match = query.orderIdMatch ?? 'contains';
    if (match === 'exact') where.push('order_id = ? COLLATE NOCASE');
    else where.push("order_id LIKE ? ESCAPE '\\'");
    args.push(
      match === 'exact'
        ? orderId
        : match === 'prefix'
          ? `${escapeLike(orderId)}%`
          : `%${escapeLike(orderId)}%`,
    );
  }
  const statuses =
    query.status === undefined ? [] : Array.isArray(query.status) ? query.status : [query.status];
  if (statuses.length) {
    where.push(`status IN (${statuses.map(() => '?').join(', ')})`);
    args.push(...statuses);
  }
  if (query.from !== undefined) {
    where.push('created_at >= ?');
    args.push(query.from);
  }
  if (query.to !== undefined) {
    where.push('created_at < ?');
    args.push(query.to);
  }
  if (query.cursor) {
    const key = decodeCursor(query.cursor);
    where.push('(created_at, payment_request_id) < (?, ?)');
    args.push(key.createdAt, key.paymentRequestId);
  }
  return { where, args };
}

/** `dataDir` null opens an in-memory history (tests). */
export function openHistory(dataDir: string | null, options: { now?: () => number } = {}): History {
  const now = options.now ?? Date.now;
  const db = openDatabase(dataDir);
  const selectPayment = db.prepare<[string], PaymentRow>(
    'SELECT * FROM payments WHERE payment_request_id = ?',
  );
  const insertPayment = db.prepare(`
    INSERT INTO payments (payment_request_id, origin, created_by, amount_pence, currency, order_id,
      notes, metadata, payment_method_restriction, payment_url, qr_code_url, qr_code_url_png,
      template_url, status, final, created_at, updated_at, expires_at)
    VALUES (@id, @origin, @createdBy, @amount, @currency, @orderId, @notes, @metadata, @restriction,
      @paymentUrl, @qrCodeUrl, @qrCodeUrlPng, @templateUrl, @status, @final, @createdAt,
      @updatedAt, @expiresAt)`);
  // A payment seen again (push, then poll) refreshes what it says about itself, never its status.
  const refreshPayment = db.prepare(`
    UPDATE payments SET
      order_id = COALESCE(@orderId, order_id), notes = COALESCE(@notes, notes),
      metadata = COALESCE(@metadata, metadata), created_by = COALESCE(created_by, @createdBy),
      payment_method_restriction = COALESCE(@restriction, payment_method_restriction),
      payment_url = COALESCE(@paymentUrl, payment_url), qr_code_url = COALESCE(@qrCodeUrl, qr_code_url),
      qr_code_url_png = COALESCE(@qrCodeUrlPng, qr_code_url_png),
      template_url = COALESCE(@templateUrl, template_url),
      expires_at = COALESCE(@expiresAt, expires_at), updated_at = @updatedAt
    WHERE payment_request_id = @id`);
  const moves = createStatusMoves<PaymentStatus>(db, {
    rows: 'payments',
    key: 'payment_request_id',
    changes: 'status_changes',
    alsoSet: `paid_pence = COALESCE(@paidPence, paid_pence), tip_pence = COALESCE(@tipPence, tip_pence),
      paid_method = COALESCE(@paidMethod, paid_method),
      error_description = CASE WHEN @to = 'FAILED' THEN @errorDescription ELSE error_description END`,
  });
  const selectChange = db.prepare<[number | bigint], ChangeRow>(
    'SELECT * FROM status_changes WHERE id = ?',
  );
  const selectChanges = db.prepare<[string], ChangeRow>(
    'SELECT * FROM status_changes WHERE payment_request_id = ? ORDER BY id',
  );
  const takings = db.prepare<
    [number, number, string],
    Pick<PaymentRow, 'status' | 'amount_pence' | 'paid_pence' | 'tip_pence'>
    // completed_at is set only on the move to COMPLETED, which nothing moves out of.
  >(`SELECT status, amount_pence, paid_pence, tip_pence FROM payments
     WHERE completed_at >= ? AND completed_at < ? AND currency = ?`);
  const selectUnfinished = db.prepare<[], PaymentRow>(
    'SELECT * FROM payments WHERE final = 0 ORDER BY created_at',
  );
  const read = (paymentRequestId: string) => toPayment(selectPayment.get(paymentRequestId)!);

  const upsertTx = db.transaction((p: NewPayment): UpsertResult => {
    const at = now();
    const values = {
      id: p.paymentRequestId,
      orderId: p.orderId ?? null,
      notes: p.notes ?? null,
      metadata: p.metadata ? JSON.stringify(p.metadata) : null,
      restriction: p.paymentMethodRestriction ?? null,
      paymentUrl: p.paymentUrl ?? null,
      qrCodeUrl: p.qrCodeUrl ?? null,
      qrCodeUrlPng: p.qrCodeUrlPng ?? null,
      templateUrl: p.templateUrl ?? null,
      expiresAt: p.expiresAt ?? null,
      createdBy: p.createdBy ?? null,
      updatedAt: at,
    };
    if (selectPayment.get(p.paymentRequestId)) {
      refreshPayment.run(values);
      return { created: false, payment: read(p.paymentRequestId), change: null };
    }
    if (!Number.isSafeInteger(p.amountPence))
      throw new RangeError('amountPence must be whole pence');
    const status = p.status ?? 'PAYMENT_NOT_INITIATED';
    insertPayment.run({
      ...values,
      origin: p.origin,
      amount: p.amountPence,
      currency: p.currency ?? 'GBP',
      metadata: values.metadata ?? '{}',
      status,
      // A payment first seen already finished still counts as finished.
      final: status === 'COMPLETED' || status === 'CANCELLED' || status === 'EXPIRED' ? 1 : 0,
      createdAt: p.createdAt,
    });
    const changeId = moves.first(p.paymentRequestId, status, p.source ?? 'local', p.createdAt, at);
    return {
      created: true,
      payment: read(p.paymentRequestId),
      change: toChange(selectChange.get(changeId)!),
    };
  });

  const changeTx = db.transaction(
    (c: ChangeInput): { payment: KioskPayment; change: StatusChange } | null => {
      const changeId = moves.move(
        { ...c, id: c.paymentRequestId, statusAt: c.statusAt ?? null },
        {
          paidPence: c.paidPence ?? null,
          tipPence: c.tipPence ?? null,
          paidMethod: c.paidMethod ?? null,
          errorDescription: c.errorDescription ?? null,
        },
      );
      if (changeId === null) return null;
      return { payment: read(c.paymentRequestId), change: toChange(selectChange.get(changeId)!) };
    },
  );

  return {
    upsertPayment: (p) => upsertTx(p),
    recordChange: (c) => changeTx(c),
    get(paymentRequestId) {
      const row = selectPayment.get(paymentRequestId);
      return row ? toPayment(row) : null;
    },
    changes: (paymentRequestId) => selectChanges.all(paymentRequestId).map(toChange),
    ...createPaging(db),
    todaysTakings(nowMs, timeZone = DEFAULT_SHOP_TIME_ZONE, currency = 'GBP') {
      const { start, end } = localDayBounds(nowMs, timeZone);
      const rows = takings.all(start, end, currency);
      // What each took is takenPence's to say, as History and End of day say it.
      return {
        count: rows.length,
        totalPence: rows.reduce(
          (n, r) =>
            n +
            takenPence({
              status: r.status,
              amountPence: r.amount_pence,
              paidPence: r.paid_pence,
              tipPence: r.tip_pence,
            }),
          0,
        ),
        tipsPence: rows.reduce((n, r) => n + r.tip_pence, 0),
      };
    },
    unfinished: () => selectUnfinished.all().map(toPayment),
    transaction: (fn) => db.transaction(fn)(),
    close: () => db.close(),
    db,
  };
}
