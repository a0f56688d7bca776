/**
 * Whether an amount is far above what this shop usually takes, so staff are asked before it
 * starts: a slipped finger (£4,204.20 for £42.04) is caught before the customer sees it. Pure, so
 * the rule is tested on its own (unusual-amount.test.ts).
 */

/** A payment this many times the median of recent ones is unusual. */
export const UNUSUAL_FACTOR = 10;
/** With too little history to have a usual amount, anything above £1,000.00 asks first. */
export const NO_HISTORY_THRESHOLD_PENCE = 100_000;
/** Fewer recent payments than this is no history to judge by. */
export const MIN_HISTORY = 3;

export interface UnusualAmount {
  /** The median of the recent payments, or null when there were too few. */
  medianPence: number | null;
  /** The amount above which staff are asked. */
  thresholdPence: number;
}

export function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? sorted[middle]!
    : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

/** The reason to ask about `pence`, given the recent payments' amounts; null when it is usual. */
export function unusualAmount(pence: number, recentPence: number[]): UnusualAmount | null {
  const usable = recentPence.filter((p) => Number.isInteger(p) && p > 0);
  const medianPence = usable.length >= MIN_HISTORY ? medianOf(usable) : null;
  const thresholdPence =
    medianPence === null ? NO_HISTORY_THRESHOLD_PENCE : medianPence * UNUSUAL_FACTOR;
  return pence > thresholdPence ? { medianPence, thresholdPence } : null;
}
