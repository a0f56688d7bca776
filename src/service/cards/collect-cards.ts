/**
 * What card on file offers COLLECT contracts (agent/): the customer's saved cards, to link one on
 * approval, and an off-session charge of the linked card. cards/collect.ts implements it; the
 * agent area only uses it, so the types live here with their implementation.
 */
import type { z } from 'zod';
import type { Contract } from '../../shared/contract/agent';
import type { Caller } from '../kernel/caller';

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
