/**
 * The customers store's detail slice (merged in store/customers.ts): the customer shown on
 * /dashboard/customers/{id}, with their saved cards and one page of their charges.
 */
import type { z } from 'zod';
import type { Customer } from '../../shared/contract/customers';
import type { SavedCard } from '../../shared/contract/cards';
import type { PaymentStatusPage } from '../../shared/contract/payments';
import { failureMessage, isStale, type Call } from '../lib/api';
import type { CustomersGet, CustomersSet } from './customers';
import { PAGE_SIZE } from './customers-list';

export interface DetailState {
  /** The customer shown on /dashboard/customers/{id}, with what belongs to them. */
  customerId: string;
  customer: Customer | null;
  detailError: string;
  cards: SavedCard[] | null;
  /** One page of the customer's charges, newest first (PAGE_SIZE to a page). */
  charges: z.infer<typeof PaymentStatusPage> | null;
  chargesPageNumber: number;
  /** Shows this customer and this page of their charges (both from the address). */
  open(customerId: string, chargesPageNumber?: number): void;
  refreshDetail(): Promise<void>;
  showCharges(pageNumber: number): void;
  refreshCharges(): Promise<void>;
}

export function createDetailSlice(call: Call, set: CustomersSet, get: CustomersGet): DetailState {
  const tickets = { detail: 0, charges: 0 };
  return {
    customerId: '',
    customer: null,
    detailError: '',
    cards: null,
    charges: null,
    chargesPageNumber: 0,

    open(customerId, chargesPageNumber = 0) {
      if (customerId === get().customerId && get().customer)
        return get().showCharges(chargesPageNumber);
      tickets.detail++;
      tickets.charges++;
      set({
        customerId,
        customer: null,
        cards: null,
        charges: null,
        chargesPageNumber,
        detailError: '',
      });
      void get().refreshDetail();
      void get().refreshCharges();
      void get().refreshMessages();
    },

    async refreshDetail() {
      const customerId = get().customerId;
      if (!customerId) return;
      const mine = ++tickets.detail;
      try {
        const [customer, cards] = await Promise.all([
          call('getCustomer', { params: { customerId } }),
          call('listCards', { params: { customerId }, query: { page: 0, size: 100 } }),
        ]);
        if (mine === tickets.detail) set({ customer, cards: cards.data, detailError: '' });
      } catch (error) {
        if (!isStale(error) && mine === tickets.detail)
          set({ detailError: `Could not load this customer: ${failureMessage(error)}` });
      }
    },

    showCharges(pageNumber) {
      if (pageNumber === get().chargesPageNumber && get().charges) return;
      set({ chargesPageNumber: pageNumber });
      void get().refreshCharges();
    },

    async refreshCharges() {
      const { customerId, chargesPageNumber } = get();
      if (!customerId) return;
      const mine = ++tickets.charges;
      try {
        const charges = await call('listPaymentRequests', {
          query: { customerId, page: chargesPageNumber, size: PAGE_SIZE },
        });
        if (mine !== tickets.charges) return;
        // Past the last page (an old address): go to the last page that has any.
        if (charges.data.length === 0 && chargesPageNumber > 0) {
          set({
            chargesPageNumber: Math.max(0, Math.ceil(charges.totalCount / PAGE_SIZE) - 1),
          });
          return get().refreshCharges();
        }
        set({ charges });
      } catch (error) {
        if (!isStale(error) && mine === tickets.charges)
          set({ detailError: `Could not load the charges: ${failureMessage(error)}` });
      }
    },
  };
}
