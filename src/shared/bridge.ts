/**
 * The kiosk bridge: the one typed set of commands and events between the kiosk core (main
 * process) and its windows (staff console, customer display). Electron IPC (through the preload)
 * and browser mode's WebSocket carry exactly these messages, and both ends parse them.
 */
import { z } from 'zod';
import {
  PaymentMethod,
  PaymentStatus,
  Environment,
  RefundStatus,
  RefundType,
  CaptureType,
  safeText,
} from './contract/common';
import { CardCancelBody, CardChargeBody, SavedCard } from './contract/cards';
import { TerminalCustomer, TerminalLookupQuery } from './contract/customers';
import { formatPence, MAX_PENCE } from './money';
import {
  basketWithinMax,
  MAX_BASKET_LINES,
  MAX_LINE_DESCRIPTION,
  MAX_LINE_QUANTITY,
} from './basket';

export const BRIDGE_CHANNEL = 'counter:bridge';

const Id = z.uuid({ message: 'must be a payment request id' });
/** The staff PIN: 4 to 8 digits, chosen in the console (docs/kiosk.md). */
const Pin = z.string().regex(/^\d{4,8}$/, 'must be the 4-8 digit staff PIN');
const NewPin = z.string().regex(/^\d{4,8}$/, 'must be 4 to 8 digits');
/**
 * An amount a window sends the core: integer pence, as the keypad holds it. The core turns it
 * into the service's decimal pounds once, where it calls the service.
 */
const PositivePence = z
  .number({ message: 'must be an amount in pence' })
  .int('must be a whole number of pence')
  .positive('must be greater than 0')
  .max(MAX_PENCE, `is too large: the largest amount is ${formatPence(MAX_PENCE)}`);
/** A card-on-file charge or capture: the service takes at least £1.00 (`CardChargeBody`). */
const CardPence = PositivePence.min(100, `must be at least ${formatPence(100)}`);
/**
 * An amount the core answers a window with: integer pence, as the kiosk keeps it. Windows format
 * it for display (`formatPence`); only the core's calls to the service speak pounds.
 */
