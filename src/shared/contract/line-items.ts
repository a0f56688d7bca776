/**
 * A basket on the wire: the lines of what the customer is paying for, money in pounds as every
 * amount in this interface (the kiosk and the service hold them in pence, shared/basket.ts).
 * One shape for the customer display (POST /api/terminal/{id}/display) and for the payment
 * itself (process-payment, process-remote-payment), whose receipts list them.
 */
import { z, type RefinementCtx } from 'zod';
import {
  basketTotalPence,
  MAX_BASKET_LINES,
  MAX_LINE_DESCRIPTION,
  MAX_LINE_QUANTITY,
  type BasketLine,
} from '../basket';
import { decimalPlaces, formatPence, penceToPounds, poundsToPence } from '../money';
import { nonBlank, Pounds } from './common';

/** One line of a basket: description, how many, the price of one in pounds. */
export const DisplayLineItem = z.object({
  description: nonBlank(1, MAX_LINE_DESCRIPTION),
  quantity: z
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .positive('must be at least 1')
    .max(MAX_LINE_QUANTITY, `must be at most ${MAX_LINE_QUANTITY}`),
  unitAmount: Pounds.refine((n) => n >= 0, 'must not be negative').describe(
    'Price of one, in pounds (2.5 is £2.50); 0 for a free item',
  ),
});
export type DisplayLineItem = z.infer<typeof DisplayLineItem>;

/** A basket's lines, in the order the customer sees them. */
export const LineItems = z
  .array(DisplayLineItem)
  .max(MAX_BASKET_LINES, `must have at most ${MAX_BASKET_LINES} lines`);

const linesInPence = (items: readonly DisplayLineItem[]) =>
  items.map((item) => ({ ...item, unitPence: poundsToPence(item.unitAmount) }));

/** A basket from the wire as the kiosk and the service keep it: pence inside. */
export const displayLinesInPence = (items: readonly DisplayLineItem[]): BasketLine[] =>
  linesInPence(items).map(({ description, quantity, unitPence }) => ({
    description,
    quantity,
    unitPence,
  }));

/** A kept basket back on the wire: pounds. */
export const lineItemsOfBasket = (lines: readonly BasketLine[]): DisplayLineItem[] =>
  lines.map(({ description, quantity, unitPence }) => ({
    description,
    quantity,
    unitAmount: penceToPounds(unitPence),
  }));

/**
 * The lines' total in pence, or null while a line is itself refused (its own error names it):
 * a refinement runs even when a field failed, and only whole amounts are summed.
 */
export function lineItemsTotalPence(items: readonly DisplayLineItem[]): number | null {
  const whole = items.every(
    (item) =>
      Number.isSafeInteger(item.quantity) &&
      typeof item.unitAmount === 'number' &&
      Number.isFinite(item.unitAmount) &&
      decimalPlaces(item.unitAmount) <= 2,
  );
  return whole ? basketTotalPence(linesInPence(items)) : null;
}

/**
 * A payment created with its basket: the lines must add up to the amount, since the customer
 * is shown the one and charged the other (an empty list is no basket). Names `lineItems`.
 */
export function checkLinesAddUp(
  body: { amount: number; lineItems?: readonly DisplayLineItem[] },
  ctx: RefinementCtx,
): void {
  const items = body.lineItems;
  if (!Array.isArray(items) || items.length === 0) return;
  if (typeof body.amount !== 'number' || !Number.isFinite(body.amount)) return;
  if (decimalPlaces(body.amount) > 2) return;
  const total = lineItemsTotalPence(items);
  if (total === null) return;
  const amount = poundsToPence(body.amount);
  if (total !== amount)
    ctx.addIssue({
      code: 'custom',
      path: ['lineItems'],
      message: `add up to ${formatPence(total)}, but the amount is ${formatPence(amount)}`,
    });
}
