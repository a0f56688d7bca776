/**
 * Exponential backoff with full jitter (delay = random × min(cap, base × 2^attempt)). The jitter
 * matters for a shop with several kiosks: after the service restarts they would otherwise all
 * reconnect in the same millisecond, again and again.
 */

export interface BackoffOptions {
  /** The ceiling of the first delay. */
  baseMs: number;
  /** The largest ceiling, however many attempts failed. */
  capMs: number;
  /** Never wait less than this (stops a tight loop when the jitter draws ~0). Default 0. */
  minMs?: number;
  /** Uniform in [0, 1); injectable so tests can pin the jitter. Default Math.random. */
  random?: () => number;
}

/** The ceiling for the given attempt (0-based), before jitter. */
export function backoffCeiling(attempt: number, baseMs: number, capMs: number): number {
  // 2^attempt overflows to Infinity for large attempts; Math.min still gives the cap.
  return Math.min(capMs, baseMs * 2 ** Math.max(0, attempt));
}

/** One jittered delay for the given attempt (0-based). */
export function backoffDelay(attempt: number, options: BackoffOptions): number {
  const random = options.random ?? Math.random;
  const draw = Math.min(1, Math.max(0, random()));
  const delay = Math.floor(draw * backoffCeiling(attempt, options.baseMs, options.capMs));
  return Math.max(options.minMs ?? 0, delay);
}

export interface Backoff {
  /** The delay before the next attempt; each call counts one more failed attempt. */
  next(): number;
  /** After a healthy stretch: the next delay starts from the base again. */
  reset(): void;
  /** Failed attempts since the last reset. */
  readonly attempts: number;
}

export function createBackoff(options: BackoffOptions): Backoff {
  let attempts = 0;
  return {
    next() {
      const delay = backoffDelay(attempts, options);
      attempts += 1;
      return delay;
    },
    reset() {
      attempts = 0;
    },
    get attempts() {
      return attempts;
    },
  };
}
