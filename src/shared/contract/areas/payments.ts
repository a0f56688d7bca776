/**
 * Payment requests: create and cancel them, their status and list, their QR code, the
 * display and receipt templates and what the receipt says.
 */
import { z } from 'zod';
import * as payments from '../payments';
import { ReceiptRecord } from '../receipts';
import { Message } from '../common';
import { route, type RouteDef } from '../route-def';

export const paymentsContract = {
  processPayment: route({
    method: 'post',
    idempotent: true,
    path: '/api/payments/process-payment',
    tag: 'Payment requests',
    auth: 'merchantOrTerminal',
    summary: 'Create a payment request',
    body: payments.ProcessPaymentBody,
    status: 200,
    response: payments.PaymentRequest,
    errors: [400, 500],
  }),
  recordCashPayment: route({
    method: 'post',
    idempotent: true,
    path: '/api/payments/cash',
    tag: 'Payment requests',
    auth: 'merchantOrTerminal',
    extension: true,
    summary: 'Record a cash sale taken at the counter',
    description:
      'The payment is COMPLETED at once with method CASH; tenderedPence must be at least the amount, and changePence is what to hand back. Send an Idempotency-Key so a retry records it once.',
    body: payments.CashPaymentBody,
    status: 200,
    response: payments.CashPayment,
    errors: [400],
  }),
  cancelPaymentRequest: route({
    method: 'post',
    idempotent: true,
    path: '/api/payment-request/cancel/{paymentRequestId}',
    tag: 'Payment requests',
    auth: 'merchantOrTerminal',
    summary: 'Cancel an unpaid payment request',
    params: payments.PaymentRequestParams,
    status: 200,
    response: Message,
    errors: [400, 404],
  }),
  getPaymentStatus: route({
    method: 'get',
    path: '/api/payments/v1/payment-status/{paymentRequestId}',
    tag: 'Payment requests',
    auth: 'merchantOrTerminal',
    summary: 'Get the status of a payment',
    params: payments.PaymentRequestParams,
    status: 200,
    response: payments.PaymentStatusRecord,
    errors: [400, 404],
  }),
  listPaymentRequests: route({
    method: 'get',
    path: '/api/payment-requests',
    tag: 'Payment requests',
    auth: 'merchant',
    extension: true,
    summary: 'List payment requests, newest first',
    description:
      'Filter by status, terminalId and customerId; each record carries its transactions.',
    query: payments.PaymentListQuery,
    status: 200,
    response: payments.PaymentStatusPage,
    errors: [400],
  }),
  getPaymentHistory: route({
    method: 'get',
    path: '/api/payment-requests/{paymentRequestId}/history',
    tag: 'Payment requests',
    auth: 'merchant',
    extension: true,
    summary: "A payment's status changes and who made it",
    description:
      'Every change of the status, oldest first, with when the service made it; and where the request came from (COUNTER, REMOTE, SAVED_CARD, AGENT or API).',
    params: payments.PaymentRequestParams,
    status: 200,
    response: payments.PaymentHistory,
    errors: [400, 404],
  }),
  getQrSvg: route({
    method: 'get',
    path: '/api/payment-requests/{paymentRequestId}/qr.svg',
    tag: 'Payment requests',
    auth: 'public',
    extension: true,
    summary: 'QR code of paymentUrl (SVG)',
    params: payments.PaymentRequestParams,
    status: 200,
    response: null,
    contentType: 'image/svg+xml',
    errors: [400, 404],
  }),
  getQrPng: route({
    method: 'get',
    path: '/api/payment-requests/{paymentRequestId}/qr.png',
    tag: 'Payment requests',
    auth: 'public',
    extension: true,
    summary: 'QR code of paymentUrl (PNG, transparent)',
    params: payments.PaymentRequestParams,
    status: 200,
    response: null,
    contentType: 'image/png',
    errors: [400, 404],
  }),
  getTemplate: route({
    method: 'get',
    path: '/api/payment-requests/{paymentRequestId}/template/{template}',
    tag: 'Payment requests',
    auth: 'public',
    extension: true,
    summary: 'Customer-display or receipt image of a payment request',
    params: payments.PaymentRequestParams.extend({
      template: z.enum(['EXTERNAL_DISPLAY', 'EXTERNAL_DISPLAY_PNG', 'RECEIPT', 'RECEIPT_PNG']),
    }),
    status: 200,
    response: null,
    contentType: 'image/svg+xml or image/png',
    errors: [400, 404],
  }),
  getReceipt: route({
    method: 'get',
    path: '/api/payment-requests/{paymentRequestId}/receipt',
    tag: 'Payment requests',
    auth: 'merchantOrTerminal',
    extension: true,
    summary: 'What the receipt of a payment request says',
    description:
      "The one receipt the hosted receipt page, the RECEIPT images and a kiosk's printer show: " +
      'the shop as it was when the customer paid (name, store, address, VAT number, logo), ' +
      'the basket, amounts, the card (brand and last four) or bank, refunds and the date.',
    params: payments.PaymentRequestParams,
    status: 200,
    response: ReceiptRecord,
    errors: [400, 404],
  }),
} as const satisfies Record<string, RouteDef>;
