import { describe, expect, it } from 'vitest';
import { formatCountdown, remainingMs } from './countdown';

describe('countdown', () => {
  it('formats mm:ss', () => {
    expect(formatCountdown(180_000)).toBe('03:00');
    expect(formatCountdown(179_001)).toBe('03:00');
    expect(formatCountdown(179_000)).toBe('02:59');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(9_000)).toBe('00:09');
  });

  it('shows 00:01 in the last second and 00:00 at expiry', () => {
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5_000)).toBe('00:00');
  });

  it('adds hours past an hour', () => {
    expect(formatCountdown(3_600_000)).toBe('1:00:00');
    expect(formatCountdown(3_725_000)).toBe('1:02:05');
  });

  it('measures time left from an ISO expiry', () => {
    const now = Date.parse('2025-01-01T12:00:00Z');
    expect(remainingMs('2025-01-01T12:03:00Z', now)).toBe(180_000);
    expect(remainingMs('2025-01-01T11:00:00Z', now)).toBe(0);
    expect(remainingMs('', now)).toBeNull();
    expect(remainingMs('not a date', now)).toBeNull();
  });
});
