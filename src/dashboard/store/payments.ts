/**
 * Payments: pushing one to a terminal, and the live list with its status filter, paging and
 * cancel. The amount is checked in the page first (lib/amount.ts); what the service still
 * refuses is shown in its own words.
 */
import type { z } from 'zod';
import { createStore } from 'zustand/vanilla';
import type { PaymentStatusPage, PaymentStatusRecord } from '../../shared/contract/payments';
import { formatPence, penceToDecimalText } from '../../shared/money';
import { PaymentStatus as PaymentStatusEnum } from '../../shared/contract/common';
import type { PaymentStatus } from '../../shared/payment-states';
import { checkTerminalAmount } from '../lib/amount';
import { checkBasketText } from '../lib/basket-text';
import { failureMessage, fieldErrors, isStale, type Call } from '../lib/api';
import { pageNumberFromQuery, pageQuery } from '../lib/paging';

export const PAGE_SIZE = 20;

export type Page = z.infer<typeof PaymentStatusPage>;
export type Payment = PaymentStatusRecord;
export type MethodChoice = '' | 'PAY_BY_BANK' | 'CARD';

export interface PushInput {
  terminalId: string;
  terminalName: string;
  /** The terminal's largest payment, in pence (its maxAmount), checked before sending. */
  terminalMaxPence?: number;
  amount: string;
  method: MethodChoice;
  notes: string;
  /** Optional basket lines, one per row ("2 x Flat white @ 3.20"), sent with the payment. */
  basket?: string;
}

export interface PaymentsState {
  page: Page | null;
  pageNumber: number;
  status: PaymentStatus | '';
  error: string;
  rowErrors: Record<string, string>;
  cancelling: string[];
  pushing: boolean;
  pushError: string;
  /** Which field the push error is about, for focus. */
  pushErrorField: 'terminal' | 'amount' | 'basket' | null;
  /** What was sent and where ("Sent to Front till: £12.50."), in words: no ids. */
  pushResult: string;
  /** The payment just sent, for the confirmation's link to its page ('' when none). */
  pushedId: string;
  refresh(): Promise<void>;
  setStatus(status: PaymentStatus | ''): void;
  /** Shows this filter and page (from the address) and reloads when they differ. */
  showView(view: PaymentsView): void;
  newer(): void;
  older(): void;
  cancel(id: string): Promise<void>;
  push(input: PushInput): Promise<boolean>;
  /** The field the error was about is being changed: the error no longer applies. */
  clearPushError(): void;
}

export interface PaymentsView {
  status: PaymentStatus | '';
  pageNumber: number;
}

/** The list's filter and page from the address's query ("status=COMPLETED&page=2", 1-based). */
export function viewFromQuery(query: string): PaymentsView {
  const params = new URLSearchParams(query);
  const status = PaymentStatusEnum.safeParse(params.get('status'));
  return {
    status: status.success ? status.data : '',
    pageNumber: pageNumberFromQuery(query),
  };
}

/** The query for a filter and page; the defaults are left out. */
export function queryOfView(view: PaymentsView): Record<string, string | undefined> {
  return {
    status: view.status || undefined,
    page: pageQuery(view.pageNumber),
  };
}

// The list's words and paging, shared by every offset-paged list (lib/paging.ts).
export { hasOlder, rangeText } from '../lib/paging';

