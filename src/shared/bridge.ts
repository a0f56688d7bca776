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
  CaptureType,
} from './contract/common';
import { CardCancelBody, CardCaptureBody, CardChargeBody, SavedCard } from './contract/cards';
import { TerminalCustomer, TerminalLookupQuery } from './contract/customers';

export const BRIDGE_CHANNEL = 'counter:bridge';

const Id = z.uuid({ message: 'must be a payment request id' });
/** The staff PIN: 4 to 8 digits, chosen in the console (docs/kiosk.md). */
const Pin = z.string().regex(/^\d{4,8}$/, 'must be the 4-8 digit staff PIN');
const NewPin = z.string().regex(/^\d{4,8}$/, 'must be 4 to 8 digits');
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
  /** A saved card charged at this counter (card on file): whose, which card, how captured. */
  cardCharge: z
    .object({
      customerId: z.string(),
      customerName: z.string(),
      paymentMethodId: z.string(),
      cardLabel: z.string(),
      captureType: CaptureType,
    })
    .optional(),
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

/**
 * A payment started at the counter while another is on the display. It is not yet a payment
 * request at the service (whose expiry is fixed when it is created): the core creates it when it
 * reaches the display, so the customer gets its whole time to pay (docs/kiosk.md).
 */
export const HeldPayment = z.object({
  id: z.string(),
  amount: z.number(),
  notes: z.string().nullable(),
  paymentMethod: PaymentMethod.nullable(),
  createdAt: z.string(),
  /** Why the service did not take it when its turn came; staff retry or remove it. */
  error: z.string().nullable(),
});
export type HeldPayment = z.infer<typeof HeldPayment>;

/** What startPayment answers: on the display now, or held in line behind `position - 1` others. */
export const StartPaymentResult = z.discriminatedUnion('queued', [
  z.object({ queued: z.literal(false), payment: KioskPayment }),
  z.object({ queued: z.literal(true), held: HeldPayment, position: z.number().int().min(1) }),
]);
export type StartPaymentResult = z.infer<typeof StartPaymentResult>;

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
  /** Payment requests waiting for the display (pushed from the dashboard), next first. */
  queue: z.array(KioskPayment),
  /** Counter payments waiting for the display, after `queue`; created when their turn comes. */
  held: z.array(HeldPayment),
  /** The terminal's largest payment in pounds (the service's `maxAmount`); null when unknown. */
  maxAmount: z.number().nullable(),
  /** The kiosk's locale for dates and numbers (BCP 47, default en-GB). */
  locale: z.string(),
  /** The shop's time zone (IANA, default Europe/London): its calendar day is the shop's day. */
  timeZone: z.string(),
  /** The shop's date now (yyyy-mm-dd in `timeZone`): what "today" means on every screen. */
  today: z.iso.date(),
  takings: Takings,
  /** Full-screen kiosk mode, which staff leave with the PIN (leaveKioskMode). */
  kioskMode: z.boolean(),
  /** Whether the shop has chosen its staff PIN; until then every staff-only command is refused. */
  staffPinSet: z.boolean(),
  /**
   * A tablet on the LAN as the customer display (`--lan`): where it opens and the display code
   * it needs now. The code changes after each use and when it expires.
   */
  lanDisplay: z.object({ url: z.string(), code: z.string(), expiresAt: z.string() }).nullable(),
});
export type KioskState = z.infer<typeof KioskState>;

/**
 * A payment as the customer display shows it, and all a display is ever sent of one: what the
 * customer reads (amount, note, status) and what they scan. No customer, card, order or history.
 */
export const DisplayPayment = KioskPayment.pick({
  paymentRequestId: true,
  amount: true,
  currency: true,
  notes: true,
  status: true,
  tipAmount: true,
  paymentUrl: true,
  qrCodeUrl: true,
  templateUrl: true,
  expiresAt: true,
  final: true,
  receiptUrl: true,
});
export type DisplayPayment = z.infer<typeof DisplayPayment>;

/** Everything the customer display needs; a display on the LAN receives nothing else. */
export const DisplayState = z.object({
  shopName: z.string().nullable(),
  locale: z.string(),
  active: DisplayPayment.nullable(),
  /** Payment requests waiting for the display, next first (as the customer will see them). */
  queue: z.array(DisplayPayment),
});
export type DisplayState = z.infer<typeof DisplayState>;

