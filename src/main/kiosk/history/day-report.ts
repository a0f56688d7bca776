/**
 * What the history knows about one local day for the end-of-day report: takings by method and
 * the completed pay-by-bank payments; and the reports fetched before, kept so the back office
 * reads them offline.
 */
import type Database from 'better-sqlite3';
import type { z } from 'zod';
import { EndOfDayReport } from '../../../shared/bridge';

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
import { dateBounds } from '../../../shared/shop-day';

export interface DayTakings {
  method: 'PAY_BY_BANK' | 'CARD';
  count: number;
  totalPence: number;
  tipsPence: number;
}

export interface DayPayment {
  paymentRequestId: string;
  orderId: string;
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
  const byMethod = db.prepare<
    [number, number],
    { method: 'PAY_BY_BANK' | 'CARD'; count: number; total: number; tips: number }
  >(`SELECT paid_method AS method, count(*) AS count, sum(paid_pence) AS total, sum(tip_pence) AS tips
     FROM payments WHERE completed_at >= ? AND completed_at < ? AND paid_method IS NOT NULL
     GROUP BY paid_method ORDER BY paid_method`);
  const payByBank = db.prepare<
    [number, number],
    {
      payment_request_id: string;
      order_id: string | null;
      paid_pence: number;
      completed_at: number;
    }
  >(`SELECT payment_request_id, order_id, paid_pence, completed_at FROM payments
     WHERE completed_at >= ? AND completed_at < ? AND paid_method = 'PAY_BY_BANK'
     ORDER BY completed_at, payment_request_id`);
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
      const { start, end } = dateBounds(date, timeZone);
      return byMethod.all(start, end).map((r) => ({
        method: r.method,
        count: r.count,
        totalPence: r.total,
        tipsPence: r.tips,
      }));
    },
    payByBank(date: string): DayPayment[] {
      const { start, end } = dateBounds(date, timeZone);
      return payByBank.all(start, end).map((r) => ({
        paymentRequestId: r.payment_request_id,
        orderId: r.order_id ?? '',
        paidPence: r.paid_pence,
        completedAt: r.completed_at,
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
