import { describe, expect, it } from 'vitest';
import { typedAmount, typedPence } from './typed-amount';

const labels = { amountPence: 'Amount' };

describe('typed amounts', () => {
  it('reads pounds as staff type them into the pence the bridge carries', () => {
    for (const text of ['12.50', '£12.50', ' 12.5 ']) expect(typedPence(text)).toBe(1250);
    expect(typedPence('£1,250')).toBe(125_000);
    expect(typedPence('0.1')).toBe(10);
    expect(typedAmount('20', labels)).toEqual({ ok: true, amountPence: 2000 });
  });

  it('names the amount field, in the form’s words, when the text is not money', () => {
    for (const text of ['', 'ten', '12.505'])
      expect(typedAmount(text, labels)).toEqual({
        ok: false,
        error: { field: 'amountPence', message: 'Amount must be in pounds and pence, e.g. 12.50.' },
      });
  });
});
