/**
 * Agent Pay in words, for people: a contract's limits as sentences (the hosted authorization
 * page and the merchant dashboard say them the same way), and the names of statuses.
 */
import type { z } from 'zod';
import type { ContractPayment, ContractStatus, Limits } from './contract/agent';
import { formatPence, poundsToPence } from './money';

export type LimitsValue = z.infer<typeof Limits>;

const PERIOD_WORDS = {
  DAY: ['day', 'each calendar day (from midnight UTC)', 'each day counted from'],
  WEEK: ['week', 'each calendar week (Monday to Sunday, UTC)', 'each 7 days counted from'],
  FORTNIGHT: [
    'fortnight',
    'each calendar fortnight (two weeks from a Monday, UTC)',
    'each 14 days counted from',
  ],
  MONTH: ['month', 'each calendar month', 'each month counted from'],
  HALF_YEAR: [
    'half year',
    'each half year (January to June, July to December)',
    'each 6 months counted from',
  ],
  YEAR: ['year', 'each calendar year', 'each year counted from'],
} as const;

/** A moment as the authorization page says it: "2 January 2027 at 09:00 UTC". */
export const when = (isoText: string) =>
  new Date(isoText).toLocaleString('en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }) + ' UTC';

const money = (pounds: number, currency: string) => formatPence(poundsToPence(pounds), currency);

/** The limits as sentences a person can check. */
export function limitSentences(limits: LimitsValue): string[] {
  const lines = [`At most ${money(limits.maxPerPayment, limits.currency)} in any one payment.`];
  for (const p of limits.periodLimits) {
    const [, calendar, anchored] = PERIOD_WORDS[p.period];
    lines.push(
      p.alignment === 'ANCHORED'
        ? `At most ${money(p.amount, limits.currency)} in total ${anchored} ${when(limits.validFrom!)}.`
        : `At most ${money(p.amount, limits.currency)} in total ${calendar}.`,
    );
  }
  lines.push(
    `Valid from ${when(limits.validFrom!)} until ${when(limits.validTo)}; no payment outside that time.`,
  );
  return lines;
}

/** The limit of one period in a few words, for a usage bar's label: "Day (calendar)". */
export function periodName(period: keyof typeof PERIOD_WORDS): string {
  const word = PERIOD_WORDS[period][0];
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export const CONTRACT_STATUS_LABEL: Record<z.infer<typeof ContractStatus>, string> = {
  PENDING_AUTHORIZATION: 'Waiting for approval',
  ACTIVE: 'Active',
  DECLINED: 'Declined',
  EXPIRED: 'Expired',
  REVOKED: 'Revoked',
};

export const CONTRACT_PAYMENT_STATUS_LABEL: Record<
  z.infer<typeof ContractPayment>['status'],
  string
> = {
  PENDING: 'Settling',
  COMPLETED: 'Paid',
  FAILED: 'Failed',
};
