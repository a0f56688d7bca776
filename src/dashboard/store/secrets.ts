/**
 * Access secrets on the Settings page: the merchant's secrets in use (last four characters,
 * when made and last used), a new one made and shown once, and revoking one. The secret the
 * dashboard is signed in with is marked and cannot revoke itself (the service refuses it too).
 */
import { createStore } from 'zustand/vanilla';
import type { AccessSecret } from '../../shared/contract/secrets';
import { failureMessage, isStale, type Call } from '../lib/api';

export type Environment = AccessSecret['environment'];

export interface SecretsState {
  secrets: AccessSecret[] | null;
  error: string;
  formError: string;
  creating: boolean;
  /** The secret just made, shown once; null once dismissed. */
  created: { secret: string; environment: Environment } | null;
  itemErrors: Record<string, string>;
  refresh(): Promise<void>;
  create(environment: Environment): Promise<void>;
  dismiss(): void;
  revoke(id: string): Promise<void>;
}

export function createSecretsStore(call: Call) {
  let ticket = 0;
  return createStore<SecretsState>()((set, get) => ({
    secrets: null,
    error: '',
    formError: '',
    creating: false,
    created: null,
    itemErrors: {},

    async refresh() {
      const mine = ++ticket;
      try {
        const secrets = await call('listAccessSecrets');
        if (mine === ticket) set({ secrets, error: '' });
      } catch (error) {
        if (!isStale(error) && mine === ticket)
          set({ error: `Could not load access secrets: ${failureMessage(error)}` });
      }
    },

    async create(environment) {
      set({ formError: '', creating: true });
      try {
        const made = await call('createAccessSecret', { body: { environment } });
        set({ created: { secret: made.secret, environment } });
        void get().refresh();
      } catch (error) {
        if (!isStale(error)) set({ formError: `Not made: ${failureMessage(error)}` });
      } finally {
        set({ creating: false });
      }
    },

    dismiss: () => set({ created: null }),

    async revoke(id) {
      set({ itemErrors: { ...get().itemErrors, [id]: '' } });
      try {
        await call('revokeAccessSecret', { params: { id } });
        ticket++;
        set({ secrets: (get().secrets ?? []).filter((s) => s.id !== id) });
      } catch (error) {
        if (!isStale(error))
          set({
            itemErrors: { ...get().itemErrors, [id]: `Not revoked: ${failureMessage(error)}` },
          });
      }
    },
  }));
}
export type SecretsStore = ReturnType<typeof createSecretsStore>;