function displayPayment(p: KioskPayment): DisplayPayment {
  return {
    paymentRequestId: p.paymentRequestId,
    amount: p.amount,
    currency: p.currency,
    notes: p.notes,
    status: p.status,
    tipAmount: p.tipAmount,
    paymentUrl: p.paymentUrl,
    qrCodeUrl: p.qrCodeUrl,
    templateUrl: p.templateUrl,
    expiresAt: p.expiresAt,
    final: p.final,
    ...(p.receiptUrl ? { receiptUrl: p.receiptUrl } : {}),
  };
}

/** The display's share of the kiosk state, field by field (never a copy with fields removed). */
export function displayStateOf(state: KioskState): DisplayState {
  return {
    shopName: state.pairing.paired ? state.pairing.merchantName : null,
    locale: state.locale,
    active: state.active ? displayPayment(state.active) : null,
    queue: state.queue.map(displayPayment),
  };
}

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
  /** What the customer display shows; the one read a display on the LAN may make. */
  z.object({ type: z.literal('getDisplayState') }),
  /** First start: the shop chooses its staff PIN (refused once one is set). */
  z.object({ type: z.literal('chooseStaffPin'), newPin: NewPin }),
  /** Settings: a new staff PIN, behind the current one. */
  z.object({ type: z.literal('changeStaffPin'), pin: Pin, newPin: NewPin }),
  /** The PIN prompt in front of every staff-only screen; the commands behind it check it again. */
  z.object({ type: z.literal('checkStaffPin'), pin: Pin }),
  z.object({
    type: z.literal('pairWithCode'),
    pin: Pin,
    baseUrl: ServiceUrl,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'must be the 6-digit code the dashboard shows'),
    name: z.string().trim().min(1, 'must not be blank').max(50),
  }),
  z.object({
    type: z.literal('configureManually'),
    pin: Pin,
    baseUrl: ServiceUrl,
    secret: z.string().trim().min(10, 'must be the access secret from the dashboard'),
  }),
  z.object({ type: z.literal('unpair'), pin: Pin }),
  z.object({
    type: z.literal('startPayment'),
    amount: PositivePounds,
    notes: z.string().trim().max(30, 'must be at most 30 characters').optional(),
    paymentMethod: PaymentMethod.nullable().optional(),
  }),
  z.object({ type: z.literal('cancelPayment'), paymentRequestId: Id }),
  /** Takes a held counter payment out of the line; nothing was created at the service. */
  z.object({ type: z.literal('removeHeldPayment'), id: z.string().min(1).max(100) }),
  /** Asks the service again for a held payment it refused or could not be reached for. */
  z.object({ type: z.literal('retryHeldPayment'), id: z.string().min(1).max(100) }),
  /** Clears a finished payment from the display before it returns to idle by itself. */
  z.object({ type: z.literal('dismissPayment'), paymentRequestId: Id }),
  z.object({ type: z.literal('listHistory'), query: HistoryQuery }),
  z.object({ type: z.literal('leaveKioskMode'), pin: Pin }),
  z.object({ type: z.literal('enterKioskMode') }),
  z.object({ type: z.literal('getPayment'), paymentRequestId: Id }),
  /** The back office's end-of-day report, behind the staff PIN; without a date, today's. */
  z.object({
    type: z.literal('endOfDayReport'),
    pin: Pin,
    date: z.iso.date({ message: 'must be a date (YYYY-MM-DD)' }).optional(),
  }),
  /** Refund a completed payment: in full without an amount. Staff confirm with the PIN. */
  z.object({
    type: z.literal('refundPayment'),
    paymentRequestId: Id,
    amount: PositivePounds.optional(),
    pin: Pin,
  }),
  /**
   * Print a payment's receipt. The Electron shell prints the console silently to the default
   * printer; elsewhere the answer is `{ printed: false }` and the window uses window.print().
   */
  z.object({ type: z.literal('printReceipt'), paymentRequestId: Id }),
  /**
   * Card on file (docs/kiosk.md): one customer by EXACT email or phone number, with their masked
   * saved cards. The terminal scope allows nothing broader (no list, no fragment search).
   */
  z.object({ type: z.literal('lookupCustomer'), pin: Pin, query: TerminalLookupQuery }),
  /** Charge a saved card of a customer looked up in the last hour; the kiosk sets the order id. */
  z.object({
    type: z.literal('chargeSavedCard'),
    pin: Pin,
    ...CardChargeBody.pick({
      customerId: true,
      paymentMethodId: true,
      captureType: true,
      amount: true,
      notes: true,
    }).shape,
  }),
  /** Capture an AUTHORIZED card-on-file charge: in full without an amount, else a lower amount. */
  z.object({
    type: z.literal('captureCardPayment'),
    pin: Pin,
    paymentRequestId: Id,
    ...CardCaptureBody.shape,
  }),
  /** Release an AUTHORIZED card-on-file charge (cancel the hold), with the reason staff chose. */
  z.object({
    type: z.literal('releaseCardPayment'),
    pin: Pin,
    paymentRequestId: Id,
    reason: CardCancelBody.refine((b) => b.cancelledReasonCode !== undefined, {
      message: 'choose why the hold is released',
      path: ['cancelledReasonCode'],
    }),
  }),
]);
export type BridgeCommand = z.infer<typeof BridgeCommand>;

