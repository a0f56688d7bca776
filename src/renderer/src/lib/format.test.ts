import { describe, expect, it } from 'vitest';
import { formatDateTime, formatPounds, formatWhen } from './format';

describe('format', () => {
  it('shows pounds from the bridge as en-GB money', () => {
    expect(formatPounds(12.5)).toBe('£12.50');
    expect(formatPounds(1234.56)).toBe('£1,234.56');
    expect(formatPounds(0)).toBe('£0.00');
    expect(formatPounds(0.1 + 0.2)).toBe('—');
  });

  it('shows only the time for today, the day too for older payments', () => {
    const now = new Date(2025, 2, 3, 15, 0, 0);
    expect(formatWhen(new Date(2025, 2, 3, 14, 5, 9).toISOString(), now)).toBe('14:05:09');
    expect(formatWhen(new Date(2025, 2, 1, 9, 30).toISOString(), now)).toBe('1 Mar, 09:30');
    expect(formatWhen('', now)).toBe('—');
  });

  it('shows full dates and times', () => {
    expect(formatDateTime(new Date(2025, 2, 3, 14, 5, 9).toISOString())).toBe(
      '3 Mar 2025, 14:05:09',
    );
    expect(formatDateTime('nonsense')).toBe('—');
  });
});
