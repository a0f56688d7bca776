/**
 * Stores on the Settings page: the merchant's stores with today's and this week's takings,
 * adding one, renaming or re-addressing one, archiving one and opening it again. Each list
 * answer carries a ticket, so an older answer still in flight cannot undo a change just made.
 */
import { createStore } from 'zustand/vanilla';
import type { z } from 'zod';
import type { Store, StoreTakings } from '../../shared/contract/terminals';
import { failureMessage, fieldErrors, isStale, type Call } from '../lib/api';
import { SHOP_TIME_ZONE, shopToday } from '../lib/bank';

export type StoreTakingsRow = z.infer<typeof StoreTakings>['stores'][number];

export interface StoresState {
  stores: Store[] | null;
  /** Takings by store id, for the shop's today and its week so far. */
  takings: Record<string, StoreTakingsRow>;
  error: string;
  /** Why the new store was not added, by field ('' for the form as a whole). */
  formErrors: Record<string, string>;
  adding: boolean;
  /** Per store: why its last change failed, by field ('' for the row as a whole). */
  itemErrors: Record<string, Record<string, string>>;
  refresh(): Promise<void>;
  add(name: string, address: string): Promise<boolean>;
  /** Saves a new name and address (an empty address removes it); true when saved. */
  edit(id: string, name: string, address: string): Promise<boolean>;
  setArchived(id: string, archived: boolean): Promise<void>;
  clearItemErrors(id: string): void;
}

/** A refusal's field errors, or its message for the form as a whole. */
function errorsOf(error: unknown, prefix: string): Record<string, string> {
  const fields = fieldErrors(error);
  return Object.keys(fields).length > 0 ? fields : { '': `${prefix}: ${failureMessage(error)}` };
}

export function createStoresStore(call: Call, today: () => string = () => shopToday()) {
  let ticket = 0;
  return createStore<StoresState>()((set, get) => {
    const replace = (store: Store) => {
      ticket++; // an older list still in flight must not undo this
      set({ stores: (get().stores ?? []).map((s) => (s.id === store.id ? store : s)) });
    };
    const itemErrors = (id: string, errors: Record<string, string>) =>
      set({ itemErrors: { ...get().itemErrors, [id]: errors } });
    return {
      stores: null,
      takings: {},
      error: '',
      formErrors: {},
      adding: false,
      itemErrors: {},

      async refresh() {
        const mine = ++ticket;
        try {
          const [stores, takings] = await Promise.all([
            call('listStores'),
            call('storeTakings', { query: { date: today(), timeZone: SHOP_TIME_ZONE } }),
          ]);
          if (mine === ticket)
            set({
              stores,
              takings: Object.fromEntries(takings.stores.map((t) => [t.storeId, t])),
              error: '',
            });
        } catch (error) {
          if (!isStale(error) && mine === ticket)
            set({ error: `Could not load stores: ${failureMessage(error)}` });
        }
      },

      async add(name, address) {
        if (!name.trim()) {
          set({ formErrors: { name: 'Enter a name for the store.' } });
          return false;
        }
        set({ formErrors: {}, adding: true });
        try {
          const body = {
            name: name.trim(),
            ...(address.trim() ? { address: address.trim() } : {}),
          };
          const made = await call('createStore', { body });
          ticket++;
          set({ stores: [...(get().stores ?? []), made] });
          void get().refresh(); // its takings row
          return true;
        } catch (error) {
          if (!isStale(error)) set({ formErrors: errorsOf(error, 'Not added') });
          return false;
        } finally {
          set({ adding: false });
        }
      },

      async edit(id, name, address) {
        if (!name.trim()) {
          itemErrors(id, { name: 'Enter a name for the store.' });
          return false;
        }
        try {
          replace(
            await call('updateStore', {
              params: { id },
              body: { name: name.trim(), address: address.trim() || null },
            }),
          );
          get().clearItemErrors(id);
          return true;
        } catch (error) {
          if (!isStale(error)) itemErrors(id, errorsOf(error, 'Not saved'));
          return false;
        }
      },

      async setArchived(id, archived) {
        get().clearItemErrors(id);
        try {
          replace(await call('updateStore', { params: { id }, body: { archived } }));
        } catch (error) {
          if (!isStale(error))
            itemErrors(id, {
              '': `${archived ? 'Not archived' : 'Not opened again'}: ${failureMessage(error)}`,
            });
        }
      },

      clearItemErrors(id) {
        if (!(id in get().itemErrors)) return;
        const { [id]: _gone, ...rest } = get().itemErrors;
        set({ itemErrors: rest });
      },
    };
  });
}
export type StoresStore = ReturnType<typeof createStoresStore>;
