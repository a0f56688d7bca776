/** Payment requests (create, cancel, list) and the payment-status record. */
import { z } from 'zod';
import {
  CaptureType,
  ConsumerDetails,
  Currency,
  HttpUrl,
  Metadata,
  Notes,
  PageQuery,
  PaymentMethod,
  PaymentStatus,
  RequestMethod,
  PositivePounds,
  WholePence,
  pencePart,
  Template,
  Timestamp,
  Uuid,
  nonBlank,
  safeText,
  offsetPage,
} from './common';
import { checkLinesAddUp, DisplayLineItem, LineItems } from './line-items';
import { StaffRecord, StaffTakenBy } from './staff';
import { RemoteCreator } from './terminals';
import { checkChosenTip, ChosenTip } from './tips';
import { formatPence } from '../money';

export const DEFAULT_EXPIRES_IN_MS = 180_000;
/** A payment request lives at most 7 days; longer links are a mistake, not a feature. */
export const MAX_EXPIRES_IN_MS = 7 * 24 * 3600 * 1000;

export const ProcessPaymentBody = z
  .object({
    customerId: nonBlank(1, 100),
    orderId: nonBlank(1, 50),
    amount: PositivePounds,
    storeId: Uuid.optional(),
    paymentMethod: z
      .array(RequestMethod)
      .min(1, 'must name at least one payment method')
      .refine((m) => new Set(m).size === m.length, 'must not repeat a payment method')
      .optional(),
    savePaymentMethod: z.boolean().default(false),
    serviceCustomerId: Uuid.optional(),
    autoRedirect: z.boolean().default(false),
    consumerDetails: ConsumerDetails.optional(),
    callbackParams: z.record(safeText().min(1).max(100), safeText().max(500)).optional(),
    expiresIn: z
      .number()
      .int('must be a whole number of milliseconds')
      .min(1000, 'must be at least 1000 milliseconds')
      .max(MAX_EXPIRES_IN_MS, 'must be at most 7 days')
      .optional()
      .describe(
        "How long the request lives, in milliseconds; when absent, the merchant's default payment expiry (settings.defaultExpirySeconds, 3 minutes unless changed)",
      ),
    notes: Notes.optional(),
    metadata: Metadata.optional(),
    enableTips: z.boolean().default(true),
    tipAmount: ChosenTip.optional().describe(
      "A tip the customer already chose (on the kiosk's customer display), in pounds; 0 for no tip. The hosted page then asks for none and every attempt pays it with the amount. Absent: the hosted page offers tips as enableTips says",
    ),
    allowRetry: z.boolean().default(true),
    redirectUrl: HttpUrl.optional(),
    splitBill: z.boolean().default(false),
    template: Template.optional(),
    paymentMethodMetadata: z.record(z.string(), z.unknown()).optional(),
    lineItems: LineItems.optional().describe(
      'What the customer is paying for: kept with the payment and listed on its receipts; the lines must add up to amount',
    ),
    staff: StaffTakenBy.optional(),
  })
  .superRefine((b, ctx) => {
    checkLinesAddUp(b, ctx);
    checkChosenTip(b, ctx);
    if (!b.savePaymentMethod) return;
    if (b.serviceCustomerId === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['serviceCustomerId'],
        message: 'is required when savePaymentMethod is true',
      });
    if (b.paymentMethod && !b.paymentMethod.includes('CARD'))
      ctx.addIssue({
        code: 'custom',
        path: ['paymentMethod'],
        message: 'must include CARD when savePaymentMethod is true',
      });
    if (b.splitBill)
      ctx.addIssue({
        code: 'custom',
        path: ['splitBill'],
        message: 'cannot be used with savePaymentMethod',
      });
  });
export type ProcessPaymentBody = z.infer<typeof ProcessPaymentBody>;

export const PaymentRequest = z.object({
  qrCodeUrl: z.url(),
  qrCodeUrlPng: z.url(),
  templateUrl: z.url(),
  paymentUrl: z.url(),
  paymentRequestId: Uuid,
});
export type PaymentRequest = z.infer<typeof PaymentRequest>;

export const PaymentRequestParams = z.object({ paymentRequestId: Uuid });

export const CardPaymentDetails = z.object({
  cardType: z.string(),
  captureType: CaptureType,
  maskedCardNumber: z.string(),
  brand: z.string().optional(),
});

