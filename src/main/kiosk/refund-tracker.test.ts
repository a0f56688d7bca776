/** The refund tracker: first sight records, then only forward moves, in any arrival order. */
import { describe, expect, it } from 'vitest';
import { openHistory } from './history/history';
import { createRefundHistory } from './history/refunds';
import { createRefundTracker, refundReportOf, type RefundReport } from './refund-tracker';

const PAYMENT = '0b6f3a52-6a0b-4a43-9d7a-6f1d2c1b0e01';
const REFUND = '1c7e4b63-7b1c-4b54-8e8b-7a2e3d2c1f02';

function setup() {
  let clock = Date.UTC(2026, 10, 23, 12);
  const history = openHistory(null, { now: () => clock });
  history.upsertPayment({
    paymentRequestId: PAYMENT,
    origin: 'counter',
    amountPence: 1000,
    status: 'COMPLETED',
    createdAt: clock,
  });
  const refunds = createRefundHistory(history.db, () => clock);
  const tracker = createRefundTracker(history, refunds, () => clock);
  return { refunds, tracker, tick: () => (clock += 1000) };
}

const report = (status: RefundReport['status'], at: string, source: RefundReport['source']) => ({
  refundId: REFUND,
  paymentRequestId: PAYMENT,
  status,
  source,
  at,
  amountPence: 400,
});

describe('refund tracker', () => {
  it('gives the same final state and trail whatever order the reports arrive in', () => {
    const reports = [
      report('INITIATED', '2026-11-23T12:00:00.000Z', 'local'),
      report('PENDING', '2026-11-23T12:00:01.000Z', 'push'),
      report('COMPLETED', '2026-11-23T12:00:03.000Z', 'poll'),
    ];
    const orders = [
      [0, 1, 2],
      [2, 1, 0],
      [1, 0, 2, 2, 1],
    ];
    const outcomes = orders.map((order) => {
      const { refunds, tracker, tick } = setup();
      for (const i of order) {
        tracker.report(reports[i]!);
        tick();
      }
      return { status: refunds.get(REFUND)!.status, refunded: refunds.refundedOf(PAYMENT) };
    });
    for (const outcome of outcomes) expect(outcome).toEqual({ status: 'COMPLETED', refunded: 400 });
  });

  it('never moves a final refund, and ignores refunds of payments it never saw', () => {
    const { refunds, tracker } = setup();
    tracker.report(report('CANCELLED', '2026-11-23T12:00:02.000Z', 'webhook'));
    expect(tracker.report(report('COMPLETED', '2026-11-23T12:00:03.000Z', 'poll'))).toBeNull();
    expect(refunds.get(REFUND)!.status).toBe('CANCELLED');
    expect(refunds.changes(REFUND).map((c) => c.to)).toEqual(['CANCELLED']);
    const other = { ...report('INITIATED', '2026-11-23T12:00:00.000Z', 'push') };
    expect(tracker.report({ ...other, refundId: PAYMENT, paymentRequestId: REFUND })).toBeNull();
  });

  it('reads REFUND_STATUS event data, and skips test events', () => {
    const data = {
      paymentRequestId: PAYMENT,
      refundId: REFUND,
      status: 'PENDING',
      refundAmount: 4,
      refundType: 'PARTIAL' as const,
      currency: 'GBP',
    };
    expect(refundReportOf(data, '2026-11-23T12:00:01.000Z', 'push')).toMatchObject({
      status: 'PENDING',
      amountPence: 400,
      refundType: 'PARTIAL',
    });
    expect(refundReportOf({ ...data, test: true }, '2026-11-23T12:00:01.000Z', 'push')).toBeNull();
    expect(refundReportOf({ ...data, status: 'REVERSED' }, 'x', 'push')).toBeNull();
  });
});
