/**
 * Brute-force limits (docs/reliability.md): failed attempts are counted in token buckets, one per
 * client address and kind of credential (access secrets; each guessable route's codes). Only a
 * real wrong credential costs a token; a spent bucket holds back further attempts of that kind
 * from that address until a token comes back. Successes cost nothing, so a busy till or a test
 * suite is never slowed by its own traffic. Time is real time (monotonic), not the sandbox clock:
 * a sandbox secret that can move the clock must not be able to refill the bucket of someone
 * guessing production secrets.
 */
import type { Store } from '../kernel/store/port';
import { performance } from 'node:perf_hooks';
import { failureBucketQueries } from './repo';

export interface FailureLimitOptions {
  /** Failures a bucket allows at once before it holds attempts back. */
  burst?: number;
  /** Failures per minute it may make after that (the bucket's refill rate). */
  perMinute?: number;
  /** Milliseconds, monotonic; tests inject their own. */
  now?: () => number;
  /** Buckets remembered at most; past this, the longest-quiet ones are forgotten. */
  maxBuckets?: number;
}

export const DEFAULT_FAILURE_BURST = 20;
export const DEFAULT_FAILURES_PER_MINUTE = 20;

interface Bucket {
  tokens: number;
  at: number;
  /** The last few wrong secrets (hashed) sent into this bucket, each counted once. */
  recent: string[];
}

/** Distinct wrong secrets remembered per bucket. */
const RECENT = 16;

export function createFailureLimiter(options: FailureLimitOptions = {}) {
  const burst = options.burst ?? DEFAULT_FAILURE_BURST;
  const perMs = (options.perMinute ?? DEFAULT_FAILURES_PER_MINUTE) / 60_000;
  const now = options.now ?? (() => performance.now());
  const maxBuckets = options.maxBuckets ?? 100_000;
  const buckets = new Map<string, Bucket>();

  function current(key: string): Bucket {
    const t = now();
    const bucket = buckets.get(key);
    if (!bucket) return { tokens: burst, at: t, recent: [] };
    return {
      tokens: Math.min(burst, bucket.tokens + (t - bucket.at) * perMs),
      at: t,
      recent: bucket.recent,
    };
  }

  const wait = (tokens: number) =>
    tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));

  return {
    /** Seconds until bucket `key` allows another attempt; 0 when it does now. */
    retryAfter: (key: string): number => wait(current(key).tokens),
    /**
     * One failed attempt into bucket `key` (an address and a kind of credential). Answers 0 when
     * it was counted (or was free), or the seconds the bucket is spent for: then nothing is
     * counted and the caller answers 429. `token` (a hash of the wrong secret) makes a repeat of
     * a recent wrong secret free and never held back: a kiosk still polling with the secret its
     * unpairing revoked is not guessing, and keeps getting its 401. A guesser gains nothing from
     * repeating a guess.
     */
    fail(key: string, token?: string): number {
      const bucket = current(key);
      if (token !== undefined && bucket.recent.includes(token)) return 0;
      if (bucket.tokens < 1) return wait(bucket.tokens);
      if (token !== undefined) bucket.recent = [...bucket.recent.slice(1 - RECENT), token];
      bucket.tokens -= 1;
      buckets.delete(key); // re-inserted last: the Map's order is then least recently failed first
      buckets.set(key, bucket);
      if (buckets.size > maxBuckets) {
        const oldest = buckets.keys().next().value;
        if (oldest !== undefined) buckets.delete(oldest);
      }
      return 0;
    },
  };
}
/** What mount.ts asks of a limiter: in this process's memory, or in the shared database. */
export interface FailureLimiter {
  retryAfter(key: string): number | Promise<number>;
  fail(key: string, token?: string): number | Promise<number>;
}

/**
 * The same buckets in the database, for instances that share one (store.soleWriter false): 30
 * wrong secrets spread over two instances meet the same 429 as on one. Wall time, as every
 * instance must agree on it; each bucket is read and written in one transaction, so concurrent
 * failures on different instances each take their own token.
 */
export function createSharedFailureLimiter(
  store: Store,
  options: Omit<FailureLimitOptions, 'maxBuckets'> = {},
): FailureLimiter {
  const burst = options.burst ?? DEFAULT_FAILURE_BURST;
  const perMs = (options.perMinute ?? DEFAULT_FAILURES_PER_MINUTE) / 60_000;
  // Wall time, which every instance shares (tests inject their own).
  const now = options.now ?? (() => Date.now());
  const { read, write, forget } = failureBucketQueries(store);
  let writes = 0;
  const wait = (tokens: number) =>
    tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
  async function current(key: string) {
    const t = now();
    const row = await read.get(key);
    if (!row) return { tokens: burst, at: t, recent: [] as string[] };
    return {
      tokens: Math.min(burst, row.tokens + (t - row.at) * perMs),
      at: t,
      recent: JSON.parse(row.recent) as string[],
    };
  }
  return {
    retryAfter: async (key) => wait((await current(key)).tokens),
    fail: (key, token) =>
      store.tx(async () => {
        const bucket = await current(key);
        if (token !== undefined && bucket.recent.includes(token)) return 0;
        if (bucket.tokens < 1) return wait(bucket.tokens);
        const recent =
          token === undefined ? bucket.recent : [...bucket.recent.slice(1 - RECENT), token];
        await write.run(key, bucket.tokens - 1, bucket.at, JSON.stringify(recent));
        if (++writes % 1000 === 0) await forget.run(now() - burst / perMs);
        return 0;
      }),
  };
}
