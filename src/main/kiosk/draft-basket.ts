/**
 * The basket on the customer display before its payment starts: the console's as staff build
 * it, or the till system's (a TERMINAL_DISPLAY push), which the next payment pushed to this
 * terminal takes as its own.
 */
import type { BasketLine, DraftBasket } from '../../shared/bridge';

export function createDraftBasket() {
  let basket: DraftBasket | null = null;
  return {
    current: (): DraftBasket | null => basket,
    /**
     * The console's basket as staff build it. An empty one (Take payment opened or left) leaves
     * the till's basket be: it waits for the payment the till system sends next.
     */
    showCounter(lines: BasketLine[]) {
      if (!lines.length && basket?.source === 'till') return;
      basket = lines.length ? { source: 'counter', lines, currency: 'GBP' } : null;
    },
    /** The till system's basket (an empty one comes off the display). */
    showTill(lines: BasketLine[], currency: string) {
      basket = lines.length ? { source: 'till', lines, currency } : null;
    },
    /** A counter payment started with lines: the console's basket is that payment's now. */
    startedWithLines() {
      if (basket?.source === 'counter') basket = null;
    },
    /** The till's basket, taken off the display for the payment that arrived (null if none). */
    takeTill(): BasketLine[] | null {
      if (basket?.source !== 'till') return null;
      const { lines } = basket;
      basket = null;
      return lines;
    },
  };
}
export type DraftBasketHolder = ReturnType<typeof createDraftBasket>;
