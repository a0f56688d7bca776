/** Pure helpers of the Bank page: the link's way back, cursors from links, and words. */
import type { BankTransaction } from '../../shared/contract/bank';

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

/** Today as a UTC calendar day (what the reconciliation's `date` means). */
export function utcDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
