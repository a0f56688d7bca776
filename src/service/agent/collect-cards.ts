/**
 * The card side of COLLECT contracts, behind a small interface: the customer's saved cards (to
 * link one on approval) and an off-session charge of the linked card. Card on file implements it
 * (cards/collect.ts, wired in app.ts's AREAS as `agentRoutes((ctx) => cardsFor(ctx))`);
 * `noCards`, the default, answers that no card can be linked or charged, so the area also runs
 * on its own.
 */
import type { z } from 'zod';
import type { Contract } from '../../shared/contract/agent';
import type { Caller } from '../kernel/caller';
import { badRequest } from '../kernel/errors';

export type LinkedMethod = NonNullable<z.infer<typeof Contract>['linkedMethod']>;
type Scope = Pick<Caller, 'merchantId' | 'environment'>;

export interface CollectCards {
  /** The customer's saved cards, newest first. */
  savedCards(scope: Scope, customerId: string): Promise<LinkedMethod[]>;
  /**
   * Charges a saved card off-session with AUTO_CAPTURE, as POST
   * /api/payments/card/process-payment does; returns the card payment's paymentRequestId,
   * whose payment status (COMPLETED, FAILED, CANCELLED) settles the contract's reservation.
   */
  charge(
    scope: Scope,
    input: {
      customerId: string;
      paymentMethodId: string;
      amountPence: number;
      orderId: string;
      notes?: string;
    },
  ): Promise<{ paymentRequestId: string }>;
}

export const noCards: CollectCards = {
  savedCards: async () => [],
  charge: () =>
    Promise.reject(
      badRequest('Card charges for COLLECT contracts are not available in this build'),
    ),
};
