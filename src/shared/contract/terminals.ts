/** Remote payments, terminals and stores (docs/terminals.md). */
import { z } from 'zod';
import { formatPence, MAX_PENCE } from '../money';
import {
  ConsumerDetails,
  Currency,
  Environment,
  Metadata,
  PaymentMethod,
  PaymentStatus,
  Pounds,
  PositivePounds,
  Timestamp,
  Uuid,
  nonBlank,
  safeText,
} from './common';
import { isTimeZone } from '../shop-day';
import { checkChosenTip, ChosenTip } from './tips';
import { checkLinesAddUp, DisplayLineItem, LineItems, lineItemsTotalPence } from './line-items';

/** "+44" or "44": an optional plus and 1-4 digits. */
const PHONE_CODE = /^\+?\d{1,4}$/;

export const RemotePaymentBody = z
  .object({
    id: safeText({ message: 'is required' }).min(1, 'is required'),
    amount: Pounds.refine((n) => n > 0, 'must be greater than 0'),
    // Any other value is accepted and means both methods (docs/terminals.md, Remote payments).
    paymentMethod: safeText().optional(),
    notes: safeText().trim().max(30, 'must be at most 30 characters after trimming').optional(),
    consumerDetails: ConsumerDetails.optional(),
    metadata: Metadata.optional(),
    lineItems: LineItems.optional().describe(
      'What the customer is paying for: kept with the payment, shown on the terminal and listed on every receipt; the lines must add up to amount',
    ),
    tipAmount: ChosenTip.optional().describe(
      'A tip the customer already chose, in pounds; 0 for no tip. The hosted page then asks for none and the customer pays it with the amount. Absent: tips are offered as today',
    ),
  })
  .superRefine((b, ctx) => {
    checkLinesAddUp(b, ctx);
    checkChosenTip(b, ctx);
    const code = b.consumerDetails?.phoneCountryCode;
    const number = b.consumerDetails?.phoneNumber;
    if (code === undefined || number === undefined) return;
    if (!PHONE_CODE.test(code))
      ctx.addIssue({
        code: 'custom',
        path: ['consumerDetails', 'phoneCountryCode'],
        message: 'must be a country calling code such as +44',
      });
    const digits = code.replace('+', '').length + number.length;
    if (!/^\d{4,14}$/.test(number) || digits > 15)
      ctx.addIssue({
        code: 'custom',
        path: ['consumerDetails', 'phoneNumber'],
        message: 'must be a phone number of digits only, at most 15 with the country code',
      });
  });
export type RemotePaymentBody = z.infer<typeof RemotePaymentBody>;
export const RemotePaymentResponse = z.object({ paymentRequestId: Uuid });

/**
 * Who created a remote payment request, as the terminal names it ("From the dashboard"): the
 * merchant dashboard, an MCP client (an AI assistant), an agent, or any other API client. A
 * client names itself with the Counter-Client header (docs/terminals.md); it is a label, not a
 * credential.
 */
export const REMOTE_CREATORS = ['api', 'dashboard', 'mcp', 'agent'] as const;
export const RemoteCreator = z.enum(REMOTE_CREATORS);
export type RemoteCreator = z.infer<typeof RemoteCreator>;
/** The request header a client names itself with. */
export const CLIENT_HEADER = 'Counter-Client';

/**
 * The data of a REMOTE_PAYMENT_REQUEST push event: everything a kiosk needs to show the payment
 * without another call (docs/terminals.md). `paymentMethod` is the restriction, null for both.
 */
export const RemotePaymentPush = z.object({
  paymentRequestId: Uuid,
  terminalId: Uuid,
  orderId: z.string(),
  status: PaymentStatus,
  amount: z.number(),
  currency: Currency,
  notes: z.string().nullable(),
  paymentMethod: PaymentMethod.nullable(),
  paymentUrl: z.string(),
  qrCodeUrl: z.string(),
  qrCodeUrlPng: z.string(),
  templateUrl: z.string(),
  expiresAt: Timestamp,
  metadata: z.record(z.string(), z.string()),
  /** The basket the payment was created with, when it was. */
  lineItems: z.array(DisplayLineItem).optional(),
  /** Who created it; absent from a service that did not say (the terminal's generic label). */
  createdBy: RemoteCreator.optional(),
});
export type RemotePaymentPush = z.infer<typeof RemotePaymentPush>;

