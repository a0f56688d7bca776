/** The back office's end-of-day report (src/main/kiosk/commands/end-of-day.ts). */
import { z } from 'zod';
import { PaymentMethod } from '../contract/common';
import { command, Pence, Pin } from './fields';
import { Takings } from './state';

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

/** What endOfDayReport answers: the report, and the same as CSV for the download. */
export const EndOfDayAnswer = z.object({ report: EndOfDayReport, csv: z.string() });

export const endOfDayBridge = {
  /** The back office's end-of-day report, behind the staff PIN; without a date, today's. */
  endOfDayReport: command({
    input: z.object({
      pin: Pin,
      date: z.iso.date({ message: 'must be a date (YYYY-MM-DD)' }).optional(),
    }),
    reply: EndOfDayAnswer,
    staff: true,
  }),
};
