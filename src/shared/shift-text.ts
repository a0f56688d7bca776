/**
 * How a shift's figures read on every screen (the console, the dashboard): a drawer's difference
 * with its sign, "−£5.00" short or "+£1.00" over, with a true minus sign (U+2212), and the
 * methods' names. The printer, whose code page has no minus sign, prints "-" (shifts/print.ts).
 */
import { formatPence } from './money';

export function formatDifference(pence: number): string {
  if (pence === 0) return formatPence(0);
  return pence < 0 ? `\u2212${formatPence(-pence)}` : `+${formatPence(pence)}`;
}

/** "short", "over" or "exact", for the words beside the figure. */
export function differenceWord(pence: number): string {
  return pence < 0 ? 'short' : pence > 0 ? 'over' : 'exact';
}

export const SHIFT_METHOD_TEXT: Record<string, string> = {
  CARD: 'Card',
  PAY_BY_BANK: 'Pay by bank',
  CASH: 'Cash',
};
