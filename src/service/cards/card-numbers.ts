/**
 * Card numbers as the sandbox card network sees them: the documented test card numbers and what
 * each one does at checkout, the checks a real card form makes (Luhn, expiry, CVC), and the
 * brand a number belongs to. Every page that takes a typed card uses it (the hosted payment
 * page, the save-card page, card entry on other pages), and so does saving a test card by API.
 * The full number never leaves this module: callers get brand and last 4.
 */
import { z } from 'zod';

export type CardBehaviour =
  { kind: 'approve' } | { kind: 'decline'; errorDescription: string } | { kind: 'challenge' };

/** Documented in docs/hosted-page.md; any other Luhn-valid number is approved. */
export const TEST_CARDS: ReadonlyArray<{
  number: string;
  description: string;
  behaviour: CardBehaviour;
}> = [
  { number: '4242424242424242', description: 'Succeeds', behaviour: { kind: 'approve' } },
  {
    number: '4000000000000002',
    description: 'Declined (Card declined)',
    behaviour: { kind: 'decline', errorDescription: 'Card declined' },
  },
  {
    number: '4000000000009995',
    description: 'Declined (Insufficient funds)',
    behaviour: { kind: 'decline', errorDescription: 'Insufficient funds' },
  },
  {
    number: '4000000000003220',
    description: '3D Secure challenge, then succeeds or fails as you choose',
    behaviour: { kind: 'challenge' },
  },
];

export const behaviourOf = (digits: string): CardBehaviour =>
  TEST_CARDS.find((card) => card.number === digits)?.behaviour ?? { kind: 'approve' };

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The network a number belongs to, by its first digit (the sandbox knows three). */
export function brandOf(digits: string): 'VISA' | 'MASTERCARD' | 'AMEX' | null {
  switch (digits[0]) {
    case '4':
      return 'VISA';
    case '5':
      return 'MASTERCARD';
    case '3':
      return 'AMEX';
    default:
      return null;
  }
}

/** "4242 4242-4242 4242" → "4242424242424242": people type cards in groups. */
export const cardDigits = (text: string): string => text.replace(/[\s-]/g, '');

/**
 * Expiry as typed: MM/YY, MM / YY or MM/YYYY, and without the slash (MMYY, MM YY, MMYYYY), since a
 * phone's number pad has none; null when it is not a date.
 */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match =
    /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text) ??
    /^\s*(\d{2})\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is valid up to the last moment of its expiry month (UTC). */
export const expiryInFuture = (expiry: { month: number; year: number }, now: number): boolean =>
  Date.UTC(expiry.year, expiry.month, 1) > now;

/** What the card form submits, checked as a card form would; `now` is the service clock. */
export function cardFormSchema(now: number) {
  return z
    .object({
      name: z
        .string()
        .trim()
        .min(2, 'Enter the name on the card')
        .max(60, 'The name on the card can be at most 60 characters'),
      number: z
        .string()
        .transform(cardDigits)
        .refine((s) => /^\d{12,19}$/.test(s), 'Enter the card number (12 to 19 digits)')
        .refine(luhnValid, 'This card number is not valid; check it and try again')
        .refine(
          (s) => brandOf(s) !== null,
          'Only Visa, Mastercard and American Express are accepted',
        ),
      expiry: z
        .string()
        .transform((s, ctx) => {
          const expiry = parseExpiry(s);
          if (!expiry) {
            ctx.addIssue({ code: 'custom', message: 'Enter the expiry date as MM/YY' });
            return z.NEVER;
          }
          return expiry;
        })
        .refine((e) => expiryInFuture(e, now), 'This card has expired'),
      cvc: z
        .string()
        .trim()
        .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code (CVC)'),
    })
    .transform(({ number, ...rest }) => ({
      ...rest,
      brand: brandOf(number)!,
      last4: number.slice(-4),
      behaviour: behaviourOf(number),
    }));
}
export type CardForm = z.output<ReturnType<typeof cardFormSchema>>;
