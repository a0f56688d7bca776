/**
 * When a failed delivery is tried again (docs/webhooks.md): about 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h and 10 h after the previous failure, each moved by up to ±20% so that many deliveries
 * failing together (a receiver that was down) do not all come back in the same instant.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];

/** The first attempt plus one per retry delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

export const JITTER = 0.2;

/**
 * Milliseconds to wait after the `attempts`-th failed attempt (1-based), or null when that was
 * the last one and the delivery has failed for good. `random` is injectable for tests.
 */
export function retryDelay(attempts: number, random: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_MS[attempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 + JITTER * (2 * random() - 1)));
}
