/** The shop's network receipt printer (src/main/kiosk/commands/printer.ts). */
import { z } from 'zod';
import { command, Done, LineId, Pin } from './fields';

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

export const printerBridge = {
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
  retryPrintJob: command({ input: z.object({ id: LineId }), reply: Done('printed') }),
  /** Gives up on a kept receipt (the customer left, or it printed some other way). */
  dismissPrintJob: command({ input: z.object({ id: LineId }), reply: Done('dismissed') }),
};
