import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Period } from '../../shared/contract/common';
import { addMonths, periodWindow } from './periods';

const t = (text: string) => Date.parse(text);
const w = (
  period: Parameters<typeof periodWindow>[0],
  alignment: 'CALENDAR' | 'ANCHORED',
  anchor: string,
  now: string,
) => {
  const { start, end } = periodWindow(period, alignment, t(anchor), t(now));
  return [new Date(start).toISOString(), new Date(end).toISOString()];
};
const ANCHOR = '2026-01-31T15:30:00.000Z';

describe('calendar periods (UTC)', () => {
  it('day, week from Monday, fortnight, month, half year, year', () => {
    const now = '2028-02-29T13:00:00.000Z'; // a Tuesday, and a leap day
    expect(w('DAY', 'CALENDAR', ANCHOR, now)).toEqual([
      '2028-02-29T00:00:00.000Z',
      '2028-03-01T00:00:00.000Z',
    ]);
    expect(w('WEEK', 'CALENDAR', ANCHOR, now)).toEqual([
      '2028-02-28T00:00:00.000Z',
      '2028-03-06T00:00:00.000Z',
    ]);
    expect(w('MONTH', 'CALENDAR', ANCHOR, now)).toEqual([
      '2028-02-01T00:00:00.000Z',
      '2028-03-01T00:00:00.000Z',
    ]);
    expect(w('HALF_YEAR', 'CALENDAR', ANCHOR, now)).toEqual([
      '2028-01-01T00:00:00.000Z',
      '2028-07-01T00:00:00.000Z',
    ]);
    expect(w('HALF_YEAR', 'CALENDAR', ANCHOR, '2028-07-01T00:00:00.000Z')).toEqual([
      '2028-07-01T00:00:00.000Z',
      '2029-01-01T00:00:00.000Z',
    ]);
    expect(w('YEAR', 'CALENDAR', ANCHOR, now)).toEqual([
      '2028-01-01T00:00:00.000Z',
      '2029-01-01T00:00:00.000Z',
    ]);
  });

  it('fortnights pair ISO weeks from Monday 5 January 1970', () => {
    expect(w('FORTNIGHT', 'CALENDAR', ANCHOR, '1970-01-05T00:00:00.000Z')).toEqual([
      '1970-01-05T00:00:00.000Z',
      '1970-01-19T00:00:00.000Z',
    ]);
    expect(w('FORTNIGHT', 'CALENDAR', ANCHOR, '1970-01-18T23:59:59.999Z')).toEqual([
      '1970-01-05T00:00:00.000Z',
      '1970-01-19T00:00:00.000Z',
    ]);
    // 2026-11-23 is a Monday 2968 weeks after 1970-01-05 (even): a fortnight starts there…
    expect(w('FORTNIGHT', 'CALENDAR', ANCHOR, '2026-11-23T08:00:00.000Z')).toEqual([
      '2026-11-23T00:00:00.000Z',
      '2026-12-07T00:00:00.000Z',
    ]);
    // …and the Monday after (odd) is its second week.
    expect(w('FORTNIGHT', 'CALENDAR', ANCHOR, '2026-12-06T23:00:00.000Z')).toEqual([
      '2026-11-23T00:00:00.000Z',
      '2026-12-07T00:00:00.000Z',
    ]);
  });

  it('the month end and the first of the month belong to different months', () => {
    expect(w('MONTH', 'CALENDAR', ANCHOR, '2027-01-31T23:59:59.999Z')[1]).toBe(
      '2027-02-01T00:00:00.000Z',
    );
    expect(w('MONTH', 'CALENDAR', ANCHOR, '2027-02-01T00:00:00.000Z')[0]).toBe(
      '2027-02-01T00:00:00.000Z',
    );
  });
});

