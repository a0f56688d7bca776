/**
 * Shifts at a kiosk and their Z reports (docs/kiosk.md, "Shifts, X and Z reports"). The kiosk
 * builds each Z report when a shift closes and sends the service a copy; both sides hash it the
 * same way (`zReportHashInput`), so a report changed after it was made, or one missing from the
 * sequence, shows in the service's chain check. Money is in whole pence, as the kiosk keeps it.
 */
import { z } from 'zod';
import { formatPence, MAX_PENCE } from '../money';
import { PaymentMethod, Uuid, safeText } from './common';

/** The UK notes and coins a drawer is counted in, largest first, in pence. */
export const DENOMINATIONS_PENCE = [5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1] as const;

const WholePence = z.number().int('must be a whole number of pence');
const Count = z.number().int().nonnegative();
const Hash = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 hash in lowercase hex');

/** A counted float, pay-in or pay-out: whole pence, at most the largest amount. */
export const ShiftMoney = z
  .number({ message: 'must be an amount in pence' })
  .int('must be a whole number of pence')
  .nonnegative('must not be negative')
  .max(MAX_PENCE, `is too large: the largest amount is ${formatPence(MAX_PENCE)}`);

/** How many of one note or coin were counted. */
export const DenominationCount = z.object({
  denominationPence: z
    .number()
    .refine(
      (d) => (DENOMINATIONS_PENCE as readonly number[]).includes(d),
      'must be a UK note or coin (5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2 or 1 pence)',
    ),
  count: z
    .number({ message: 'must be a number of notes or coins' })
    .int('must be a whole number of notes or coins')
    .nonnegative('must not be negative')
    .max(100_000, 'is more notes or coins than a drawer holds'),
});

export const ShiftMovement = z.object({
  kind: z.enum(['PAY_IN', 'PAY_OUT']),
  amountPence: WholePence,
  reason: z.string(),
  staff: z.string(),
  at: z.string(),
});

/** What an X report says (a Z report says all of it too): the shift so far. */
export const ShiftFigures = z.object({
  openedAt: z.string(),
  openedBy: z.string(),
  floatPence: WholePence,
  /** Takings by method since the shift opened, tips included (as today's takings count them). */
  takings: z.array(
    z.object({
      method: PaymentMethod,
      count: Count,
      totalPence: WholePence,
      tipsPence: WholePence,
    }),
  ),
  takenPence: WholePence,
  tipsPence: WholePence,
  refunds: z.object({ count: Count, totalPence: WholePence, cashPence: WholePence }),
  movements: z.array(ShiftMovement),
  payInsPence: WholePence,
  payOutsPence: WholePence,
  cashSalesPence: WholePence,
  /** Float + cash sales − cash refunds + pay-ins − pay-outs. */
  expectedCashPence: WholePence,
  /** Where the kiosk's history records who took or refunded what; empty where it does not. */
  staff: z.array(
    z.object({
      name: z.string(),
      payments: Count,
      takenPence: WholePence,
      refunds: Count,
      refundedPence: WholePence,
    }),
  ),
});
export type ShiftFigures = z.infer<typeof ShiftFigures>;

/** A closed shift's final report. Never edited; `hash` covers everything else in it. */
export const ZReport = ShiftFigures.extend({
  number: z.number().int().positive(),
  shiftId: Uuid,
  currency: z.literal('GBP'),
  closedAt: z.string(),
  closedBy: z.string(),
  counted: z.array(DenominationCount),
  countedCashPence: WholePence,
  /** Counted − expected: negative when the drawer is short. */
  differencePence: WholePence,
  /** The hash of the report numbered one less, as this kiosk held it; null for the first. */
  previousHash: Hash.nullable(),
  hash: Hash,
});
export type ZReport = z.infer<typeof ZReport>;

/**
 * JSON with its object keys sorted at every level and no spaces: the one text both the kiosk and
 * the service hash, whatever order a report's fields arrived in.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** What a Z report's SHA-256 is taken over: its canonical JSON without the hash itself. */
export function zReportHashInput(report: Omit<ZReport, 'hash'> & { hash?: string }): string {
  const { hash: _omitted, ...rest } = report;
  return canonicalJson(rest);
}

export const ShiftParams = z.object({ id: Uuid });

/** What the chain check found wrong, by report number. */
export const ChainProblem = z.object({
  number: z.number().int(),
  problem: z.enum(['CHANGED', 'MISSING', 'LINK_BROKEN']),
  message: z.string(),
});

export const ChainCheck = z.object({
  ok: z.boolean(),
  checkedAt: z.string(),
  reports: Count,
  problems: z.array(ChainProblem),
});
export type ChainCheck = z.infer<typeof ChainCheck>;

export const StoredZReport = z.object({
  number: z.number().int().positive(),
  receivedAt: z.string(),
  report: ZReport,
});

export const ZReportReceipt = z.object({
  number: z.number().int().positive(),
  receivedAt: z.string(),
  /** True when this number was already kept with the same hash: nothing new was stored. */
  replayed: z.boolean(),
  chain: ChainCheck,
});

export const ShiftList = z.object({ reports: z.array(StoredZReport), chain: ChainCheck });

/** A pay-in or pay-out's reason: required, one line of printable text. */
export const MovementReason = safeText({ message: 'is required: say what the money is for' })
  .trim()
  .min(1, 'is required: say what the money is for')
  .max(60, 'must be at most 60 characters');
