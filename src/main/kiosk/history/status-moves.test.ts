/**
 * The one compare-and-set status move, as both of its users keep it (payments and refunds, in a
 * real SQLite history): a move from the status a record is in changes it and writes its change
 * row together; a move from any other status (another report moved it first) changes nothing
 * and writes no row.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openHistory, type History } from './history';
import { createRefundHistory } from './refunds';

const PAYMENT = '00000000-0000-4000-8000-000000000001';
const REFUND = 'rf_00000000000000000000000001';
const T0 = Date.UTC(2026, 2, 2, 10);

const opened: History[] = [];
afterEach(() => opened.splice(0).forEach((h) => h.close()));

function historyWithPayment() {
  const history = openHistory(null, { now: () => T0 });
  opened.push(history);
  history.upsertPayment({
    paymentRequestId: PAYMENT,
    origin: 'counter',
    amountPence: 1000,
    createdAt: T0,
  });
  return history;
}

describe('a status move', () => {
  it("moves a payment and records the change with the payment's new fields, in one go", () => {
    const history = historyWithPayment();
    const moved = history.recordChange({
      paymentRequestId: PAYMENT,
      from: 'PAYMENT_NOT_INITIATED',
      to: 'COMPLETED',
      source: 'push',
      occurredAt: T0 + 5_000,
      recordedAt: T0 + 6_000,
      final: true,
      statusAt: T0 + 5_000,
      paidPence: 1100,
      tipPence: 100,
      paidMethod: 'CARD',
    });
    expect(moved?.payment).toMatchObject({
      status: 'COMPLETED',
      final: true,
      paidPence: 1100,
      tipPence: 100,
      paidMethod: 'CARD',
      statusAt: T0 + 5_000,
      completedAt: T0 + 5_000,
      updatedAt: T0 + 6_000,
    });
    expect(history.changes(PAYMENT).map((c) => [c.from, c.to, c.source])).toEqual([
      [null, 'PAYMENT_NOT_INITIATED', 'local'],
      ['PAYMENT_NOT_INITIATED', 'COMPLETED', 'push'],
    ]);
  });

  it('changes nothing, and records no change, when the payment is no longer in `from`', () => {
    const history = historyWithPayment();
    const before = history.get(PAYMENT);
    const moved = history.recordChange({
      paymentRequestId: PAYMENT,
      from: 'AWAITING_AUTHORIZATION',
      to: 'FAILED',
      source: 'poll',
      occurredAt: T0 + 1_000,
      recordedAt: T0 + 1_000,
      final: false,
      errorDescription: 'declined',
    });
    expect(moved).toBeNull();
    expect(history.get(PAYMENT)).toEqual(before);
    expect(history.changes(PAYMENT)).toHaveLength(1);
  });

  it('moves a refund the same way, and only from the status it is in', () => {
    const history = historyWithPayment();
    const refunds = createRefundHistory(history.db, () => T0);
    refunds.insert({
      refundId: REFUND,
      paymentRequestId: PAYMENT,
      amountPence: 400,
      currency: 'GBP',
      refundType: 'PARTIAL',
      status: 'INITIATED',
      statusAt: T0,
      source: 'local',
      createdAt: T0,
    });
    const move = (from: 'INITIATED' | 'PENDING', at: number) =>
      refunds.move({
        refundId: REFUND,
        from,
        to: 'COMPLETED',
        source: 'webhook',
        occurredAt: at,
        recordedAt: at,
        statusAt: at,
      });
    expect(move('PENDING', T0 + 1_000)).toBeNull();
    expect(refunds.get(REFUND)).toMatchObject({ status: 'INITIATED', final: false });
    expect(move('INITIATED', T0 + 2_000)).toMatchObject({
      status: 'COMPLETED',
      final: true,
      completedAt: T0 + 2_000,
    });
    expect(move('INITIATED', T0 + 3_000)).toBeNull(); // already moved: recorded once
    expect(refunds.changes(REFUND).map((c) => [c.from, c.to, c.source])).toEqual([
      [null, 'INITIATED', 'local'],
      ['INITIATED', 'COMPLETED', 'webhook'],
    ]);
    expect(refunds.refundedOf(PAYMENT)).toBe(400);
  });
});
