/**
 * Payment request rows and their wire shape (the payment-status record). Their SQL is the
 * payments repository's (repo/): the reader, the lifecycle's, the creator's and the list's.
 */
import type { z } from 'zod';
import type { PaymentStatusRecord, PaymentTransaction } from '../../shared/contract/payments';
import type { BasketLine } from '../../shared/basket';
import type { StaffRecord } from '../../shared/contract/staff';
import { lineItemsOfBasket } from '../../shared/contract/line-items';
import { penceToPounds } from '../../shared/money';
import type { PaymentStatus } from '../../shared/payment-states';
import { iso } from '../kernel/clock';
import type { Environment } from '../kernel/caller';

export type Method = 'PAY_BY_BANK' | 'CARD' | 'CASH';

/** Options frozen at creation that only the hosted page and the lifecycle read. */
export interface RequestOptions {
  enableTips: boolean;
  /** A tip the customer chose before the request was made (tipAmount): every attempt pays it. */
  chosenTipPence?: number;
  allowRetry: boolean;
  splitBill: boolean;
  autoRedirect: boolean;
  redirectUrl?: string;
  callbackParams?: Record<string, string>;
  savePaymentMethod: boolean;
  serviceCustomerId?: string;
  consumerDetails?: Record<string, string | undefined>;
  /** Who took it at a kiosk, as recorded (docs/kiosk.md); absent when unknown. */
  staff?: StaffRecord;
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
  /** CASH only: what the customer handed over (migration 33). */
  tendered_pence?: number | null;
  created_at: number;
  updated_at: number;
}

export const optionsOf = (row: RequestRow): RequestOptions => JSON.parse(row.options);
export const allowedMethodsOf = (row: RequestRow): Method[] => JSON.parse(row.allowed_methods);
export const metadataOf = (row: RequestRow): Record<string, string> => JSON.parse(row.metadata);
/** Who took it at a kiosk; read from its options without parsing them when nobody is named. */
export const staffOf = (row: RequestRow): StaffRecord | undefined =>
  row.options.includes('"staff"') ? optionsOf(row).staff : undefined;

/** A payment request with its transactions, oldest first. */
export interface RequestWithTransactions {
  row: RequestRow;
  txs: TransactionRow[];
}

export type { PaymentReader } from './repo/reader';

function transactionRecord(tx: TransactionRow): z.input<typeof PaymentTransaction> {
  const tendered = tenderedOf(tx);
  return {
    transactionId: tx.id,
    paymentMethod: tx.method,
    status: tx.status,
    amount: penceToPounds(tx.amount_pence),
    tipAmount: penceToPounds(tx.tip_pence),
    createdAt: iso(tx.created_at),
    updatedAt: iso(tx.updated_at),
    errorDescription: tx.error_description || undefined,
    bankName: tx.bank_name || undefined,
    cardPaymentDetails:
      tx.method === 'CARD' && tx.card_last4
        ? {
            cardType: tx.card_type ?? 'CREDIT',
            captureType: (tx.capture_type ?? 'AUTO_CAPTURE') as 'AUTO_CAPTURE',
            maskedCardNumber: `**** **** **** ${tx.card_last4}`,
            brand: tx.card_brand || undefined,
          }
        : undefined,
    tenderedPence: tendered ?? undefined,
    changePence: tendered === null ? undefined : changeOf(tx, tendered),
  };
}

/** What a cash sale's customer handed over, in pence; null for other methods. */
export function tenderedOf(tx: Pick<TransactionRow, 'method' | 'tendered_pence'>): number | null {
  if (tx.method !== 'CASH' || tx.tendered_pence == null) return null;
  // Read through JSON on one path and as a column on the other: a number either way.
  return Number(tx.tendered_pence);
}

/** The change a cash sale's customer was given: what they handed over less what they paid. */
export const changeOf = (
  tx: Pick<TransactionRow, 'amount_pence' | 'tip_pence'>,
  tendered: number,
) => tendered - tx.amount_pence - tx.tip_pence;

// The reader hands out the same row and transaction-list objects until a change invalidates them,
// so a record built from that pair, or its JSON, can be handed out again: status reads outnumber
// changes. Only what was asked for is kept: a status read keeps the JSON alone, so that on a
// miss the record it was made from is garbage at once rather than a cached object the
// collector must copy and promote (docs/benchmarks.md).
interface Memo {
  txs: TransactionRow[];
  record?: z.input<typeof PaymentStatusRecord>;
  json?: string;
}
const records = new WeakMap<RequestRow, Memo>();

function memoOf(row: RequestRow, txs: TransactionRow[]): Memo {
  const memo = records.get(row);
  if (memo?.txs === txs) return memo;
  const fresh: Memo = { txs };
  records.set(row, fresh);
  return fresh;
}

/** `lines` is the request's basket (PaymentReader.lineItems), fixed at creation. */
export function statusRecord(
  row: RequestRow,
  txs: TransactionRow[],
  lines: readonly BasketLine[],
): z.input<typeof PaymentStatusRecord> {
  const memo = memoOf(row, txs);
  return (memo.record ??= buildStatusRecord(row, txs, lines));
}

/**
 * The status record as the JSON a status read answers, serialized once per change: a warm
 * status read would otherwise turn the same record into the same text every time.
 */
export function statusJson(
  row: RequestRow,
  txs: TransactionRow[],
  lines: readonly BasketLine[],
  kept = true,
): string {
  // A record read but not kept (its first read) will not be asked for again: not memoized.
  if (!kept) return JSON.stringify(buildStatusRecord(row, txs, lines));
  const memo = memoOf(row, txs);
  return (memo.json ??= JSON.stringify(memo.record ?? buildStatusRecord(row, txs, lines)));
}

// Every record and transaction record has all its fields, an absent one undefined (which JSON
// leaves out): one shape for all, which JSON.stringify serializes about a sixth faster than
// records built with conditional spreads, a shape for each combination (docs/benchmarks.md).
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
    notes: row.notes || undefined,
    metadata: metadataOf(row),
    errorDescription: row.error_description || undefined,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    expiresAt: iso(row.expires_at),
    transactions: txs.map(transactionRecord),
    refundedAmount: penceToPounds(row.refunded_pence ?? 0),
    lineItems: lines.length ? lineItemsOfBasket(lines) : undefined,
    staff: staffOf(row),
  };
}
