/** Webhooks: subscriptions, their deliveries, resending one, and the test event. */
import * as webhooks from '../webhooks';
import { Message } from '../common';
import { PaymentRequestParams } from '../payments';
import { route, type RouteDef } from '../route-def';

export const webhooksContract = {
  testWebhook: route({
    method: 'post',
    path: '/api/webhook/test',
    tag: 'Webhooks',
    auth: 'sandbox',
    summary: 'Send a test event to subscribed sandbox endpoints',
    body: webhooks.WebhookTestBody,
    status: 200,
    response: Message,
    errors: [400, 404],
  }),
  testWebhookAlias: route({
    method: 'post',
    path: '/api/webhooks/test',
    tag: 'Webhooks',
    auth: 'sandbox',
    extension: true,
    summary:
      'Send a test event (the same as POST /api/webhook/test, beside the other webhook routes)',
    body: webhooks.WebhookTestBody,
    status: 200,
    response: Message,
    errors: [400, 404],
  }),
  createWebhook: route({
    method: 'post',
    path: '/api/webhooks',
    tag: 'Webhooks',
    auth: 'merchant',
    extension: true,
    summary: 'Subscribe an endpoint to event types',
    description:
      'Production endpoints must be https on a public address (no loopback, private, link-local, ' +
      'unique-local or reserved addresses, nor names such as localhost); sandbox endpoints may ' +
      'also be on loopback (http://localhost). Every address a name resolves to is checked again ' +
      'at each delivery. A refused URL is a 400 naming url.',
    body: webhooks.WebhookSubscriptionBody,
    status: 201,
    response: webhooks.WebhookSubscriptionCreated,
    errors: [400],
  }),
  listWebhooks: route({
    method: 'get',
    path: '/api/webhooks',
    tag: 'Webhooks',
    auth: 'merchant',
    extension: true,
    summary: 'List webhook subscriptions',
    status: 200,
    response: webhooks.WebhookSubscriptionList,
    errors: [],
  }),
  deleteWebhook: route({
    method: 'delete',
    path: '/api/webhooks/{id}',
    tag: 'Webhooks',
    auth: 'merchant',
    extension: true,
    summary: 'Delete a webhook subscription',
    params: webhooks.WebhookParams,
    status: 200,
    response: Message,
    errors: [400, 404],
  }),
  listWebhookDeliveries: route({
    method: 'get',
    path: '/api/webhooks/{id}/deliveries',
    tag: 'Webhooks',
    auth: 'merchant',
    extension: true,
    summary: 'The delivery log of a subscription',
    params: webhooks.WebhookParams,
    status: 200,
    response: webhooks.WebhookDeliveryList,
    errors: [400, 404],
  }),
  listPaymentWebhookDeliveries: route({
    method: 'get',
    path: '/api/payment-requests/{paymentRequestId}/webhook-deliveries',
    tag: 'Webhooks',
    auth: 'merchant',
    extension: true,
    summary: 'The webhooks sent for a payment',
    description:
      "Every delivery of the payment's events (its status changes, its refunds), oldest first, with the endpoint's URL, status and attempts.",
    params: PaymentRequestParams,
    status: 200,
    response: webhooks.PaymentWebhookDeliveryList,
    errors: [400, 404],
  }),
  resendWebhookDelivery: route({
    method: 'post',
    path: '/api/webhooks/{id}/deliveries/{deliveryId}/resend',
    tag: 'Webhooks',
    auth: 'merchant',
    extension: true,
    summary: 'Deliver an event again now (same webhook-id)',
    params: webhooks.WebhookDeliveryParams,
    status: 200,
    response: Message,
    errors: [400, 404],
  }),
} as const satisfies Record<string, RouteDef>;
