/**
 * What the history knows about one local day for the end-of-day report: takings by method and
 * the completed pay-by-bank payments; and the reports fetched before, kept so the back office
 * reads them offline.
 */
import type Database from 'better-sqlite3';
import type { z } from 'zod';
import { EndOfDayReport } from '../../../shared/bridge';
import type { PaymentStatus } from '../../../shared/payment-states';
import { dateBounds } from '../../../shared/shop-day';
import { takenPence } from '../../../shared/taken';

/**
 * What a stored report is read back for: its pay-by-bank credit statuses, the one part the kiosk
 * cannot work out offline. Read alone, so reports stored in an older shape still read.
 */
const StoredReconciliation = EndOfDayReport.pick({ date: true }).extend({
  payByBank: EndOfDayReport.shape.payByBank
    .pick({ reconciled: true, settlementLinked: true })
    .extend({
      payments: EndOfDayReport.shape.payByBank.shape.payments.element
        .pick({ paymentRequestId: true, status: true, creditDate: true, creditStatus: true })
        .array(),
    }),
});
export type StoredReconciliation = z.infer<typeof StoredReconciliation>;

export interface DayTakings {
  method: 'PAY_BY_BANK' | 'CARD' | 'CASH';
  count: number;
  totalPence: number;
  tipsPence: number;
}

export interface DayPayment {
  paymentRequestId: string;
  orderId: string;
  /** What it took, tip included (shared/taken.ts). */
  paidPence: number;
  completedAt: number;
}

export interface DayRefund {
  refundId: string;
  paymentRequestId: string;
  orderId: string;
  amountPence: number;
  completedAt: number;
}

/** The history's days are the shop's days: calendar dates in its time zone. */
export function createDayReports(db: Database.Database, timeZone: string) {
  // Each completed payment of the day with its figures: what it took is takenPence's to say.
  const completed = db.prepare<
    [number, number],
    {
      payment_request_id: string;
      order_id: string | null;
      status: PaymentStatus;
      amount_pence: number;
      paid_pence: number;
      tip_pence: number;
      paid_method: 'PAY_BY_BANK' | 'CARD' | 'CASH';
      completed_at: number;
    }
  >(`SELECT payment_request_id, order_id, status, amount_pence, paid_pence, tip_pence, paid_method,
       completed_at
     FROM payments WHERE completed_at >= ? AND completed_at < ? AND paid_method IS NOT NULL
     ORDER BY completed_at, payment_request_id`);
  const completedOn = (date: string) => {
    const { start, end } = dateBounds(date, timeZone);
    return completed.all(start, end).map((r) => ({
      ...r,
      taken: takenPence({
        status: r.status,
        amountPence: r.amount_pence,
        paidPence: r.paid_pence,
        tipPence: r.tip_pence,
      }),
    }));
  };
  // Refunds count on the day they completed, like takings; the payment gives the order id.
  const refunds = db.prepare<
    [number, number],
    {
      refund_id: string;
      payment_request_id: string;
      order_id: string | null;
      amount_pence: number;
      completed_at: number;
    }
  >(`SELECT r.refund_id, r.payment_request_id, p.order_id, r.amount_pence, r.completed_at
     FROM refunds r JOIN payments p ON p.payment_request_id = r.payment_request_id
     WHERE r.completed_at >= ? AND r.completed_at < ?
     ORDER BY r.completed_at, r.refund_id`);
  const save = db.prepare(
    `INSERT INTO end_of_day_reports (date, report, fetched_at) VALUES (?, ?, ?)
     ON CONFLICT(date) DO UPDATE SET report = excluded.report, fetched_at = excluded.fetched_at`,
  );
  const load = db.prepare<[string], { report: string }>(
    'SELECT report FROM end_of_day_reports WHERE date = ?',
  );

  return {
    takings(date: string): DayTakings[] {
      const byMethod = new Map<DayTakings['method'], DayTakings>();
      for (const p of completedOn(date)) {
        const t = byMethod.get(p.paid_method) ?? {
          method: p.paid_method,
          count: 0,
          totalPence: 0,
          tipsPence: 0,
        };
        t.count += 1;
        t.totalPence += p.taken;
        t.tipsPence += p.tip_pence;
        byMethod.set(p.paid_method, t);
      }
      return [...byMethod.values()].sort((a, b) => (a.method < b.method ? -1 : 1));
    },
    payByBank(date: string): DayPayment[] {
      return completedOn(date)
        .filter((p) => p.paid_method === 'PAY_BY_BANK')
        .map((p) => ({
          paymentRequestId: p.payment_request_id,
          orderId: p.order_id ?? '',
          paidPence: p.taken,
          completedAt: p.completed_at,
        }));
    },
    refunds(date: string): DayRefund[] {
      const { start, end } = dateBounds(date, timeZone);
      return refunds.all(start, end).map((r) => ({
        refundId: r.refund_id,
        paymentRequestId: r.payment_request_id,
        orderId: r.order_id ?? '',
        amountPence: r.amount_pence,
        completedAt: r.completed_at,
      }));
    },
    save: (report: EndOfDayReport, at: number) => save.run(report.date, JSON.stringify(report), at),
    load(date: string): StoredReconciliation | null {
      const row = load.get(date);
      return row ? StoredReconciliation.parse(JSON.parse(row.report)) : null;
    },
  };
}
export type DayReports = ReturnType<typeof createDayReports>;
