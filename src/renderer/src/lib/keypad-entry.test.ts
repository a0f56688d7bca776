import { describe, expect, it } from 'vitest';
import { MAX_PENCE, formatPence } from '../../../shared/money';
import { entryReducer, keyToEntryAction, refusedByLimit, type EntryAction } from './keypad-entry';

const run = (actions: EntryAction[], start = 0, max?: number) =>
  actions.reduce((pence, action) => entryReducer(pence, action, max), start);
const digits = (text: string) =>
  [...text].map((d): EntryAction => ({ type: 'digit', digit: Number(d) }));

describe('keypad entry', () => {
  it('shifts pence left as digits are keyed', () => {
    expect(run(digits('1250'))).toBe(1250);
    expect(formatPence(run(digits('1250')))).toBe('£12.50');
    expect(formatPence(run(digits('5')))).toBe('£0.05');
  });

  it('ignores leading zeros', () => {
    expect(run([...digits('00'), { type: 'doubleZero' }, ...digits('7')])).toBe(7);
  });

  it('00 appends two zeros', () => {
    expect(run([...digits('12'), { type: 'doubleZero' }])).toBe(1200);
  });

  it('backspace drops the last digit and clear empties it', () => {
    expect(run([...digits('1250'), { type: 'backspace' }])).toBe(125);
    expect(run([{ type: 'backspace' }])).toBe(0);
    expect(run([...digits('999'), { type: 'clear' }])).toBe(0);
  });

  it('refuses digits past the largest amount the service accepts', () => {
    const max = run(digits(String(MAX_PENCE)));
    expect(max).toBe(MAX_PENCE);
    expect(entryReducer(max, { type: 'digit', digit: 1 })).toBe(MAX_PENCE);
    expect(entryReducer(max, { type: 'doubleZero' })).toBe(MAX_PENCE);
    expect(formatPence(max)).toBe('£99,999,999.99');
  });

  it("refuses keys past the terminal's largest payment, and says which were refused", () => {
    const max = 1_000_000; // £10,000.00
    expect(formatPence(run(digits('99999999'), 0, max))).toBe('£9,999.99');
    expect(run(digits('1000000'), 0, max)).toBe(max);
    expect(refusedByLimit(999_999, { type: 'digit', digit: 9 }, max)).toBe(true);
    expect(refusedByLimit(10_000, { type: 'doubleZero' }, max)).toBe(false);
    expect(refusedByLimit(10_001, { type: 'doubleZero' }, max)).toBe(true);
    expect(refusedByLimit(0, { type: 'digit', digit: 0 }, max)).toBe(false);
    expect(refusedByLimit(99_999, { type: 'backspace' }, max)).toBe(false);
  });

  it('ignores digits that are not 0-9', () => {
    expect(entryReducer(12, { type: 'digit', digit: 12 })).toBe(12);
    expect(entryReducer(12, { type: 'digit', digit: 1.5 })).toBe(12);
  });

  it('maps keyboard keys', () => {
    expect(keyToEntryAction('7')).toEqual({ type: 'digit', digit: 7 });
    expect(keyToEntryAction('Backspace')).toEqual({ type: 'backspace' });
    expect(keyToEntryAction('Delete')).toEqual({ type: 'clear' });
    expect(keyToEntryAction('a')).toBeNull();
    expect(keyToEntryAction('Enter')).toBeNull();
    expect(keyToEntryAction('F1')).toBeNull();
  });
});
