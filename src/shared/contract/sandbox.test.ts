import { describe, it, expect } from 'vitest';
import { ClockAdvanceBody, ClockResponse, SimulateBody } from './sandbox';
import { issues, parse, paths } from '../../../test/helpers/schema-test-kit';

const YEAR_MS = 366 * 24 * 3600 * 1000;

describe('ClockAdvanceBody', () => {
  it('accepts whole milliseconds up to a year', () => {
    expect(parse(ClockAdvanceBody, { ms: 180_000 })).toEqual({ ms: 180_000 });
    expect(parse(ClockAdvanceBody, { ms: 1 })).toEqual({ ms: 1 });
    expect(parse(ClockAdvanceBody, { ms: YEAR_MS })).toEqual({ ms: YEAR_MS });
  });
  it('rejects zero, negative, fractional, over a year and missing', () => {
    for (const ms of [0, -1000, 1.5, YEAR_MS + 1, '1000', undefined])
      expect(paths(ClockAdvanceBody, { ms })).toEqual([['ms']]);
  });
});

describe('ClockResponse', () => {
  it('carries the current time', () => {
    expect(parse(ClockResponse, { now: '2026-03-14T09:33:00.000Z' })).toBeTruthy();
    expect(paths(ClockResponse, { now: 1710408780000 })).toEqual([['now']]);
  });
});

describe('SimulateBody', () => {
  it('accepts each outcome for the method that allows it, with an optional tip', () => {
    expect(
      parse(SimulateBody, { paymentMethod: 'PAY_BY_BANK', outcome: 'COMPLETED' }),
    ).toBeTruthy();
    expect(parse(SimulateBody, { paymentMethod: 'PAY_BY_BANK', outcome: 'FAILED' })).toBeTruthy();
    expect(parse(SimulateBody, { paymentMethod: 'CARD', outcome: 'AUTHORIZED' })).toBeTruthy();
    expect(
      parse(SimulateBody, { paymentMethod: 'CARD', outcome: 'COMPLETED', tipAmount: 2.5 }),
    ).toEqual({
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
      tipAmount: 2.5,
    });
    expect(
      parse(SimulateBody, { paymentMethod: 'CARD', outcome: 'COMPLETED', tipAmount: 0 }),
    ).toBeTruthy();
  });

  it('allows AUTHORIZED only for CARD', () => {
    const found = issues(SimulateBody, { paymentMethod: 'PAY_BY_BANK', outcome: 'AUTHORIZED' });
    expect(found.map((i) => i.path)).toEqual([['outcome']]);
    expect(found[0]?.message).toBe('AUTHORIZED requires paymentMethod CARD');
  });

  it('rejects unknown outcomes and methods', () => {
    expect(paths(SimulateBody, { paymentMethod: 'CARD', outcome: 'REFUNDED' })).toEqual([
      ['outcome'],
    ]);
    expect(paths(SimulateBody, { paymentMethod: 'CASH', outcome: 'COMPLETED' })).toEqual([
      ['paymentMethod'],
    ]);
  });

  it('rejects a negative tip and one with three places', () => {
    expect(
      paths(SimulateBody, { paymentMethod: 'CARD', outcome: 'COMPLETED', tipAmount: -1 }),
    ).toEqual([['tipAmount']]);
    expect(
      paths(SimulateBody, { paymentMethod: 'CARD', outcome: 'COMPLETED', tipAmount: 1.005 }),
    ).toEqual([['tipAmount']]);
  });
});
