import { afterEach, describe, expect, it } from 'vitest';
import { createDayReports } from './day-report';
import { takenPence } from '../../../shared/taken';
import { openHistory, type History } from './history';

const opened: History[] = [];
afterEach(() => {
  for (const h of opened.splice(0)) h.close();
});

describe('stored end-of-day reports', () => {
  it('a report stored when the bridge carried pounds still gives its bank statuses offline', () => {
    const history = openHistory(null);
    opened.push(history);
    const reports = createDayReports(history.db, 'Europe/London');
    // As a kiosk that answered in pounds stored it (amounts as decimals, no refunds section).
    const old = {
      date: '2026-03-02',
      generatedAt: '2026-03-02T18:00:00.000Z',
      source: 'service',
      takings: [{ method: 'PAY_BY_BANK', count: 1, total: 12.5, tips: 0 }],
      total: { count: 1, total: 12.5, tips: 0, refunded: 0 },
      payByBank: {
        reconciled: true,
        settlementLinked: true,
        matched: 1,
        notArrived: 0,
        payments: [
          {
            paymentRequestId: 'p1',
            orderId: 'CTR-1',
            amount: 12.5,
            completedAt: '2026-03-02T10:00:00.000Z',
            status: 'MATCHED',
            creditDate: '2026-03-02',
            creditStatus: 'BOOKED',
          },
        ],
      },
    };
    history.db
      .prepare('INSERT INTO end_of_day_reports (date, report, fetched_at) VALUES (?, ?, ?)')
      .run(old.date, JSON.stringify(old), 0);

    expect(reports.load('2026-03-02')).toEqual({
      date: '2026-03-02',
      payByBank: {
        reconciled: true,
        settlementLinked: true,
        payments: [
          {
            paymentRequestId: 'p1',
            status: 'MATCHED',
            creditDate: '2026-03-02',
            creditStatus: 'BOOKED',
          },
        ],
      },
    });
    expect(reports.load('2026-03-03')).toBeNull();
  });
});

describe('what the day took', () => {
  it('counts a tipped payment at what it took, tip included, as History shows it', () => {
    const history = openHistory(null);
    opened.push(history);
    const reports = createDayReports(history.db, 'Europe/London');
    const at = Date.UTC(2026, 10, 28, 10);
    const pay = (id: string, amountPence: number) =>
      history.upsertPayment({
        paymentRequestId: id,
        origin: 'counter',
        amountPence,
        createdAt: at,
      });
    pay('tipped', 1265);
    pay('bank', 420);
    const complete = (id: string, method: 'CARD' | 'PAY_BY_BANK', paid?: number, tip = 0) =>
      history.recordChange({
        paymentRequestId: id,
        from: 'PAYMENT_NOT_INITIATED',
        to: 'COMPLETED',
        source: 'push',
        occurredAt: at + 60_000,
        recordedAt: at + 60_000,
        final: true,
        ...(paid === undefined ? {} : { paidPence: paid }),
        tipPence: tip,
        paidMethod: method,
      });
    complete('tipped', 'CARD', 1392, 127);
    // A source that said "paid" without the amount: it took what it asked.
    complete('bank', 'PAY_BY_BANK');

    const taken = (id: string) => takenPence(history.get(id)!);
    expect([taken('tipped'), taken('bank')]).toEqual([1392, 420]);
    expect(reports.takings('2026-11-28')).toEqual([
      { method: 'CARD', count: 1, totalPence: 1392, tipsPence: 127 },
      { method: 'PAY_BY_BANK', count: 1, totalPence: 420, tipsPence: 0 },
    ]);
    expect(reports.payByBank('2026-11-28').map((p) => p.paidPence)).toEqual([420]);
    expect(history.todaysTakings(at + 3_600_000, 'Europe/London')).toEqual({
      count: 2,
      totalPence: 1812,
      tipsPence: 127,
    });
  });
});