export const Terminal = z.object({
  id: Uuid,
  name: z.string(),
  storeId: Uuid,
  tokenMissing: z.boolean(),
  remotePaymentsEnabled: z.boolean(),
  /** The largest payment this terminal may take, in pounds (docs/terminals.md). */
  maxAmount: z.number(),
  lastSeenAt: Timestamp.nullable(),
  online: z.boolean(),
  createdAt: Timestamp,
});
export type Terminal = z.infer<typeof Terminal>;

/** A terminal's own record, with what it shows and prints about the shop (docs/merchant-profile.md). */
export const OwnTerminal = Terminal.extend({
  shop: z
    .object({
      name: z.string(),
      lines: z
        .array(z.string())
        .describe("Printed under the name: the merchant's address, company and VAT numbers"),
      logoUrl: z
        .string()
        .optional()
        .describe("The merchant's logo (GET /api/merchants/{merchantId}/logo), when it has one"),
    })
    .optional(),
});

export const TerminalName = safeText()
  .trim()
  .min(1, 'must not be blank')
  .max(50, 'must be at most 50 characters');

export const PairingCodeBody = z.object({ storeId: Uuid.optional() });
export const PairingCode = z.object({
  code: z.string().regex(/^\d{6}$/),
  storeId: Uuid,
  expiresAt: Timestamp,
});
export const PairBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'must be the 6-digit code the dashboard shows'),
  name: TerminalName,
});
export const PairResponse = z.object({
  terminal: Terminal,
  secret: z.string(),
  environment: Environment,
  merchantName: z.string(),
});
export const TerminalParams = z.object({ id: Uuid });
/** One wording for a payment over a terminal's limit, from the service and the kiosk alike. */
export const overTerminalLimit = (pence: number, maxPence: number) =>
  `Amount ${formatPence(pence)} is more than this terminal's largest payment, ${formatPence(maxPence)}`;

export const TerminalUpdateBody = z
  .object({
    name: TerminalName.optional(),
    remotePaymentsEnabled: z.boolean().optional(),
    maxAmount: PositivePounds.optional().describe(
      'The largest payment the terminal may take, in pounds; larger ones are refused with 400',
    ),
    storeId: Uuid.optional().describe(
      "Moves the terminal to another of the merchant's stores (not an archived one): its next payment is that store's",
    ),
  })
  .refine(
    (b) =>
      b.name !== undefined ||
      b.remotePaymentsEnabled !== undefined ||
      b.maxAmount !== undefined ||
      b.storeId !== undefined,
    { message: 'name, remotePaymentsEnabled, maxAmount or storeId is required', path: ['name'] },
  );
/** A terminal registers its Firebase Cloud Messaging token; null removes it. */
export const PushTokenBody = z.object({ fcmToken: safeText().min(1).max(4096).nullable() });

export const Store = z.object({
  id: Uuid,
  name: z.string(),
  merchantName: z
    .string()
    .describe("The merchant's (the shop's) name, which the kiosk and the payment page show"),
  isPrimary: z.boolean(),
  address: z.string().optional(),
  archived: z
    .boolean()
    .describe("An archived store's terminals take no new payments; its history stays readable"),
  archivedAt: Timestamp.optional().describe('When the store was archived; absent while open'),
  terminals: z
    .number()
    .int()
    .nonnegative()
    .describe("How many terminals are paired to the store in the secret's environment"),
  createdAt: Timestamp,
});
export type Store = z.infer<typeof Store>;

export const StoreName = nonBlank(1, 80);
export const StoreAddress = safeText({ multiline: true })
  .trim()
  .max(200, 'must be at most 200 characters');
export const StoreParams = z.object({ id: Uuid });
export const StoreCreateBody = z.object({ name: StoreName, address: StoreAddress.optional() });
export const StoreUpdateBody = z
  .object({
    name: StoreName.optional(),
    address: StoreAddress.nullable().optional().describe('null removes the address'),
    archived: z
      .boolean()
      .optional()
      .describe('true archives the store (never the primary one); false opens it again'),
  })
  .refine((b) => b.name !== undefined || b.address !== undefined || b.archived !== undefined, {
    message: 'name, address or archived is required',
    path: ['name'],
  });

