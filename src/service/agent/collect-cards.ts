/**
 * The card side of COLLECT contracts, behind a small interface: the customer's saved cards (to
 * link one on approval) and an off-session charge of the linked card. Card on file lives in
 * another area; until it is wired here (app.ts's AREAS: `agentRoutes((ctx) => cardsFor(ctx))`),
 * `noCards` answers that no card can be linked or charged, and COLLECT contracts are created,
 * authorized and limited all the same.
 */
import type { z } from 'zod';
import type { Contract } from '../../shared/contract/agent';
import type { Caller } from '../http/auth';
import { badRequest } from '../http/errors';

export type LinkedMethod = NonNullable<z.infer<typeof Contract>['linkedMethod']>;
type Scope = Pick<Caller, 'merchantId' | 'environment'>;

export interface CollectCards {
  /** The customer's saved cards, newest first. */
  savedCards(scope: Scope, customerId: string): LinkedMethod[];
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
  savedCards: () => [],
  charge: () =>
    Promise.reject(
      badRequest('Card charges for COLLECT contracts are not available in this build'),
    ),
};
