import { describe, expect, it } from 'vitest';
import { createClock, iso } from './clock';

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

describe('the sandbox clocks', () => {
  const HOUR = 3_600_000;

  it("reads each merchant's own sandbox time, and real time in production", () => {
    const clock = createClock([{ merchant_id: 'moved', offset_ms: HOUR }]);
    const before = Date.now();
    expect(clock.now('sandbox', 'moved') - before).toBeGreaterThanOrEqual(HOUR);
    expect(clock.now('sandbox', 'moved') - Date.now()).toBeLessThanOrEqual(HOUR);
    for (const read of [
      clock.now('sandbox', 'other'),
      clock.now('production', 'moved'),
      clock.now('production'),
    ]) {
      expect(read).toBeGreaterThanOrEqual(before);
      expect(read).toBeLessThanOrEqual(Date.now());
    }
  });

  it('sweeps production, then each moved offset once for all its merchants, then the rest of the sandbox at real time', () => {
    const clock = createClock([
      { merchant_id: 'a', offset_ms: HOUR },
      { merchant_id: 'b', offset_ms: 2 * HOUR },
      { merchant_id: 'c', offset_ms: HOUR },
    ]);
    const before = Date.now();
    const passes = clock.sweeps();
    expect(passes.map(({ environment, merchantIds }) => ({ environment, merchantIds }))).toEqual([
      { environment: 'production', merchantIds: undefined },
      { environment: 'sandbox', merchantIds: ['a', 'c'] },
      { environment: 'sandbox', merchantIds: ['b'] },
      { environment: 'sandbox', merchantIds: undefined },
    ]);
    expect(passes[1]!.merchants).toBe('["a","c"]');
    expect(passes[1]!.now - passes[0]!.now).toBe(HOUR);
    expect(passes[2]!.now - passes[0]!.now).toBe(2 * HOUR);
    expect(passes[3]!.now).toBe(passes[0]!.now);
    expect(passes[0]!.now).toBeGreaterThanOrEqual(before);
  });

  it('takes offsets from the database and never moves a clock back', () => {
    const clock = createClock();
    expect(clock.sweeps()).toHaveLength(2);
    clock.sync([{ merchant_id: 'a', offset_ms: 5 * HOUR }]);
    expect(clock.offset('a')).toBe(5 * HOUR);
    // A read of the database made before this instance's own move answers an older offset.
    clock.set('a', 6 * HOUR);
    clock.sync([{ merchant_id: 'a', offset_ms: 5 * HOUR }]);
    expect(clock.offset('a')).toBe(6 * HOUR);
    expect(clock.offset('b')).toBe(0);
    expect(clock.sweeps()[1]).toMatchObject({ merchantIds: ['a'] });
  });
});
