/**
 * The customers store's list slice (merged in store/customers.ts): the searchable list, one page
 * at a time, and the problems of its search and metadata filter by field.
 */
import type { z } from 'zod';
import type { CustomerPage } from '../../shared/contract/customers';
import { isStale, type Call } from '../lib/api';
import {
  NO_PROBLEMS,
  parseMetadataFilter,
  problemsOf,
  type ListView,
  type Problems,
} from '../lib/customers';
import type { CustomersGet, CustomersSet } from './customers';

/** Rows to a page, for the list and for a customer's charges. */
export const PAGE_SIZE = 20;

export type Page = z.infer<typeof CustomerPage>;

export interface ListState {
  view: ListView;
  page: Page | null;
  listProblems: Problems;
  showList(view: ListView): void;
  refreshList(): Promise<void>;
}

export function createListSlice(call: Call, set: CustomersSet, get: CustomersGet): ListState {
  let ticket = 0;
  return {
    view: { search: '', meta: '', pageNumber: 0 },
    page: null,
    listProblems: NO_PROBLEMS,

    showList(view) {
      const now = get().view;
      if (
        now.search === view.search &&
        now.meta === view.meta &&
        now.pageNumber === view.pageNumber &&
        get().page
      )
        return;
      set({ view });
      void get().refreshList();
    },

    async refreshList() {
      const mine = ++ticket;
      const { view } = get();
      const filter = parseMetadataFilter(view.meta);
      if (!filter.ok) {
        set({ listProblems: { fields: { metadata: filter.error }, message: '' }, page: null });
        return;
      }
      try {
        const page = await call('listCustomers', {
          query: {
            page: view.pageNumber,
            size: PAGE_SIZE,
            ...(view.search.trim() ? { search: view.search.trim() } : {}),
            ...(Object.keys(filter.filter).length ? { metadata: filter.filter } : {}),
          },
        });
        if (mine === ticket) set({ page, listProblems: NO_PROBLEMS });
      } catch (error) {
        if (isStale(error) || mine !== ticket) return;
        set({ listProblems: problemsOf(error, ['search', 'metadata', 'page']) });
      }
    },
  };
}
