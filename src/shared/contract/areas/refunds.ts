/** Refunds of payment requests. */
import * as payments from '../payments';
import * as refunds from '../refunds';
import { route, type RouteDef } from '../route-def';

export const refundsContract = {
  listRefunds: route({
    method: 'get',
    path: '/api/refund/{paymentRequestId}',
    tag: 'Refunds',
    auth: 'merchantOrTerminal',
    summary: 'Look up the refunds of a payment request',
    description:
      'Amounts are decimal strings with two places, as in the refund record. 400 when no payment request is found, 404 when it has no refunds.',
    params: payments.PaymentRequestParams,
    status: 200,
    response: refunds.RefundList,
    errors: [400, 404],
  }),
  createRefund: route({
    method: 'post',
    idempotent: true,
    path: '/api/refund/{paymentRequestId}',
    tag: 'Refunds',
    auth: 'merchantOrTerminal',
    extension: true,
    summary: 'Initiate a refund (in full when no amount is given)',
    description:
      "PARTIAL or FULL follows from the amount. Refused (400) unless the payment is COMPLETED and this refund plus every earlier one not FAILED or CANCELLED stays within the amount paid, tips included. A terminal secret may refund its own store's payments.",
    params: payments.PaymentRequestParams,
    body: refunds.RefundCreateBody,
    status: 201,
    response: refunds.RefundRecord,
    errors: [400, 403],
  }),
} as const satisfies Record<string, RouteDef>;
