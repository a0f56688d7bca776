/**
 * The Bank page: linking a bank account through the hosted page (and reading the consent from
 * the address when the browser comes back), the consents with their accounts, revoking, one
 * account's transactions paged by the cursors in `links` (a 410 GONE starts again from the
 * newest page, saying so), and the day's reconciliation per store.
 */
import type { z } from 'zod';
import { createStore } from 'zustand/vanilla';
import type { BankConsentList, BankFeedPage, Reconciliation } from '../../shared/contract/bank';
import { ApiClientError } from '../../shared/contract/call';
import type { Store } from '../../shared/contract/terminals';
import { failureMessage, isStale, type Call } from '../lib/api';
import { cursorOf, readLinkReturn, SHOP_TIME_ZONE, shopToday } from '../lib/bank';

export type BankConsent = z.infer<typeof BankConsentList>[number];

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

export interface BankState {
  consents: BankConsent[] | null;
  stores: Store[] | null;
  error: string;
  linking: boolean;
  linkError: string;
  linkNotice: string;
  revokeErrors: Record<string, string>;
  browsing: Browsing | null;
  pageBusy: boolean;
  pageError: string;
  pageNote: string;
  recon: {
    date: string;
    storeId: string;
    report: Reconciliation | null;
    error: string;
    busy: boolean;
  };
  refresh(): Promise<void>;
  /** Starts a link; resolves with the hosted page's address to open, or null. */
  startLink(redirectUrl: string): Promise<string | null>;
  /** Reads what the hosted page sent back in the query; true when there was something. */
  finishLink(query: string): Promise<boolean>;
  revoke(accountAuthId: string): Promise<void>;
  browse(accountId: string, label: string): Promise<void>;
  next(): Promise<void>;
  prev(): Promise<void>;
  closeAccount(): void;
  reconcile(date: string, storeId: string): Promise<void>;
}

export function createBankStore(call: Call, today: () => string = () => shopToday()) {
  let pageTicket = 0;
  let reconTicket = 0;
  return createStore<BankState>()((set, get) => {
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
      consents: null,
      stores: null,
      error: '',
      linking: false,
      linkError: '',
      linkNotice: '',
      revokeErrors: {},
      browsing: null,
      pageBusy: false,
      pageError: '',
      pageNote: '',
      recon: { date: today(), storeId: '', report: null, error: '', busy: false },

      async refresh() {
        try {
          const [consents, stores] = await Promise.all([
            call('listBankConsents'),
            get().stores ? Promise.resolve(get().stores!) : call('listStores'),
          ]);
          set({ consents, stores, error: '' });
          // An account being browsed whose consent was revoked is gone.
          const browsing = get().browsing;
          if (
            browsing &&
            !consents.some((c) => c.accounts.some((a) => a.accountId === browsing.accountId))
          )
            set({ browsing: null, pageNote: '', pageError: '' });
        } catch (error) {
          if (!isStale(error))
            set({ error: `Could not load bank accounts: ${failureMessage(error)}` });
        }
      },

      async startLink(redirectUrl) {
        set({ linking: true, linkError: '', linkNotice: '' });
        try {
          const link = await call('createBankLink', { body: { redirectUrl } });
          return link.linkUrl;
        } catch (error) {
          if (!isStale(error))
            set({ linkError: `Could not start linking: ${failureMessage(error)}` });
          return null;
        } finally {
          set({ linking: false });
        }
      },

      async finishLink(query) {
        const back = readLinkReturn(query);
        if (back.kind === 'none') return false;
        if (back.kind === 'declined') {
          set({
            linkNotice: '',
            linkError:
              back.error === 'access_denied'
                ? 'Not linked: the bank account was not shared (you chose not to allow it).'
                : `Not linked: ${back.description || back.error}`,
          });
          return true;
        }
        await get().refresh();
        const consent = get().consents?.find((c) => c.accountAuthId === back.accountAuthId);
        if (!consent) {
          set({
            linkError: 'Not linked: the bank sent back a consent this service does not hold.',
          });
          return true;
        }
        const n = back.accountIds.length;
        set({
          linkError: '',
          linkNotice: `Linked ${consent.bankName}: ${n} account${n === 1 ? '' : 's'}.${
            consent.settlementAccountId ? ' Pay-by-bank payments settle into the first one.' : ''
          }`,
        });
        return true;
      },

      async revoke(accountAuthId) {
        const { [accountAuthId]: _old, ...rest } = get().revokeErrors;
        set({ revokeErrors: rest, linkNotice: '' });
        try {
          await call('revokeBankConsent', { params: { accountAuthId } });
        } catch (error) {
          if (isStale(error)) return;
          // 404: already revoked (elsewhere); the refresh below shows it gone.
          if (!(error instanceof ApiClientError && error.status === 404))
            set({
              revokeErrors: {
                ...get().revokeErrors,
                [accountAuthId]: `Not revoked: ${failureMessage(error)}`,
              },
            });
        }
        await get().refresh();
      },

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

      async reconcile(date, storeId) {
        const mine = ++reconTicket;
        set({ recon: { ...get().recon, date, storeId, error: '', busy: true } });
        try {
          const report = await call('bankReconciliation', {
            query: { date, timeZone: SHOP_TIME_ZONE, ...(storeId ? { storeId } : {}) },
          });
          if (mine === reconTicket)
            set({ recon: { date, storeId, report, error: '', busy: false } });
        } catch (error) {
          if (isStale(error) || mine !== reconTicket) return;
          set({
            recon: {
              ...get().recon,
              report: null,
              busy: false,
              error: `Could not reconcile: ${failureMessage(error)}`,
            },
          });
        }
      },
    };
  });
}
export type BankStore = ReturnType<typeof createBankStore>;