const Pence = z.number().int();
const ServiceUrl = z
  .url('must be the payments service address, e.g. http://127.0.0.1:4010')
  .refine((u) => /^https?:\/\//.test(u), 'must start with http:// or https://');

/**
 * One line of a basket (shared/basket.ts): what the customer is paying for, its price in pence
 * like every amount the bridge carries.
 */
export const BasketLine = z.object({
  description: z
    .string({ message: 'must be a description' })
    .trim()
    .min(1, 'must not be blank')
    .max(MAX_LINE_DESCRIPTION, `must be at most ${MAX_LINE_DESCRIPTION} characters`),
  quantity: z
    .number({ message: 'must be a quantity' })
    .int('must be a whole number')
    .positive('must be at least 1')
    .max(MAX_LINE_QUANTITY, `must be at most ${MAX_LINE_QUANTITY}`),
  unitPence: z
    .number({ message: 'must be a price in pence' })
    .int('must be a whole number of pence')
    .min(0, 'must not be negative')
    .max(MAX_PENCE, `is too large: the largest amount is ${formatPence(MAX_PENCE)}`),
});
export type BasketLine = z.infer<typeof BasketLine>;
/**
 * A line as a window sends it: its description also through the contract's safe-text rule
 * (no control, bidirectional or invisible characters), as the service checks the lines it is
 * sent. Only what comes in is checked: lines already kept are read back as they are.
 */
const BasketLineInput = BasketLine.extend({
  description: safeText({ message: 'must be a description' })
    .trim()
    .min(1, 'must not be blank')
    .max(MAX_LINE_DESCRIPTION, `must be at most ${MAX_LINE_DESCRIPTION} characters`),
});
const BasketLines = z
  .array(BasketLineInput)
  .max(MAX_BASKET_LINES, `must have at most ${MAX_BASKET_LINES} lines`)
  .refine(basketWithinMax, `add up to more than the largest amount, ${formatPence(MAX_PENCE)}`);

/**
 * The basket on the customer display before its payment starts: built at the console
 * (`showBasket`) or sent by the merchant's till system (a TERMINAL_DISPLAY push).
 */
export const DraftBasket = z.object({
  source: z.enum(['counter', 'till']),
  lines: z.array(BasketLine),
  currency: z.string(),
});
export type DraftBasket = z.infer<typeof DraftBasket>;

/** A payment as the kiosk knows it (amounts in pence). */
export const KioskPayment = z.object({
  paymentRequestId: z.string(),
  origin: z.enum(['remote', 'counter']),
  amountPence: Pence,
  currency: z.string(),
  orderId: z.string(),
  notes: z.string().nullable(),
  status: PaymentStatus,
  paidPence: Pence,
  tipPence: Pence,
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
  /** The payment's COMPLETED refunds (docs/refunds.md). */
  refundedPence: Pence,
  /** The hosted receipt page the customer display offers once paid. */
  receiptUrl: z.string().optional(),
  /** The basket it was for, when it had one (lines in pence). */
  lines: z.array(BasketLine).optional(),
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
  amountPence: Pence,
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
  amountPence: Pence,
  notes: z.string().nullable(),
  paymentMethod: PaymentMethod.nullable(),
  createdAt: z.string(),
  /** Why the service did not take it when its turn came; staff retry or remove it. */
  error: z.string().nullable(),
  lines: z.array(BasketLine).optional(),
});
export type HeldPayment = z.infer<typeof HeldPayment>;

/** What startPayment answers: on the display now, or held in line behind `position - 1` others. */
export const StartPaymentResult = z.discriminatedUnion('queued', [
  z.object({ queued: z.literal(false), payment: KioskPayment }),
  z.object({ queued: z.literal(true), held: HeldPayment, position: z.number().int().min(1) }),
]);
export type StartPaymentResult = z.infer<typeof StartPaymentResult>;

/** Today's takings; `totalPence` is net of the refunds completed today (`refundedPence`). */
export const Takings = z.object({
  count: z.number(),
  totalPence: Pence,
  tipsPence: Pence,
  refundedPence: Pence,
});

/**
 * The shop's network receipt printer (docs/kiosk.md, "The receipt printer"): a thermal printer on
 * the LAN that takes raw print jobs on a TCP port (9100 on nearly every model), in the language
 * its maker speaks: ESC/POS (Epson and most others) or StarPRNT (Star Micronics).
 */
export const ReceiptPrinter = z.object({
  host: z
    .string()
    .trim()
    .min(1, "must be the printer's IP address or host name, e.g. 192.168.1.50")
    .max(253, 'is too long for a host name')
    .regex(
      /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[?[0-9A-Fa-f:.]+\]?)$/,
      "must be the printer's IP address or host name, e.g. 192.168.1.50",
    ),
  port: z
    .number({ message: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65_535, 'must be between 1 and 65535')
    .default(9100),
  /** The paper roll's width: 58 mm holds 32 characters a line, 80 mm holds 48. */
  paperWidth: z.union([z.literal(58), z.literal(80)], { message: 'must be 58 or 80 (mm)' }),
  language: z.enum(['esc-pos', 'star-prnt'], { message: 'must be ESC/POS or StarPRNT' }),
  /** Print each completed payment's receipt by itself; otherwise only when staff ask. */
  printAfterPayment: z.boolean(),
});
export type ReceiptPrinter = z.infer<typeof ReceiptPrinter>;

/**
 * A receipt that has not reached the printer yet (off, out of paper, unplugged): kept in the
 * kiosk's database until it prints or staff dismiss it, so nothing is lost to a restart.
 */
export const PrintJob = z.object({
  id: z.string(),
  paymentRequestId: z.string(),
  orderId: z.string(),
  createdAt: z.string(),
  /** Being sent to the printer now. */
  printing: z.boolean(),
  /** Why the last attempt failed, in staff's words; null before the first attempt ends. */
  error: z.string().nullable(),
  attempts: z.number().int(),
});
export type PrintJob = z.infer<typeof PrintJob>;

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
      /** The shop's logo on the service (an absolute URL), when it has one. */
      merchantLogoUrl: z.string().nullable().optional(),
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
  /** The terminal's largest payment (the service's `maxAmount`, in pence); null when unknown. */
  maxPence: Pence.nullable(),
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
  /** The network receipt printer named in Settings; null prints through the system instead. */
  receiptPrinter: ReceiptPrinter.nullable(),
  /** Receipts waiting for the receipt printer (it could not be reached), oldest first. */
  printJobs: z.array(PrintJob),
  /** The basket being built for the next payment, as the customer display shows it. */
  basket: DraftBasket.nullable().optional(),
});
export type KioskState = z.infer<typeof KioskState>;

