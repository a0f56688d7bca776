/**
 * The kiosk bridge: the one typed set of commands and events between the kiosk core (main
 * process) and its windows (staff console, customer display). Electron IPC (through the preload)
 * and browser mode's WebSocket carry exactly these messages, and both ends parse them.
 */
import { z } from 'zod';
import {
  PaymentMethod,
  PaymentStatus,
  PositivePounds,
  Environment,
  RefundStatus,
  RefundType,
} from './contract/common';

export const BRIDGE_CHANNEL = 'counter:bridge';

const Id = z.uuid({ message: 'must be a payment request id' });
const ServiceUrl = z
  .url('must be the payments service address, e.g. http://127.0.0.1:4010')
  .refine((u) => /^https?:\/\//.test(u), 'must start with http:// or https://');

/** A payment as the kiosk knows it (amounts in pounds, as on the wire). */
export const KioskPayment = z.object({
  paymentRequestId: z.string(),
  origin: z.enum(['remote', 'counter']),
  amount: z.number(),
  currency: z.string(),
  orderId: z.string(),
  notes: z.string().nullable(),
  status: PaymentStatus,
  paidAmount: z.number(),
  tipAmount: z.number(),
  paymentMethod: PaymentMethod.nullable(),
  errorDescription: z.string().nullable(),
  paymentUrl: z.string(),
  qrCodeUrl: z.string(),
  qrCodeUrlPng: z.string(),
  templateUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  final: z.boolean(),
  /** The payment's COMPLETED refunds, in pounds (docs/refunds.md). */
  refundedAmount: z.number().optional(),
  /** The hosted receipt page the customer display offers once paid. */
  receiptUrl: z.string().optional(),
});
export type KioskPayment = z.infer<typeof KioskPayment>;

/** A refund of a payment as the kiosk knows it, with every status change it heard of. */
export const KioskRefund = z.object({
  refundId: z.string(),
  paymentRequestId: z.string(),
  amount: z.number(),
  currency: z.string(),
  refundType: RefundType,
  status: RefundStatus,
  final: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  changes: z.array(
    z.object({
      from: RefundStatus.nullable(),
      to: RefundStatus,
      source: z.enum(['push', 'webhook', 'poll', 'local']),
      occurredAt: z.string(),
      recordedAt: z.string(),
    }),
  ),
});
export type KioskRefund = z.infer<typeof KioskRefund>;

export const StatusChange = z.object({
  from: PaymentStatus.nullable(),
  to: PaymentStatus,
  source: z.enum(['push', 'webhook', 'poll', 'local']),
  occurredAt: z.string(),
  recordedAt: z.string(),
});
export type StatusChange = z.infer<typeof StatusChange>;

/** Today's takings; `total` is net of the refunds completed today (`refunded`). */
export const Takings = z.object({
  count: z.number(),
  total: z.number(),
  tips: z.number(),
  refunded: z.number().optional(),
});

export const ConnectionState = z.enum(['connecting', 'connected', 'reconnecting', 'offline']);

export const KioskState = z.object({
  pairing: z.discriminatedUnion('paired', [
    z.object({ paired: z.literal(false) }),
    z.object({
      paired: z.literal(true),
      environment: Environment,
      kind: z.enum(['terminal', 'merchant']),
      baseUrl: z.string(),
      terminalName: z.string().nullable(),
      merchantName: z.string().nullable(),
    }),
  ]),
  /** The push channel's state; `offline` also when the service cannot be reached at all. */
  connection: ConnectionState,
  online: z.boolean(),
  active: KioskPayment.nullable(),
  queue: z.array(KioskPayment),
  takings: Takings,
  /** Full-screen kiosk mode, which staff leave with the PIN (leaveKioskMode). */
  kioskMode: z.boolean(),
});
export type KioskState = z.infer<typeof KioskState>;

const HistoryQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(200).default(50),
  amount: PositivePounds.optional(),
  orderId: z.string().trim().max(50).optional(),
  status: PaymentStatus.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export const BridgeCommand = z.discriminatedUnion('type', [
  z.object({ type: z.literal('getState') }),
  z.object({
    type: z.literal('pairWithCode'),
    baseUrl: ServiceUrl,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'must be the 6-digit code the dashboard shows'),
    name: z.string().trim().min(1, 'must not be blank').max(50),
  }),
  z.object({
    type: z.literal('configureManually'),
    baseUrl: ServiceUrl,
    secret: z.string().trim().min(10, 'must be the access secret from the dashboard'),
  }),
  z.object({ type: z.literal('unpair') }),
  z.object({
    type: z.literal('startPayment'),
    amount: PositivePounds,
    notes: z.string().trim().max(30, 'must be at most 30 characters').optional(),
    paymentMethod: PaymentMethod.nullable().optional(),
  }),
  z.object({ type: z.literal('cancelPayment'), paymentRequestId: Id }),
  /** Clears a finished payment from the display before it returns to idle by itself. */
  z.object({ type: z.literal('dismissPayment'), paymentRequestId: Id }),
  z.object({ type: z.literal('listHistory'), query: HistoryQuery }),
  z.object({
    type: z.literal('leaveKioskMode'),
    pin: z.string().regex(/^\d{4,8}$/, 'must be the 4-8 digit staff PIN'),
  }),
  z.object({ type: z.literal('enterKioskMode') }),
  z.object({ type: z.literal('getPayment'), paymentRequestId: Id }),
  /** Refund a completed payment: in full without an amount. Staff confirm with the PIN. */
  z.object({
    type: z.literal('refundPayment'),
    paymentRequestId: Id,
    amount: PositivePounds.optional(),
    pin: z.string().regex(/^\d{4,8}$/, 'must be the 4-8 digit staff PIN'),
  }),
  /**
   * Print a payment's receipt. The Electron shell prints the console silently to the default
   * printer; elsewhere the answer is `{ printed: false }` and the window uses window.print().
   */
  z.object({ type: z.literal('printReceipt'), paymentRequestId: Id }),
]);
export type BridgeCommand = z.infer<typeof BridgeCommand>;

/** Every command answers either a result or an error with a message meant for staff. */
export const BridgeReply = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({
    ok: z.literal(false),
    error: z.object({ message: z.string(), field: z.string().optional() }),
  }),
]);
export type BridgeReply = z.infer<typeof BridgeReply>;

export const HistoryPage = z.object({
  payments: z.array(KioskPayment),
  nextCursor: z.string().nullable(),
});
export const PaymentDetail = z.object({
  payment: KioskPayment,
  changes: z.array(StatusChange),
  refunds: z.array(KioskRefund).optional(),
});

export const BridgeEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), state: KioskState }),
  z.object({ type: z.literal('paymentChanged'), payment: KioskPayment, change: StatusChange }),
  z.object({ type: z.literal('refundChanged'), refund: KioskRefund }),
]);
export type BridgeEvent = z.infer<typeof BridgeEvent>;

/** What the preload exposes on `window.counter`, and what browser mode provides the same way. */
export interface BridgeApi {
  invoke(command: BridgeCommand): Promise<BridgeReply>;
  subscribe(listener: (event: BridgeEvent) => void): () => void;
}
