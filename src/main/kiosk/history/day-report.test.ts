import { afterEach, describe, expect, it } from 'vitest';
import { createDayReports } from './day-report';
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
