/**
 * An amount as staff type it in a form ("12.50", "£12.50", "1,250") turned into the pence the
 * bridge carries; whether it is positive and within range is the command's schema's to say.
 */
import { decimalTextToPence } from '../../../shared/money';
import { formError, type FormError } from './form-errors';

/** The typed text in pence, or null when it is not pounds and pence. */
export function typedPence(text: string): number | null {
  return decimalTextToPence(text.replace(/[£,\s]/g, ''));
}

/**
 * The typed amount as the command's `amountPence`, or the error to show next to that field,
 * worded with the form's `labels` as the command's own refusals are.
 */
export function typedAmount(
  text: string,
  labels: Record<string, string>,
): { ok: true; amountPence: number } | { ok: false; error: FormError } {
  const pence = typedPence(text);
  if (pence !== null) return { ok: true, amountPence: pence };
  const error = { field: 'amountPence', message: 'must be in pounds and pence, e.g. 12.50' };
  return { ok: false, error: formError(error, labels) };
}
