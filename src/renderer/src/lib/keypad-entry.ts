/**
 * Amount entry as a till does it: every digit shifts the pence left, so keying 1, 2, 5, 0 reads
 * £12.50 without a decimal point key. The amount is integer pence throughout.
 */
import { MAX_PENCE } from '../../../shared/money';

export type EntryAction =
  | { type: 'digit'; digit: number }
  | { type: 'doubleZero' }
  | { type: 'backspace' }
  | { type: 'clear' };

export function entryReducer(pence: number, action: EntryAction): number {
  switch (action.type) {
    case 'digit': {
      if (!Number.isInteger(action.digit) || action.digit < 0 || action.digit > 9) return pence;
      const next = pence * 10 + action.digit;
      // A digit that would pass the service's limit is refused rather than silently wrapped.
      return next <= MAX_PENCE ? next : pence;
    }
    case 'doubleZero': {
      const next = pence * 100;
      return next <= MAX_PENCE ? next : pence;
    }
    case 'backspace':
      return Math.trunc(pence / 10);
    case 'clear':
      return 0;
  }
}

/** The physical key that drives the keypad, or null for keys the keypad ignores. */
export function keyToEntryAction(key: string): EntryAction | null {
  if (/^[0-9]$/.test(key)) return { type: 'digit', digit: Number(key) };
  if (key === 'Backspace') return { type: 'backspace' };
  if (key === 'Delete') return { type: 'clear' };
  return null;
}
