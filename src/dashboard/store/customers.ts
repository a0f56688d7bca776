/**
 * Customers: the searchable list, one customer with their saved cards and charges, the sandbox's
 * outbox of messages and the terminals' customer lookups. Every action that sends a form answers
 * with its problems by field (lib/customers.ts), so the page can show each next to its field.
 *
 * The store is its slices merged: the list (customers-list.ts), the customer shown
 * (customers-detail.ts), messages and lookups (customers-activity.ts), edits to customers and
 * their metadata (customers-edits.ts) and saving, charging, capturing and cancelling cards
 * (customers-cards.ts). Each slice keeps its own tickets, so only the newest answer lands.
 */
import { createStore } from 'zustand/vanilla';
import type { Call } from '../lib/api';
import { createActivitySlice, type ActivityState } from './customers-activity';
import { createCardsSlice, type CardsState } from './customers-cards';
import { createDetailSlice, type DetailState } from './customers-detail';
import { createEditsSlice, type EditsState } from './customers-edits';
import { createListSlice, type ListState } from './customers-list';

export { PAGE_SIZE, type Page } from './customers-list';
export type { ChargeInput } from './customers-cards';

export type CustomersState = ListState &
  DetailState &
  ActivityState &
  EditsState &
  CardsState & {
    refresh(): Promise<void>;
  };

/** How a slice sets and reads the whole store (a slice may call another's actions). */
export type CustomersSet = (partial: Partial<CustomersState>) => void;
export type CustomersGet = () => CustomersState;

export function createCustomersStore(call: Call, options: { sandbox: boolean }) {
  return createStore<CustomersState>()((set, get) => ({
    ...createListSlice(call, set, get),
    ...createDetailSlice(call, set, get),
    ...createActivitySlice(call, set, options),
    ...createEditsSlice(call, set, get),
    ...createCardsSlice(call, get),

    async refresh() {
      await Promise.allSettled([
        get().refreshList(),
        get().refreshDetail(),
        get().refreshMessages(),
        get().refreshLookups(),
      ]);
    },
  }));
}
export type CustomersStore = ReturnType<typeof createCustomersStore>;
