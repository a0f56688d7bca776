/** en-GB money and times, for the kiosk's windows and the merchant dashboard alike. */
import { formatPence, poundsToPence } from './money';

/** Pounds from the bridge, shown as the shop reads them: 12.5 → "£12.50". */
export function formatPounds(pounds: number, currency = 'GBP'): string {
  try {
    return formatPence(poundsToPence(pounds), currency);
  } catch {
    return '—';
  }
}

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const timeOnly = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const dayMonth = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

function parse(iso: string): Date | null {
  const at = new Date(iso);
  return iso && !Number.isNaN(at.getTime()) ? at : null;
}

/** Full date and time, e.g. "3 Mar 2025, 14:05:09". */
export function formatDateTime(iso: string): string {
  const at = parse(iso);
  return at ? dateTime.format(at) : '—';
}

/** Just the time for today's payments, the day as well for older ones. */
export function formatWhen(iso: string, now: Date = new Date()): string {
  const at = parse(iso);
  if (!at) return '—';
  const sameDay =
    at.getFullYear() === now.getFullYear() &&
    at.getMonth() === now.getMonth() &&
    at.getDate() === now.getDate();
  return sameDay ? timeOnly.format(at) : dayMonth.format(at);
}
