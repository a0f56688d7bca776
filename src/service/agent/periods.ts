/**
 * The window of a period cap at a moment (docs/agent-pay.md, "Periods"). All in UTC.
 * CALENDAR: the calendar day, the ISO week (from Monday), the fortnight (pairs of ISO weeks
 * counted from Monday 5 January 1970), the month, the half year (January or July) and the year.
 * ANCHORED: periods of the same lengths that start at the contract's anchor (its validFrom);
 * month-based periods land on the anchor's day of the month, or the month's last day when it
 * is shorter (an anchor on the 31st renews on 28/29 February, 30 April, ...; on 29 February,
 * on 28 February in other years).
 */
import type { z } from 'zod';
import type { Alignment, Period } from '../../shared/contract/common';

type PeriodName = z.infer<typeof Period>;
type AlignmentName = z.infer<typeof Alignment>;

const DAY_MS = 86_400_000;
const FIXED_DAYS: Partial<Record<PeriodName, number>> = { DAY: 1, WEEK: 7, FORTNIGHT: 14 };
const MONTHS: Partial<Record<PeriodName, number>> = { MONTH: 1, HALF_YEAR: 6, YEAR: 12 };
/** Monday 5 January 1970: the first day of the first calendar fortnight. */
const FIRST_MONDAY = 4 * DAY_MS;

export interface Window {
  start: number;
  end: number;
}

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** `anchor` moved by whole months, its day clamped to the target month's length. */
export function addMonths(anchor: number, months: number): number {
  const d = new Date(anchor);
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const timeOfDay = anchor - Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const day = Math.min(d.getUTCDate(), daysInMonth(year, month));
  return Date.UTC(year, month, day) + timeOfDay;
}

const floorDiv = (a: number, b: number) => Math.floor(a / b);

function calendarWindow(period: PeriodName, now: number): Window {
  const d = new Date(now);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const midnight = Date.UTC(y, m, d.getUTCDate());
  switch (period) {
    case 'DAY':
      return { start: midnight, end: midnight + DAY_MS };
    case 'WEEK':
    case 'FORTNIGHT': {
      const monday = midnight - ((d.getUTCDay() + 6) % 7) * DAY_MS;
      if (period === 'WEEK') return { start: monday, end: monday + 7 * DAY_MS };
      const weeks = floorDiv(monday - FIRST_MONDAY, 7 * DAY_MS);
      const start = monday - (((weeks % 2) + 2) % 2) * 7 * DAY_MS;
      return { start, end: start + 14 * DAY_MS };
    }
    case 'MONTH':
      return { start: Date.UTC(y, m, 1), end: Date.UTC(y, m + 1, 1) };
    case 'HALF_YEAR': {
      const first = m < 6 ? 0 : 6;
      return { start: Date.UTC(y, first, 1), end: Date.UTC(y, first + 6, 1) };
    }
    case 'YEAR':
      return { start: Date.UTC(y, 0, 1), end: Date.UTC(y + 1, 0, 1) };
  }
}

function anchoredWindow(period: PeriodName, anchor: number, now: number): Window {
  const days = FIXED_DAYS[period];
  if (days !== undefined) {
    const length = days * DAY_MS;
    const start = anchor + floorDiv(now - anchor, length) * length;
    return { start, end: start + length };
  }
  const step = MONTHS[period]!;
  const a = new Date(anchor);
  const n = new Date(now);
  const monthsApart =
    (n.getUTCFullYear() - a.getUTCFullYear()) * 12 + n.getUTCMonth() - a.getUTCMonth();
  // A first guess from the calendar, corrected by at most a step either way.
  let k = floorDiv(monthsApart, step);
  while (addMonths(anchor, k * step) > now) k--;
  while (addMonths(anchor, (k + 1) * step) <= now) k++;
  return { start: addMonths(anchor, k * step), end: addMonths(anchor, (k + 1) * step) };
}

/** The window [start, end) of `period` that contains `now`. */
export function periodWindow(
  period: PeriodName,
  alignment: AlignmentName,
  anchor: number,
  now: number,
): Window {
  return alignment === 'ANCHORED'
    ? anchoredWindow(period, anchor, now)
    : calendarWindow(period, now);
}
