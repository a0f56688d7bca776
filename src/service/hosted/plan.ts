/**
 * What the customer chose before paying: a tip (none, 10/15/20 % or a custom amount) and, for a
 * split bill, how many people share what is still outstanding. The choice travels as plain form
 * fields from the method choice to the bank or card step (so it works without JavaScript) and is
 * checked again on every step, against the amounts as they are then.
 */
import { z } from 'zod';
import { formatMoney, t } from '../../shared/i18n';
import { decimalTextToPence } from '../../shared/money';
import type { Said } from '../ui';

export const TIP_PERCENTAGES = [10, 15, 20] as const;
export const MAX_PEOPLE = 10;

export interface PlanLimits {
  /** Still to pay on the request, in pence (the whole amount unless a split bill is part-paid). */
  outstandingPence: number;
  tipsOn: boolean;
  splitOn: boolean;
  /** The tip the customer chose at the counter, paid with every attempt; null: none chosen. */
  tipChosenPence?: number | null;
}

export interface Plan {
  tip: 'none' | 'custom' | `${(typeof TIP_PERCENTAGES)[number]}`;
  customTip: string;
  people: number;
  /** Paid by this customer now, before the tip: a share, or everything outstanding. */
  payNowPence: number;
  /** Set only for a split bill: the share handed to the lifecycle. */
  sharePence?: number;
  tipPence: number;
  totalPence: number;
}

/** The plan as form fields, to carry it to the next step. */
export const planFields = (plan: Plan): Record<string, string> => ({
  tip: plan.tip,
  ...(plan.tip === 'custom' ? { customTip: plan.customTip } : {}),
  people: String(plan.people),
});

export const planQuery = (plan: Plan): string => new URLSearchParams(planFields(plan)).toString();

/** One payer's share of what is outstanding; the last payer's share absorbs the rounding. */
export const shareOf = (outstandingPence: number, people: number): number =>
  Math.ceil(outstandingPence / people);

export const percentOf = (pence: number, percent: number): number =>
  Math.round((pence * percent) / 100);

const PlanFieldsSchema = z.object({
  tip: z.enum(['none', 'custom', '10', '15', '20'], { message: 'Choose a tip' }).default('none'),
  customTip: z.string().max(20, 'Enter the tip as an amount such as 2.50').default(''),
  people: z
    .string()
    .default('1')
    .refine((s) => /^\d{1,2}$/.test(s), 'Choose how many people are paying')
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_PEOPLE, 'people'),
});

/** A refusal: an English text of the catalogue, or words with the numbers in them (ui/words.ts). */
export type PlanResult = { ok: true; plan: Plan } | { ok: false; message: Said };

const tooManyPeople: Said = (lang) => t(lang, 'pay.errPeopleRange', { max: MAX_PEOPLE });

/** Reads the tip and split fields (from a query string or a form body) against `limits`. */
export function readPlan(input: Record<string, unknown>, limits: PlanLimits): PlanResult {
  const parsed = PlanFieldsSchema.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    return { ok: false, message: message === 'people' ? tooManyPeople : message };
  }
  const { tip, customTip, people } = parsed.data;
  if (!limits.tipsOn && tip !== 'none')
    return { ok: false, message: 'Tips are not offered for this payment' };
  if (!limits.splitOn && people > 1) return { ok: false, message: 'This bill cannot be split' };

  const payNowPence =
    people > 1 ? shareOf(limits.outstandingPence, people) : limits.outstandingPence;
  let tipPence = limits.tipChosenPence ?? 0;
  if (tip === 'custom') {
    const pence = decimalTextToPence(customTip.replace(/^\s*£/, ''));
    if (pence === null || pence < 0)
      return { ok: false, message: 'Enter the tip as an amount such as 2.50' };
    if (pence > payNowPence)
      return {
        ok: false,
        message: (lang) => t(lang, 'pay.errTipCap', { amount: formatMoney(lang, payNowPence) }),
      };
    tipPence = pence;
  } else if (tip !== 'none') {
    tipPence = percentOf(payNowPence, Number(tip));
  }
  return {
    ok: true,
    plan: {
      tip,
      customTip: tip === 'custom' ? customTip.trim() : '',
      people,
      payNowPence,
      ...(people > 1 ? { sharePence: payNowPence } : {}),
      tipPence,
      totalPence: payNowPence + tipPence,
    },
  };
}
