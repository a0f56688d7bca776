/**
 * The service's clocks: real time in production, and one sandbox clock per merchant. Time is
 * injected so that a merchant's sandbox can move its own forward (its expiries and webhook retries
 * then fire) and tests never sleep for an expiry. Production always runs on real time, and a
 * sandbox secret moves its own merchant's sandbox clock and nothing else: every row is compared
 * with the time of its own environment and merchant (`now(row.environment, row.merchant_id)`),
 * and every sweep of due rows runs once per `sweeps()` entry. The offsets are persisted
 * (`sandbox_clocks`), so a restarted service, or another instance on the same database, keeps the
 * time a merchant moved its sandbox to.
 */
import type { Environment } from './caller';

export const ENVIRONMENTS: readonly Environment[] = ['sandbox', 'production'];

/** Where one pass of a sweep of due rows looks, and the time it compares them with. */
export interface Sweep {
  environment: Environment;
  now: number;
  /**
   * Only these merchants' rows: the sandboxes whose clocks were moved by the same offset. Absent:
   * every merchant of the environment (production, and the sandbox at real time).
   */
  merchantIds?: readonly string[];
  /** merchantIds as a JSON array: a statement's parameter (kernel/sweep.ts). */
  merchants?: string;
}

/** A row of `sandbox_clocks`. */
export interface SandboxOffset {
  merchant_id: string;
  offset_ms: number;
}

export interface Clock {
  /**
   * Now for a row of this environment and merchant: real time in production; in the sandbox,
   * real time plus that merchant's offset (nothing for a merchant that never moved its clock).
   */
  now(environment: Environment, merchantId?: string): number;
  /** How far the merchant's sandbox clock is ahead of real time. */
  offset(merchantId: string): number;
  /** Takes one merchant's offset as the database answered it when the merchant moved it. */
  set(merchantId: string, offset: number): void;
  /**
   * Takes the offsets the database holds (another instance may have moved a clock). A clock only
   * moves forward, so an offset this instance knows to be larger is kept (a read that raced a move).
   */
  sync(offsets: readonly SandboxOffset[]): void;
  /**
   * The passes of a sweep of due rows: production at real time; the merchants whose sandbox
   * clocks moved, one pass per distinct offset at that time; then every other sandbox row at real
   * time. Offsets are never negative, so a row due at real time is due on its own merchant's
   * clock too: the last pass may take a moved merchant's row only if it was due anyway.
   */
  sweeps(): Sweep[];
}

export function createClock(initial: readonly SandboxOffset[] = []): Clock {
  const offsets = new Map<string, number>();
  /** The moved merchants grouped by offset, rebuilt after a change. */
  let groups: { offset: number; merchantIds: string[]; merchants: string }[] | null = null;
  const take = (merchantId: string, offset: number) => {
    if ((offsets.get(merchantId) ?? 0) >= offset) return;
    offsets.set(merchantId, offset);
    groups = null;
  };
  const grouped = () => {
    if (groups) return groups;
    const byOffset = new Map<number, string[]>();
    for (const [merchantId, offset] of offsets)
      if (offset > 0) byOffset.set(offset, [...(byOffset.get(offset) ?? []), merchantId]);
    groups = [...byOffset].map(([offset, merchantIds]) => ({
      offset,
      merchantIds,
      merchants: JSON.stringify(merchantIds),
    }));
    return groups;
  };
  for (const row of initial) take(row.merchant_id, Number(row.offset_ms));
  return {
    now(environment, merchantId) {
      if (environment !== 'sandbox' || merchantId === undefined || offsets.size === 0)
        return Date.now();
      return Date.now() + (offsets.get(merchantId) ?? 0);
    },
    offset: (merchantId) => offsets.get(merchantId) ?? 0,
    set: take,
    sync(stored) {
      for (const row of stored) take(row.merchant_id, Number(row.offset_ms));
    },
    sweeps() {
      const real = Date.now();
      const passes: Sweep[] = [{ environment: 'production', now: real }];
      for (const { offset, merchantIds, merchants } of grouped())
        passes.push({ environment: 'sandbox', now: real + offset, merchantIds, merchants });
      passes.push({ environment: 'sandbox', now: real });
      return passes;
    },
  };
}

/**
 * A pass over one merchant's rows of an environment at its time: a request that applies time to
 * the caller's own rows before reading them, and to no one else's.
 */
export function sweepOf(clock: Clock, environment: Environment, merchantId: string): Sweep {
  return {
    environment,
    now: clock.now(environment, merchantId),
    merchantIds: [merchantId],
    merchants: JSON.stringify([merchantId]),
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
