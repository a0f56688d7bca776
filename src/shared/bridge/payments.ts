/**
 * Payments at the counter: a payment as the kiosk knows it, the basket it is for, the held line,
 * and the commands that start, cancel and clear them (src/main/kiosk/commands/payments.ts).
 */
import { z } from 'zod';
import {
  PaymentMethod,
  PaymentStatus,
  CaptureType,
  RequestMethod,
  safeText,
} from '../contract/common';
import { RemoteCreator } from '../contract/terminals';
import { formatPence, MAX_PENCE } from '../money';
import {
  basketWithinMax,
  MAX_BASKET_LINES,
  MAX_LINE_DESCRIPTION,
  MAX_LINE_QUANTITY,
} from '../basket';
import { command, Done, Id, LineId, Pence, PositivePence } from './fields';

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
  /** Who created a remote payment (the push event said so); absent when not said. */
  createdBy: RemoteCreator.optional(),
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
  /** A cash sale: what the customer handed over and the change due, in pence. */
  cash: z.object({ tenderedPence: Pence, changePence: Pence }).optional(),
  /** The tip the customer chose on the display before the QR code, paid with the amount. */
  tipChosenPence: Pence.optional(),
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
  paymentMethod: RequestMethod.nullable(),
  createdAt: z.string(),
  /** Why the service did not take it when its turn came; staff retry or remove it. */
  error: z.string().nullable(),
  lines: z.array(BasketLine).optional(),
});
export type HeldPayment = z.infer<typeof HeldPayment>;

/**
 * What startPayment answers: on the display now, held in line behind `position - 1` others, or
 * (`'tip'`, with tips on) on the display asking the customer's tip first: created at the service
 * once they choose or staff skip (chooseTip, skipTip).
 */
export const StartPaymentResult = z.discriminatedUnion('queued', [
  z.object({ queued: z.literal(false), payment: KioskPayment }),
  z.object({ queued: z.literal(true), held: HeldPayment, position: z.number().int().min(1) }),
  z.object({ queued: z.literal('tip'), held: HeldPayment }),
]);

/**
 * The tip step on the customer display: the counter payment waiting for the customer's tip
 * before it becomes a payment request (docs/kiosk.md, Tips on the display). `percentages` are
 * the store's (the kiosk setting tipPercentages), each shown with its amount.
 */
export const TipStep = z.object({
  id: z.string(),
  amountPence: Pence,
  currency: z.string(),
  percentages: z.array(z.number().int()),
  lines: z.array(BasketLine).optional(),
});
export type TipStep = z.infer<typeof TipStep>;
export type StartPaymentResult = z.infer<typeof StartPaymentResult>;

/**
 * Whether the cash drawer opened. A printer that is off leaves the sale recorded all the same;
 * `error` says why in staff's words, and `openCashDrawer` tries again.
 */
export const DrawerResult = z.object({ opened: z.boolean(), error: z.string().nullable() });
export type DrawerResult = z.infer<typeof DrawerResult>;

/** A cash sale as recorded: the payment (COMPLETED, CASH, with its change) and the drawer. */
export const CashSale = z.object({ payment: KioskPayment, drawer: DrawerResult });
export type CashSale = z.infer<typeof CashSale>;

const TenderedPence = z
  .number({ message: 'must be an amount in pence' })
  .int('must be a whole number of pence')
  .min(0, 'must not be negative')
  .max(MAX_PENCE, `is too large: the largest amount is ${formatPence(MAX_PENCE)}`);

export const paymentsBridge = {
  /**
   * A customer pays in cash: recorded at the service (COMPLETED, method CASH) with what they
   * handed over, which must be at least the amount; then the drawer opens.
   */
  takeCash: command({
    input: z
      .object({
        amountPence: PositivePence,
        tenderedPence: TenderedPence,
        notes: safeText().trim().max(30, 'must be at most 30 characters').optional(),
        lines: BasketLines.optional(),
      })
      .superRefine((input, ctx) => {
        if (input.tenderedPence < input.amountPence)
          ctx.addIssue({
            code: 'custom',
            path: ['tenderedPence'],
            message: `is less than the ${formatPence(input.amountPence)} to pay`,
          });
      }),
    reply: CashSale,
    signedIn: true,
  }),
  /**
   * Sends the cash sales taken while the service was out of reach now, in order: also the one a
   * refusal held, once its cause is put right. Answers what is still waiting and why.
   */
  sendWaitingSales: command({
    input: z.object({}),
    reply: z.object({ waiting: z.number().int(), error: z.string().nullable() }),
  }),
  /** Opens the cash drawer again for a cash payment (the printer was off the first time). */
  openCashDrawer: command({
    input: z.object({ paymentRequestId: Id }),
    reply: Done('opened'),
  }),
  startPayment: command({
    input: z.object({
      amountPence: PositivePence,
      notes: safeText().trim().max(30, 'must be at most 30 characters').optional(),
      paymentMethod: RequestMethod.nullable().optional(),
      /** The basket it is for; its total must be `amountPence`. */
      lines: BasketLines.optional(),
    }),
    reply: StartPaymentResult,
    signedIn: true,
  }),
  /**
   * The basket staff are building, sent whole with every change so the customer display shows
   * each line as it is added; an empty list takes it off.
   */
  showBasket: command({ input: z.object({ lines: BasketLines }), reply: Done('shown') }),
  cancelPayment: command({ input: z.object({ paymentRequestId: Id }), reply: KioskPayment }),
  /** Takes a held counter payment out of the line; nothing was created at the service. */
  removeHeldPayment: command({ input: z.object({ id: LineId }), reply: Done('removed') }),
  /** Asks the service again for a held payment it refused or could not be reached for. */
  retryHeldPayment: command({ input: z.object({ id: LineId }), reply: Done('retried') }),
  /**
   * The customer's tip, chosen on the display: a percentage offered, an amount in pence (at most
   * the payment's amount), or neither for no tip. The payment request is then made with it.
   */
  chooseTip: command({
    input: z.object({
      id: LineId,
      percent: z.number().int().min(1).max(50).optional(),
      tipPence: z
        .number({ message: 'must be an amount in pence' })
        .int('must be a whole number of pence')
        .min(0, 'must not be negative')
        .max(MAX_PENCE, `is too large: the largest amount is ${formatPence(MAX_PENCE)}`)
        .optional(),
    }),
    reply: Done('chosen'),
    display: true,
  }),
  /** Staff skip the tip step: the payment is made with no tip, and none is asked on the phone. */
  skipTip: command({ input: z.object({ id: LineId }), reply: Done('skipped') }),
  /** Clears a finished payment from the display before it returns to idle by itself. */
  dismissPayment: command({
    input: z.object({ paymentRequestId: Id }),
    reply: Done('dismissed'),
  }),
};
