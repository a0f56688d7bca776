import { describe, expect, it } from 'vitest';
import { checkBasketText } from './basket-text';

describe('the push form’s basket lines', () => {
  it('reads "2 x item @ price" and "item @ price", skipping blank rows, and totals them', () => {
    expect(checkBasketText('2 x Flat white @ 3.20\n\n  Croissant @ £2.75 ')).toEqual({
      ok: true,
      lineItems: [
        { description: 'Flat white', quantity: 2, unitAmount: 3.2 },
        { description: 'Croissant', quantity: 1, unitAmount: 2.75 },
      ],
      totalPence: 915,
    });
    expect(checkBasketText('')).toEqual({ ok: true, lineItems: [], totalPence: 0 });
  });

  it('names the line and what is wrong with it', () => {
    expect(checkBasketText('Tea @ 1.50\nCoffee')).toEqual({
      ok: false,
      error: 'Basket line 2 (“Coffee”): write it as “2 x Flat white @ 3.20”.',
    });
    expect(checkBasketText('0 x Tea @ 1.50')).toEqual({
      ok: false,
      error: 'Basket line 1 (“0 x Tea @ 1.50”): the quantity must be at least 1.',
    });
    expect(checkBasketText('Tea @ 1.505')).toMatchObject({ ok: false });
  });
});
