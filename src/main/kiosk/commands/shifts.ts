/**
 * Shifts at the counter (docs/kiosk.md, "Shifts, X and Z reports"), behind the staff PIN: open
 * with a counted float, pay in and out, the X report, close with the count (the Z report printed
 * and sent to the service), print a report again, send the waiting reports now. Who acted is the
 * person whose PIN the command carried; where the kiosk does not say (one shared PIN), the
 * kiosk's own name.
 */
import type { ShiftView } from '../../../shared/bridge/shifts';
import type { AreaHandlers } from '../dispatcher';
import { KioskError } from '../kiosk-error';
import type { ShiftDesk } from '../shifts/desk';
import { encodeXReport, encodeZReport } from '../shifts/print';
import type { ZReport } from '../shifts/types';
import type { KioskContext } from './context';

/** Who a command names as acting: a person (their PIN), else nobody known. */
export type Acting = { name: string } | null | undefined;

const iso = (ms: number) => new Date(ms).toISOString();
/** How long a screen waits for the waiting Z reports to go before it answers. */
const SCREEN_WAIT_MS = 3000;

export function shiftCommands(ctx: KioskContext, desk: ShiftDesk): AreaHandlers<'shifts'> {
  const { shifts, outbox } = desk;

  /** The person acting, else the kiosk by its name. */
  function staffName(who: Acting): string {
    if (who?.name) return who.name;
    const pairing = ctx.state().pairing;
    return (pairing.paired && pairing.terminalName) || 'Counter';
  }

  function view(): ShiftView {
    const open = shifts.current();
    const waiting = outbox.state();
    return {
      shift: open
        ? {
            id: open.id,
            openedAt: iso(open.openedAt),
            openedBy: open.openedBy,
            floatPence: open.floatPence,
          }
        : null,
      x: open ? shifts.xReport() : null,
      zReports: shifts.zReports(20),
      waiting: waiting.waiting,
      waitingError: waiting.lastError,
    };
  }

  function place() {
    const state = ctx.state();
    return {
      timeZone: ctx.timeZone,
      locale: state.locale,
      shopName: state.pairing.paired ? state.pairing.merchantName : null,
    };
  }

  /** Through the receipt printer's one line of jobs, so a report never interleaves a receipt. */
  const print = (bytes: Parameters<KioskContext['receiptPrinter']['printDocument']>[0]) =>
    ctx.receiptPrinter.printDocument(bytes);

  async function printZ(report: ZReport): Promise<string | null> {
    try {
      await print((printer) => encodeZReport(report, printer, place()));
      return null;
    } catch (error) {
      ctx.log(`shifts: Z report ${report.number} did not print: ${(error as Error).message}`);
      return `${(error as Error).message} The Z report is kept: print it again from the Shift screen.`;
    }
  }

  return {
    async getShift() {
      await desk.flushWithin(SCREEN_WAIT_MS);
      return view();
    },
    openShift({ floatPence }, who?: Acting) {
      shifts.open(floatPence, staffName(who));
      return view();
    },
    shiftMovement({ kind, amountPence, reason }, who?: Acting) {
      if (kind === 'PAY_IN') shifts.payIn(amountPence, reason, staffName(who));
      else shifts.payOut(amountPence, reason, staffName(who));
      return view();
    },
    async closeShift({ shiftId, counted }, who?: Acting) {
      const report = shifts.close(counted, staffName(who), shiftId);
      const printError = await printZ(report);
      await desk.flushWithin(SCREEN_WAIT_MS);
      return { report, view: view(), printError };
    },
    async printShiftReport({ number }) {
      if (number === undefined) {
        const x = shifts.xReport();
        await print((printer) => encodeXReport(x, printer, { ...place(), at: ctx.now() }));
      } else {
        const report = shifts.zReport(number);
        if (!report) throw new KioskError(`number: this kiosk has no Z report ${number}`, 'number');
        await print((printer) => encodeZReport(report, printer, place()));
      }
      return { printed: true };
    },
    async sendZReports() {
      await desk.flushWithin(SCREEN_WAIT_MS);
      return view();
    },
  };
}
