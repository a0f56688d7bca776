/**
 * Card on file's side of COLLECT contracts (the CollectCards interface of
 * collect-cards.ts): the customer's saved cards, offered on the authorization page and
 * linked on approval, and the charge of the linked card, which is the same saved-card charge as
 * POST /api/payments/card/process-payment with AUTO_CAPTURE. So a COLLECT charge is a card
 * payment request like any other (PAYMENTS_STATUS events, payment status with
 * cardPaymentDetails) and the sandbox card network's test cards behave as docs/customers.md says.
 */
import type { CollectCards, LinkedMethod } from './collect-cards';
import type { CardsContext } from './context';
import { penceToPounds } from '../../shared/money';
import { createCardCharger } from './charges';
import { createCardStore, type SavedCardRow } from './model';

const linkedMethodOf = (row: SavedCardRow): LinkedMethod => ({
  paymentMethodId: row.id,
  lastFourDigits: row.last4,
  brand: row.brand,
  expiryDate: row.expiry_date,
});

export function cardsFor(ctx: CardsContext): CollectCards {
  const cards = createCardStore(ctx.store, ctx.clock);
  const charger = createCardCharger(ctx);
  return {
    savedCards: async (scope, customerId) =>
      (await cards.newestFirst(customerId, scope)).map(linkedMethodOf),
    async charge(scope, input) {
      const payment = await charger.charge(
        { kind: 'merchant', merchantId: scope.merchantId, environment: scope.environment },
        {
          customerId: input.customerId,
          paymentMethodId: input.paymentMethodId,
          amount: penceToPounds(input.amountPence),
          orderId: input.orderId,
          captureType: 'AUTO_CAPTURE',
          ...(input.notes !== undefined ? { notes: input.notes } : {}),
        },
      );
      return { paymentRequestId: payment.paymentRequestId };
    },
  };
}
