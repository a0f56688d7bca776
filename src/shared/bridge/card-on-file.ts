/**
 * Card on file at the counter, behind the staff PIN: one customer looked up, a charge on one of
 * their saved cards, a hold captured or released (src/main/kiosk/commands/card-on-file.ts).
 */
import { z } from 'zod';
import { CardCancelBody, CardChargeBody, SavedCard } from '../contract/cards';
import { TerminalCustomer, TerminalLookupQuery } from '../contract/customers';
import { CardPence, command, Id, Pin } from './fields';
import { KioskPayment } from './payments';

/** What lookupCustomer answers: the customer (contact only) and their masked saved cards. */
export const CustomerLookup = z.object({
  customer: TerminalCustomer,
  cards: z.array(SavedCard),
});
export type CustomerLookup = z.infer<typeof CustomerLookup>;

export const cardOnFileBridge = {
  /**
   * Card on file (docs/kiosk.md): one customer by EXACT email or phone number, with their masked
   * saved cards. The terminal scope allows nothing broader (no list, no fragment search).
   */
  lookupCustomer: command({
    input: z.object({ pin: Pin, query: TerminalLookupQuery }),
    reply: CustomerLookup,
    staff: true,
  }),
  /** Charge a saved card of a customer looked up in the last hour; the kiosk sets the order id. */
  chargeSavedCard: command({
    input: z.object({
      pin: Pin,
      ...CardChargeBody.pick({
        customerId: true,
        paymentMethodId: true,
        captureType: true,
        notes: true,
      }).shape,
      amountPence: CardPence,
    }),
    reply: KioskPayment,
    staff: true,
  }),
  /** Capture an AUTHORIZED card-on-file charge: in full without an amount, else a lower amount. */
  captureCardPayment: command({
    input: z.object({ pin: Pin, paymentRequestId: Id, amountPence: CardPence.optional() }),
    reply: KioskPayment,
    staff: true,
  }),
  /** Release an AUTHORIZED card-on-file charge (cancel the hold), with the reason staff chose. */
  releaseCardPayment: command({
    input: z.object({
      pin: Pin,
      paymentRequestId: Id,
      reason: CardCancelBody.refine((b) => b.cancelledReasonCode !== undefined, {
        message: 'choose why the hold is released',
        path: ['cancelledReasonCode'],
      }),
    }),
    reply: KioskPayment,
    staff: true,
  }),
};
