/**
 * The shop's day: a calendar day in the shop's time zone (configurable, Europe/London unless
 * set), which is what "today", the takings, the end-of-day report and bank reconciliation mean.
 * A shop's "today" is its wall-clock day: 00:30 BST on 2 July is 23:30 UTC on 1 July, and
 * belongs to 2 July. Days on which the clocks change are 23 or 25 hours long. Dates travel as
 * yyyy-mm-dd; screens show them in the locale (local-date.ts).
 */

export const DEFAULT_SHOP_TIME_ZONE = 'Europe/London';

/** Whether `timeZone` is an IANA zone this runtime knows ("Europe/London", "UTC"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Wall-clock fields of an instant in the zone. */
function wallClock(ms: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The instant the zone's clocks read 00:00 on a date (month 1-12; day may overflow). */
function localMidnight(year: number, month: number, day: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - offsetAt(guess, timeZone);
  // The offset at the guess may differ from the offset at the real midnight near a change.
  const second = guess - offsetAt(first, timeZone);
  return second;
}

/** [start, end) of the local day containing `ms`. */
export function localDayBounds(ms: number, timeZone: string): { start: number; end: number } {
  const { year, month, day } = wallClock(ms, timeZone);
  return {
    start: localMidnight(year, month, day, timeZone),
    end: localMidnight(year, month, day + 1, timeZone),
  };
}

/** [start, end) of a calendar date (yyyy-mm-dd) in the zone, as UTC milliseconds. */
export function dateBounds(date: string, timeZone: string): { start: number; end: number } {
  // From the date's own fields: no single UTC instant falls on the same date in every zone
  // (zones run from UTC−12 to UTC+14).
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return {
    start: localMidnight(year, month, day, timeZone),
    end: localMidnight(year, month, day + 1, timeZone),
  };
}

/** The calendar date (yyyy-mm-dd) of an instant in the zone: the shop's "today" at `ms`. */
export function localDate(ms: number, timeZone: string): string {
  const { year, month, day } = wallClock(ms, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The Monday (yyyy-mm-dd) of the week a date falls in: the shop's week runs Monday to Sunday. */
export function weekStart(date: string): string {
  // Calendar arithmetic on the date alone (noon UTC, far from any day boundary).
  const noon = new Date(`${date}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() - ((noon.getUTCDay() + 6) % 7));
  return noon.toISOString().slice(0, 10);
}
