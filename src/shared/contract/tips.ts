/**
 * A tip the customer chose before the payment request was made (on the kiosk's customer display,
 * docs/kiosk.md): carried by the counter's and the dashboard's payment creation alike.
 */
import type { z } from 'zod';
import { formatPence } from '../money';
import { pencePart, Pounds } from './common';

/** A tip chosen before the request is made: pounds, not negative. */
export const ChosenTip = Pounds.refine((n) => n >= 0, 'must not be negative');

/**
 * A chosen tip is at most the amount (as every tip is) and needs tips on this request; a split
 * bill's payers each choose their own, so it takes none chosen beforehand.
 */
export function checkChosenTip(
  b: { tipAmount?: number; amount: number; enableTips?: boolean; splitBill?: boolean },
  ctx: z.RefinementCtx,
) {
  const tip = b.tipAmount === undefined ? null : pencePart(b.tipAmount);
  const amount = pencePart(b.amount);
  if (tip === null || amount === null) return;
  const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['tipAmount'], message });
  if (tip > amount) issue(`must be at most ${formatPence(amount)}, the amount being paid`);
  else if (tip > 0 && b.enableTips === false) issue('cannot be used with enableTips false');
  else if (b.splitBill) issue('cannot be used with splitBill');
}

/** A percentage tip in pence, rounded to the penny (as the hosted page rounds its own). */
export const percentTip = (amountPence: number, percent: number): number =>
  Math.round((amountPence * percent) / 100);
