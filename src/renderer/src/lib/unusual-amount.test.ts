import { describe, expect, it } from 'vitest';
import { medianOf, unusualAmount } from './unusual-amount';

describe('an unusually large amount', () => {
  it('is more than ten times the median of recent payments', () => {
    const recent = [420, 1250, 1999, 800, 350]; // median £8.00
    expect(unusualAmount(8_000, recent)).toBeNull();
    expect(unusualAmount(8_001, recent)).toEqual({ medianPence: 800, thresholdPence: 8_000 });
    expect(unusualAmount(420_420, recent)).not.toBeNull();
  });

  it('is above £1,000.00 while there is too little history to judge by', () => {
    expect(unusualAmount(100_000, [])).toBeNull();
    expect(unusualAmount(100_001, [])).toEqual({ medianPence: null, thresholdPence: 100_000 });
    expect(unusualAmount(100_001, [500, 600])).not.toBeNull();
  });

  it('takes the middle of an even number of payments as their median', () => {
    expect(medianOf([100, 300, 200, 400])).toBe(250);
    expect(medianOf([5])).toBe(5);
  });
});
