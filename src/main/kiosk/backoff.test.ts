import { describe, expect, it } from 'vitest';
import { backoffDelay, createBackoff } from './backoff';

describe('backoff', () => {
  it('doubles the ceiling per attempt and never exceeds the cap', () => {
    const b = createBackoff({ baseMs: 500, capMs: 30_000, random: () => 0.999999 });
    const delays = Array.from({ length: 10 }, () => b.next());
    expect(delays.slice(0, 6)).toEqual([499, 999, 1999, 3999, 7999, 15999]);
    expect(delays.slice(6)).toEqual([29999, 29999, 29999, 29999]);
    expect(b.attempts).toBe(10);
  });

  it('draws each delay uniformly below the ceiling (full jitter)', () => {
    const draws = [0, 0.25, 0.5, 0.75];
    let i = 0;
    const random = () => draws[i++ % draws.length]!;
    expect([0, 0, 0, 0].map(() => backoffDelay(3, { baseMs: 100, capMs: 10_000, random }))).toEqual(
      [0, 200, 400, 600],
    );
  });

  it('spreads real delays between 0 and the ceiling', () => {
    const delays = Array.from({ length: 200 }, () =>
      backoffDelay(4, { baseMs: 100, capMs: 1_000 }),
    );
    expect(Math.max(...delays)).toBeLessThan(1_000);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
    expect(new Set(delays).size).toBeGreaterThan(50);
  });

  it('honours a minimum and starts again from the base after reset', () => {
    const b = createBackoff({ baseMs: 100, capMs: 1_000, minMs: 50, random: () => 0 });
    expect(b.next()).toBe(50);
    const full = createBackoff({ baseMs: 100, capMs: 1_000, random: () => 0.5 });
    expect([full.next(), full.next(), full.next()]).toEqual([50, 100, 200]);
    full.reset();
    expect(full.attempts).toBe(0);
    expect(full.next()).toBe(50);
  });

  it('survives absurd attempt counts', () => {
    expect(backoffDelay(5_000, { baseMs: 500, capMs: 30_000, random: () => 0.5 })).toBe(15_000);
  });
});
