/**
 * Building blocks shared by every area of the interface: enumerations, money, metadata,
 * timestamps and the two page envelopes (offset pages and bank-feed cursor pages).
 */
import { z } from 'zod';
import { MAX_PENCE, decimalPlaces, decimalTextToPence, formatPence } from '../money';

export const Environment = z.enum(['sandbox', 'production']);
/**
 * How a payment was paid. CASH is only ever recorded by the counter (POST /api/payments/cash):
 * a payment request cannot offer it, so the methods a request asks for are RequestMethod.
 */
export const PaymentMethod = z.enum(['PAY_BY_BANK', 'CARD', 'CASH']);
export const RequestMethod = z.enum(['PAY_BY_BANK', 'CARD']);
export const CaptureType = z.enum(['AUTO_CAPTURE', 'MANUAL_CAPTURE', 'CAPTURE_BEFORE_EXPIRY']);
export const Template = z.enum([
  'EXTERNAL_DISPLAY',
  'EXTERNAL_DISPLAY_PNG',
  'RECEIPT',
  'RECEIPT_PNG',
]);
export const CustomerType = z.enum(['INDIVIDUAL', 'BUSINESS']);
export const CancelReasonCode = z.enum([
  'Duplicate',
  'Abandoned',
  'Requested by customer',
  'Other',
]);
export const Period = z.enum(['DAY', 'WEEK', 'FORTNIGHT', 'MONTH', 'HALF_YEAR', 'YEAR']);
export const Alignment = z.enum(['CALENDAR', 'ANCHORED']);
/**
 * TERMINAL_HEALTH is this service's extension (docs/fleet.md): a kiosk's alert raised or
 * recovered. A receiver that does not know it may ignore it; it is sent only to subscriptions
 * that name it.
 */
export const EventType = z.enum([
  'PAYMENTS_STATUS',
  'EXPIRED_STATUS',
  'REFUND_STATUS',
  'POS_PAYMENT_STATUS',
  'TERMINAL_HEALTH',
]);

/**
 * Every status a payment request moves through, pay by bank and card alike; CANCELLED and
 * EXPIRED end a request nobody paid (docs/payment-states.md has the state machine).
 */
export const PaymentStatus = z.enum([
  'PAYMENT_NOT_INITIATED',
  'AWAITING_AUTHORIZATION',
  'PENDING',
  'AUTHORIZED',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
  'EXPIRED',
]);
export const CardPaymentStatus = z.enum([
  'COMPLETED',
  'PENDING',
  'AUTHORIZED',
  'FAILED',
  'CANCELLED',
]);
export const RefundStatus = z.enum(['INITIATED', 'PENDING', 'COMPLETED', 'FAILED', 'CANCELLED']);
export const RefundType = z.enum(['PARTIAL', 'FULL']);
export const BankTransactionType = z.enum(['CREDIT', 'DEBIT']);
export const BankTransactionStatus = z.enum(['BOOKED', 'PENDING']);

export const Uuid = z.uuid({ message: 'must be a UUID' });
export const Timestamp = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time' });
export const Currency = z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code');

/**
 * An address a browser is sent to (a redirect after paying, saving a card or linking a bank):
 * http or https only. A javascript: or file: URL stored here would run in, or open files from,
 * the page that follows it, so it is refused when the resource is created, not only when drawn.
 */
export const HttpUrl = z
  .url({ protocol: /^https?$/, message: 'must be a URL starting with http:// or https://' })
  .max(2000, 'must be at most 2000 characters')
  .meta({ description: 'An absolute http:// or https:// URL' });

/**
 * What free text may not contain, and why: control characters (NUL truncates strings in C
 * libraries and logs; line breaks forge log lines and receipt rows, and so do the Unicode line
 * and paragraph separators U+2028 and U+2029); the bidirectional embeddings, overrides, isolates
 * and marks (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C), which make a name or an
 * order id display as something else ("Trojan Source"); and the invisible characters U+200B
 * (zero width space), U+FEFF (byte order mark) and U+00AD (soft hyphen), which make two texts
 * that look the same differ (a basket line, a payee's name, an order id a customer reads back).
 * Such text is refused, never cleaned: what is stored is exactly what was sent and checked.
 * Joiners (U+200C, U+200D) stay allowed: some scripts and emoji need them. A lone UTF-16
 * surrogate is what a JSON `\ud800` escape or an invalid UTF-8 sequence becomes; it cannot be
 * stored or sent on as UTF-8. `multiline` text (descriptions, metadata values) may hold tabs and
 * line breaks.
 */
export function unsafeTextProblem(text: string, multiline = false): string | null {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xad) {
      const control = code < 0x20 || (code >= 0x7f && code <= 0x9f);
      if (control && !(multiline && (code === 0x09 || code === 0x0a || code === 0x0d)))
        return `must not contain control characters (found U+${hex(code)})`;
      continue;
    }
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return 'must be valid Unicode text (found a lone surrogate or invalid UTF-8)';
    }
    const problem = refusedMark(code);
    if (problem) return `must not contain ${problem} (found U+${hex(code)})`;
  }
  return null;
}

