/**
 * The push form's amount, checked in the page before anything is sent, with messages that say
 * what to type: pounds and pence as the shop writes them ("£1,250.50"), at most two decimal
 * places, more than nothing and no more than the largest amount the service takes.
 */
import { overTerminalLimit } from '../../shared/contract/terminals';
import { MAX_PENCE, decimalTextToPence, formatPence, penceToPounds } from '../../shared/money';

export type AmountCheck =
  { ok: true; pence: number; pounds: number } | { ok: false; error: string };

export function tooLargeMessage(maxPence: number = MAX_PENCE): string {
  return `The largest amount you can take in one payment is ${formatPence(maxPence)}.`;
}

export function checkAmount(text: string, maxPence: number = MAX_PENCE): AmountCheck {
  const cleaned = text.trim().replace(/^£\s*/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned))
    return {
      ok: false,
      error: 'Enter the amount in pounds, such as 12.50: digits only, at most 2 decimal places.',
    };
  // Beyond a safe integer the text is not money at all: it is certainly too large.
  const pence = decimalTextToPence(cleaned);
  if (pence === null || pence > maxPence) return { ok: false, error: tooLargeMessage(maxPence) };
  if (pence <= 0) return { ok: false, error: 'The amount must be more than £0.00.' };
  return { ok: true, pence, pounds: penceToPounds(pence) };
}

/**
 * The amount for one terminal: as checkAmount, then within the terminal's own largest payment
 * (its `maxAmount`), refused in the service's own words so the page and the service agree.
 */
export function checkTerminalAmount(text: string, terminalMaxPence?: number): AmountCheck {
  const checked = checkAmount(text);
  if (checked.ok && terminalMaxPence !== undefined && checked.pence > terminalMaxPence)
    return { ok: false, error: `${overTerminalLimit(checked.pence, terminalMaxPence)}.` };
  return checked;
}
