/**
 * Sandbox controls: move the clock, simulate payments, refunds and consents, read the
 * sandbox outbox, reset the sandbox.
 */
// The contract's own agent.ts, not src/agent: the layer rule reads only the import's text.
// eslint-disable-next-line no-restricted-imports
import * as agent from '../agent';
import * as bank from '../bank';
import * as cards from '../cards';
import * as customers from '../customers';
import * as messages from '../messages';
import * as payments from '../payments';
import * as refunds from '../refunds';
import * as sandbox from '../sandbox';
import * as kiosks from '../sandbox-kiosks';
import { Message } from '../common';
import { route, type RouteDef } from '../route-def';

export const sandboxContract = {
  advanceClock: route({
    method: 'post',
    path: '/api/sandbox/clock/advance',
    tag: 'Sandbox',
    auth: 'sandbox',
    extension: true,
    summary: "Move the service's clock forward",
    body: sandbox.ClockAdvanceBody,
    status: 200,
    response: sandbox.ClockResponse,
    errors: [400],
  }),
  simulatePayment: route({
    method: 'post',
    path: '/api/sandbox/payment-requests/{paymentRequestId}/simulate',
    tag: 'Sandbox',
    auth: 'sandbox',
    extension: true,
    summary: 'Act as the customer without a browser',
    params: payments.PaymentRequestParams,
    body: sandbox.SimulateBody,
    status: 200,
    response: payments.PaymentStatusRecord,
    errors: [400, 404],
  }),
  sandboxBankConsent: route({
    method: 'post',
    path: '/api/sandbox/bank/consents',
    tag: 'Sandbox',
    auth: 'sandbox',
    extension: true,
    summary: 'Link a sandbox bank without a browser',
    body: bank.SandboxConsentBody,
    status: 201,
    response: bank.SandboxConsent,
    errors: [400],
  }),
  simulateRefund: route({
    method: 'post',
    path: '/api/sandbox/refunds/{refundId}/simulate',
    tag: 'Sandbox',
    auth: 'sandbox',
    extension: true,
    summary: "Answer a refund as the sandbox bank (otherwise it completes by the service's clock)",
    params: refunds.RefundParams,
    body: refunds.RefundSimulateBody,
    status: 200,
    response: refunds.RefundRecord,
    errors: [400, 404],
  }),
  authorizeContract: route({
    method: 'post',
    path: '/api/sandbox/contracts/{contractId}/authorize',
    tag: 'Sandbox',
    auth: 'sandbox',
    extension: true,
    summary: 'Approve or decline a contract (or its pending update) as the human would',
    params: agent.ContractParams,
    body: agent.ContractAuthorizeBody,
    status: 200,
    response: agent.Contract,
    errors: [400, 404],
  }),
  saveSandboxCard: route({
    method: 'post',
    path: '/api/sandbox/customers/{customerId}/cards',
    tag: 'Sandbox',
    auth: 'sandbox',
    extension: true,
    summary: 'Save a test card to a customer without a browser',
    params: customers.CustomerIdParams,
    body: cards.SandboxCardBody,
    status: 201,
    response: cards.SavedCard,
    errors: [400, 404],
  }),
  listMessages: route({
    method: 'get',
    path: '/api/sandbox/messages',
    tag: 'Sandbox',
    auth: 'sandbox',
    extension: true,
    summary: 'The outbox of messages sent to customers (email and SMS), newest first',
    query: messages.MessageListQuery,
    status: 200,
    response: messages.OutboxMessagePage,
    errors: [400],
  }),
  resetSandbox: route({
    method: 'post',
    path: '/api/sandbox/reset',
    tag: 'Sandbox',
    auth: 'sandbox',
    extension: true,
    summary: "Delete the merchant's sandbox data",
    status: 200,
    response: Message,
    errors: [400],
  }),
  createSimulatedKiosk: route({
    method: 'post',
    path: '/api/sandbox/kiosks',
    tag: 'Sandbox',
    auth: 'sandbox',
    extension: true,
    summary: 'Pair a simulated kiosk that the sandbox keeps online and reporting its health',
    body: kiosks.SimulatedKioskBody,
    status: 201,
    response: kiosks.SimulatedKiosk,
    errors: [400, 404, 409],
  }),
  listSimulatedKiosks: route({
    method: 'get',
    path: '/api/sandbox/kiosks',
    tag: 'Sandbox',
    auth: 'sandbox',
    extension: true,
    summary: "The merchant's simulated kiosks with their simulated state",
    status: 200,
    response: kiosks.SimulatedKiosks,
    errors: [400],
  }),
  updateSimulatedKiosk: route({
    method: 'patch',
    path: '/api/sandbox/kiosks/{id}',
    tag: 'Sandbox',
    auth: 'sandbox',
    extension: true,
    summary:
      'Change what a simulated kiosk reports (its stream, printer, display, waiting work, version)',
    params: kiosks.SimulatedKioskParams,
    body: kiosks.SimulatedKioskPatch,
    status: 200,
    response: kiosks.SimulatedKiosk,
    errors: [400, 404],
  }),
  deleteSimulatedKiosk: route({
    method: 'delete',
    path: '/api/sandbox/kiosks/{id}',
    tag: 'Sandbox',
    auth: 'sandbox',
    extension: true,
    summary: 'Unpair a simulated kiosk',
    params: kiosks.SimulatedKioskParams,
    status: 200,
    response: Message,
    errors: [400, 404],
  }),
} as const satisfies Record<string, RouteDef>;
