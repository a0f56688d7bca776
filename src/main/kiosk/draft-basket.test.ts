/** The basket on the customer display before its payment starts: the console's or the till's. */
import { describe, expect, it } from 'vitest';
import { createDraftBasket } from './draft-basket';

const COFFEE = [{ description: 'Flat white', quantity: 2, unitPence: 320 }];
const CAKE = [{ description: 'Carrot cake', quantity: 1, unitPence: 375 }];

describe('the draft basket', () => {
  it('shows the console basket as staff build it, and takes it off when emptied', () => {
    const basket = createDraftBasket();
    basket.showCounter(COFFEE);
    expect(basket.current()).toEqual({ source: 'counter', lines: COFFEE, currency: 'GBP' });
    basket.showCounter([]);
    expect(basket.current()).toBeNull();
  });

  it("keeps the till's basket through an empty console basket, for the till's next payment", () => {
    const basket = createDraftBasket();
    basket.showTill(CAKE, 'GBP');
    basket.showCounter([]); // staff opened and left Take payment
    expect(basket.current()).toEqual({ source: 'till', lines: CAKE, currency: 'GBP' });
    expect(basket.takeTill()).toEqual(CAKE);
    expect(basket.current()).toBeNull();
    expect(basket.takeTill()).toBeNull();
  });

  it('gives a counter payment started with lines the console basket, never the till’s', () => {
    const basket = createDraftBasket();
    basket.showCounter(COFFEE);
    expect(basket.takeTill()).toBeNull(); // a remote payment does not take the console's basket
    basket.startedWithLines();
    expect(basket.current()).toBeNull();
    basket.showTill(CAKE, 'GBP');
    basket.startedWithLines();
    expect(basket.current()).toMatchObject({ source: 'till' });
  });

  it("a till basket with no lines takes the till's basket off the display", () => {
    const basket = createDraftBasket();
    basket.showTill(CAKE, 'GBP');
    basket.showTill([], 'GBP');
    expect(basket.current()).toBeNull();
  });
});
