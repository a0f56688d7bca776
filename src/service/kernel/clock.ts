/**
 * The service's clocks, one per environment. Time is injected so that the sandbox can move its
 * own forward (its expiries and webhook retries then fire) and tests never sleep for an expiry.
 * Production always runs on real time: a sandbox secret moves the sandbox's clock and nothing
 * else, so every row is compared with the time of its own environment (`now(row.environment)`),
 * and every sweep of due rows runs once per environment (`ENVIRONMENTS`). The sandbox's offset
 * is persisted, so a restarted sandbox keeps the time it was moved to.
 */
import type { Environment } from './caller';

export const ENVIRONMENTS: readonly Environment[] = ['sandbox', 'production'];

export interface Clock {
  /** Now in this environment: real time in production, the moved time in the sandbox. */
  now(environment: Environment): number;
  /** Moves the sandbox's clock forward; answers the sandbox's new now. */
  advance(ms: number): number;
  /** How far the sandbox's clock is ahead of real time. */
  offset(): number;
  /** Takes the offset the database holds (another instance may have moved the clock). */
  sync(offset: number): void;
}

export function createClock(initialOffset = 0, onChange?: (offset: number) => void): Clock {
  let offset = initialOffset;
  return {
    now: (environment) => (environment === 'sandbox' ? Date.now() + offset : Date.now()),
    advance(ms) {
      offset += ms;
      onChange?.(offset);
      return Date.now() + offset;
    },
    offset: () => offset,
    sync(stored) {
      offset = stored;
    },
  };
}

export const iso = (ms: number): string => new Date(ms).toISOString();
