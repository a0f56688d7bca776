import { describe, expect, it } from 'vitest';
import { localDayBounds } from './local-day';

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
