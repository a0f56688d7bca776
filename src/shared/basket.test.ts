import { describe, expect, it } from 'vitest';
import { basketMismatch, basketTotalPence, summariseBasket } from './basket';

const line = (description: string, quantity: number, unitPence: number) => ({
  description,
  quantity,
  unitPence,
});

describe('a basket', () => {
  it('totals quantity × price in whole pence', () => {
    expect(basketTotalPence([line('Tea', 3, 110), line('Free refill', 1, 0)])).toBe(330);
    expect(basketTotalPence([])).toBe(0);
  });

  it('says when it does not add up to the payment, and nothing when it does or is empty', () => {
    expect(basketMismatch([line('Tea', 3, 110)], 330)).toBeNull();
    expect(basketMismatch([], 330)).toBeNull();
    expect(basketMismatch([line('Tea', 3, 110)], 300)).toBe(
      'The items add up to £3.30, but this payment is for £3.00',
    );
  });

  it('keeps the newest lines when it is longer than the screen has room for, summarising the rest', () => {
    const lines = Array.from({ length: 12 }, (_, i) => line(`Item ${i + 1}`, 2, 100));
    const { earlier, shown } = summariseBasket(lines, 4);
    expect(shown.map((l) => l.description)).toEqual(['Item 10', 'Item 11', 'Item 12']);
    // Earlier items are counted by quantity (what the customer is buying), with their total.
    expect(earlier).toEqual({ count: 18, pence: 1800 });
    expect(summariseBasket(lines.slice(0, 4), 4)).toEqual({
      earlier: null,
      shown: lines.slice(0, 4),
    });
  });
});
