/**
 * The payments repository's reader: payment requests, their transactions and baskets, read
 * through read caches and batched misses (docs/benchmarks.md), and the few statements other areas
 * use the payment tables through (refunds: recordRefunded, paidTransaction, lockForRefund).
 */
import type { BasketLine } from '../../../shared/basket';
import { insertionOrder, type Store } from '../../kernel/store/port';
import { createReadCache } from '../../kernel/store/read-cache';
import { createBatcher } from '../../kernel/store/batcher';
import { byCount, chunks, repeated } from '../../kernel/store/by-count';
import {
  statusJson,
  type RequestRow,
  type RequestWithTransactions,
  type TransactionRow,
} from '../model';
import { createShopStatements } from './shops';
import './sandbox-reset';

/** Status reads outnumber changes by far; this many requests stay cached between changes. */
const CACHED_REQUESTS = 5000;

/**
 * A request and its transactions in one statement (createPaymentReader's `withTxsOf`): the
 * columns of RequestRow, then those of TransactionRow for each transaction, as JSON arrays. One
 * statement, not two, is one round trip fewer on PostgreSQL and one read lock fewer on SQLite;
 * arrays, not objects, spare making every column's name a property of every row (the two were
 * most of a cold status read's cost: docs/benchmarks.md).
 */
const REQUEST_COLUMNS = `r.id, r.merchant_id, r.environment, r.store_id, r.terminal_id,
  r.customer_ref, r.order_id, r.amount_pence, r.currency, r.status, r.payment_method,
  r.tip_pence, r.paid_pence, r.refunded_pence, r.line_count, r.allowed_methods, r.options,
  r.notes, r.metadata, r.template, r.error_description, r.expires_at, r.created_at, r.updated_at`;
const TRANSACTION_COLUMNS = `t.id, t.payment_request_id, t.method, t.status, t.amount_pence,
  t.tip_pence, t.error_description, t.bank_name, t.card_brand, t.card_last4, t.card_type,
  t.capture_type, t.settle_at, t.settle_outcome, t.card_id, t.auth_expires_at,
  t.auto_capture_at, t.capture_outcome, t.created_at, t.updated_at, t.tendered_pence`;
/* eslint-disable @typescript-eslint/no-explicit-any -- a row of the statement above, by position */
const requestOf = (c: any[]): RequestRow => ({
  id: c[0],
  merchant_id: c[1],
  environment: c[2],
  store_id: c[3],
  terminal_id: c[4],
  customer_ref: c[5],
  order_id: c[6],
  amount_pence: c[7],
  currency: c[8],
  status: c[9],
  payment_method: c[10],
  tip_pence: c[11],
  paid_pence: c[12],
  refunded_pence: c[13],
  line_count: c[14],
  allowed_methods: c[15],
  options: c[16],
  notes: c[17],
  metadata: c[18],
  template: c[19],
  error_description: c[20],
  expires_at: c[21],
  created_at: c[22],
  updated_at: c[23],
});

const transactionOf = (c: any[]): TransactionRow => ({
  id: c[0],
  payment_request_id: c[1],
  method: c[2],
  status: c[3],
  amount_pence: c[4],
  tip_pence: c[5],
  error_description: c[6],
  bank_name: c[7],
  card_brand: c[8],
  card_last4: c[9],
  card_type: c[10],
  capture_type: c[11],
  settle_at: c[12],
  settle_outcome: c[13],
  card_id: c[14],
  auth_expires_at: c[15],
  auto_capture_at: c[16],
  capture_outcome: c[17],
  created_at: c[18],
  updated_at: c[19],
  tendered_pence: c[20],
});
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * Reads payment requests and their transactions through a read cache (`read-cache.ts`): every
 * write goes through the lifecycle (or the sandbox reset), which calls `invalidate`, and on a
 * shared database the store announces other instances' writes (topic `payment`, keyed by the
 * request's id).
 */