describe('anchored periods', () => {
  it('fixed-length periods count whole days from the anchor', () => {
    expect(w('DAY', 'ANCHORED', ANCHOR, '2026-02-02T15:29:59.999Z')).toEqual([
      '2026-02-01T15:30:00.000Z',
      '2026-02-02T15:30:00.000Z',
    ]);
    expect(w('WEEK', 'ANCHORED', ANCHOR, '2026-02-07T15:30:00.000Z')).toEqual([
      '2026-02-07T15:30:00.000Z',
      '2026-02-14T15:30:00.000Z',
    ]);
    expect(w('FORTNIGHT', 'ANCHORED', ANCHOR, '2026-02-10T00:00:00.000Z')).toEqual([
      '2026-01-31T15:30:00.000Z',
      '2026-02-14T15:30:00.000Z',
    ]);
  });

  it('months from the 31st land on the last day of shorter months', () => {
    expect(w('MONTH', 'ANCHORED', ANCHOR, '2026-02-15T00:00:00.000Z')).toEqual([
      '2026-01-31T15:30:00.000Z',
      '2026-02-28T15:30:00.000Z',
    ]);
    expect(w('MONTH', 'ANCHORED', ANCHOR, '2026-03-01T00:00:00.000Z')).toEqual([
      '2026-02-28T15:30:00.000Z',
      '2026-03-31T15:30:00.000Z',
    ]);
    expect(w('MONTH', 'ANCHORED', ANCHOR, '2026-04-30T15:30:00.000Z')).toEqual([
      '2026-04-30T15:30:00.000Z',
      '2026-05-31T15:30:00.000Z',
    ]);
    expect(w('MONTH', 'ANCHORED', ANCHOR, '2028-02-29T16:00:00.000Z')).toEqual([
      '2028-02-29T15:30:00.000Z',
      '2028-03-31T15:30:00.000Z',
    ]);
    expect(w('HALF_YEAR', 'ANCHORED', ANCHOR, '2026-08-01T00:00:00.000Z')).toEqual([
      '2026-07-31T15:30:00.000Z',
      '2027-01-31T15:30:00.000Z',
    ]);
  });

  it('a leap-day anchor renews on 28 February in other years', () => {
    const leap = '2028-02-29T00:00:00.000Z';
    expect(w('YEAR', 'ANCHORED', leap, '2028-06-01T00:00:00.000Z')).toEqual([
      leap,
      '2029-02-28T00:00:00.000Z',
    ]);
    expect(w('YEAR', 'ANCHORED', leap, '2032-03-01T00:00:00.000Z')).toEqual([
      '2032-02-29T00:00:00.000Z',
      '2033-02-28T00:00:00.000Z',
    ]);
    expect(w('MONTH', 'ANCHORED', leap, '2028-03-29T00:00:00.000Z')).toEqual([
      '2028-03-29T00:00:00.000Z',
      '2028-04-29T00:00:00.000Z',
    ]);
    expect(addMonths(t(leap), 12)).toBe(t('2029-02-28T00:00:00.000Z'));
  });

  it('before the anchor, the window is the one ending at the anchor', () => {
    expect(w('MONTH', 'ANCHORED', ANCHOR, '2026-01-15T00:00:00.000Z')).toEqual([
      '2025-12-31T15:30:00.000Z',
      '2026-01-31T15:30:00.000Z',
    ]);
  });
});

describe('properties', () => {
  const instant = fc.integer({ min: t('1990-01-01T00:00:00Z'), max: t('2100-01-01T00:00:00Z') });
  it('every window holds its moment, and the next window starts where it ends', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Period.options),
        fc.constantFrom('CALENDAR' as const, 'ANCHORED' as const),
        instant,
        instant,
        (period, alignment, anchor, now) => {
          const { start, end } = periodWindow(period, alignment, anchor, now);
          expect(start).toBeLessThanOrEqual(now);
          expect(end).toBeGreaterThan(now);
          expect(periodWindow(period, alignment, anchor, end).start).toBe(end);
          expect(periodWindow(period, alignment, anchor, end - 1).start).toBe(start);
          const days = (end - start) / 86_400_000;
          const [min, max] = {
            DAY: [1, 1],
            WEEK: [7, 7],
            FORTNIGHT: [14, 14],
            MONTH: [28, 31],
            HALF_YEAR: [181, 184],
            YEAR: [365, 366],
          }[period];
          expect(days).toBeGreaterThanOrEqual(min!);
          expect(days).toBeLessThanOrEqual(max!);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
