/**
 * A basket: the lines of what the customer is paying for (description, quantity, unit price),
 * built at the console or sent by the merchant's till system (POST /api/terminal/{id}/display).
 * Inside the kiosk every amount is integer pence; the wire carries pounds (contract/terminals.ts
 * `DisplayLineItem`). One copy of the arithmetic and the wording the console, the customer
 * display, the receipts and the service share.
 */
import { formatPence, MAX_PENCE } from './money';

/** Lines a basket may hold: a long shop's basket, not a catalogue. */
export const MAX_BASKET_LINES = 100;
export const MAX_LINE_DESCRIPTION = 60;
export const MAX_LINE_QUANTITY = 9999;

export interface BasketLine {
  description: string;
  quantity: number;
  unitPence: number;
}

export const lineTotalPence = (line: BasketLine): number => line.quantity * line.unitPence;

export const basketTotalPence = (lines: readonly BasketLine[]): number =>
  lines.reduce((sum, line) => sum + lineTotalPence(line), 0);

/** Whether the basket's total is one the service could charge (a sum, so checked as one). */
export const basketWithinMax = (lines: readonly BasketLine[]): boolean =>
  basketTotalPence(lines) <= MAX_PENCE;

/**
 * What the customer display (and the receipt) say when the basket does not add up to the
 * payment that followed it: a till system sent lines for one amount and a payment for another.
 * Null when it adds up.
 */
export function basketMismatch(
  lines: readonly BasketLine[],
  amountPence: number,
  currency = 'GBP',
): string | null {
  if (lines.length === 0) return null;
  const total = basketTotalPence(lines);
  if (total === amountPence) return null;
  return `The items add up to ${formatPence(total, currency)}, but this payment is for ${formatPence(amountPence, currency)}`;
}

/**
 * A long basket on a screen that no one scrolls (the customer does not touch the display): the
 * newest `room` lines, which are the ones being added, with the earlier ones summarised as one
 * line of how many and what they come to.
 */
export function summariseBasket(
  lines: readonly BasketLine[],
  room: number,
): { earlier: { count: number; pence: number } | null; shown: readonly BasketLine[] } {
  if (lines.length <= room) return { earlier: null, shown: lines };
  const keep = Math.max(room - 1, 1);
  const hidden = lines.slice(0, lines.length - keep);
  return {
    earlier: {
      count: hidden.reduce((n, line) => n + line.quantity, 0),
      pence: basketTotalPence(hidden),
    },
    shown: lines.slice(lines.length - keep),
  };
}