export function createPaymentReader(store: Store) {
  // Requests with their transactions, for `count` ids: a row for each request found, its
  // columns as a JSON array, and its transactions' as a JSON array of arrays, in order (on
  // PostgreSQL NULL without any). Read as columns, the 44 of a request and its transactions, each
  // became a string of its own before the driver's parser turned it into a value: JSON.parse
  // makes the same values in one call, and PostgreSQL's driver also sets up a parser and an
  // object per column for every statement it runs (12 µs for 44 columns, against 0.5 for two;
  // docs/benchmarks.md). The transactions are a subquery run for each request by index: as a
  // join, PostgreSQL's planner, its statistics behind a growing table, read every transaction
  // and hashed them to join a few requests (2.5 ms against 0.2 for 16 of 20,000).
  const [jsonArray, jsonAgg] =
    store.dialect === 'postgres'
      ? ['json_build_array', 'json_agg']
      : ['json_array', 'json_group_array'];
  const withTxsOf = byCount((count) =>
    store.prepareArrays<string[], [string, string | null]>(
      `SELECT ${jsonArray}(${REQUEST_COLUMNS}),
         (SELECT ${jsonAgg}(${jsonArray}(${TRANSACTION_COLUMNS})
                 ORDER BY t.created_at, t.${insertionOrder(store)})
          FROM transactions t WHERE t.payment_request_id = r.id)
       FROM payment_requests r WHERE r.id IN (${repeated(count)})`,
    ),
  );
  /** The requests `withTxsOf` found, by id, each with its transactions in order. */
  async function readWithTxs(ids: string[]): Promise<Map<string, RequestWithTransactions>> {
    const found = new Map<string, RequestWithTransactions>();
    for (const some of chunks([...new Set(ids)]))
      for (const [request, txs] of await withTxsOf(some.length).all(...some)) {
        const row = requestOf(JSON.parse(request));
        const list: unknown[][] = txs === null ? [] : JSON.parse(txs);
        found.set(row.id, { row, txs: list.map(transactionOf) });
      }
    return found;
  }
  // The misses of one turn of the event loop, read by one statement: on PostgreSQL one round
  // trip for all of them, the most of what a miss costs there (docs/benchmarks.md), and one
  // batch at a time, so that under load batches grow rather than multiply. Inside a
  // transaction a read must see that transaction's writes: it reads there and then.
  const readBatched = createBatcher<string, RequestWithTransactions | undefined>(
    async (ids) => {
      const found = await readWithTxs(ids);
      return ids.map((id) => ({ ok: true, value: found.get(id) }));
    },
    { inFlight: 1 },
  );
  // Not an async function: that would wrap the batcher's promise in one more, a few more turns
  // of the microtask queue for every miss.
  const readOne = (id: string): Promise<RequestWithTransactions | undefined> =>
    store.inTransaction ? readWithTxs([id]).then((found) => found.get(id)) : readBatched(id);
  const txsOf = store.prepare<[string], TransactionRow>(
    `SELECT * FROM transactions WHERE payment_request_id = ?
     ORDER BY created_at, ${insertionOrder(store)}`,
  );
  const txById = store.prepare<[string], TransactionRow>('SELECT * FROM transactions WHERE id = ?');
  const linesOf = store.prepare<
    [string],
    { description: string; quantity: number; unit_pence: number }
  >(
    `SELECT description, quantity, unit_pence FROM payment_line_items
     WHERE payment_request_id = ? ORDER BY position`,
  );
  // The refunds area's uses of the payment tables (refunds/lifecycle.ts): the transaction a
  // refund returns, the refunded total, and the row concurrent refunds of a payment queue on.
  const paidTransaction = store.prepare<[string], { id: string }>(`
    SELECT id FROM transactions WHERE payment_request_id = ? AND status = 'COMPLETED'
    ORDER BY created_at DESC, ${insertionOrder(store)} DESC LIMIT 1`);
  const addRefunded = store.prepare(
    'UPDATE payment_requests SET refunded_pence = refunded_pence + ? WHERE id = ?',
  );
  // SQLite has one writer at a time already; its callers run this on PostgreSQL only.
  const lockRequest = store.prepare<[string]>(
    store.dialect === 'sqlite'
      ? 'SELECT 1 WHERE ? IS NOT NULL'
      : 'SELECT 1 FROM payment_requests WHERE id = ? FOR UPDATE',
  );
  const shops = createShopStatements(store);
  const rows = createReadCache<RequestRow>(store, 'payment', { limit: CACHED_REQUESTS });
  const txs = createReadCache<TransactionRow[]>(store, 'payment', { limit: CACHED_REQUESTS });
  const baskets = createReadCache<BasketLine[]>(store, 'payment', { limit: CACHED_REQUESTS });

  /** The request and its transactions from the caches, or both from one statement. */
  async function withTransactions(id: string): Promise<RequestWithTransactions | undefined> {
    const row = rows.get(id);
    const list = txs.get(id);
    if (row && list) return { row, txs: list };
    const rowsAt = rows.mark();
    const txsAt = txs.mark();
    const read = await readOne(id);
    if (!read) return undefined;
    // One admission for the pair: the transactions are kept when the request is.
    if (rows.keepRead(rowsAt, id, read.row)) txs.keepRead(txsAt, id, read.txs, true);
    return read;
  }

  return {
    async get(id: string): Promise<RequestRow | undefined> {
      return rows.get(id) ?? (await withTransactions(id))?.row;
    },
    withTransactions,
    /** The request's status record as JSON (statusJson), memoized only while the row is kept. */
    statusJson: (row: RequestRow, txs: TransactionRow[], lines: readonly BasketLine[]) =>
      statusJson(row, txs, lines, rows.get(row.id) === row),
    /** The cached row, if any, without reading the database. */
    cached: (id: string): RequestRow | undefined => rows.get(id),
    /**
     * A row its creator has just committed (a saved-card charge), so that the card network's
     * settlement and the first status reads need not read it back. Outside a transaction only.
     */
    committed(row: RequestRow) {
      rows.keep(row.id, row);
    },
    async transactions(id: string): Promise<TransactionRow[]> {
      return (await txs.read(id, () => txsOf.all(id)))!;
    },
    transaction: (id: string) => txById.get(id),
    /**
     * The basket the request was created with, in pence and in order; empty without one. A
     * basket never changes once created, so only a sandbox reset (clear) drops the cached copy.
     */
    async lineItems(row: RequestRow): Promise<BasketLine[]> {
      if (!row.line_count) return [];
      const lines = await baskets.read(row.id, async () =>
        (await linesOf.all(row.id)).map((line) => ({
          description: line.description,
          quantity: line.quantity,
          unitPence: line.unit_pence,
        })),
      );
      return lines!;
    },
    /** Call before changing a request or its transactions. */
    invalidate(id: string) {
      rows.changed(id);
      txs.changed(id);
    },
    /** The id of the request's latest COMPLETED transaction, the one a refund returns. */
    paidTransaction: (id: string) => paidTransaction.get(id),
    /** Adds a COMPLETED refund to the request's refunded total; inside the refund's transaction. */
    async recordRefunded(id: string, pence: number) {
      rows.changed(id);
      txs.changed(id);
      await addRefunded.run(pence, id);
    },
    /** The shop as it was when the request was paid (its receipts'), if it was kept. */
    shopAtPayment: shops.shopOf,
    /** The logo that shop showed, if it had one. */
    logoAtPayment: shops.logoOf,
    /** The request's store as its environment sees it now (a receipt's fallback). */
    storeNow: shops.storeNow,
    /** Locks the request's row until the transaction ends (PostgreSQL; SQLite needs none). */
    lockForRefund: (id: string) => lockRequest.get(id),
    clear() {
      rows.changed();
      txs.changed();
      baskets.changed();
    },
  };
}
export type PaymentReader = ReturnType<typeof createPaymentReader>;
