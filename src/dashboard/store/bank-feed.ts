/**
 * The Bank page's transactions, a slice of the bank store (store/bank.ts): one account's feed,
 * paged by the cursors in `links`. A cursor works once and for 15 minutes, so a 410 GONE starts
 * again from the newest page, saying so.
 */
import type { BankFeedPage } from '../../shared/contract/bank';
import { ApiClientError } from '../../shared/contract/call';
import { failureMessage, isStale, type Call } from '../lib/api';
import { cursorOf } from '../lib/bank';

export interface Browsing {
  accountId: string;
  /** "Sandbox Bank ····1234", for the heading. */
  label: string;
  page: BankFeedPage | null;
  /** 1 for the newest page. */
  pageNumber: number;
}

export const RESTARTED_NOTE =
  'That page link had expired or was already used (links last 15 minutes and work once), so the list starts again from the newest transactions.';

export interface FeedState {
  browsing: Browsing | null;
  pageBusy: boolean;
  pageError: string;
  pageNote: string;
  browse(accountId: string, label: string): Promise<void>;
  next(): Promise<void>;
  prev(): Promise<void>;
  closeAccount(): void;
}

/** The feed's state and actions, given the bank store's own set and get. */
export function createFeedSlice(
  call: Call,
  set: (partial: Partial<FeedState>) => void,
  get: () => FeedState,
): FeedState {
  let pageTicket = 0;

  /** Reads one page: the first (no cursor) or the one a link names. */
  async function readPage(accountId: string, cursor: string | null, pageNumber: number) {
    const mine = ++pageTicket;
    set({ pageBusy: true, pageError: '' });
    try {
      const page = await call('listBankTransactions', {
        params: { accountId },
        ...(cursor ? { query: { cursor } } : {}),
      });
      const browsing = get().browsing;
      if (mine !== pageTicket || browsing?.accountId !== accountId) return;
      set({ browsing: { ...browsing, page, pageNumber } });
    } catch (error) {
      if (isStale(error) || mine !== pageTicket) return;
      if (error instanceof ApiClientError && error.status === 410 && cursor) {
        // A cursor works once and for 15 minutes: start again from the newest page.
        set({ pageNote: RESTARTED_NOTE });
        return readPage(accountId, null, 1);
      }
      set({ pageError: `Could not load transactions: ${failureMessage(error)}` });
    } finally {
      if (mine === pageTicket) set({ pageBusy: false });
    }
  }

  return {
    browsing: null,
    pageBusy: false,
    pageError: '',
    pageNote: '',

    async browse(accountId, label) {
      set({
        browsing: { accountId, label, page: null, pageNumber: 1 },
        pageNote: '',
        pageError: '',
      });
      await readPage(accountId, null, 1);
    },

    async next() {
      const b = get().browsing;
      const cursor = cursorOf(b?.page?.links.next);
      if (!b || !cursor) return;
      set({ pageNote: '' });
      await readPage(b.accountId, cursor, b.pageNumber + 1);
    },

    async prev() {
      const b = get().browsing;
      if (!b) return;
      set({ pageNote: '' });
      const cursor = cursorOf(b.page?.links.prev);
      // A bank that gives no `prev` link: the way back is the newest page.
      await readPage(b.accountId, cursor, cursor ? Math.max(1, b.pageNumber - 1) : 1);
    },

    closeAccount() {
      pageTicket++;
      set({ browsing: null, pageNote: '', pageError: '', pageBusy: false });
    },
  };
}
