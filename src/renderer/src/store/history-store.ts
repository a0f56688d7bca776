/**
 * The staff console's payment history: the search, the rows loaded so far and their paging.
 * It lives outside the History panel, so leaving the tab keeps the staff's place, and it follows
 * `paymentChanged` events itself: a changed row updates at once and page one is re-read shortly
 * after (bursts coalesce), so new payments appear without anyone pressing refresh. A moving
 * refund (`refundChanged`) re-reads it too: it changes its payment's refunded total.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RendererBridge } from '../bridge/types';
import type { FormError } from '../lib/form-errors';
import { appendPage, refreshFirstPage, updateRow, type Listing } from '../lib/history-list';
import { EMPTY_HISTORY_FORM, historyQuery, type HistoryForm } from '../lib/history-query';
import { runCommand } from '../lib/run-command';

const LABELS = {
  'query.amountPence': 'The amount',
  'query.orderId': 'The order id',
  'query.from': 'The start date',
  'query.to': 'The end date',
};

export interface HistoryState {
  form: HistoryForm;
  /** The search the rows show (the form may have been edited since). */
  applied: HistoryForm;
  listing: Listing | null;
  loading: 'first' | 'more' | null;
  error: FormError | null;
  setForm(form: HistoryForm): void;
  search(): Promise<void>;
  clear(): Promise<void>;
  loadMore(): Promise<void>;
  /** The History panel is on screen: load it the first time, refresh it afterwards. */
  show(): () => void;
}

export type HistoryStore = StoreApi<HistoryState>;

type Mode = 'replace' | 'more' | 'refresh';

export function createHistoryStore(
  bridge: RendererBridge,
  options: { refreshDelayMs?: number } = {},
): HistoryStore {
  const refreshDelay = options.refreshDelayMs ?? 150;
  /** Bumped by each new search: answers to older ones are dropped. */
  let generation = 0;
  let watchers = 0;
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;

  async function load(search: HistoryForm, mode: Mode, cursor?: string) {
    const built = historyQuery(search, cursor);
    if (!built.ok) {
      store.setState({ error: built.error });
      return;
    }
    const mine = mode === 'replace' ? ++generation : generation;
    if (mode !== 'refresh') store.setState({ loading: mode === 'more' ? 'more' : 'first' });
    const outcome = await runCommand(bridge, { type: 'listHistory', query: built.query }, LABELS);
    if (mine !== generation) return;
    if (mode !== 'refresh') store.setState({ loading: null });
    if (!outcome.ok) {
      // A background refresh that fails leaves the rows as they are and says nothing.
      if (mode !== 'refresh') store.setState({ error: outcome.error });
      return;
    }
    const page = outcome.result;
    const current = store.getState().listing;
    store.setState({
      ...(mode === 'refresh' ? {} : { error: null }),
      listing:
        mode === 'replace' || !current
          ? page
          : mode === 'more'
            ? appendPage(current, page)
            : refreshFirstPage(current, page),
    });
  }

  const store = createStore<HistoryState>((set, get) => ({
    form: EMPTY_HISTORY_FORM,
    applied: EMPTY_HISTORY_FORM,
    listing: null,
    loading: null,
    error: null,
    setForm: (form) => set({ form }),
    async search() {
      const { form } = get();
      const built = historyQuery(form);
      if (!built.ok) {
        set({ error: built.error });
        return;
      }
      set({ applied: form });
      await load(form, 'replace');
    },
    async clear() {
      set({ form: EMPTY_HISTORY_FORM, applied: EMPTY_HISTORY_FORM, error: null });
      await load(EMPTY_HISTORY_FORM, 'replace');
    },
    async loadMore() {
      const { listing, applied, loading } = get();
      if (!listing?.nextCursor || loading) return;
      await load(applied, 'more', listing.nextCursor);
    },
    show() {
      watchers += 1;
      const { listing, applied } = get();
      void load(applied, listing ? 'refresh' : 'replace');
      return () => {
        watchers -= 1;
      };
    },
  }));

  bridge.subscribe((event) => {
    // A refund that moves changes its payment's refunded total, which the rows show: re-read.
    if (event.type !== 'paymentChanged' && event.type !== 'refundChanged') return;
    const { listing } = store.getState();
    if (!listing) return;
    if (event.type === 'paymentChanged')
      store.setState({ listing: updateRow(listing, event.payment) });
    if (watchers === 0) return;
    if (refreshTimer) clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      void load(store.getState().applied, 'refresh');
    }, refreshDelay);
  });

  return store;
}
