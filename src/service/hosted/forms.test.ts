import { describe, expect, it } from 'vitest';
import { TEST_CARDS, brandOf, cardFormSchema, luhnValid, parseExpiry } from '../cards/card-numbers';
import { cardError, sayIn } from '../ui';
import { readPlan } from './plan';

const NOW = Date.UTC(2026, 5, 15); // 15 June 2026

describe('card form', () => {
  const schema = cardFormSchema(NOW);
  const valid = {
    name: 'Ada Lovelace',
    number: '4242 4242 4242 4242',
    expiry: '12/30',
    cvc: '123',
  };

  it('keeps only brand and last 4 of the number', () => {
    const card = schema.parse(valid);
    expect(card).toEqual({
      name: 'Ada Lovelace',
      expiry: { month: 12, year: 2030 },
      cvc: '123',
      brand: 'VISA',
      last4: '4242',
      behaviour: { kind: 'approve' },
    });
    expect(JSON.stringify(card)).not.toContain('424242424242');
  });

  it('gives every documented test card a valid Luhn number and its behaviour', () => {
    for (const card of TEST_CARDS) {
      expect(luhnValid(card.number)).toBe(true);
      expect(schema.parse({ ...valid, number: card.number }).behaviour).toEqual(card.behaviour);
    }
    expect(schema.parse({ ...valid, number: '4000 0000 0000 0002' }).behaviour).toEqual({
      kind: 'decline',
      errorDescription: 'Card declined',
    });
  });

  it('approves unknown Luhn-valid numbers and rejects invalid ones', () => {
    expect(schema.parse({ ...valid, number: '5555555555554444' })).toMatchObject({
      brand: 'MASTERCARD',
      last4: '4444',
      behaviour: { kind: 'approve' },
    });
    const bad = schema.safeParse({ ...valid, number: '4242424242424241' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/not valid/);
  });

  it('rejects expired cards, bad expiry text and bad CVCs', () => {
    expect(schema.safeParse({ ...valid, expiry: '05/26' }).error?.issues[0]?.message).toBe(
      'This card has expired',
    );
    expect(schema.safeParse({ ...valid, expiry: '06/26' }).success).toBe(true); // June still valid
    expect(schema.safeParse({ ...valid, expiry: '13/30' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, cvc: '12' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, name: ' ' }).success).toBe(false);
  });

  it('reads brands and expiry forms', () => {
    expect(brandOf('378282246310005')).toBe('AMEX');
    expect(brandOf('6011111111111117')).toBeNull();
    expect(parseExpiry('7 / 2031')).toEqual({ month: 7, year: 2031 });
  });
});

describe('the hosted card form', () => {
  const schema = cardFormSchema(NOW);
  const card = { name: 'Ada Lovelace', number: '4242 4242 4242 4242', cvc: '123' };

  it('takes the expiry as MMYY, MM/YY and MM / YY (a phone number pad has no slash)', () => {
    for (const typed of ['1230', '12/30', '12 / 30', '12 30', '122030', '12/2030'])
      expect(schema.parse({ ...card, expiry: typed }).expiry, typed).toEqual({
        month: 12,
        year: 2030,
      });
    for (const typed of ['123', '12345', '1330', 'ab/cd'])
      expect(schema.safeParse({ ...card, expiry: typed }).success, typed).toBe(false);
  });

  it('names the field an error is about', () => {
    const refused = (fields: Record<string, string>) => {
      const result = schema.safeParse({ ...card, expiry: '12/30', ...fields });
      if (result.success) throw new Error('accepted');
      const { error, errorField } = cardError(result.error.issues);
      return { error: sayIn('en', error), errorField, polish: sayIn('pl', error) };
    };
    expect(refused({ expiry: '01/20' })).toMatchObject({
      error: 'Expiry date: This card has expired',
      errorField: 'expiry',
      polish: 'Data ważności: Ta karta straciła ważność',
    });
    expect(refused({ number: '4242 4242 4242 4241' })).toMatchObject({
      error: expect.stringMatching(/^Card number: /),
      errorField: 'number',
    });
    expect(refused({ cvc: '1' })).toMatchObject({ errorField: 'cvc' });
    expect(refused({ name: 'A' }).error).toBe('Name on card: Enter the name on the card');
  });
});

describe('tip and split plan', () => {
  const limits = { outstandingPence: 1001, tipsOn: true, splitOn: true };

  it('computes a percentage tip on the amount paid now', () => {
    const result = readPlan({ tip: '15', people: '1' }, limits);
    expect(result).toMatchObject({ ok: true, plan: { payNowPence: 1001, tipPence: 150 } });
  });

  it('splits the outstanding amount rounding each share up', () => {
    const result = readPlan({ tip: 'none', people: '2' }, limits);
    expect(result).toMatchObject({ ok: true, plan: { sharePence: 501, totalPence: 501 } });
  });

  it('accepts a custom tip in pounds and refuses nonsense', () => {
    expect(readPlan({ tip: 'custom', customTip: '£2.50' }, limits)).toMatchObject({
      ok: true,
      plan: { tipPence: 250, totalPence: 1251 },
    });
    expect(readPlan({ tip: 'custom', customTip: '2.505' }, limits).ok).toBe(false);
    expect(readPlan({ tip: 'custom', customTip: '50' }, limits).ok).toBe(false);
    expect(readPlan({ tip: '12' }, limits).ok).toBe(false);
  });

  it('refuses tips and splits the request does not offer', () => {
    const off = { outstandingPence: 1000, tipsOn: false, splitOn: false };
    expect(readPlan({ tip: '10' }, off)).toEqual({
      ok: false,
      message: 'Tips are not offered for this payment',
    });
    expect(readPlan({ people: '3' }, off).ok).toBe(false);
    expect(readPlan({ people: '11' }, limits).ok).toBe(false);
    expect(readPlan({}, off)).toMatchObject({ ok: true, plan: { totalPence: 1000 } });
  });
});