/**
 * A payment as the customer display shows it, and all a display is ever sent of one: what the
 * customer reads (amount, note, status) and what they scan. No customer, card, order or history.
 */
export const DisplayPayment = KioskPayment.pick({
  paymentRequestId: true,
  amountPence: true,
  currency: true,
  notes: true,
  status: true,
  tipPence: true,
  paymentUrl: true,
  qrCodeUrl: true,
  templateUrl: true,
  expiresAt: true,
  final: true,
  receiptUrl: true,
  lines: true,
});
export type DisplayPayment = z.infer<typeof DisplayPayment>;

/** Everything the customer display needs; a display on the LAN receives nothing else. */
export const DisplayState = z.object({
  shopName: z.string().nullable(),
  /** The shop's logo on the service, shown as an image beside its name; null without one. */
  shopLogoUrl: z.string().nullable().optional(),
  locale: z.string(),
  active: DisplayPayment.nullable(),
  /** Payment requests waiting for the display, next first (as the customer will see them). */
  queue: z.array(DisplayPayment),
  /** The basket being built for the next payment (each line as staff add it). */
  basket: DraftBasket.nullable().optional(),
});
export type DisplayState = z.infer<typeof DisplayState>;

function displayPayment(p: KioskPayment): DisplayPayment {
  return {
    paymentRequestId: p.paymentRequestId,
    amountPence: p.amountPence,
    currency: p.currency,
    notes: p.notes,
    status: p.status,
    tipPence: p.tipPence,
    paymentUrl: p.paymentUrl,
    qrCodeUrl: p.qrCodeUrl,
    templateUrl: p.templateUrl,
    expiresAt: p.expiresAt,
    final: p.final,
    ...(p.receiptUrl ? { receiptUrl: p.receiptUrl } : {}),
    ...(p.lines?.length ? { lines: p.lines } : {}),
  };
}

/** The display's share of the kiosk state, field by field (never a copy with fields removed). */
export function displayStateOf(state: KioskState): DisplayState {
  return {
    shopName: state.pairing.paired ? state.pairing.merchantName : null,
    shopLogoUrl: state.pairing.paired ? (state.pairing.merchantLogoUrl ?? null) : null,
    locale: state.locale,
    active: state.active ? displayPayment(state.active) : null,
    queue: state.queue.map(displayPayment),
    basket: state.basket ?? null,
  };
}

const HistoryQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(200).default(50),
  amountPence: PositivePence.optional(),
  orderId: z.string().trim().max(50).optional(),
  status: PaymentStatus.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

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
    z.object({ method: PaymentMethod, count: z.number(), totalPence: Pence, tipsPence: Pence }),
  ),
  /** The day's takings before refunds, with the refunds completed on it. */
  total: Takings,
  /**
   * The refunds completed on this day (whichever day their payment was taken), from the kiosk's
   * refund history, so offline too; `netPence` is the day's takings less them.
   */
  refunds: z.object({
    count: z.number(),
    totalPence: Pence,
    netPence: Pence,
    items: z.array(
      z.object({
        refundId: z.string(),
        paymentRequestId: z.string(),
        orderId: z.string(),
        amountPence: Pence,
        completedAt: z.string(),
      }),
    ),
  }),
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
        amountPence: Pence,
        completedAt: z.string(),
        status: z.enum(['MATCHED', 'NOT_ARRIVED', 'UNKNOWN']),
        creditDate: z.string().nullable(),
        creditStatus: z.enum(['BOOKED', 'PENDING']).nullable(),
      }),
    ),
  }),
});
export type EndOfDayReport = z.infer<typeof EndOfDayReport>;

