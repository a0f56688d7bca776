import { describe, expect, it } from 'vitest';
import { iso } from './clock';

describe('iso', () => {
  it('writes every instant exactly as Date#toISOString does', () => {
    const instants = [
      0,
      1,
      999,
      86_399_999,
      86_400_000,
      -1,
      -86_400_001,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(1999, 11, 31, 23, 59, 59, 999),
      8.64e15, // the last instant a Date can hold (year +275760)
      -8.64e15,
      1.5, // not a whole millisecond: Date truncates
    ];
    // A day's worth of times in steps that hit every field, and a century of days.
    for (let t = Date.UTC(2026, 10, 26); t < Date.UTC(2026, 10, 27); t += 7_777) instants.push(t);
    for (let t = Date.UTC(1970, 0, 1); t < Date.UTC(2070, 0, 1); t += 86_400_000 * 37 + 12_345)
      instants.push(t);
    for (const ms of instants) expect(iso(ms), String(ms)).toBe(new Date(ms).toISOString());
  });

  it('refuses what Date refuses', () => {
    expect(() => iso(Number.NaN)).toThrow(RangeError);
    expect(() => iso(8.64e15 + 1)).toThrow(RangeError);
  });
});
