/** The history search form, turned into the bridge's `listHistory` query. */
import type { BridgeCommand } from '../../../shared/bridge';
import type { PaymentStatus } from '../../../shared/payment-states';
import type { FormError } from './form-errors';
import { typedPence } from './typed-amount';
import { dateFormat, parseLocalDate } from '../../../shared/local-date';
import { dateBounds } from '../../../shared/shop-day';
import { pageLocale, pageTimeZone } from './document-locale';

export type HistoryQuery = Extract<BridgeCommand, { type: 'listHistory' }>['query'];

export interface HistoryForm {
  orderId: string;
  /** As typed: "12.50", "£12.50", "1,250". */
  amount: string;
  status: PaymentStatus | '';
  /** As typed, in the kiosk's locale (en-GB: dd/mm/yyyy); empty for no bound. */
  from: string;
  to: string;
}

export const EMPTY_HISTORY_FORM: HistoryForm = {
  orderId: '',
  amount: '',
  status: '',
  from: '',
  to: '',
};

export const HISTORY_PAGE_SIZE = 25;

export type HistoryQueryResult =
  { ok: true; query: HistoryQuery } | { ok: false; error: FormError };

export function historyQuery(
  form: HistoryForm,
  cursor?: string,
  locale: string = pageLocale(),
  timeZone: string = pageTimeZone(),
): HistoryQueryResult {
  const query: HistoryQuery = { limit: HISTORY_PAGE_SIZE };
  if (cursor) query.cursor = cursor;
  const orderId = form.orderId.trim();
  if (orderId) query.orderId = orderId;
  if (form.amount.trim()) {
    const pence = typedPence(form.amount);
    if (pence === null || pence <= 0)
      return {
        ok: false,
        error: { field: 'query.amountPence', message: 'Enter the amount in pounds, e.g. 12.50.' },
      };
    query.amountPence = pence;
  }
  if (form.status) query.status = form.status;
  // Days are the shop's days: from its midnight, in its time zone, whatever the machine's zone.
  const day = (text: string, edge: 'start' | 'end') => {
    const iso = text.trim() ? parseLocalDate(text, locale) : null;
    return iso ? new Date(dateBounds(iso, timeZone)[edge]) : null;
  };
  const from = day(form.from, 'start');
  // "To" names a whole day: the search runs up to the start of the next one (exclusive).
  const to = day(form.to, 'end');
  const pattern = dateFormat(locale).placeholder;
  if (form.from.trim() && !from)
    return {
      ok: false,
      error: { field: 'query.from', message: `Enter the start date as ${pattern}.` },
    };
  if (form.to.trim() && !to)
    return {
      ok: false,
      error: { field: 'query.to', message: `Enter the end date as ${pattern}.` },
    };
  if (from && to && from >= to)
    return {
      ok: false,
      error: { field: 'query.to', message: 'The end date must be on or after the start date.' },
    };
  if (from) query.from = from.toISOString();
  if (to) query.to = to.toISOString();
  return { ok: true, query };
}

export function isFiltered(form: HistoryForm): boolean {
  return Object.values(form).some((value) => value.trim() !== '');
}