/** A pairing as staff may see it: never the secret or the ids (credentials.ts `redact`). */
export const PairingSummary = z.object({
  environment: Environment,
  terminalName: z.string().optional(),
  merchantName: z.string().optional(),
  baseUrl: z.string(),
});

/** What endOfDayReport answers: the report, and the same as CSV for the download. */
export const EndOfDayAnswer = z.object({ report: EndOfDayReport, csv: z.string() });

/**
 * One command of the bridge: what it takes (`input`, without its `type`), what it answers
 * (`reply`), and who may give it. `staff`: only behind the staff PIN, which the command carries
 * as `pin` and the core checks before its handler runs; this flag is the one place that decides.
 * `display`: a customer display on the LAN may give it (it may give nothing else).
 */
export interface CommandDef {
  input: z.ZodObject;
  reply: z.ZodType;
  staff?: true;
  display?: true;
}

const command = <const C extends CommandDef>(c: C): C => c;
const Empty = z.object({});
const Done = <K extends string>(key: K) =>
  z.object({ [key]: z.literal(true) }) as z.ZodObject<{
    [P in K]: z.ZodLiteral<true>;
  }>;
const KioskModeAnswer = z.object({ kioskMode: z.boolean() });

/**
 * The whole bridge as one object, as `contract/routes.ts` is the whole HTTP interface: the core
 * validates every command's input and reply with it (main/kiosk/dispatcher.ts), and the windows
 * send and read through it (renderer `runCommand`). docs/kiosk-core.md: adding a command.
 */
