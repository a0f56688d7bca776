/**
 * Shifts at this kiosk: open with a counted float, pay-ins and pay-outs with a reason, the X
 * report at any time, and closing with the drawer counted by denomination, which makes the Z
 * report. A Z report is final: numbered one more than the last, its hash taken over its
 * canonical JSON with the previous report's hash (chain.ts), stored where no update or delete is
 * allowed, and queued for the service in the same transaction, so it is sent even after a
 * restart. Every refusal is a KioskError naming the field, thrown before anything is written.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Connection } from '../../../sqlite';
import {
  DenominationCount as DenominationCountSchema,
  DENOMINATIONS_PENCE,
  MovementReason,
  ShiftMoney,
  ZReport as ZReportSchema,
} from '../../../shared/contract/shifts';
import { formatPence } from '../../../shared/money';
import { KioskError } from '../kiosk-error';
import { hashZReport, zHashOfStored } from './chain';
import { countedPence, shiftFigures } from './figures';
import { migrateShifts } from './migrations';
import { shiftStatements, type ShiftRow } from './repo';
import type { DenominationCount, OpenShift, ShiftFigures, ZReport } from './types';

export interface ShiftOptions {
  now(): number;
  /** Called after every change, so the windows hear of it. */
  onChange?(): void;
}

export interface Shifts {
  /** The open shift, or null. */
  current(): OpenShift | null;
  open(floatPence: number, staff: string): OpenShift;
  payIn(amountPence: number, reason: string, staff: string): ShiftFigures;
  payOut(amountPence: number, reason: string, staff: string): ShiftFigures;
  /** The open shift's figures so far. */
  xReport(): ShiftFigures;
  /** Closes the open shift; with `shiftId`, only that one (a second close of it is refused). */
  close(counted: DenominationCount[], staff: string, shiftId?: string): ZReport;
  zReports(limit?: number): ZReport[];
  zReport(number: number): ZReport | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

function check<T>(schema: z.ZodType<T>, value: unknown, field: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = [field, ...issue.path].join('.');
  throw new KioskError(`${path}: ${issue.message}`, field);
}

/** One entry per denomination, largest first; a denomination given twice is refused. */
function normaliseCount(counted: unknown): DenominationCount[] {
  if (!Array.isArray(counted))
    throw new KioskError('counted: must list the notes and coins counted', 'counted');
  const byValue = new Map<number, number>();
  counted.forEach((entry, i) => {
    const c = check(DenominationCountSchema, entry, `counted.${i}`);
    if (byValue.has(c.denominationPence))
      throw new KioskError(
        `counted.${i}: ${formatPence(c.denominationPence)} is counted twice`,
        'counted',
      );
    byValue.set(c.denominationPence, c.count);
  });
  return DENOMINATIONS_PENCE.map((d) => ({ denominationPence: d, count: byValue.get(d) ?? 0 }));
}

export function createShifts(db: Connection, options: ShiftOptions): Shifts {
  migrateShifts(db);
  const sql = shiftStatements(db);
  const changed = () => options.onChange?.();
  const asOpen = (row: ShiftRow): OpenShift => ({
    id: row.id,
    openedAt: row.opened_at,
    openedBy: row.opened_by,
    floatPence: row.float_pence,
  });
  const openRow = (): ShiftRow => {
    const row = sql.open.get();
    if (!row)
      throw new KioskError('No shift is open: open one with a counted float first', 'shift');
    return row;
  };

  function figures(row: ShiftRow, until: number): ShiftFigures {
    return shiftFigures({
      openedAt: iso(row.opened_at),
      openedBy: row.opened_by,
      floatPence: row.float_pence,
      payments: sql.history.payments(row.opened_at, until),
      refunds: sql.history.refunds(row.opened_at, until),
      movements: sql.movements.all(row.id).map((m) => ({
        kind: m.kind,
        amountPence: m.amount_pence,
        reason: m.reason,
        staff: m.staff,
        at: iso(m.at),
      })),
    });
  }

  function move(kind: 'PAY_IN' | 'PAY_OUT', amount: unknown, reason: unknown, staff: string) {
    const pence = check(ShiftMoney, amount, 'amountPence');
    if (pence === 0) throw new KioskError('amountPence: must be greater than 0', 'amountPence');
    const why = check(MovementReason, reason, 'reason');
    const row = openRow();
    const at = options.now();
    sql.insertMovement.run(row.id, kind, pence, why, staff, at);
    changed();
    return figures(row, at + 1);
  }

  /** The shift a close is for: the one named, refused if it closed already, else the open one. */
  function toClose(shiftId: string | undefined): ShiftRow {
    if (shiftId === undefined) return openRow();
    const row = sql.byId.get(shiftId);
    if (!row) throw new KioskError('shiftId: is not a shift of this kiosk', 'shiftId');
    if (row.closed_at !== null)
      throw new KioskError(
        `This shift is already closed: its Z report is number ${row.z_number}`,
        'shiftId',
      );
    return row;
  }

  function close(counted: unknown, staff: string, shiftId?: string): ZReport {
    const count = normaliseCount(counted);
    const closedAt = options.now();
    const report = db.transaction(() => {
      const row = toClose(shiftId);
      const last = sql.lastZ.get();
      const number = (last?.number ?? 0) + 1;
      const x = figures(row, closedAt + 1);
      const countedCashPence = countedPence(count);
      const body = {
        ...x,
        number,
        shiftId: row.id,
        currency: 'GBP' as const,
        closedAt: iso(closedAt),
        closedBy: staff,
        counted: count,
        countedCashPence,
        differencePence: countedCashPence - x.expectedCashPence,
        // The link is taken from the previous report's content as stored now, so a report
        // changed in this database after it was made breaks the next one's link.
        previousHash: last ? zHashOfStored(last.report) : null,
      };
      const z = { ...body, hash: hashZReport(body) };
      ZReportSchema.parse(z);
      sql.insertZ.run(number, row.id, JSON.stringify(z), z.hash, closedAt);
      sql.enqueue.run(number);
      if (sql.closeShift.run(closedAt, number, row.id).changes !== 1)
        throw new KioskError('This shift is already closed', 'shift');
      return z;
    })();
    changed();
    return report;
  }

  return {
    current: () => {
      const row = sql.open.get();
      return row ? asOpen(row) : null;
    },
    open(floatPence, staff) {
      const pence = check(ShiftMoney, floatPence, 'floatPence');
      if (sql.open.get())
        throw new KioskError('A shift is already open: close it before opening another', 'shift');
      const row: ShiftRow = {
        id: randomUUID(),
        opened_at: options.now(),
        opened_by: staff,
        float_pence: pence,
        closed_at: null,
        z_number: null,
      };
      sql.insertShift.run(row.id, row.opened_at, row.opened_by, row.float_pence);
      changed();
      return asOpen(row);
    },
    payIn: (amount, reason, staff) => move('PAY_IN', amount, reason, staff),
    payOut: (amount, reason, staff) => move('PAY_OUT', amount, reason, staff),
    xReport: () => figures(openRow(), options.now() + 1),
    close,
    zReports: (limit = 50) => sql.zPage.all(limit).map((r) => JSON.parse(r.report) as ZReport),
    zReport: (number) => {
      const row = sql.zByNumber.get(number);
      return row ? (JSON.parse(row.report) as ZReport) : null;
    },
  };
}
