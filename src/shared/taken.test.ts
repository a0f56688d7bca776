import { describe, expect, it } from 'vitest';
import { shownAmount, takenPence } from './taken';

const paid = { status: 'COMPLETED', amountPence: 1265, paidPence: 1392, tipPence: 127 } as const;

describe('what a payment took', () => {
  it('a paid payment took what the customer paid, tip included', () => {
    expect(takenPence(paid)).toBe(1392);
    expect(shownAmount(paid)).toEqual({ pence: 1392, tipPence: 127, taken: true });
  });

  it('a paid payment whose paid amount was never said took what it asked plus its tip', () => {
    expect(takenPence({ ...paid, paidPence: 0 })).toBe(1392);
    expect(takenPence({ ...paid, paidPence: 0, tipPence: 0 })).toBe(1265);
  });

  it('a payment not paid took nothing, and a list shows what it asks for', () => {
    for (const status of ['PAYMENT_NOT_INITIATED', 'AUTHORIZED', 'FAILED', 'EXPIRED'] as const) {
      expect(takenPence({ ...paid, status, paidPence: 0, tipPence: 0 })).toBe(0);
      expect(shownAmount({ ...paid, status })).toEqual({ pence: 1265, tipPence: 0, taken: false });
    }
  });
});
