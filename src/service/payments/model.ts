/** Payment request rows and their wire shape (the payment-status record). */
import type { z } from 'zod';
import type { PaymentStatusRecord, PaymentTransaction } from '../../shared/contract/payments';
import type { BasketLine } from '../../shared/basket';
import { lineItemsOfBasket } from '../../shared/contract/line-items';
import { penceToPounds } from '../../shared/money';
import type { PaymentStatus } from '../../shared/payment-states';
import { iso } from '../kernel/clock';
import type { Environment } from '../kernel/caller';
import { insertionOrder, type Store } from '../kernel/store/port';
import { createReadCache } from '../kernel/store/read-cache';

export type Method = 'PAY_BY_BANK' | 'CARD';

/** Options frozen at creation that only the hosted page and the lifecycle read. */
export interface RequestOptions {
  enableTips: boolean;
  allowRetry: boolean;
  splitBill: boolean;
  autoRedirect: boolean;
  redirectUrl?: string;
  callbackParams?: Record<string, string>;
  savePaymentMethod: boolean;
  serviceCustomerId?: string;
  consumerDetails?: Record<string, string | undefined>;
}

export interface RequestRow {
  id: string;
  merchant_id: string;
  environment: Environment;
  store_id: string;
  terminal_id: string | null;
  customer_ref: string;
  order_id: string;
  amount_pence: number;
  currency: string;
  status: PaymentStatus;
  payment_method: Method | null;
  tip_pence: number;
  paid_pence: number;
  /** The total of COMPLETED refunds (src/service/refunds). */
  refunded_pence: number;
  /** How many lines its basket has (payment_line_items); 0 for a payment without one. */
  line_count: number;
  allowed_methods: string;
  options: string;
  notes: string | null;
  metadata: string;
  template: string;
  error_description: string | null;
  expires_at: number;
  created_at: number;
  updated_at: number;
}

export interface TransactionRow {
  id: string;
  payment_request_id: string;
  method: Method;
  status: PaymentStatus;
  amount_pence: number;
  tip_pence: number;
  error_description: string | null;
  bank_name: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_type: string | null;
  capture_type: string | null;
  settle_at: number | null;
  settle_outcome: string | null;
  /** Saved-card charges and authorizations (migration 2). */
  card_id: string | null;
  auth_expires_at: number | null;
  auto_capture_at: number | null;
  capture_outcome: string | null;
  created_at: number;
  updated_at: number;
}

export const optionsOf = (row: RequestRow): RequestOptions => JSON.parse(row.options);
export const allowedMethodsOf = (row: RequestRow): Method[] => JSON.parse(row.allowed_methods);
export const metadataOf = (row: RequestRow): Record<string, string> => JSON.parse(row.metadata);

/** Status reads outnumber changes by far; this many requests stay cached between changes. */
const CACHED_REQUESTS = 5000;

/**
 * Reads payment requests and their transactions through a read cache (`read-cache.ts`): every
 * write goes through the lifecycle (or the sandbox reset), which calls `invalidate`, and on a
 * shared database the store announces other instances' writes (topic `payment`, keyed by the
 * request's id).
 */
export function createPaymentReader(store: Store) {
  const byId = store.prepare<[string], RequestRow>('SELECT * FROM payment_requests WHERE id = ?');
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
  const rows = createReadCache<RequestRow>(store, 'payment', { limit: CACHED_REQUESTS });
  const txs = createReadCache<TransactionRow[]>(store, 'payment', { limit: CACHED_REQUESTS });
  const baskets = createReadCache<BasketLine[]>(store, 'payment', { limit: CACHED_REQUESTS });

  return {
    get: (id: string): Promise<RequestRow | undefined> => rows.read(id, () => byId.get(id)),
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
    clear() {
      rows.changed();
      txs.changed();
      baskets.changed();
    },
  };
}
export type PaymentReader = ReturnType<typeof createPaymentReader>;

function transactionRecord(tx: TransactionRow): z.input<typeof PaymentTransaction> {
  return {
    transactionId: tx.id,
    paymentMethod: tx.method,
    status: tx.status,
    amount: penceToPounds(tx.amount_pence),
    tipAmount: penceToPounds(tx.tip_pence),
    createdAt: iso(tx.created_at),
    updatedAt: iso(tx.updated_at),
    ...(tx.error_description ? { errorDescription: tx.error_description } : {}),
    ...(tx.bank_name ? { bankName: tx.bank_name } : {}),
    ...(tx.method === 'CARD' && tx.card_last4
      ? {
          cardPaymentDetails: {
            cardType: tx.card_type ?? 'CREDIT',
            captureType: (tx.capture_type ?? 'AUTO_CAPTURE') as 'AUTO_CAPTURE',
            maskedCardNumber: `**** **** **** ${tx.card_last4}`,
            ...(tx.card_brand ? { brand: tx.card_brand } : {}),
          },
        }
      : {}),
  };
}

// The reader hands out the same row and transaction-list objects until a change invalidates them,
// so a record built from that pair can be handed out again: status reads outnumber changes.
const records = new WeakMap<
  RequestRow,
  { txs: TransactionRow[]; record: z.input<typeof PaymentStatusRecord> }
>();

/** `lines` is the request's basket (PaymentReader.lineItems), fixed at creation. */
export function statusRecord(
  row: RequestRow,
  txs: TransactionRow[],
  lines: readonly BasketLine[],
): z.input<typeof PaymentStatusRecord> {
  const memo = records.get(row);
  if (memo?.txs === txs) return memo.record;
  const record = buildStatusRecord(row, txs, lines);
  records.set(row, { txs, record });
  return record;
}

function buildStatusRecord(
  row: RequestRow,
  txs: TransactionRow[],
  lines: readonly BasketLine[],
): z.input<typeof PaymentStatusRecord> {
  return {
    paymentRequestId: row.id,
    status: row.status,
    amount: penceToPounds(row.amount_pence),
    currency: row.currency,
    tipAmount: penceToPounds(row.tip_pence),
    paidAmount: penceToPounds(row.paid_pence),
    paymentMethod: row.payment_method,
    orderId: row.order_id,
    customerId: row.customer_ref,
    storeId: row.store_id,
    terminalId: row.terminal_id,
    ...(row.notes ? { notes: row.notes } : {}),
    metadata: metadataOf(row),
    ...(row.error_description ? { errorDescription: row.error_description } : {}),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    expiresAt: iso(row.expires_at),
    transactions: txs.map(transactionRecord),
    refundedAmount: penceToPounds(row.refunded_pence ?? 0),
    ...(lines.length ? { lineItems: lineItemsOfBasket(lines) } : {}),
  };
}
