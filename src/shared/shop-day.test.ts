import { describe, expect, it } from 'vitest';
import { dateBounds, isTimeZone, localDate, localDayBounds } from './shop-day';

const HOUR = 3_600_000;

describe('localDayBounds in Europe/London', () => {
  it('a summer day starts at 23:00 UTC the day before', () => {
    const { start, end } = localDayBounds(Date.UTC(2024, 6, 2, 12), 'Europe/London');
    expect(new Date(start).toISOString()).toBe('2024-07-01T23:00:00.000Z');
    expect(new Date(end).toISOString()).toBe('2024-07-02T23:00:00.000Z');
  });

  it('00:30 BST belongs to the new day although it is still yesterday in UTC', () => {
    const { start } = localDayBounds(Date.UTC(2024, 6, 1, 23, 30), 'Europe/London');
    expect(new Date(start).toISOString()).toBe('2024-07-01T23:00:00.000Z');
  });

  it('the day the clocks go forward is 23 hours; the day they go back is 25', () => {
    const spring = localDayBounds(Date.UTC(2024, 2, 31, 12), 'Europe/London');
    expect(new Date(spring.start).toISOString()).toBe('2024-03-31T00:00:00.000Z');
    expect(spring.end - spring.start).toBe(23 * HOUR);
    const autumn = localDayBounds(Date.UTC(2024, 9, 27, 12), 'Europe/London');
    expect(new Date(autumn.start).toISOString()).toBe('2024-10-26T23:00:00.000Z');
    expect(autumn.end - autumn.start).toBe(25 * HOUR);
  });

  it('works for other zones too', () => {
    const { start } = localDayBounds(Date.UTC(2024, 0, 1, 3), 'America/New_York');
    expect(new Date(start).toISOString()).toBe('2023-12-31T05:00:00.000Z');
  });
});

describe("the shop's date", () => {
  it('23:30 UTC on a summer evening is already the next day in London, not in UTC', () => {
    const late = Date.UTC(2026, 6, 1, 23, 30);
    expect(localDate(late, 'Europe/London')).toBe('2026-07-02');
    expect(localDate(late, 'UTC')).toBe('2026-07-01');
  });

  it("a date's bounds are the zone's midnights", () => {
    const { start, end } = dateBounds('2026-07-02', 'Europe/London');
    expect(new Date(start).toISOString()).toBe('2026-07-01T23:00:00.000Z');
    expect(new Date(end).toISOString()).toBe('2026-07-02T23:00:00.000Z');
    expect(dateBounds('2026-11-25', 'UTC').start).toBe(Date.UTC(2026, 10, 25));
  });

  it('knows an IANA zone from a typo', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('Europe/Londn')).toBe(false);
  });
});

describe('dates in zones far from UTC', () => {
  it('Kiritimati (UTC+14) and Pago Pago (UTC−11) days start at their own midnights', () => {
    expect(new Date(dateBounds('2026-11-26', 'Pacific/Kiritimati').start).toISOString()).toBe(
      '2026-11-25T10:00:00.000Z',
    );
    expect(new Date(dateBounds('2026-11-25', 'Pacific/Pago_Pago').start).toISOString()).toBe(
      '2026-11-25T11:00:00.000Z',
    );
  });
});
