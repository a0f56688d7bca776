import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelay } from './schedule';

describe('retry schedule', () => {
  it('waits about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then gives up', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelay(n, middle))).toEqual([
      5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
    ]);
    expect(retryDelay(8, middle)).toBeNull();
    expect(MAX_ATTEMPTS).toBe(8);
  });

  it('moves each delay by at most 20% either way', () => {
    RETRY_DELAYS_MS.forEach((base, i) => {
      expect(retryDelay(i + 1, () => 0)).toBe(Math.round(base * 0.8));
      expect(retryDelay(i + 1, () => 0.999999)).toBeLessThanOrEqual(Math.round(base * 1.2));
    });
  });
});
