/**
 * One payment's page (/dashboard/payments/{id}): its status record, its history (status changes
 * and who made it) and the webhooks sent for it, read together and again whenever the payment,
 * its refunds or the webhooks change (the merchant stream's topics). Its refunds are the refunds
 * store's, opened for the same payment.
 */
import type { z } from 'zod';
import { createStore } from 'zustand/vanilla';
import type { PaymentHistory, PaymentStatusRecord } from '../../shared/contract/payments';
import type { PaymentWebhookDelivery } from '../../shared/contract/webhooks';
import { ApiClientError } from '../../shared/contract/call';
import { failureMessage, isStale, type Call } from '../lib/api';

export type PaymentDelivery = z.infer<typeof PaymentWebhookDelivery>;

export interface PaymentPageState {
  /** The payment shown, or null when no page is open. */
  id: string | null;
  payment: PaymentStatusRecord | null;
  history: PaymentHistory | null;
  deliveries: PaymentDelivery[] | null;
  /** Why the payment could not be read (it is not this account's, or the service is away). */
  error: string;
  /** The payment is not this account's (in this environment): nothing else will show. */
  missing: boolean;
  open(id: string): void;
  close(): void;
  refresh(): Promise<void>;
}

export const NOT_FOUND =
  'There is no payment with this id in this account (check the address, or sign in to the other environment).';

export function createPaymentPageStore(call: Call) {
  let ticket = 0;
  const empty = { payment: null, history: null, deliveries: null, error: '', missing: false };
  return createStore<PaymentPageState>()((set, get) => ({
    id: null,
    ...empty,

    open(id) {
      if (get().id === id) return;
      ticket++;
      set({ id, ...empty });
      void get().refresh();
    },
    close() {
      ticket++;
      set({ id: null, ...empty });
    },

    async refresh() {
      const id = get().id;
      if (!id) return;
      const mine = ++ticket;
      const params = { params: { paymentRequestId: id } };
      try {
        const [payment, history, deliveries] = await Promise.all([
          call('getPaymentStatus', params),
          call('getPaymentHistory', params),
          call('listPaymentWebhookDeliveries', params),
        ]);
        if (mine === ticket) set({ payment, history, deliveries, error: '', missing: false });
      } catch (error) {
        if (isStale(error) || mine !== ticket) return;
        const missing =
          error instanceof ApiClientError && (error.status === 404 || error.status === 400);
        set(
          missing
            ? { ...empty, error: NOT_FOUND, missing: true }
            : { error: `Could not load this payment: ${failureMessage(error)}` },
        );
      }
    },
  }));
}
export type PaymentPageStore = ReturnType<typeof createPaymentPageStore>;
