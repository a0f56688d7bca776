/** Pure helpers of the Bank page: the link's way back, cursors from links, and words. */
import type { BankTransaction } from '../../shared/contract/bank';
import { DEFAULT_SHOP_TIME_ZONE, localDate } from '../../shared/shop-day';

/** Where the hosted linking page sends the browser back: this dashboard's Bank page. */
export function bankRedirectUrl(origin: string): string {
  return `${origin}/dashboard/bank`;
}

export type LinkReturn =
  | { kind: 'linked'; accountAuthId: string; accountIds: string[] }
  | { kind: 'declined'; error: string; description: string }
  | { kind: 'none' };

/**
 * What the hosted linking page put in the address when it sent the browser back: the consent
 * and its accounts (`accountAuthId`, `accountIds` comma-separated), or `error` (the user said no).
 */
export function readLinkReturn(query: string): LinkReturn {
  const params = new URLSearchParams(query);
  const error = params.get('error');
  if (error) return { kind: 'declined', error, description: params.get('error_description') ?? '' };
  const accountAuthId = params.get('accountAuthId');
  if (!accountAuthId) return { kind: 'none' };
  const accountIds = (params.get('accountIds') ?? '').split(',').filter(Boolean);
  return { kind: 'linked', accountAuthId, accountIds };
}

/** The cursor a page link carries ("…/transactions?cursor=…"), to call the typed route with. */
export function cursorOf(link: string | undefined): string | null {
  if (!link) return null;
  try {
    return new URL(link, 'http://localhost').searchParams.get('cursor');
  } catch {
    return null;
  }
}

export const TRANSACTION_STATUS_LABEL: Record<BankTransaction['status'], string> = {
  BOOKED: 'Booked',
  PENDING: 'Pending',
};

/**
 * The shop's time zone: the Bank page reconciles the shop's days, as the kiosk's end-of-day
 * report does, and asks the service for that day in this zone.
 */
export const SHOP_TIME_ZONE = DEFAULT_SHOP_TIME_ZONE;

/** The dashboard's dates are written as the shop writes them (its pages are en-GB). */
export const DASHBOARD_LOCALE = 'en-GB';

/** Today as the shop's calendar day (yyyy-mm-dd in its time zone). */
export function shopToday(now: Date = new Date()): string {
  return localDate(now.getTime(), SHOP_TIME_ZONE);
}
