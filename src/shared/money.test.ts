import { describe, it, expect } from 'vitest';
import {
  MAX_PENCE,
  decimalPlaces,
  decimalTextToPence,
  formatPence,
  penceToDecimalText,
  penceToPounds,
  poundsToPence,
} from './money';

describe('poundsToPence', () => {
  it('converts decimal pounds to whole pence without float multiplication', () => {
    expect(poundsToPence(10.5)).toBe(1050);
    expect(poundsToPence(0.1)).toBe(10);
    expect(poundsToPence(19.99)).toBe(1999);
    expect(poundsToPence(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996 in floats
    expect(poundsToPence(1.15)).toBe(115); // 1.15 * 100 is 114.99999999999999
    expect(poundsToPence(0)).toBe(0);
    expect(poundsToPence(7)).toBe(700);
    expect(poundsToPence(-0.05)).toBe(-5);
    expect(poundsToPence(99_999_999.99)).toBe(MAX_PENCE);
  });

  it('throws on more than two decimal places', () => {
    expect(() => poundsToPence(1.234)).toThrow(RangeError);
    expect(() => poundsToPence(0.001)).toThrow(RangeError);
    expect(() => poundsToPence(0.1 + 0.2)).toThrow(RangeError); // 0.30000000000000004
  });

  it('throws on numbers that are not money', () => {
    expect(() => poundsToPence(Number.NaN)).toThrow(RangeError);
    expect(() => poundsToPence(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => poundsToPence(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
    expect(() => poundsToPence(1e-7)).toThrow(RangeError); // printed in exponent form
    expect(() => poundsToPence(1e21)).toThrow(RangeError);
  });
});

describe('penceToPounds', () => {
  it('converts whole pence to decimal pounds', () => {
    expect(penceToPounds(1050)).toBe(10.5);
    expect(penceToPounds(-5)).toBe(-0.05);
    expect(penceToPounds(0)).toBe(0);
    expect(penceToPounds(1)).toBe(0.01);
    expect(penceToPounds(1999)).toBe(19.99);
    expect(penceToPounds(MAX_PENCE)).toBe(99_999_999.99);
  });

  it('throws on anything but a safe whole number of pence', () => {
    expect(() => penceToPounds(10.5)).toThrow(RangeError);
    expect(() => penceToPounds(Number.NaN)).toThrow(RangeError);
    expect(() => penceToPounds(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => penceToPounds(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });

  it('round-trips exactly through poundsToPence for every amount (property-style)', () => {
    const failures: number[] = [];
    const check = (pence: number) => {
      const pounds = penceToPounds(pence);
      // The pounds value must be exactly the number its two-place decimal text denotes.
      if (poundsToPence(pounds) !== pence || pounds !== Number(penceToDecimalText(pence)))
        failures.push(pence);
    };
    for (let pence = 0; pence <= 100_000; pence += 7) {
      check(pence);
      check(-pence);
    }
    for (let k = 0; k < 1000; k += 1) check(MAX_PENCE - k * 9_999_991);
    expect(failures).toEqual([]);
  });
});

describe('decimalTextToPence', () => {
  it('parses decimal text with up to two places', () => {
    expect(decimalTextToPence('10.50')).toBe(1050);
    expect(decimalTextToPence('10.5')).toBe(1050);
    expect(decimalTextToPence('7')).toBe(700);
    expect(decimalTextToPence('0.01')).toBe(1);
    expect(decimalTextToPence('-3.20')).toBe(-320);
    expect(decimalTextToPence(' 12.34 ')).toBe(1234);
  });

  it('returns null for text that is not money', () => {
    expect(decimalTextToPence('1.234')).toBeNull();
    expect(decimalTextToPence('abc')).toBeNull();
    expect(decimalTextToPence('')).toBeNull();
    expect(decimalTextToPence('1e3')).toBeNull();
    expect(decimalTextToPence('.5')).toBeNull();
    expect(decimalTextToPence('10.')).toBeNull();
    expect(decimalTextToPence('£10')).toBeNull();
    expect(decimalTextToPence('1,000.00')).toBeNull();
    expect(decimalTextToPence('99999999999999999999')).toBeNull(); // beyond a safe integer
  });
});

describe('decimalPlaces', () => {
  it('counts the places JavaScript prints', () => {
    expect(decimalPlaces(10)).toBe(0);
    expect(decimalPlaces(10.5)).toBe(1);
    expect(decimalPlaces(19.99)).toBe(2);
    expect(decimalPlaces(1.234)).toBe(3);
  });

  it('is Infinity for non-finite and exponent forms', () => {
    expect(decimalPlaces(Number.NaN)).toBe(Infinity);
    expect(decimalPlaces(Number.POSITIVE_INFINITY)).toBe(Infinity);
    expect(decimalPlaces(1e-7)).toBe(Infinity);
  });
});

describe('penceToDecimalText', () => {
  it('always prints two places', () => {
    expect(penceToDecimalText(1050)).toBe('10.50');
    expect(penceToDecimalText(5)).toBe('0.05');
    expect(penceToDecimalText(-5)).toBe('-0.05');
    expect(penceToDecimalText(0)).toBe('0.00');
  });
});

describe('formatPence', () => {
  it('formats GBP for en-GB display', () => {
    expect(formatPence(123456)).toBe('£1,234.56');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(100)).toBe('£1.00');
  });

  it('formats other currencies when asked', () => {
    expect(formatPence(1050, 'EUR')).toBe('€10.50');
  });
});
