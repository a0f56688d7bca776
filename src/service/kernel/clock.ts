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

const DAY_MS = 86_400_000;
const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);
/**
 * Days formatted, `YYYY-MM-DDT`, by their first millisecond: the times records carry fall on few
 * days (a payment's creation and its expiry a week later alternate in every record, so one
 * remembered day would be formatted again at every other date). Forgotten all at once when full.
 */
const dayPrefixes = new Map<number, string>();
const DAYS_KEPT = 1_000;

/**
 * `new Date(ms).toISOString()`, formatted here: V8 formats each date through a printf-style
 * stream, about a microsecond each, and a status record carries four or five of them
 * (docs/benchmarks.md). Only the day goes through Date, once per day.
 */
export function iso(ms: number): string {
  if (!Number.isInteger(ms) || Math.abs(ms) > 8.64e15) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS) * DAY_MS;
  let dayPrefix = dayPrefixes.get(day);
  if (dayPrefix === undefined) {
    const text = new Date(day).toISOString();
    dayPrefix = text.slice(0, text.indexOf('T') + 1);
    if (dayPrefixes.size >= DAYS_KEPT) dayPrefixes.clear();
    dayPrefixes.set(day, dayPrefix);
  }
  let rest = ms - day;
  const milli = rest % 1000;
  rest = (rest - milli) / 1000;
  const second = rest % 60;
  rest = (rest - second) / 60;
  const minute = rest % 60;
  return `${dayPrefix}${two((rest - minute) / 60)}:${two(minute)}:${two(second)}.${three(milli)}Z`;
}