export function createPaymentsStore(call: Call) {
  let ticket = 0;
  return createStore<PaymentsState>()((set, get) => ({
    page: null,
    pageNumber: 0,
    status: '',
    error: '',
    rowErrors: {},
    cancelling: [],
    pushing: false,
    pushError: '',
    pushErrorField: null,
    pushResult: '',
    pushedId: '',

    async refresh() {
      const mine = ++ticket;
      const { pageNumber, status } = get();
      try {
        const page = await call('listPaymentRequests', {
          query: { page: pageNumber, size: PAGE_SIZE, ...(status ? { status } : {}) },
        });
        if (mine !== ticket) return;
        // The page emptied under us (a filter or fewer payments): go to the last one that has any.
        if (page.data.length === 0 && pageNumber > 0) {
          set({ pageNumber: Math.max(0, Math.ceil(page.totalCount / PAGE_SIZE) - 1) });
          return get().refresh();
        }
        set({ page, error: '' });
      } catch (error) {
        if (!isStale(error) && mine === ticket)
          set({ error: `Could not load payments: ${failureMessage(error)}` });
      }
    },

    setStatus(status) {
      set({ status, pageNumber: 0 });
      void get().refresh();
    },
    showView(view) {
      const { status, pageNumber } = get();
      if (view.status === status && view.pageNumber === pageNumber) return;
      set(view);
      void get().refresh();
    },
    newer() {
      set({ pageNumber: Math.max(0, get().pageNumber - 1) });
      void get().refresh();
    },
    older() {
      set({ pageNumber: get().pageNumber + 1 });
      void get().refresh();
    },

    async cancel(id) {
      set({ cancelling: [...get().cancelling, id] });
      const { [id]: _old, ...rowErrors } = get().rowErrors;
      set({ rowErrors });
      try {
        await call('cancelPaymentRequest', { params: { paymentRequestId: id } });
      } catch (error) {
        if (!isStale(error))
          set({
            rowErrors: { ...get().rowErrors, [id]: `Not cancelled: ${failureMessage(error)}` },
          });
      } finally {
        set({ cancelling: get().cancelling.filter((c) => c !== id) });
        void get().refresh();
      }
    },

    clearPushError() {
      if (get().pushError) set({ pushError: '', pushErrorField: null });
    },

    async push(input) {
      set({ pushError: '', pushErrorField: null, pushResult: '', pushedId: '' });
      if (!input.terminalId) {
        set({
          pushError: 'Choose the terminal to send the payment to.',
          pushErrorField: 'terminal',
        });
        return false;
      }
      const basket = checkBasketText(input.basket ?? '');
      if (!basket.ok) {
        set({ pushError: basket.error, pushErrorField: 'basket' });
        return false;
      }
      const lines = basket.lineItems.length > 0;
      // With lines and no amount, the amount is their total; with both, they must agree.
      const typed =
        lines && !input.amount.trim() ? penceToDecimalText(basket.totalPence) : input.amount;
      const amount = checkTerminalAmount(typed, input.terminalMaxPence);
      if (amount.ok && lines && amount.pence !== basket.totalPence) {
        set({
          pushError: `The basket lines add up to ${formatPence(basket.totalPence)}: make the amount that, or leave it empty.`,
          pushErrorField: 'amount',
        });
        return false;
      }
      if (!amount.ok) {
        set({ pushError: amount.error, pushErrorField: 'amount' });
        return false;
      }
      set({ pushing: true });
      try {
        // The lines go with the payment: the terminal shows them beside the code, and the
        // service keeps them for the status read and every receipt.
        const sent = await call('processRemotePayment', {
          body: {
            id: input.terminalId,
            amount: amount.pounds,
            ...(input.method ? { paymentMethod: input.method } : {}),
            ...(input.notes.trim() ? { notes: input.notes } : {}),
            ...(lines ? { lineItems: basket.lineItems } : {}),
          },
        });
        set({
          pushResult: `Sent to ${input.terminalName}: ${formatPence(amount.pence)}.`,
          pushedId: sent.paymentRequestId,
        });
        void get().refresh();
        return true;
      } catch (error) {
        if (isStale(error)) return false;
        // A refusal that names the amount (over the terminal's largest payment) goes by the field.
        const byField = fieldErrors(error).amount;
        set(
          byField
            ? { pushError: byField, pushErrorField: 'amount' }
            : { pushError: `Not sent: ${failureMessage(error)}` },
        );
        return false;
      } finally {
        set({ pushing: false });
      }
    },
  }));
}
export type PaymentsStore = ReturnType<typeof createPaymentsStore>;
