/**
 * Events, the sandbox webhook test (operation testWebhook), the subscription API and the event
 * body (docs/webhooks.md).
 */
import { z } from 'zod';
import { StaffRecord } from './staff';
import {
  Currency,
  Environment,
  EventType,
  HttpUrl,
  PaymentMethod,
  RequestMethod,
  PositivePounds,
  RefundType,
  Timestamp,
  Uuid,
  safeText,
} from './common';

export const CustomField = z.object({ value: z.string(), fieldName: z.string() });
export type CustomField = z.infer<typeof CustomField>;
/** A custom field as a request gives it (the webhook test), as safe text. */
export const CustomFieldInput = z.object({
  value: safeText().max(500),
  fieldName: safeText().min(1).max(100),
});

/** The data of every event: the fields each event type names and the ids needed to act on it. */
export const EventData = z.object({
  paymentRequestId: z.string().optional(),
  terminalId: z.string().nullable().optional(),
  refundId: z.string().optional(),
  orderId: z.string().optional(),
  status: z.string(),
  amount: z.number().optional(),
  paidAmount: z.number().optional(),
  tipAmount: z.number().optional(),
  currency: Currency.optional(),
  paymentMethod: PaymentMethod.nullable().optional(),
  errorDescription: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  /** REFUND_STATUS (and POS_PAYMENT_STATUS of type REFUND_STATUS): the refund's amount and kind. */
  refundAmount: z.number().optional(),
  refundType: RefundType.optional(),
  /** REFUND_STATUS: the payment's COMPLETED refunds so far, this one included once COMPLETED. */
  refundedAmount: z.number().optional(),
  /** POS_PAYMENT_STATUS only: which kind of change it reports. */
  type: z.enum(['PAYMENTS_STATUS', 'REFUND_STATUS', 'EXPIRED_STATUS']).optional(),
  customFields: z.array(CustomField).optional(),
  test: z.boolean().optional(),
  /**
   * TERMINAL_HEALTH only (docs/fleet.md): which alert was raised or recovered (`status` RAISED or
   * RECOVERED) on which kiosk, and what it says.
   */
  alert: z.enum(['OFFLINE', 'PRINTER', 'WORK_WAITING', 'OLD_VERSION']).optional(),
  terminalName: z.string().optional(),
  storeId: z.string().optional(),
  message: z.string().optional(),
  /** A payment's or refund's: who took it at a kiosk (docs/kiosk.md), absent when unknown. */
  staff: StaffRecord.optional(),
});
export type EventData = z.infer<typeof EventData>;

export const WebhookEvent = z.object({
  id: z.string(),
  type: EventType,
  createdAt: Timestamp,
  environment: Environment,
  data: EventData,
});
export type WebhookEvent = z.infer<typeof WebhookEvent>;

export const WebhookSubscriptionBody = z.object({
  url: HttpUrl,
  eventTypes: z
    .array(EventType)
    .min(1, 'must name at least one event type')
    .refine((t) => new Set(t).size === t.length, 'must not repeat an event type'),
  description: safeText({ multiline: true }).max(200).optional(),
});
export const WebhookSubscription = z.object({
  id: Uuid,
  url: z.string(),
  eventTypes: z.array(EventType),
  description: z.string().optional(),
  createdAt: Timestamp,
});
/** Only the create response carries the signing secret. */
export const WebhookSubscriptionCreated = WebhookSubscription.extend({
  secret: z.string().regex(/^whsec_[A-Za-z0-9+/]+=*$/),
});
export const WebhookSubscriptionList = z.array(WebhookSubscription);
export const WebhookParams = z.object({ id: Uuid });

/** How a sandbox test delivery is deliberately forged (POST /api/webhook/test `tamper`). */
export const WebhookTamper = z.enum(['signature', 'timestamp']);
export type WebhookTamper = z.infer<typeof WebhookTamper>;

/** One attempt to deliver: when it was sent, the receiver's answer or why none came, how long. */
export const WebhookDeliveryAttempt = z.object({
  at: Timestamp,
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().nonnegative(),
});

export const WebhookDelivery = z.object({
  id: Uuid,
  eventId: z.string(),
  eventType: EventType,
  status: z.enum(['PENDING', 'DELIVERED', 'FAILED']),
  attempts: z.number().int().nonnegative(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: Timestamp.nullable(),
  createdAt: Timestamp,
  deliveredAt: Timestamp.nullable(),
  /** Every attempt so far, oldest first (`attempts` of them). */
  attemptLog: z.array(WebhookDeliveryAttempt),
  /** Only on a test delivery sent deliberately forged; it is sent once and never retried. */
  tamper: WebhookTamper.optional(),
});
export const WebhookDeliveryList = z.array(WebhookDelivery);
export const WebhookDeliveryParams = z.object({ id: Uuid, deliveryId: Uuid });

const PAYMENT_TEST_STATUSES = ['COMPLETED', 'AUTHORIZED', 'FAILED'] as const;
const REFUND_TEST_STATUSES = ['COMPLETED', 'CANCELLED', 'FAILED'] as const;

/** The webhook test trigger's body, with each of its rules (docs/webhooks.md, Test events). */
export const WebhookTestBody = z
  .object({
    eventType: EventType,
    orderId: safeText().min(1).max(50).optional(),
    amount: PositivePounds.optional(),
    paymentMethod: RequestMethod.optional(),
    status: safeText().optional(),
    type: z.enum(['PAYMENTS_STATUS', 'REFUND_STATUS', 'EXPIRED_STATUS']).optional(),
    customFields: z.array(CustomFieldInput).max(20).optional(),
    /** Send it deliberately forged, to prove the receiver refuses it. */
    tamper: WebhookTamper.optional(),
  })
  .superRefine((b, ctx) => {
    const pos = b.eventType === 'POS_PAYMENT_STATUS';
    if (!pos && b.type !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['type'],
        message: 'is only allowed for POS_PAYMENT_STATUS',
      });
    if (!pos && b.customFields !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['customFields'],
        message: 'is only allowed for POS_PAYMENT_STATUS',
      });
    const kind = pos ? (b.type ?? 'PAYMENTS_STATUS') : b.eventType;
    if (b.status === undefined || kind === 'EXPIRED_STATUS') return; // EXPIRED ignores status
    const allowed: readonly string[] =
      kind === 'REFUND_STATUS' ? REFUND_TEST_STATUSES : PAYMENT_TEST_STATUSES;
    if (!allowed.includes(b.status))
      ctx.addIssue({
        code: 'custom',
        path: ['status'],
        message: `must be one of ${allowed.join(', ')} for ${kind}`,
      });
    else if (b.status === 'AUTHORIZED' && b.paymentMethod !== 'CARD')
      ctx.addIssue({
        code: 'custom',
        path: ['status'],
        message: 'AUTHORIZED requires paymentMethod CARD',
      });
  });
export type WebhookTestBody = z.infer<typeof WebhookTestBody>;

/** A delivery of one of a payment's events (extension), with the endpoint it went to. */
export const PaymentWebhookDelivery = WebhookDelivery.extend({
  subscriptionId: Uuid,
  url: z.string(),
});
export const PaymentWebhookDeliveryList = z.array(PaymentWebhookDelivery);