export const bridgeCommands = {
  getState: command({ input: Empty, reply: KioskState }),
  /** What the customer display shows; the one read a display on the LAN may make. */
  getDisplayState: command({ input: Empty, reply: DisplayState, display: true }),
  /** First start: the shop chooses its staff PIN (refused once one is set). */
  chooseStaffPin: command({ input: z.object({ newPin: NewPin }), reply: Done('staffPinSet') }),
  /** Settings: a new staff PIN, behind the current one. */
  changeStaffPin: command({
    input: z.object({ pin: Pin, newPin: NewPin }),
    reply: Done('changed'),
    staff: true,
  }),
  /** The PIN prompt in front of every staff-only screen; the commands behind it check it again. */
  checkStaffPin: command({ input: z.object({ pin: Pin }), reply: Done('ok'), staff: true }),
  pairWithCode: command({
    input: z.object({
      pin: Pin,
      baseUrl: ServiceUrl,
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, 'must be the 6-digit code the dashboard shows'),
      name: z.string().trim().min(1, 'must not be blank').max(50),
    }),
    reply: PairingSummary,
    staff: true,
  }),
  configureManually: command({
    input: z.object({
      pin: Pin,
      baseUrl: ServiceUrl,
      secret: z.string().trim().min(10, 'must be the access secret from the dashboard'),
    }),
    reply: PairingSummary,
    staff: true,
  }),
  unpair: command({ input: z.object({ pin: Pin }), reply: Done('unpaired'), staff: true }),
  startPayment: command({
    input: z.object({
      amountPence: PositivePence,
      notes: safeText().trim().max(30, 'must be at most 30 characters').optional(),
      paymentMethod: PaymentMethod.nullable().optional(),
      /** The basket it is for; its total must be `amountPence`. */
      lines: BasketLines.optional(),
    }),
    reply: StartPaymentResult,
  }),
  /**
   * The basket staff are building, sent whole with every change so the customer display shows
   * each line as it is added; an empty list takes it off.
   */
  showBasket: command({ input: z.object({ lines: BasketLines }), reply: Done('shown') }),
  cancelPayment: command({ input: z.object({ paymentRequestId: Id }), reply: KioskPayment }),
  /** Takes a held counter payment out of the line; nothing was created at the service. */
  removeHeldPayment: command({
    input: z.object({ id: z.string().min(1).max(100) }),
    reply: Done('removed'),
  }),
  /** Asks the service again for a held payment it refused or could not be reached for. */
  retryHeldPayment: command({
    input: z.object({ id: z.string().min(1).max(100) }),
    reply: Done('retried'),
  }),
  /** Clears a finished payment from the display before it returns to idle by itself. */
  dismissPayment: command({
    input: z.object({ paymentRequestId: Id }),
    reply: Done('dismissed'),
  }),
  listHistory: command({ input: z.object({ query: HistoryQuery }), reply: HistoryPage }),
  leaveKioskMode: command({ input: z.object({ pin: Pin }), reply: KioskModeAnswer, staff: true }),
  enterKioskMode: command({ input: Empty, reply: KioskModeAnswer }),
  getPayment: command({ input: z.object({ paymentRequestId: Id }), reply: PaymentDetail }),
  /** The back office's end-of-day report, behind the staff PIN; without a date, today's. */
  endOfDayReport: command({
    input: z.object({
      pin: Pin,
      date: z.iso.date({ message: 'must be a date (YYYY-MM-DD)' }).optional(),
    }),
    reply: EndOfDayAnswer,
    staff: true,
  }),
  /** Refund a completed payment: in full without an amount. Staff confirm with the PIN. */
  refundPayment: command({
    input: z.object({ paymentRequestId: Id, amountPence: PositivePence.optional(), pin: Pin }),
    reply: KioskRefund,
    staff: true,
  }),
  /**
   * Print a payment's receipt. With a receipt printer named in Settings the core sends it there
   * (`printed: true`, or an error saying the printer cannot be reached while the receipt waits
   * in `printJobs`). Otherwise the Electron shell prints the console silently to the default
   * printer; elsewhere the answer is `{ printed: false }` and the window uses window.print().
   */
  printReceipt: command({
    input: z.object({ paymentRequestId: Id }),
    reply: z.object({ printed: z.boolean() }),
  }),
  /** Settings: names the network receipt printer, or (null) prints through the system again. */
  saveReceiptPrinter: command({
    input: z.object({ pin: Pin, printer: ReceiptPrinter.nullable() }),
    reply: z.object({ receiptPrinter: ReceiptPrinter.nullable() }),
    staff: true,
  }),
  /** Settings: a test page on the printer as typed in the form (saved or not). */
  printTestPage: command({
    input: z.object({ pin: Pin, printer: ReceiptPrinter }),
    reply: Done('printed'),
    staff: true,
  }),
  /** Sends a kept receipt to the receipt printer again. */
  retryPrintJob: command({
    input: z.object({ id: z.string().min(1).max(100) }),
    reply: Done('printed'),
  }),
  /** Gives up on a kept receipt (the customer left, or it printed some other way). */
  dismissPrintJob: command({
    input: z.object({ id: z.string().min(1).max(100) }),
    reply: Done('dismissed'),
  }),
  /**
   * Card on file (docs/kiosk.md): one customer by EXACT email or phone number, with their masked
   * saved cards. The terminal scope allows nothing broader (no list, no fragment search).
   */
  lookupCustomer: command({
    input: z.object({ pin: Pin, query: TerminalLookupQuery }),
    reply: CustomerLookup,
    staff: true,
  }),
  /** Charge a saved card of a customer looked up in the last hour; the kiosk sets the order id. */
  chargeSavedCard: command({
    input: z.object({
      pin: Pin,
      ...CardChargeBody.pick({
        customerId: true,
        paymentMethodId: true,
        captureType: true,
        notes: true,
      }).shape,
      amountPence: CardPence,
    }),
    reply: KioskPayment,
    staff: true,
  }),
  /** Capture an AUTHORIZED card-on-file charge: in full without an amount, else a lower amount. */
  captureCardPayment: command({
    input: z.object({ pin: Pin, paymentRequestId: Id, amountPence: CardPence.optional() }),
    reply: KioskPayment,
    staff: true,
  }),
  /** Release an AUTHORIZED card-on-file charge (cancel the hold), with the reason staff chose. */
  releaseCardPayment: command({
    input: z.object({
      pin: Pin,
      paymentRequestId: Id,
      reason: CardCancelBody.refine((b) => b.cancelledReasonCode !== undefined, {
        message: 'choose why the hold is released',
        path: ['cancelledReasonCode'],
      }),
    }),
    reply: KioskPayment,
    staff: true,
  }),
};
export type BridgeCommands = typeof bridgeCommands;
export type CommandName = keyof BridgeCommands;

