import { describe, expect, it } from 'vitest';
import { checkAmount, tooLargeMessage } from './amount';

describe('checkAmount', () => {
  it.each([
    ['12.50', 1250, 12.5],
    ['£1,250.5', 125050, 1250.5],
    [' 7 ', 700, 7],
    ['99999999.99', 9_999_999_999, 99_999_999.99],
  ])('takes %j as %i pence', (text, pence, pounds) => {
    expect(checkAmount(text)).toEqual({ ok: true, pence, pounds });
  });

  it.each(['', 'abc', '1.234', '-3', '1e3', '12.'])('refuses %j, saying what to type', (text) => {
    const result = checkAmount(text);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain('at most 2 decimal places');
  });

  it('refuses nothing', () => {
    expect(checkAmount('0.00')).toEqual({
      ok: false,
      error: 'The amount must be more than £0.00.',
    });
  });

  it('names the largest amount in pounds for a huge amount, however huge', () => {
    for (const text of ['100000000', '99999999999999999999'])
      expect(checkAmount(text)).toEqual({
        ok: false,
        error: 'The largest amount you can take in one payment is £99,999,999.99.',
      });
  });

  it('uses a smaller limit when given one', () => {
    expect(checkAmount('500.01', 50_000)).toEqual({ ok: false, error: tooLargeMessage(50_000) });
    expect(tooLargeMessage(50_000)).toContain('£500.00');
    expect(checkAmount('500', 50_000).ok).toBe(true);
  });
});
