/**
 * The whole HTTP interface as one object, ts-rest style: the service registers and validates
 * from it, the client calls through it, and the OpenAPI document is generated from it.
 * `extension: true` marks what the seed leaves "not shown" and DESIGN.md decides.
 */
import { z } from 'zod';
import * as agent from './agent';
import * as bank from './bank';
import * as cards from './cards';
import { Message, PageQuery } from './common';
import * as customers from './customers';
import * as payments from './payments';
import * as refunds from './refunds';
import * as sandbox from './sandbox';
import * as terminals from './terminals';
import * as webhooks from './webhooks';

/**
 * Who may call a route. `merchant`: a merchant access secret (sandbox or production);
 * `terminal`: a paired terminal's secret only; `merchantOrTerminal`: either, a terminal being
 * limited to its own store; `sandbox`: a merchant sandbox secret; `public`: no secret.
 */
export type Auth = 'merchant' | 'terminal' | 'merchantOrTerminal' | 'sandbox' | 'public';

export interface RouteDef {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI style: /api/customers/{customerId} */
  path: string;
  summary: string;
  tag: string;
  auth: Auth;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status and its body; `null` for a non-JSON body described by contentType. */
  status: number;
  response: z.ZodType | null;
  contentType?: string;
  /** The error statuses the route documents (401 is implied unless auth is public). */
  errors: number[];
  extension?: boolean;
  description?: string;
}

const route = <const R extends RouteDef>(r: R): R => r;

