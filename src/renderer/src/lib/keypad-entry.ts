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

/**
 * The amount after a key. A digit that would pass `maxPence` (the terminal's largest payment,
 * else the most the service takes) is refused: the amount stays as it was rather than growing
 * into one the terminal would turn down at Start.
 */
export function entryReducer(pence: number, action: EntryAction, maxPence = MAX_PENCE): number {
  const max = Math.min(maxPence, MAX_PENCE);
  switch (action.type) {
    case 'digit': {
      if (!Number.isInteger(action.digit) || action.digit < 0 || action.digit > 9) return pence;
      const next = pence * 10 + action.digit;
      return next <= max ? next : pence;
    }
    case 'doubleZero': {
      const next = pence * 100;
      return next <= max ? next : pence;
    }
    case 'backspace':
      return Math.trunc(pence / 10);
    case 'clear':
      return 0;
  }
}

/** Whether this key was refused because the amount would pass `maxPence`. */
export function refusedByLimit(pence: number, action: EntryAction, maxPence = MAX_PENCE): boolean {
  if (action.type !== 'digit' && action.type !== 'doubleZero') return false;
  if (action.type === 'digit' && (!Number.isInteger(action.digit) || action.digit < 0))
    return false;
  if (action.type === 'digit' && action.digit > 9) return false;
  // Leading zeros never grow the amount, so they are never refused.
  if (pence === 0) return false;
  return entryReducer(pence, action, maxPence) === pence;
}

/** The physical key that drives the keypad, or null for keys the keypad ignores. */
export function keyToEntryAction(key: string): EntryAction | null {
  if (/^[0-9]$/.test(key)) return { type: 'digit', digit: Number(key) };
  if (key === 'Backspace') return { type: 'backspace' };
  if (key === 'Delete') return { type: 'clear' };
  return null;
}