/** A command as sent: its `type` and its input, parsed (trimmed, defaults applied). */
/** An input's fields; a command without any (`z.object({})`, a string index of never) has none. */
type Fields<T> = string extends keyof T ? unknown : T;
export type CommandOf<K extends CommandName> = { type: K } & Fields<
  z.output<BridgeCommands[K]['input']>
>;
export type BridgeCommand = { [K in CommandName]: CommandOf<K> }[CommandName];
/** What command `K` answers when it succeeds. */
export type ReplyOf<K extends CommandName> = z.output<BridgeCommands[K]['reply']>;

const commandNames = Object.keys(bridgeCommands) as CommandName[];
export const isCommandName = (name: unknown): name is CommandName =>
  typeof name === 'string' && Object.hasOwn(bridgeCommands, name);

/** Each command's whole schema: its input with its `type`. */
const commandSchemas = {} as Record<CommandName, z.ZodObject>;
for (const type of commandNames)
  commandSchemas[type] = (bridgeCommands[type].input as z.ZodObject).extend({
    type: z.literal(type),
  });

/** Any command, parsed by its `type`; what the preload and the renderer check before sending. */
export const BridgeCommand = z.discriminatedUnion(
  'type',
  Object.values(commandSchemas) as [z.ZodObject, ...z.ZodObject[]],
) as unknown as z.ZodType<BridgeCommand>;

/**
 * The commands only staff may give: each carries the staff PIN, and the core checks it (one
 * guard, one lockout) before it does anything. `checkStaffPin` is the prompt in front of them.
 */
export const STAFF_COMMANDS = commandNames.filter((name) => 'staff' in bridgeCommands[name]);
export type StaffCommand = Extract<BridgeCommand, { pin: string }>;
export const isStaffCommand = (command: BridgeCommand): command is StaffCommand =>
  'staff' in bridgeCommands[command.type];
/** The commands a customer display on the LAN may give. */
export const isDisplayCommand = (name: unknown): boolean =>
  isCommandName(name) && 'display' in bridgeCommands[name];

const Failure = z.object({ message: z.string(), field: z.string().optional() });
export type BridgeFailure = z.infer<typeof Failure>;

/**
 * Every command answers either its reply or an error with a message meant for staff. On the
 * wire (IPC, WebSocket) the result is any command's; `parseReply` reads it as one command's.
 */
export const BridgeReply = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error: Failure }),
]);
export type BridgeReply = z.infer<typeof BridgeReply>;
export type BridgeReplyOf<K extends CommandName> =
  { ok: true; result: ReplyOf<K> } | { ok: false; error: BridgeFailure };

/** The first problem of a failed parse, worded "path: message" and naming the field. */
export function firstIssue(error: z.ZodError, whole: string): BridgeFailure {
  const issue = error.issues[0]!;
  const path = issue.path.join('.');
  return { message: `${path || whole}: ${issue.message}`, ...(path ? { field: path } : {}) };
}

/**
 * A reply read as command `type`'s: a result that is not its `reply` schema is turned into an
 * error (naming the field), so neither end ever acts on a shape the contract does not describe.
 */
export function parseReply<K extends CommandName>(type: K, reply: BridgeReply): BridgeReplyOf<K> {
  if (!reply.ok) return reply;
  const parsed = bridgeCommands[type].reply.safeParse(reply.result);
  if (parsed.success) return { ok: true, result: parsed.data as ReplyOf<K> };
  const problem = firstIssue(parsed.error, 'reply');
  return {
    ok: false,
    error: { message: `The kiosk answered ${type} with something unexpected (${problem.message})` },
  };
}

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
