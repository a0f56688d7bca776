/**
 * The Bank page: linking a bank account through the hosted page (and reading the consent from
 * the address when the browser comes back), the consents with their accounts, revoking, one
 * account's transactions paged by the cursors in `links` (a 410 GONE starts again from the
 * newest page, saying so: that slice is bank-feed.ts, merged in here), and the day's
 * reconciliation per store.
 */
import type { z } from 'zod';
import { createStore } from 'zustand/vanilla';
import type { BankConsentList, Reconciliation } from '../../shared/contract/bank';
import { ApiClientError } from '../../shared/contract/call';
import type { Store } from '../../shared/contract/terminals';
import { failureMessage, isStale, type Call } from '../lib/api';
import { readLinkReturn, SHOP_TIME_ZONE, shopToday } from '../lib/bank';
import { createFeedSlice, type FeedState } from './bank-feed';

export { RESTARTED_NOTE, type Browsing } from './bank-feed';

export type BankConsent = z.infer<typeof BankConsentList>[number];

export interface BankState extends FeedState {
  consents: BankConsent[] | null;
  stores: Store[] | null;
  error: string;
  linking: boolean;
  linkError: string;
  linkNotice: string;
  revokeErrors: Record<string, string>;
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
  reconcile(date: string, storeId: string): Promise<void>;
}

export function createBankStore(call: Call, today: () => string = () => shopToday()) {
  let reconTicket = 0;
  return createStore<BankState>()((set, get) => {
    return {
      consents: null,
      stores: null,
      error: '',
      linking: false,
      linkError: '',
      linkNotice: '',
      revokeErrors: {},
      ...createFeedSlice(call, set, get),
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
