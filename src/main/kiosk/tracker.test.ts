import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '../../shared/payment-states';
import { openHistory } from './history/history';
import type { KioskPayment, StatusChange } from './history/types';
import { createTracker, type Tracker } from './tracker';
import type { StatusReport } from './types';

const ID = '11111111-1111-4111-8111-111111111111';
const T0 = Date.UTC(2024, 6, 1, 12);
const at = (s: number) => new Date(T0 + s * 1000).toISOString();

function setup() {
  const history = openHistory(null);
  let now = T0 + 100_000;
  const tracker = createTracker(history, { now: () => now++ });
  const heard: [KioskPayment, StatusChange][] = [];
  tracker.subscribe((p, c) => heard.push([p, c]));
  tracker.track({
    paymentRequestId: ID,
    origin: 'remote',
    amountPence: 1250,
    orderId: 'A-1',
    createdAt: T0,
    source: 'push',
  });
  return { history, tracker, heard };
}

const steps = (t: { history: ReturnType<typeof openHistory> }) =>
  t.history.changes(ID).map((c) => [c.from, c.to, c.source]);

function feed(tracker: Tracker, reports: StatusReport[]) {
  return reports.map((r) => tracker.report(r));
}

describe('tracker: which reports it applies', () => {
  it('applies forward moves in order and records where each came from', () => {
    const t = setup();
    const results = feed(t.tracker, [
      { paymentRequestId: ID, status: 'AWAITING_AUTHORIZATION', source: 'push', at: at(1) },
      {
        paymentRequestId: ID,
        status: 'COMPLETED',
        source: 'webhook',
        at: at(2),
        paidAmount: 13.75,
        tipAmount: 1.25,
        paymentMethod: 'PAY_BY_BANK',
      },
    ]);
    expect(results.map((r) => r.applied)).toEqual([true, true]);
    expect(steps(t)).toEqual([
      [null, 'PAYMENT_NOT_INITIATED', 'push'],
      ['PAYMENT_NOT_INITIATED', 'AWAITING_AUTHORIZATION', 'push'],
      ['AWAITING_AUTHORIZATION', 'COMPLETED', 'webhook'],
    ]);
    expect(t.history.get(ID)).toMatchObject({
      status: 'COMPLETED',
      final: true,
      paidPence: 1375,
      tipPence: 125,
      paidMethod: 'PAY_BY_BANK',
      completedAt: T0 + 2000,
    });
  });

  it('ignores duplicates and stale reports whatever order they arrive in', () => {
    const t = setup();
    const results = feed(t.tracker, [
      { paymentRequestId: ID, status: 'AWAITING_AUTHORIZATION', source: 'push', at: at(1) },
      { paymentRequestId: ID, status: 'AWAITING_AUTHORIZATION', source: 'webhook', at: at(1) },
      { paymentRequestId: ID, status: 'COMPLETED', source: 'poll', at: at(3), paidAmount: 12.5 },
      { paymentRequestId: ID, status: 'PENDING', source: 'webhook', at: at(2) },
      { paymentRequestId: ID, status: 'AWAITING_AUTHORIZATION', source: 'poll', at: at(1) },
      { paymentRequestId: ID, status: 'COMPLETED', source: 'push', at: at(3) },
    ]);
    expect(results).toEqual([
      expect.objectContaining({ applied: true }),
      { applied: false, reason: 'duplicate', status: 'AWAITING_AUTHORIZATION' },
      expect.objectContaining({ applied: true }),
      { applied: false, reason: 'not-forward', status: 'COMPLETED' },
      { applied: false, reason: 'not-forward', status: 'COMPLETED' },
      { applied: false, reason: 'duplicate', status: 'COMPLETED' },
    ]);
    expect(steps(t)).toEqual([
      [null, 'PAYMENT_NOT_INITIATED', 'push'],
      ['PAYMENT_NOT_INITIATED', 'AWAITING_AUTHORIZATION', 'push'],
      ['AWAITING_AUTHORIZATION', 'COMPLETED', 'poll'],
    ]);
    expect(t.history.get(ID)!.paidPence).toBe(1250);
  });

  it('applies a jump over missed steps when the state machine allows it', () => {
    const t = setup();
    const result = t.tracker.report({ paymentRequestId: ID, status: 'COMPLETED', source: 'poll' });
    expect(result.applied).toBe(true);
    expect(steps(t)).toEqual([
      [null, 'PAYMENT_NOT_INITIATED', 'push'],
      ['PAYMENT_NOT_INITIATED', 'COMPLETED', 'poll'],
    ]);
    // Completion without amounts means the amount asked for was paid.
    expect(t.history.get(ID)!.paidPence).toBe(1250);
  });

  it('follows a retry after FAILED, but not a late report from before the failure', () => {
    const t = setup();
    feed(t.tracker, [
      { paymentRequestId: ID, status: 'AWAITING_AUTHORIZATION', source: 'push', at: at(1) },
      {
        paymentRequestId: ID,
        status: 'FAILED',
        source: 'webhook',
        at: at(2),
        errorDescription: 'Declined by bank',
      },
    ]);
    expect(t.history.get(ID)).toMatchObject({
      status: 'FAILED',
      final: false, // allowRetry: the customer may try again
      errorDescription: 'Declined by bank',
    });
    const late = t.tracker.report({
      paymentRequestId: ID,
      status: 'AWAITING_AUTHORIZATION',
      source: 'poll',
      at: at(1),
    });
    expect(late).toEqual({ applied: false, reason: 'stale', status: 'FAILED' });
    const retry = t.tracker.report({
      paymentRequestId: ID,
      status: 'AWAITING_AUTHORIZATION',
      source: 'push',
      at: at(5),
    });
    expect(retry.applied).toBe(true);
    expect(t.history.get(ID)!.final).toBe(false);
    t.tracker.report({ paymentRequestId: ID, status: 'CANCELLED', source: 'local' });
    expect(t.history.get(ID)!.final).toBe(true);
    expect(steps(t).map((s) => s[1])).toEqual([
      'PAYMENT_NOT_INITIATED',
      'AWAITING_AUTHORIZATION',
      'FAILED',
      'AWAITING_AUTHORIZATION',
      'CANCELLED',
    ]);
  });
});