export const PaymentTransaction = z.object({
  transactionId: Uuid,
  paymentMethod: PaymentMethod,
  status: PaymentStatus,
  amount: z.number(),
  tipAmount: z.number(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  errorDescription: z.string().optional(),
  bankName: z.string().optional(),
  cardPaymentDetails: CardPaymentDetails.optional(),
  /** Extension, CASH only: what the customer handed over and the change given, in pence. */
  tenderedPence: WholePence.optional(),
  changePence: WholePence.optional(),
});
export type PaymentTransaction = z.infer<typeof PaymentTransaction>;

/** The payment-status record: where a payment request stands now (docs/payment-states.md). */
export const PaymentStatusRecord = z.object({
  paymentRequestId: Uuid,
  status: PaymentStatus,
  amount: z.number(),
  currency: Currency,
  tipAmount: z.number(),
  paidAmount: z.number(),
  paymentMethod: PaymentMethod.nullable(),
  orderId: z.string(),
  customerId: z.string(),
  storeId: Uuid,
  terminalId: Uuid.nullable(),
  notes: z.string().optional(),
  metadata: z.record(z.string(), z.string()),
  errorDescription: z.string().optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  expiresAt: Timestamp,
  transactions: z.array(PaymentTransaction),
  /** Extension (docs/refunds.md): the total of the payment's COMPLETED refunds, in pounds. */
  refundedAmount: z.number().optional(),
  /** Extension: the basket the payment was created with, absent when it had none. */
  lineItems: z.array(DisplayLineItem).optional(),
  /** Extension: who took it at a kiosk, when someone was signed in; absent when unknown. */
  staff: StaffRecord.optional(),
});
export type PaymentStatusRecord = z.infer<typeof PaymentStatusRecord>;

/**
 * More time (extension, docs/payment-states.md): an unpaid request's expiry moved on by the
 * merchant's `extensionSeconds`, at most `maxExtensions` times, when the customer asks at the
 * display before its QR code expires.
 */
export const PaymentExtension = z.object({
  paymentRequestId: Uuid,
  expiresAt: Timestamp.describe('The new expiry'),
  extensions: z.number().int().nonnegative().describe('How many times it has been extended'),
  extensionsLeft: z.number().int().nonnegative().describe('How many more it may have'),
  extensionSeconds: z.number().int().positive().describe('What each extension adds'),
});
export type PaymentExtension = z.infer<typeof PaymentExtension>;

/**
 * A cash sale at the counter (extension, docs/payment-states.md): recorded COMPLETED at once,
 * with what the customer handed over. The change is the service's to work out, so the kiosk,
 * the receipt and the dashboard agree on it.
 */
export const CashPaymentBody = z
  .object({
    orderId: nonBlank(1, 50),
    amount: PositivePounds,
    tenderedPence: WholePence.describe(
      'What the customer handed over, in pence: at least the amount',
    ),
    customerId: nonBlank(1, 100)
      .optional()
      .describe('Who paid, as the shop names them; "CASH" when absent'),
    storeId: Uuid.optional(),
    notes: Notes.optional(),
    metadata: Metadata.optional(),
    lineItems: LineItems.optional().describe(
      'What the customer is paying for: the lines must add up to amount',
    ),
    staff: StaffTakenBy.optional(),
    takenAt: Timestamp.optional().describe(
      'When the customer paid, for a sale sent later (a kiosk that was offline); from a terminal secret only, at most 7 days ago and not in the future. Default: now',
    ),
  })
  .superRefine((b, ctx) => {
    checkLinesAddUp(b, ctx);
    // An amount or tender that failed its own check has said so already, naming its field.
    const amount = pencePart(b.amount);
    if (amount === null || !Number.isSafeInteger(b.tenderedPence)) return;
    if (b.tenderedPence < amount)
      ctx.addIssue({
        code: 'custom',
        path: ['tenderedPence'],
        message: `must be at least the amount, ${formatPence(amount)}`,
      });
  });
export type CashPaymentBody = z.infer<typeof CashPaymentBody>;

/** The cash sale as recorded: its payment-status record, and the tendered and change. */
export const CashPayment = PaymentStatusRecord.extend({
  tenderedPence: WholePence,
  changePence: WholePence,
});
export type CashPayment = z.infer<typeof CashPayment>;

/** List payment requests (extension, for the dashboard): newest first, optionally filtered. */
export const PaymentListQuery = PageQuery.extend({
  status: PaymentStatus.optional(),
  terminalId: Uuid.optional(),
  /** The payment's customerId: for saved-card charges, the customer's id (dashboard Customers). */
  customerId: nonBlank(1, 100).optional(),
});
export type PaymentListQuery = z.infer<typeof PaymentListQuery>;
export const PaymentStatusPage = offsetPage(PaymentStatusRecord);

/**
 * Who made a payment request, as far as the service records it (extension): COUNTER started at
 * a terminal with its own secret; REMOTE pushed to a terminal with the merchant's secret (the
 * dashboard, the API or MCP); SAVED_CARD a charge of a customer's saved card; AGENT a charge
 * under an Agent Pay contract; API any other request made with the merchant's secret.
 */
export const PaymentSource = z.enum(['COUNTER', 'REMOTE', 'SAVED_CARD', 'AGENT', 'API']);
export type PaymentSource = z.infer<typeof PaymentSource>;

/** One change of a payment's status, when the service made it (by the environment's clock). */
export const PaymentStatusChange = z.object({
  /** null for the status the request was created with. */
  from: PaymentStatus.nullable(),
  to: PaymentStatus,
  at: Timestamp,
  errorDescription: z.string().optional(),
});
export type PaymentStatusChange = z.infer<typeof PaymentStatusChange>;

/** A payment's history (extension, for the dashboard's payment page): oldest change first. */
export const PaymentHistory = z.object({
  paymentRequestId: Uuid,
  source: PaymentSource,
  /**
   * REMOTE only, when the service recorded it: which client sent it to the terminal (api,
   * dashboard, mcp or agent, as the client named itself; docs/terminals.md).
   */
  createdBy: RemoteCreator.optional(),
  changes: z.array(PaymentStatusChange),
});
export type PaymentHistory = z.infer<typeof PaymentHistory>;
