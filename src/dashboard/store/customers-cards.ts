/**
 * The customers store's cards slice (merged in store/customers.ts): saving a card for the shown
 * customer (a sandbox test card, or a link for them to save one), charging a saved card, and
 * capturing or cancelling such a charge. Each answers with its problems by field.
 */
import type { CardPayment } from '../../shared/contract/cards';
import { checkAmount } from '../lib/amount';
import { isStale, type Call } from '../lib/api';
import { NO_PROBLEMS, problemsOf, type Problems } from '../lib/customers';
import type { CustomersGet } from './customers';

export interface ChargeInput {
  paymentMethodId: string;
  captureType: CardPayment['captureType'];
  amount: string;
  orderId: string;
  notes: string;
}

export interface CardsState {
  saveTestCard(number: string): Promise<Problems>;
  sendLink(input: {
    send: boolean;
    successRedirectUrl: string;
    failureRedirectUrl: string;
  }): Promise<Problems & { url?: string }>;
  charge(input: ChargeInput): Promise<Problems & { id?: string }>;
  capture(paymentRequestId: string, amount: string): Promise<Problems & { result?: string }>;
  cancel(
    paymentRequestId: string,
    reason: string,
    description: string,
  ): Promise<Problems & { result?: string }>;
}

export function createCardsSlice(call: Call, get: CustomersGet): CardsState {
  return {
    async saveTestCard(number) {
      try {
        await call('saveSandboxCard', {
          params: { customerId: get().customerId },
          body: { number },
        });
        void get().refreshDetail();
        return NO_PROBLEMS;
      } catch (error) {
        return isStale(error) ? NO_PROBLEMS : problemsOf(error, ['number']);
      }
    },

    async sendLink(input) {
      const body: Record<string, unknown> = { sendLinkToCustomer: input.send };
      if (input.successRedirectUrl.trim())
        body.successRedirectUrl = input.successRedirectUrl.trim();
      if (input.failureRedirectUrl.trim())
        body.failureRedirectUrl = input.failureRedirectUrl.trim();
      try {
        const answer = await call('authorizeCard', {
          params: { customerId: get().customerId },
          body,
        });
        void get().refreshMessages();
        return { ...NO_PROBLEMS, url: answer.hostedPageUrl };
      } catch (error) {
        return isStale(error)
          ? NO_PROBLEMS
          : problemsOf(error, ['sendLinkToCustomer', 'successRedirectUrl', 'failureRedirectUrl']);
      }
    },

    async charge(input) {
      const amount = checkAmount(input.amount);
      if (!amount.ok)
        return { fields: { amount: amount.error }, message: 'Check the fields marked below.' };
      try {
        const answer = await call('chargeCard', {
          body: {
            customerId: get().customerId,
            paymentMethodId: input.paymentMethodId,
            captureType: input.captureType,
            amount: amount.pounds,
            orderId: input.orderId.trim(),
            ...(input.notes.trim() ? { notes: input.notes.trim() } : {}),
          },
        });
        void get().refreshCharges();
        return { ...NO_PROBLEMS, id: answer.paymentRequestId };
      } catch (error) {
        return isStale(error)
          ? NO_PROBLEMS
          : problemsOf(error, ['paymentMethodId', 'captureType', 'amount', 'orderId', 'notes']);
      }
    },

    async capture(paymentRequestId, amountText) {
      let body = {};
      if (amountText.trim()) {
        const amount = checkAmount(amountText);
        if (!amount.ok) return { fields: { amount: amount.error }, message: '' };
        body = { amount: amount.pounds };
      }
      try {
        const answer = await call('captureCardPayment', { params: { paymentRequestId }, body });
        void get().refreshCharges();
        if (!answer.success) return { fields: {}, message: answer.message };
        return { ...NO_PROBLEMS, result: answer.message };
      } catch (error) {
        return isStale(error) ? NO_PROBLEMS : problemsOf(error, ['amount']);
      }
    },

    async cancel(paymentRequestId, reason, description) {
      const body: Record<string, unknown> = {};
      if (reason) body.cancelledReasonCode = reason;
      if (description.trim()) body.cancelledReasonDescription = description.trim();
      try {
        const answer = await call('cancelCardPayment', {
          params: { paymentRequestId },
          body: body as never,
        });
        void get().refreshCharges();
        if (!answer.success) return { fields: {}, message: answer.message };
        return { ...NO_PROBLEMS, result: answer.message };
      } catch (error) {
        return isStale(error)
          ? NO_PROBLEMS
          : problemsOf(error, ['cancelledReasonCode', 'cancelledReasonDescription']);
      }
    },
  };
}
