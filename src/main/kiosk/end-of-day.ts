/**
 * The back office's end-of-day report. Takings come from the kiosk's own history (so they are
 * there offline); each pay-by-bank payment is marked with what the service's reconciliation says
 * (matched to its credit on the shop's bank account, or not yet arrived). A fetched report is
 * stored in the history, so the back office shows the last one when the service is unreachable.
 * The report's day is the shop's day (a date in its time zone), and the service is asked for
 * that same day in that zone.
 */
import type { z } from 'zod';
import type { EndOfDayReport } from '../../shared/bridge';
import type { Reconciliation } from '../../shared/contract/bank';
import { penceToDecimalText } from '../../shared/money';
import { ApiClientError, type ApiClient } from '../../client/http-client';
import type { DayReports } from './history/day-report';

type Reconciled = z.output<typeof Reconciliation>;

async function reconciliation(
  client: ApiClient,
  kind: 'terminal' | 'merchant',
  date: string,
  timeZone: string,
) {
  return kind === 'terminal'
    ? client.call('terminalReconciliation', { query: { date, timeZone } })
    : client.call('bankReconciliation', { query: { date, timeZone } });
}

export async function endOfDayReport(input: {
  reports: DayReports;
  client: ApiClient | null;
  kind: 'terminal' | 'merchant';
  date: string;
  /** The shop's time zone, whose calendar day `date` is. */
  timeZone: string;
  now: number;
}): Promise<EndOfDayReport> {
  const { reports, client, date, now } = input;
  const takings = reports.takings(date);
  const own = reports.payByBank(date);
  const refunds = reports.refunds(date);
  const grossPence = takings.reduce((n, t) => n + t.totalPence, 0);
  const refundedPence = refunds.reduce((n, r) => n + r.amountPence, 0);
  const base = {
    date,
    generatedAt: new Date(now).toISOString(),
    takings: takings.map((t) => ({
      method: t.method,
      count: t.count,
      totalPence: t.totalPence,
      tipsPence: t.tipsPence,
    })),
    total: {
      count: takings.reduce((n, t) => n + t.count, 0),
      totalPence: grossPence,
      tipsPence: takings.reduce((n, t) => n + t.tipsPence, 0),
      refundedPence,
    },
    refunds: {
      count: refunds.length,
      totalPence: refundedPence,
      netPence: grossPence - refundedPence,
      items: refunds.map((r) => ({
        refundId: r.refundId,
        paymentRequestId: r.paymentRequestId,
        orderId: r.orderId,
        amountPence: r.amountPence,
        completedAt: new Date(r.completedAt).toISOString(),
      })),
    },
  };

  let fetched: Reconciled[] | null = null;
  if (client) {
    try {
      fetched = [await reconciliation(client, input.kind, date, input.timeZone)];
    } catch (error) {
      // Offline (or refused): fall back to the stored copy below; anything else is a real error.
      if (!(error instanceof ApiClientError)) throw error;
      if (error.status !== 0 && error.status < 500) throw error;
    }
  }

  // What each pay-by-bank payment's credit status is: from the service now, else from the last
  // report stored while it was reachable, else unknown. Payments always come from the history.
  const stored = fetched ? null : reports.load(date);
  type Known = Pick<
    EndOfDayReport['payByBank']['payments'][number],
    'status' | 'creditDate' | 'creditStatus'
  >;
  const known = new Map<string, Known>(
    fetched
      ? fetched
          .flatMap((r) => r.payments)
          .map((p) => [
            p.paymentRequestId,
            {
              status: p.status,
              creditDate: p.credit?.date ?? null,
              creditStatus: p.credit?.status ?? null,
            },
          ])
      : (stored?.payByBank.payments ?? []).map((p) => [p.paymentRequestId, p]),
  );
  const reconciled = fetched !== null || (stored?.payByBank.reconciled ?? false);
  const payments = own.map((p) => {
    const found = known.get(p.paymentRequestId);
    const status: 'MATCHED' | 'NOT_ARRIVED' | 'UNKNOWN' = found
      ? found.status
      : reconciled
        ? 'NOT_ARRIVED'
        : 'UNKNOWN';
    return {
      paymentRequestId: p.paymentRequestId,
      orderId: p.orderId,
      amountPence: p.paidPence,
      completedAt: new Date(p.completedAt).toISOString(),
      status,
      creditDate: found?.creditDate ?? null,
      creditStatus: found?.creditStatus ?? null,
    };
  });
  const report: EndOfDayReport = {
    ...base,
    source: fetched ? 'service' : stored ? 'stored' : 'local',
    payByBank: {
      reconciled,
      settlementLinked: fetched
        ? fetched.some((r) => r.settlementAccountId !== null)
        : (stored?.payByBank.settlementLinked ?? false),
      matched: payments.filter((p) => p.status === 'MATCHED').length,
      notArrived: payments.filter((p) => p.status === 'NOT_ARRIVED').length,
      payments,
    },
  };
  if (fetched) reports.save(report, now);
  return report;
}

const cell = (value: string | number) => {
  const text = String(value);
  // Quote what CSV needs quoted; a leading =, +, - or @ would be a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** Pence as the spreadsheet's GBP column reads them: 1050 → 10.50. */
const gbp = penceToDecimalText;

/** The report as CSV: one section per table, the way an accountant's spreadsheet takes it. */
export function endOfDayCsv(report: EndOfDayReport): string {
  const rows: (string | number)[][] = [
    ['End of day', report.date],
    ['Generated', report.generatedAt],
    [],
    ['Method', 'Payments', 'Total (GBP)', 'Tips (GBP)'],
    ...report.takings.map((t) => [t.method, t.count, gbp(t.totalPence), gbp(t.tipsPence)]),
    ['ALL', report.total.count, gbp(report.total.totalPence), gbp(report.total.tipsPence)],
    [],
    ['Refund', 'Order', 'Amount (GBP)', 'Completed'],
    ...report.refunds.items.map((r) => [r.refundId, r.orderId, gbp(r.amountPence), r.completedAt]),
    ['REFUNDS', report.refunds.count, gbp(report.refunds.totalPence)],
    ['NET TAKINGS', '', gbp(report.refunds.netPence)],
    [],
    [
      'Pay by bank',
      'Order',
      'Amount (GBP)',
      'Completed',
      'Bank credit',
      'Credit date',
      'Credit status',
    ],
    ...report.payByBank.payments.map((p) => [
      p.paymentRequestId,
      p.orderId,
      gbp(p.amountPence),
      p.completedAt,
      p.status,
      p.creditDate ?? '',
      p.creditStatus ?? '',
    ]),
  ];
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