/** The kind of a refused format character, or null for any other character from U+00AD on. */
function refusedMark(code: number): string | null {
  if (
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0x200e ||
    code === 0x200f ||
    code === 0x061c
  )
    return 'bidirectional control characters';
  if (code === 0x2028 || code === 0x2029) return 'line or paragraph separators';
  if (code === 0x200b || code === 0xfeff || code === 0x00ad) return 'invisible characters';
  return null;
}

/** Whether `text` holds a lone UTF-16 surrogate (invalid UTF-8 or a `\ud800` escape). */
export function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
    else return true;
  }
  return false;
}
const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');

/**
 * A string that refuses what `unsafeTextProblem` names, with a 400 naming the field. Every
 * free-text field of a request builds on this (names, order ids, notes, terminal names,
 * metadata), so a new area inherits the rule by using it (or `nonBlank`, `Notes`, `Metadata`).
 */
export const safeText = (options: { multiline?: boolean; message?: string } = {}) =>
  z.string(options.message ? { message: options.message } : undefined).superRefine((text, ctx) => {
    const problem = unsafeTextProblem(text, options.multiline);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Text that must not be blank; trimmed before its length is checked. */
export const nonBlank = (min: number, max: number) =>
  safeText()
    .trim()
    .min(min, min <= 1 ? 'must not be blank' : `must be ${min}-${max} characters and not blank`)
    .max(max, `must be at most ${max} characters`);

export const Notes = safeText().max(30, 'must be at most 30 characters');

/** An amount in pounds on the wire: finite, at most two decimal places, within MAX_PENCE. */
export const Pounds = z
  .number({ message: 'must be a number in pounds' })
  .refine((n) => decimalPlaces(n) <= 2, 'must have at most 2 decimal places')
  .refine(
    (n) => Math.abs(n) * 100 <= MAX_PENCE,
    `is too large: the largest amount is ${formatPence(MAX_PENCE)}`,
  );
export const PositivePounds = Pounds.refine((n) => n > 0, 'must be greater than 0');

/**
 * An amount in whole pence (the few fields that say so in their name, such as a cash sale's
 * `tenderedPence`): a non-negative integer within MAX_PENCE, so 12.5, 1e-268 or "2000" is a 400
 * naming the field, never a sum the service has to guess at.
 */
export const WholePence = z
  .number({ message: 'must be a whole number of pence' })
  .int('must be a whole number of pence')
  .nonnegative('must not be negative')
  .max(MAX_PENCE, `is too large: the largest amount is ${formatPence(MAX_PENCE)}`);

/** Pence of an amount that already passed `Pounds`; null when it did not (a refine runs anyway). */
export function pencePart(pounds: unknown): number | null {
  if (typeof pounds !== 'number' || decimalPlaces(pounds) > 2) return null;
  const pence = decimalTextToPence(String(pounds));
  return pence !== null && Math.abs(pence) <= MAX_PENCE ? pence : null;
}

/** Refund records carry amounts as decimal strings ("10.50"); both those and numbers parse. */
export const PoundsOrDecimalText = z.union([
  Pounds,
  z.string().refine((s) => decimalTextToPence(s) !== null, 'must be a decimal amount'),
]);

export const MetadataKey = safeText()
  .min(1, 'metadata keys must be 1-40 characters')
  .max(40, 'metadata keys must be 1-40 characters')
  .refine((key) => !/[[\]]/.test(key), 'metadata keys must not contain [ or ]');
export const MetadataValue = safeText({ multiline: true }).max(
  500,
  'metadata values must be at most 500 characters',
);
export const MAX_METADATA_PAIRS = 50;
/** Metadata: up to 50 pairs; key 1-40 characters without [ or ]; value at most 500 characters. */
export const Metadata = z
  .record(MetadataKey, MetadataValue)
  .refine((m) => Object.keys(m).length <= MAX_METADATA_PAIRS, 'at most 50 metadata pairs');

export const Message = z.object({ message: z.string() });

/** The offset page of lists: `data` plus the paging fields. */
export const offsetPage = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    totalCount: z.number().int().nonnegative(),
    page: z.number().int().nonnegative(),
    size: z.number().int().positive(),
  });

const intFromQuery = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a whole number` })
    .int(`${name} must be a whole number`);
export const PageQuery = z.object({
  page: intFromQuery('page').min(0, 'page must be 0 or more').default(0),
  size: intFromQuery('size')
    .min(1, 'size must be 1-100')
    .max(100, 'size must be 1-100')
    .default(20),
});

export const ConsumerDetails = z.object({
  phoneCountryCode: safeText().optional(),
  phoneNumber: safeText().optional(),
  email: z.email('must be a valid email address').optional(),
  firstName: safeText().max(50).optional(),
  lastName: safeText().max(50).optional(),
});

/** An Idempotency-Key: printable ASCII without spaces, as payment APIs conventionally take it. */
export const IDEMPOTENCY_KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
export const IdempotencyKey = z
  .string()
  .regex(IDEMPOTENCY_KEY_FORMAT, 'must be 1-255 printable ASCII characters (a UUID fits)');
