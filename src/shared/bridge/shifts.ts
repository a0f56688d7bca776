/** Shifts, X and Z reports at the counter (src/main/kiosk/commands/shifts.ts). */
import { z } from 'zod';
import {
  DenominationCount,
  MovementReason,
  ShiftFigures,
  ShiftMoney,
  ZReport,
} from '../contract/shifts';
import { command, Pin } from './fields';

export { DENOMINATIONS_PENCE, ShiftFigures, ZReport } from '../contract/shifts';

/** The Shift screen: the open shift and its X report, the recent Z reports, what waits to be sent. */
export const ShiftView = z.object({
  shift: z
    .object({
      id: z.string(),
      openedAt: z.string(),
      openedBy: z.string(),
      floatPence: z.number().int(),
    })
    .nullable(),
  x: ShiftFigures.nullable(),
  /** The newest first. */
  zReports: z.array(ZReport),
  /** Z reports the service has not confirmed yet (offline, or refused). */
  waiting: z.number().int(),
  /** Why the oldest of them has not gone yet. */
  waitingError: z.string().nullable(),
});
export type ShiftView = z.infer<typeof ShiftView>;

const PositiveMoney = ShiftMoney.refine((p) => p > 0, 'must be greater than 0');

export const shiftsBridge = {
  getShift: command({ input: z.object({ pin: Pin }), reply: ShiftView, staff: true }),
  /** Opens a shift with the float counted into the drawer; refused while one is open. */
  openShift: command({
    input: z.object({ pin: Pin, floatPence: ShiftMoney }),
    reply: ShiftView,
    staff: true,
  }),
  /** Money put into the drawer (PAY_IN) or taken out of it (PAY_OUT), with what it was for. */
  shiftMovement: command({
    input: z.object({
      pin: Pin,
      kind: z.enum(['PAY_IN', 'PAY_OUT']),
      amountPence: PositiveMoney,
      reason: MovementReason,
    }),
    reply: ShiftView,
    staff: true,
  }),
  /**
   * Closes the shift with the drawer counted note by note and coin by coin: the Z report is made,
   * kept, printed when a receipt printer is named, and sent to the service (now, or once it can
   * be reached).
   */
  closeShift: command({
    input: z.object({
      pin: Pin,
      shiftId: z.uuid({ message: 'must be the shift being closed' }),
      counted: z.array(DenominationCount).max(12, 'lists each note and coin once'),
    }),
    reply: z.object({
      report: ZReport,
      view: ShiftView,
      /** Why it did not print (no printer named, the printer off); null when it printed. */
      printError: z.string().nullable(),
    }),
    staff: true,
  }),
  /** Prints the X report now, or a kept Z report again. */
  printShiftReport: command({
    input: z.object({ pin: Pin, number: z.number().int().positive().optional() }),
    reply: z.object({ printed: z.literal(true) }),
    staff: true,
  }),
  /** Tries the waiting Z reports now rather than at the next retry. */
  sendZReports: command({ input: z.object({ pin: Pin }), reply: ShiftView, staff: true }),
};