/** A day of the shop (and the week it ends), as the bank reconciliation takes it. */
export const StoreTakingsQuery = z.object({
  date: z.iso.date({ message: 'must be a date (YYYY-MM-DD)' }),
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, { message: 'must be an IANA time zone such as Europe/London' })
    .optional(),
});
/** Money taken over a span: completed payments (tips included) less completed refunds. */
export const Takings = z.object({
  payments: z.number().int().nonnegative().describe('Payments completed in the span'),
  paid: z.number().describe('What they took, tips included, in pounds'),
  refunded: z.number().describe('Refunds completed in the span, in pounds'),
  net: z.number().describe('paid less refunded'),
});
export const StoreTakings = z.object({
  date: z.iso.date(),
  timeZone: z.string(),
  weekStart: z.iso.date().describe('The Monday of the week that ends on date'),
  stores: z.array(
    z.object({
      storeId: Uuid,
      name: z.string(),
      archived: z.boolean(),
      day: Takings,
      week: Takings,
    }),
  ),
});

/**
 * The terminal's events as a feed to poll, for a kiosk that cannot keep the push stream open
 * (a proxy that buffers SSE, push turned off): the same events and ids as the stream.
 */
export const TerminalEventsQuery = z.object({
  after: z
    .string()
    .regex(/^\d+$/, 'must be the id of the last event received')
    .optional()
    .describe('Events after this id; omitted, the feed starts at the terminal’s first event'),
  limit: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1-100')
    .max(100, 'must be 1-100')
    .default(100),
});
/** What a terminal hears on its push stream and event feed. */
export const TERMINAL_EVENT_TYPES = [
  'REMOTE_PAYMENT_REQUEST',
  'POS_PAYMENT_STATUS',
  'TERMINAL_DISPLAY',
  'TERMINAL_PROFILE',
  /** The kiosk's settings in force changed (docs/fleet.md): they are the event's data. */
  'TERMINAL_SETTINGS',
  /** The merchant asks the kiosk to do something now; it answers with the result. */
  'TERMINAL_ACTION',
  /** The store's staff changed (docs/kiosk.md): the store's active staff are the event's data. */
  'TERMINAL_STAFF',
] as const;
export type TerminalEventType = (typeof TERMINAL_EVENT_TYPES)[number];
export const TerminalEventFeed = z.object({
  events: z.array(
    z.object({
      id: z.string(),
      type: z.enum(TERMINAL_EVENT_TYPES),
      body: z.record(z.string(), z.unknown()),
    }),
  ),
  /** The id to send as `after` next time (unchanged when nothing new happened). */
  lastEventId: z.string().nullable(),
});

/**
 * The basket a merchant's till system shows on a terminal's customer display. An empty list
 * clears it. The payment that follows should be for its total; when it is not, the display says so.
 */
export const TerminalDisplayBody = z
  .object({
    lineItems: LineItems,
    currency: Currency.refine((c) => c === 'GBP', 'must be GBP: terminals take payments in pounds'),
  })
  .superRefine((body, ctx) => {
    const total = lineItemsTotalPence(body.lineItems);
    if (total !== null && total > MAX_PENCE)
      ctx.addIssue({
        code: 'custom',
        path: ['lineItems'],
        message: `add up to more than the largest amount, ${formatPence(MAX_PENCE)}`,
      });
  });
export type TerminalDisplayBody = z.infer<typeof TerminalDisplayBody>;

export const TerminalDisplayResponse = z.object({
  terminalId: Uuid,
  /** The basket's total in pounds: what the payment that follows should be for. */
  totalAmount: Pounds,
  currency: Currency,
  lineCount: z.number().int(),
});

/** The data of a TERMINAL_DISPLAY push event: the basket as the till system sent it. */
export const TerminalDisplayPush = z.object({
  terminalId: Uuid,
  lineItems: z.array(DisplayLineItem),
  currency: Currency,
  totalAmount: Pounds,
});
export type TerminalDisplayPush = z.infer<typeof TerminalDisplayPush>;

/**
 * The data of a TERMINAL_PROFILE push event: the merchant changed what its terminals show of the
 * shop (name, address, company or VAT number, logo). It carries no profile: the terminal re-reads
 * GET /api/terminal/me, the one place it learns the shop from.
 */
export const TerminalProfilePush = z.object({
  terminalId: Uuid,
});
export type TerminalProfilePush = z.infer<typeof TerminalProfilePush>;
