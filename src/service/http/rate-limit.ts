/**
 * Brute-force limits (docs/reliability.md): failed attempts (a wrong access secret, a wrong
 * pairing code) are counted per client address in a token bucket. An address that has spent its
 * bucket gets 429 with Retry-After on every authenticated or guessable route until a token comes
 * back; successes cost nothing, so a busy till or a test suite is never slowed by its own
 * traffic. Time is real time (monotonic), not the sandbox clock: a sandbox secret that can move
 * the clock must not be able to refill the bucket of someone guessing production secrets.
 */
import { performance } from 'node:perf_hooks';

export interface FailureLimitOptions {
  /** Failures an address may make at once before it is held back. */
  burst?: number;
  /** Failures per minute it may make after that (the bucket's refill rate). */
  perMinute?: number;
  /** Milliseconds, monotonic; tests inject their own. */
  now?: () => number;
  /** Addresses remembered at most; past this, the longest-quiet ones are forgotten. */
  maxAddresses?: number;
}

export const DEFAULT_FAILURE_BURST = 20;
export const DEFAULT_FAILURES_PER_MINUTE = 20;

interface Bucket {
  tokens: number;
  at: number;
  /** The last few wrong secrets (hashed) this address sent, each counted once. */
  recent: string[];
}

/** Distinct wrong secrets remembered per address. */
const RECENT = 16;

export function createFailureLimiter(options: FailureLimitOptions = {}) {
  const burst = options.burst ?? DEFAULT_FAILURE_BURST;
  const perMs = (options.perMinute ?? DEFAULT_FAILURES_PER_MINUTE) / 60_000;
  const now = options.now ?? (() => performance.now());
  const maxAddresses = options.maxAddresses ?? 100_000;
  const buckets = new Map<string, Bucket>();

  function current(address: string): Bucket {
    const t = now();
    const bucket = buckets.get(address);
    if (!bucket) return { tokens: burst, at: t, recent: [] };
    return {
      tokens: Math.min(burst, bucket.tokens + (t - bucket.at) * perMs),
      at: t,
      recent: bucket.recent,
    };
  }

  return {
    /** Seconds until `address` may try again; 0 when it may now. */
    retryAfter(address: string): number {
      const { tokens } = current(address);
      if (tokens >= 1) return 0;
      return Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
    },
    /**
     * Counts one failed attempt from `address`. `token` (a hash of the wrong secret) makes a
     * repeat of the same wrong secret free: a kiosk still polling with the secret its unpairing
     * revoked is not guessing, and must not lock out the dashboard on the same machine. A guesser
     * gains nothing from repeating a guess.
     */
    fail(address: string, token?: string): void {
      const bucket = current(address);
      if (token !== undefined && bucket.recent.includes(token)) return;
      if (token !== undefined) bucket.recent = [...bucket.recent.slice(1 - RECENT), token];
      bucket.tokens = Math.max(0, bucket.tokens - 1);
      buckets.delete(address); // re-inserted last: the Map's order is then least recently failed first
      buckets.set(address, bucket);
      if (buckets.size > maxAddresses) {
        const oldest = buckets.keys().next().value;
        if (oldest !== undefined) buckets.delete(oldest);
      }
    },
  };
}
export type FailureLimiter = ReturnType<typeof createFailureLimiter>;
