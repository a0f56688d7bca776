/**
 * Dates typed and shown in the kiosk's locale (en-GB: 23/11/2026). A native <input type="date">
 * shows the browser's locale, not the kiosk's (mm/dd/yyyy in a £ shop on a US-English machine),
 * so every date field (the console's DateField, the dashboard's reconciliation day) is a text
 * field that reads and shows the locale's own order and separator. Dates travel as yyyy-mm-dd.
 */

type Part = 'day' | 'month' | 'year';

export interface DateFormat {
  order: Part[];
  separator: string;
  /** e.g. "dd/mm/yyyy" */
  placeholder: string;
}

const PLACEHOLDER: Record<Part, string> = { day: 'dd', month: 'mm', year: 'yyyy' };

export function dateFormat(locale: string): DateFormat {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).formatToParts(new Date(2006, 10, 23));
  } catch {
    return dateFormat('en-GB');
  }
  const order = parts
    .map((part) => part.type)
    .filter((type): type is Part => type === 'day' || type === 'month' || type === 'year');
  const separator = parts.find((part) => part.type === 'literal')?.value.trim() || '/';
  return { order, separator, placeholder: order.map((p) => PLACEHOLDER[p]).join(separator) };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Text typed in the locale's order ("23/11/2026", "23.11.26", "1/2/2026") to yyyy-mm-dd; null
 * when it is not a real date. Any non-digit separates; a two-digit year is this century; ISO
 * yyyy-mm-dd is read too.
 */
export function parseLocalDate(text: string, locale: string): string | null {
  const numbers = text.trim().split(/\D+/).filter(Boolean);
  // ISO order (2026-11-23) is unambiguous in every locale: a four-digit first number is a year.
  const order: Part[] =
    numbers[0]?.length === 4 ? ['year', 'month', 'day'] : dateFormat(locale).order;
  if (numbers.length !== 3 || order.length !== 3) return null;
  const value: Record<Part, number> = { day: 0, month: 0, year: 0 };
  order.forEach((part, i) => (value[part] = Number(numbers[i])));
  const yearText = numbers[order.indexOf('year')]!;
  if (yearText.length === 2) value.year += 2000;
  else if (yearText.length !== 4) return null;
  const date = new Date(value.year, value.month - 1, value.day);
  if (
    date.getFullYear() !== value.year ||
    date.getMonth() !== value.month - 1 ||
    date.getDate() !== value.day
  )
    return null;
  return `${pad(value.year, 4)}-${pad(value.month)}-${pad(value.day)}`;
}

/** yyyy-mm-dd shown in the locale's order: "2026-11-23" → "23/11/2026" (en-GB). */
export function formatLocalDate(isoDay: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!match) return isoDay;
  const value: Record<Part, string> = { year: match[1]!, month: match[2]!, day: match[3]! };
  const { order, separator } = dateFormat(locale);
  return order.map((part) => value[part]).join(separator);
}

/**
 * A day as a heading says it, in the locale: "Wednesday 25 November 2026" (en-GB),
 * "Wednesday, November 25, 2026" (en-US). The date is a calendar date, not an instant, so it is
 * formatted in UTC, where yyyy-mm-dd midnight is that same date.
 */
export function formatLongDate(isoDay: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!match) return isoDay;
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  };
  try {
    return new Intl.DateTimeFormat(locale, options).format(at);
  } catch {
    return new Intl.DateTimeFormat('en-GB', options).format(at);
  }
}