describe('tracker: any arrival order, and payments it never saw', () => {
  it('reaches the same final state and history for every arrival order of the same reports', () => {
    const reports: StatusReport[] = [
      { paymentRequestId: ID, status: 'AWAITING_AUTHORIZATION', source: 'push', at: at(1) },
      { paymentRequestId: ID, status: 'PENDING', source: 'webhook', at: at(2) },
      { paymentRequestId: ID, status: 'COMPLETED', source: 'poll', at: at(3), paidAmount: 12.5 },
    ];
    // Arrival order → the changes the tracker must record after the first sighting.
    const AW = 'AWAITING_AUTHORIZATION';
    const expected: [number[], [string, string, string][]][] = [
      [
        [0, 1, 2],
        [
          ['PAYMENT_NOT_INITIATED', AW, 'push'],
          [AW, 'PENDING', 'webhook'],
          ['PENDING', 'COMPLETED', 'poll'],
        ],
      ],
      [
        [0, 2, 1],
        [
          ['PAYMENT_NOT_INITIATED', AW, 'push'],
          [AW, 'COMPLETED', 'poll'],
        ],
      ],
      [
        [1, 0, 2],
        [
          ['PAYMENT_NOT_INITIATED', 'PENDING', 'webhook'],
          ['PENDING', 'COMPLETED', 'poll'],
        ],
      ],
      [
        [1, 2, 0],
        [
          ['PAYMENT_NOT_INITIATED', 'PENDING', 'webhook'],
          ['PENDING', 'COMPLETED', 'poll'],
        ],
      ],
      [[2, 0, 1], [['PAYMENT_NOT_INITIATED', 'COMPLETED', 'poll']]],
      [[2, 1, 0], [['PAYMENT_NOT_INITIATED', 'COMPLETED', 'poll']]],
    ];
    for (const [order, changes] of expected) {
      const t = setup();
      // Each source repeats itself too.
      feed(
        t.tracker,
        [...order, ...order].map((i) => reports[i]!),
      );
      expect(t.history.get(ID)).toMatchObject({
        status: 'COMPLETED',
        final: true,
        paidPence: 1250,
      });
      expect(steps(t).slice(1)).toEqual(changes);
      expect(t.heard.map(([, c]) => [c.from, c.to, c.source]).slice(1)).toEqual(changes);
    }
  });

  it('ignores payments the kiosk never saw, and says so', () => {
    const t = setup();
    const other = '22222222-2222-4222-8222-222222222222';
    expect(
      t.tracker.report({ paymentRequestId: other, status: 'COMPLETED', source: 'push' }),
    ).toEqual({ applied: false, reason: 'unknown-payment' });
    expect(t.history.get(other)).toBeNull();
  });
});

describe('tracker: who hears of a change', () => {
  it('tells subscribers each applied change exactly once, and stops after unsubscribe', () => {
    const t = setup();
    const mine: PaymentStatus[] = [];
    const unsubscribe = t.tracker.subscribe((_, c) => mine.push(c.to));
    feed(t.tracker, [
      { paymentRequestId: ID, status: 'AWAITING_AUTHORIZATION', source: 'push', at: at(1) },
      { paymentRequestId: ID, status: 'AWAITING_AUTHORIZATION', source: 'poll', at: at(1) },
      { paymentRequestId: ID, status: 'PENDING', source: 'webhook', at: at(2) },
    ]);
    unsubscribe();
    t.tracker.report({ paymentRequestId: ID, status: 'COMPLETED', source: 'push', at: at(3) });
    expect(mine).toEqual(['AWAITING_AUTHORIZATION', 'PENDING']);
    // The first subscriber also heard the payment being tracked.
    expect(t.heard.map(([p, c]) => [c.to, c.source, p.status])).toEqual([
      ['PAYMENT_NOT_INITIATED', 'push', 'PAYMENT_NOT_INITIATED'],
      ['AWAITING_AUTHORIZATION', 'push', 'AWAITING_AUTHORIZATION'],
      ['PENDING', 'webhook', 'PENDING'],
      ['COMPLETED', 'push', 'COMPLETED'],
    ]);
  });

  it('a failing subscriber neither blocks the others nor undoes the change', () => {
    const t = setup();
    t.tracker.subscribe(() => {
      throw new Error('screen crashed');
    });
    const after: string[] = [];
    t.tracker.subscribe((_, c) => after.push(c.to));
    const original = console.error;
    console.error = () => undefined;
    try {
      t.tracker.report({ paymentRequestId: ID, status: 'CANCELLED', source: 'local' });
    } finally {
      console.error = original;
    }
    expect(after).toEqual(['CANCELLED']);
    expect(t.history.get(ID)!.status).toBe('CANCELLED');
  });

  it('tracking a known payment again announces nothing new', () => {
    const t = setup();
    const again = t.tracker.track({
      paymentRequestId: ID,
      origin: 'remote',
      amountPence: 1250,
      createdAt: T0,
    });
    expect(again.created).toBe(false);
    expect(t.heard).toHaveLength(1);
  });
});