export const routes = {
  // 4.1 Customers
  createCustomer: route({
    method: 'post', path: '/api/customers', tag: 'Customers', auth: 'merchant',
    summary: 'Create a customer', body: customers.CustomerCreate,
    status: 201, response: customers.Customer, errors: [400, 409],
  }),
  listCustomers: route({
    method: 'get', path: '/api/customers', tag: 'Customers', auth: 'merchant',
    summary: 'List customers', query: customers.CustomerListQuery,
    description: 'Filter with metadata[key]=value (deepObject); a key given twice is a 400.',
    status: 200, response: customers.CustomerPage, errors: [400],
  }),
  getCustomer: route({
    method: 'get', path: '/api/customers/{customerId}', tag: 'Customers', auth: 'merchant',
    summary: 'Get a customer', params: customers.CustomerIdParams,
    status: 200, response: customers.Customer, errors: [400, 404],
  }),
  updateCustomer: route({
    method: 'put', path: '/api/customers/{customerId}', tag: 'Customers', auth: 'merchant',
    summary: 'Update a customer', params: customers.CustomerIdParams, body: customers.CustomerUpdate,
    status: 200, response: customers.Customer, errors: [400, 404, 409],
  }),

  // 4.2 Card on file
  authorizeCard: route({
    method: 'post', path: '/api/customers/{customerId}/cards/authorize', tag: 'Card on file',
    auth: 'merchant', summary: 'Save a card without a payment (hosted page with 3DS)',
    params: customers.CustomerIdParams, body: cards.CardAuthorizeBody,
    status: 200, response: cards.CardAuthorizeResponse, errors: [400, 404],
  }),
  listCards: route({
    method: 'get', path: '/api/customers/{customerId}/cards', tag: 'Card on file', auth: 'merchant',
    summary: "List a customer's saved cards", params: customers.CustomerIdParams,
    query: cards.SavedCardListQuery, status: 200, response: cards.SavedCardPage, errors: [400, 404],
  }),
  updateCard: route({
    method: 'put', path: '/api/customers/{customerId}/cards/{cardId}', tag: 'Card on file',
    auth: 'merchant', summary: "Merge a saved card's metadata", params: cards.CardParams,
    body: cards.CardUpdateBody, status: 200, response: cards.SavedCard, errors: [400, 404],
  }),
  chargeCard: route({
    method: 'post', path: '/api/payments/card/process-payment', tag: 'Card on file', auth: 'merchant',
    summary: 'Charge a saved card off-session', body: cards.CardChargeBody,
    status: 201, response: cards.CardPayment, errors: [400, 404],
  }),
  captureCardPayment: route({
    method: 'post', path: '/api/payments/card/payment-request/{paymentRequestId}/capture',
    tag: 'Card on file', auth: 'merchant', extension: true,
    summary: 'Capture an authorized card payment', params: payments.PaymentRequestParams,
    body: cards.CardCaptureBody, status: 200, response: cards.CardCaptureResponse, errors: [400, 404],
  }),
  cancelCardPayment: route({
    method: 'post', path: '/api/payments/card/payment-request/{paymentRequestId}/cancel',
    tag: 'Card on file', auth: 'merchant',
    summary: 'Cancel an authorized card payment', params: payments.PaymentRequestParams,
    body: cards.CardCancelBody, status: 200, response: cards.CardCancelResponse, errors: [400, 404],
  }),

  // 4.3 Payment requests
  processPayment: route({
    method: 'post', path: '/api/payments/process-payment', tag: 'Payment requests',
    auth: 'merchantOrTerminal', summary: 'Create a payment request',
    body: payments.ProcessPaymentBody, status: 200, response: payments.PaymentRequest,
    errors: [400, 500],
  }),
  cancelPaymentRequest: route({
    method: 'post', path: '/api/payment-request/cancel/{paymentRequestId}', tag: 'Payment requests',
    auth: 'merchantOrTerminal', summary: 'Cancel an unpaid payment request',
    params: payments.PaymentRequestParams, status: 200, response: Message, errors: [400, 404],
  }),
  getPaymentStatus: route({
    method: 'get', path: '/api/payments/v1/payment-status/{paymentRequestId}', tag: 'Payment requests',
    auth: 'merchantOrTerminal', summary: 'Get the status of a payment',
    params: payments.PaymentRequestParams, status: 200, response: payments.PaymentStatusRecord,
    errors: [400, 404],
  }),
  getQrSvg: route({
    method: 'get', path: '/api/payment-requests/{paymentRequestId}/qr.svg', tag: 'Payment requests',
    auth: 'public', extension: true, summary: 'QR code of paymentUrl (SVG)',
    params: payments.PaymentRequestParams, status: 200, response: null,
    contentType: 'image/svg+xml', errors: [400, 404],
  }),
  getQrPng: route({
    method: 'get', path: '/api/payment-requests/{paymentRequestId}/qr.png', tag: 'Payment requests',
    auth: 'public', extension: true, summary: 'QR code of paymentUrl (PNG, transparent)',
    params: payments.PaymentRequestParams, status: 200, response: null,
    contentType: 'image/png', errors: [400, 404],
  }),
  getTemplate: route({
    method: 'get', path: '/api/payment-requests/{paymentRequestId}/template/{template}',
    tag: 'Payment requests', auth: 'public', extension: true,
    summary: 'Customer-display or receipt image of a payment request',
    params: payments.PaymentRequestParams.extend({ template: z.enum(['EXTERNAL_DISPLAY', 'EXTERNAL_DISPLAY_PNG', 'RECEIPT', 'RECEIPT_PNG']) }),
    status: 200, response: null, contentType: 'image/svg+xml or image/png', errors: [400, 404],
  }),

  // 4.4 Remote payments and terminals
  processRemotePayment: route({
    method: 'post', path: '/api/terminal/process-remote-payment', tag: 'Remote payments',
    auth: 'merchant', summary: 'Create a payment request and push it to a terminal',
    body: terminals.RemotePaymentBody, status: 200, response: terminals.RemotePaymentResponse,
    errors: [400, 404, 500],
  }),
  listTerminals: route({
    method: 'get', path: '/api/terminal', tag: 'Terminals', auth: 'merchant',
    summary: 'List terminals', status: 200, response: z.array(terminals.Terminal), errors: [],
  }),
  createPairingCode: route({
    method: 'post', path: '/api/terminal/pairing-codes', tag: 'Terminals', auth: 'merchant',
    extension: true, summary: 'Make a short-lived, single-use pairing code',
    body: terminals.PairingCodeBody, status: 201, response: terminals.PairingCode, errors: [400, 404],
  }),
  pairTerminal: route({
    method: 'post', path: '/api/terminal/pair', tag: 'Terminals', auth: 'public', extension: true,
    summary: 'Redeem a pairing code for a terminal-scoped secret', body: terminals.PairBody,
    status: 201, response: terminals.PairResponse, errors: [400],
  }),
  updateTerminal: route({
    method: 'put', path: '/api/terminal/{id}', tag: 'Terminals', auth: 'merchant', extension: true,
    summary: 'Rename a terminal or switch its remote payments', params: terminals.TerminalParams,
    body: terminals.TerminalUpdateBody, status: 200, response: terminals.Terminal, errors: [400, 404],
  }),
  deleteTerminal: route({
    method: 'delete', path: '/api/terminal/{id}', tag: 'Terminals', auth: 'merchant', extension: true,
    summary: 'Unpair a terminal; its secret stops working at once', params: terminals.TerminalParams,
    status: 200, response: Message, errors: [400, 404],
  }),
  terminalEvents: route({
    method: 'get', path: '/api/terminal/events', tag: 'Terminals', auth: 'terminal', extension: true,
    summary: "The terminal's push stream (Server-Sent Events; resume with Last-Event-ID)",
    status: 200, response: null, contentType: 'text/event-stream', errors: [403],
  }),
  setPushToken: route({
    method: 'put', path: '/api/terminal/push-token', tag: 'Terminals', auth: 'terminal',
    extension: true, summary: 'Register (or clear) the terminal’s FCM token',
    body: terminals.PushTokenBody, status: 200, response: terminals.Terminal, errors: [400, 403],
  }),
  listStores: route({
    method: 'get', path: '/api/stores', tag: 'Stores', auth: 'merchant', extension: true,
    summary: 'Get stores', status: 200, response: z.array(terminals.Store), errors: [],
  }),

  // 4.5 Refunds
  listRefunds: route({
    method: 'get', path: '/api/refund/{paymentRequestId}', tag: 'Refunds', auth: 'merchantOrTerminal',
    summary: 'Look up the refunds of a payment request', params: payments.PaymentRequestParams,
    status: 200, response: refunds.RefundList, errors: [400, 404],
  }),
  createRefund: route({
    method: 'post', path: '/api/refund/{paymentRequestId}', tag: 'Refunds', auth: 'merchant',
    extension: true, summary: 'Initiate a refund (in full when no amount is given)',
    params: payments.PaymentRequestParams, body: refunds.RefundCreateBody,
    status: 201, response: refunds.RefundRecord, errors: [400, 404],
  }),

  // 4.6 Bank feed
  listBankAccounts: route({
    method: 'get', path: '/api/bank/{accountAuthId}/accounts', tag: 'Bank feed', auth: 'merchant',
    summary: 'List linked bank accounts', params: bank.BankAccountsParams,
    status: 200, response: bank.BankAccountList, errors: [404],
  }),
  listBankTransactions: route({
    method: 'get', path: '/api/bank/accounts/{accountId}/transactions', tag: 'Bank feed',
    auth: 'merchant', summary: 'One page of bank transactions (cursor pagination)',
    params: bank.BankTransactionsParams, query: bank.BankTransactionsQuery,
    status: 200, response: bank.BankFeedPage, errors: [400, 404, 410],
  }),

  // 4.7 Webhooks
  testWebhook: route({
    method: 'post', path: '/api/webhook/test', tag: 'Webhooks', auth: 'sandbox',
    summary: 'Send a test event to subscribed sandbox endpoints', body: webhooks.WebhookTestBody,
    status: 200, response: Message, errors: [400, 404],
  }),
  createWebhook: route({
    method: 'post', path: '/api/webhooks', tag: 'Webhooks', auth: 'merchant', extension: true,
    summary: 'Subscribe an endpoint to event types', body: webhooks.WebhookSubscriptionBody,
    status: 201, response: webhooks.WebhookSubscriptionCreated, errors: [400],
  }),
  listWebhooks: route({
    method: 'get', path: '/api/webhooks', tag: 'Webhooks', auth: 'merchant', extension: true,
    summary: 'List webhook subscriptions', status: 200,
    response: webhooks.WebhookSubscriptionList, errors: [],
  }),
  deleteWebhook: route({
    method: 'delete', path: '/api/webhooks/{id}', tag: 'Webhooks', auth: 'merchant', extension: true,
    summary: 'Delete a webhook subscription', params: webhooks.WebhookParams,
    status: 200, response: Message, errors: [400, 404],
  }),
  listWebhookDeliveries: route({
    method: 'get', path: '/api/webhooks/{id}/deliveries', tag: 'Webhooks', auth: 'merchant',
    extension: true, summary: 'The delivery log of a subscription', params: webhooks.WebhookParams,
    status: 200, response: webhooks.WebhookDeliveryList, errors: [400, 404],
  }),
  resendWebhookDelivery: route({
    method: 'post', path: '/api/webhooks/{id}/deliveries/{deliveryId}/resend', tag: 'Webhooks',
    auth: 'merchant', extension: true, summary: 'Deliver an event again now (same webhook-id)',
    params: webhooks.WebhookDeliveryParams, status: 200, response: Message, errors: [400, 404],
  }),

  // 4.8 Agent Pay
  registerAgent: route({
    method: 'post', path: '/api/agents', tag: 'Agent Pay', auth: 'merchant', extension: true,
    summary: 'Register an agent identity (idempotent per key)', body: agent.AgentRegisterBody,
    status: 201, response: agent.Agent, errors: [400, 409],
  }),
  getAgentMe: route({
    method: 'get', path: '/api/agents/me', tag: 'Agent Pay', auth: 'merchant', extension: true,
    summary: 'The signing agent', status: 200, response: agent.Agent, errors: [404],
  }),
  listAgents: route({
    method: 'get', path: '/api/agents', tag: 'Agent Pay', auth: 'merchant', extension: true,
    summary: 'List agents', query: PageQuery, status: 200, response: agent.AgentPage, errors: [400],
  }),
  createContract: route({
    method: 'post', path: '/api/agents/contracts', tag: 'Agent Pay', auth: 'merchant', extension: true,
    summary: 'Create a spending contract', body: agent.ContractCreateBody,
    status: 201, response: agent.Contract, errors: [400, 404],
  }),
  getContract: route({
    method: 'get', path: '/api/agents/contracts/{contractId}', tag: 'Agent Pay', auth: 'merchant',
    extension: true, summary: 'A contract with live usage', params: agent.ContractParams,
    status: 200, response: agent.Contract, errors: [404],
  }),
  listContracts: route({
    method: 'get', path: '/api/agents/contracts', tag: 'Agent Pay', auth: 'merchant', extension: true,
    summary: 'List contracts', query: agent.ContractListQuery,
    status: 200, response: agent.ContractPage, errors: [400],
  }),

  // Sandbox controls
  advanceClock: route({
    method: 'post', path: '/api/sandbox/clock/advance', tag: 'Sandbox', auth: 'sandbox',
    extension: true, summary: "Move the service's clock forward", body: sandbox.ClockAdvanceBody,
    status: 200, response: sandbox.ClockResponse, errors: [400],
  }),
  simulatePayment: route({
    method: 'post', path: '/api/sandbox/payment-requests/{paymentRequestId}/simulate', tag: 'Sandbox',
    auth: 'sandbox', extension: true, summary: 'Act as the customer without a browser',
    params: payments.PaymentRequestParams, body: sandbox.SimulateBody,
    status: 200, response: payments.PaymentStatusRecord, errors: [400, 404],
  }),
  resetSandbox: route({
    method: 'post', path: '/api/sandbox/reset', tag: 'Sandbox', auth: 'sandbox', extension: true,
    summary: "Delete the merchant's sandbox data", status: 200, response: Message, errors: [400],
  }),
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
