/**
 * Money: the wire carries decimal pounds (10.5 is ten pounds fifty); inside, every amount is an
 * integer number of pence. Conversions go through the decimal text of the number, never through
 * float multiplication, so 0.1 + 0.2 never happens.
 */

/** The largest amount the service accepts: £99,999,999.99, comfortably inside a safe integer. */
export const MAX_PENCE = 9_999_999_999;

const DECIMAL_TEXT = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Decimal places of a finite number as JavaScript prints it; Infinity for exponent forms. */
export function decimalPlaces(value: number): number {
  if (!Number.isFinite(value)) return Infinity;
  const match = DECIMAL_TEXT.exec(String(value));
  if (!match) return Infinity; // 1e-7, 1e+21: far outside what money can be
  return match[3]?.length ?? 0;
}

/** Parses decimal text such as "10.50" or "7" into pence; null when it is not money. */
export function decimalTextToPence(text: string): number | null {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > 2) return null;
  const pence = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(pence)) return null;
  return sign ? -pence : pence;
}

/** Pounds on the wire to integer pence. Throws on more than two decimal places. */
export function poundsToPence(pounds: number): number {
  const pence = Number.isFinite(pounds) ? decimalTextToPence(String(pounds)) : null;
  if (pence === null)
    throw new RangeError(`${pounds} is not an amount of money in pounds and pence`);
  return pence;
}

/** Integer pence to pounds for the wire: 1050 → 10.5. */
export function penceToPounds(pence: number): number {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`${pence} is not a whole number of pence`);
  // Exact: both operands are exact doubles and IEEE division rounds correctly, so the quotient is
  // the double nearest to pence/100, the very number the decimal text `10.50` parses to.
  return pence / 100;
}

/** Integer pence as decimal text with two places: 1050 → "10.50". */
export function penceToDecimalText(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** en-GB display of an amount in pence: 123456 → "£1,234.56". */
export function formatPence(pence: number, currency = 'GBP'): string {
  const format =
    currency === 'GBP' ? gbp : new Intl.NumberFormat('en-GB', { style: 'currency', currency });
  return format.format(penceToPounds(pence));
}