/**
 * The commands only staff may give: each carries the staff PIN, and the core checks it (one
 * guard, one lockout) before it does anything. `checkStaffPin` is the prompt in front of them.
 */
export const STAFF_COMMANDS = [
  'changeStaffPin',
  'checkStaffPin',
  'pairWithCode',
  'configureManually',
  'unpair',
  'leaveKioskMode',
  'endOfDayReport',
  'refundPayment',
  'lookupCustomer',
  'chargeSavedCard',
  'captureCardPayment',
  'releaseCardPayment',
] as const satisfies readonly BridgeCommand['type'][];
export type StaffCommand = Extract<BridgeCommand, { type: (typeof STAFF_COMMANDS)[number] }>;
export const isStaffCommand = (command: BridgeCommand): command is StaffCommand =>
  (STAFF_COMMANDS as readonly string[]).includes(command.type);

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
/** What lookupCustomer answers: the customer (contact only) and their masked saved cards. */
export const CustomerLookup = z.object({
  customer: TerminalCustomer,
  cards: z.array(SavedCard),
});
export type CustomerLookup = z.infer<typeof CustomerLookup>;

export const PaymentDetail = z.object({
  payment: KioskPayment,
  changes: z.array(StatusChange),
  refunds: z.array(KioskRefund).optional(),
});

/**
 * The shop's day (its local calendar day): takings by method with tips, and each pay-by-bank
 * payment matched to the credit on the bank account or not yet arrived. Kept in the kiosk's
 * history, so it reads offline (`source: 'stored'`, as last fetched).
 */
export const EndOfDayReport = z.object({
  date: z.iso.date(),
  generatedAt: z.string(),
  source: z.enum(['service', 'stored', 'local']),
  takings: z.array(
    z.object({ method: PaymentMethod, count: z.number(), total: z.number(), tips: z.number() }),
  ),
  total: Takings,
  /**
   * The refunds completed on this day (whichever day their payment was taken), from the kiosk's
   * refund history, so offline too; `net` is the day's takings less them. Absent only in reports
   * stored before refunds were counted.
   */
  refunds: z
    .object({
      count: z.number(),
      total: z.number(),
      net: z.number(),
      items: z.array(
        z.object({
          refundId: z.string(),
          paymentRequestId: z.string(),
          orderId: z.string(),
          amount: z.number(),
          completedAt: z.string(),
        }),
      ),
    })
    .optional(),
  payByBank: z.object({
    /** False when the service could not say (offline, never fetched): statuses unknown. */
    reconciled: z.boolean(),
    settlementLinked: z.boolean(),
    matched: z.number(),
    notArrived: z.number(),
    payments: z.array(
      z.object({
        paymentRequestId: z.string(),
        orderId: z.string(),
        amount: z.number(),
        completedAt: z.string(),
        status: z.enum(['MATCHED', 'NOT_ARRIVED', 'UNKNOWN']),
        creditDate: z.string().nullable(),
        creditStatus: z.enum(['BOOKED', 'PENDING']).nullable(),
      }),
    ),
  }),
});
export type EndOfDayReport = z.infer<typeof EndOfDayReport>;

export const BridgeEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), state: KioskState }),
  z.object({ type: z.literal('paymentChanged'), payment: KioskPayment, change: StatusChange }),
  z.object({ type: z.literal('refundChanged'), refund: KioskRefund }),
  /** What the customer display shows changed (sent with every state change). */
  z.object({ type: z.literal('display'), display: DisplayState }),
  /** A LAN display's session ran out: the page reloads and asks for the display code again. */
  z.object({ type: z.literal('displaySessionExpired') }),
]);
export type BridgeEvent = z.infer<typeof BridgeEvent>;

/** What the preload exposes on `window.counter`, and what browser mode provides the same way. */
export interface BridgeApi {
  invoke(command: BridgeCommand): Promise<BridgeReply>;
  subscribe(listener: (event: BridgeEvent) => void): () => void;
}
