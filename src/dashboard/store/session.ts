/**
 * Signing in and out. Sign-in checks the secret by reading the merchant's stores (which also
 * name the shop, the merchant, and its primary store for the header); a refused secret is said plainly and kept nowhere. Each sign-in
 * gets a fresh SessionApi, so nothing of a previous session can answer into this one.
 */
import { createStore } from 'zustand/vanilla';
import { ApiClientError } from '../../shared/contract/call';
import { createFetchClient } from '../../shared/contract/fetch-client';
import { createSessionApi, failureMessage, type SessionApi } from '../lib/api';
import { environmentOf, type EnvironmentInfo } from '../lib/environment';
import type { SecretStorage } from '../lib/secret-storage';

export type Phase = 'signed-out' | 'checking' | 'signed-in';

export interface SessionState {
  phase: Phase;
  api: SessionApi | null;
  environment: EnvironmentInfo | null;
  /** The shop's name (the merchant's), as the kiosk and the payment page say it. */
  merchantName: string;
  /** The primary store's name ("Main Street"), shown smaller beside the shop's. */
  storeName: string;
  /** Why the last sign-in failed or the session ended; empty when there is nothing to say. */
  error: string;
  signIn(candidate: string): Promise<void>;
  signOut(message?: string): void;
  /** The shop's name as Settings last read or saved it: the header follows a rename at once. */
  merchantShown(name: string): void;
  /** Signs in with the secret this tab remembers, if any; true when there was one. */
  resume(): boolean;
}

export const REFUSED =
  'That access secret was not accepted. Check that you pasted all of it (it starts sk_sandbox_ or sk_live_) and that it has not been revoked.';
export const TERMINAL_SECRET =
  'That is a terminal secret. Sign in with a merchant access secret (sk_sandbox_… or sk_live_…).';
export const REVOKED =
  'Your access secret is no longer accepted (it may have been revoked). Sign in again.';

export function createSessionStore(options: {
  baseUrl: string;
  storage: SecretStorage;
  fetch?: typeof fetch;
}) {
  /** Bumped by every sign-in and sign-out, so a slower earlier attempt cannot win. */
  let attempt = 0;
  return createStore<SessionState>()((set, get) => ({
    phase: 'signed-out',
    api: null,
    environment: null,
    merchantName: '',
    storeName: '',
    error: '',

    async signIn(raw) {
      const candidate = raw.trim();
      if (!candidate) {
        set({ error: 'Paste your access secret first.' });
        return;
      }
      get().api?.close();
      const mine = ++attempt;
      set({ phase: 'checking', error: '', api: null });
      const api = createSessionApi({
        baseUrl: options.baseUrl,
        secret: candidate,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        onUnauthorized: () => get().signOut(REVOKED),
      });
      const client = createFetchClient({
        baseUrl: options.baseUrl,
        secret: candidate,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      try {
        // Checked with the bare client: a 401 here is a refusal, not a session ending.
        const stores = await client.call('listStores');
        if (mine !== attempt) return api.close();
        const primary = stores.find((s) => s.isPrimary) ?? stores[0];
        options.storage.set(candidate);
        set({
          phase: 'signed-in',
          api,
          environment: environmentOf(candidate),
          merchantName: primary?.merchantName ?? '',
          storeName: primary?.name ?? '',
          error: '',
        });
      } catch (error) {
        api.close();
        if (mine !== attempt) return;
        const status = error instanceof ApiClientError ? error.status : -1;
        // A refused secret is forgotten; one that could not be checked (service unreachable) is
        // kept for this tab, so a reload tries it again.
        if (status === 401 || status === 403) options.storage.remove();
        set({
          phase: 'signed-out',
          error:
            status === 401 ? REFUSED : status === 403 ? TERMINAL_SECRET : failureMessage(error),
        });
      }
    },

    signOut(message = '') {
      attempt++;
      get().api?.close();
      options.storage.remove();
      set({
        phase: 'signed-out',
        api: null,
        environment: null,
        merchantName: '',
        storeName: '',
        error: message,
      });
    },

    merchantShown(name) {
      if (get().phase === 'signed-in' && name !== get().merchantName) set({ merchantName: name });
    },

    resume() {
      const remembered = options.storage.get();
      if (remembered) void get().signIn(remembered);
      return Boolean(remembered);
    },
  }));
}
export type SessionStore = ReturnType<typeof createSessionStore>;
