/**
 * Refunds of the payment whose detail is open in the Payments area: its refunds (kept live by
 * the `refunds` topic of the merchant stream), and refunding it in full or in part. The amount's
 * form is checked in the page; what the service refuses (more than is left, a payment no longer
 * refundable) is shown by the field it names.
 */
import { createStore } from 'zustand/vanilla';
import type { RefundRecord } from '../../shared/contract/refunds';
import { ApiClientError } from '../../shared/contract/call';
import { formatPence } from '../../shared/money';
import { checkAmount } from '../lib/amount';
import { failureMessage, fieldErrors, isStale, type Call } from '../lib/api';
import { refundPence } from '../lib/refunds';

export interface RefundInput {
  /** In full: no amount is sent and the service refunds what is left. */
  full: boolean;
  amount: string;
  notes: string;
}

export type RefundField = 'amount' | 'refundNotes';

export interface RefundsState {
  /** The payment whose detail is open, or null. */
  detailId: string | null;
  /** Its refunds, oldest first; null until loaded. */
  refunds: RefundRecord[] | null;
  loadError: string;
  fieldErrors: Partial<Record<RefundField, string>>;
  formError: string;
  sending: boolean;
  notice: string;
  open(paymentRequestId: string): void;
  close(): void;
  refresh(): Promise<void>;
  refund(input: RefundInput): Promise<boolean>;
}

export const NOTES_MAX = 30;

export function createRefundsStore(call: Call) {
  let ticket = 0;
  return createStore<RefundsState>()((set, get) => ({
    detailId: null,
    refunds: null,
    loadError: '',
    fieldErrors: {},
    formError: '',
    sending: false,
    notice: '',

    open(paymentRequestId) {
      if (get().detailId === paymentRequestId) return;
      ticket++;
      set({
        detailId: paymentRequestId,
        refunds: null,
        loadError: '',
        fieldErrors: {},
        formError: '',
        notice: '',
      });
      void get().refresh();
    },

    close() {
      ticket++;
      set({ detailId: null, refunds: null, loadError: '', fieldErrors: {}, formError: '' });
    },

    async refresh() {
      const id = get().detailId;
      if (!id) return;
      const mine = ++ticket;
      try {
        const refunds = await call('listRefunds', { params: { paymentRequestId: id } });
        if (mine === ticket) set({ refunds, loadError: '' });
      } catch (error) {
        if (isStale(error) || mine !== ticket) return;
        // 404: the payment has no refunds yet, which is an empty list here.
        if (error instanceof ApiClientError && error.status === 404)
          set({ refunds: [], loadError: '' });
        else set({ loadError: `Could not load refunds: ${failureMessage(error)}` });
      }
    },

    async refund(input) {
      const id = get().detailId;
      if (!id) return false;
      set({ fieldErrors: {}, formError: '', notice: '' });
      const amount = input.full ? null : checkAmount(input.amount);
      if (amount && !amount.ok) {
        set({ fieldErrors: { amount: amount.error } });
        return false;
      }
      if (input.notes.length > NOTES_MAX) {
        set({ fieldErrors: { refundNotes: `Notes must be at most ${NOTES_MAX} characters.` } });
        return false;
      }
      set({ sending: true });
      try {
        const made = await call('createRefund', {
          params: { paymentRequestId: id },
          body: {
            ...(amount?.ok ? { amount: amount.pounds } : {}),
            ...(input.notes.trim() ? { refundNotes: input.notes.trim() } : {}),
          },
        });
        if (get().detailId !== id) return true;
        set({
          notice: `Refund of ${formatPence(refundPence(made.refundAmount), made.currency)} requested.`,
        });
        void get().refresh();
        return true;
      } catch (error) {
        if (isStale(error) || get().detailId !== id) return false;
        const byField = fieldErrors(error);
        const named: Partial<Record<RefundField, string>> = {};
        if (byField.amount) named.amount = byField.amount;
        if (byField.refundNotes) named.refundNotes = byField.refundNotes;
        if (Object.keys(named).length) set({ fieldErrors: named });
        else set({ formError: `Not refunded: ${failureMessage(error)}` });
        return false;
      } finally {
        set({ sending: false });
      }
    },
  }));
}
export type RefundsStore = ReturnType<typeof createRefundsStore>;
