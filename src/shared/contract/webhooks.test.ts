import { describe, it, expect } from 'vitest';
import {
  CustomField,
  EventData,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookDeliveryParams,
  WebhookEvent,
  WebhookParams,
  WebhookSubscription,
  WebhookSubscriptionBody,
  WebhookSubscriptionCreated,
  WebhookSubscriptionList,
  WebhookTestBody,
} from './webhooks';
import { issues, parse, paths } from '../../../test/helpers/schema-test-kit';

const SUBSCRIPTION_ID = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
const DELIVERY_ID = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';

const paymentEvent = {
  id: 'evt_01HQ3Z8K4M2N',
  type: 'PAYMENTS_STATUS',
  createdAt: '2026-03-14T09:31:05.000Z',
  environment: 'sandbox',
  data: {
    paymentRequestId: 'e2a1c3b4-5d6f-4a7b-8c9d-0e1f2a3b4c5d',
    orderId: 'ORD-2026-0001',
    status: 'COMPLETED',
    amount: 24.99,
    paidAmount: 24.99,
    tipAmount: 0,
    currency: 'GBP',
    paymentMethod: 'CARD',
    metadata: { till: '3' },
  },
};

describe('CustomField', () => {
  it('has a value and a field name', () => {
    expect(parse(CustomField, { value: 'Table 4', fieldName: 'table' })).toBeTruthy();
    expect(paths(CustomField, { value: 'Table 4' })).toEqual([['fieldName']]);
    expect(paths(CustomField, { value: 4, fieldName: 'table' })).toEqual([['value']]);
  });
});

describe('EventData and WebhookEvent', () => {
  it('accepts a payment event', () => {
    expect(parse(WebhookEvent, paymentEvent)).toEqual(paymentEvent);
  });

  it('accepts a failed payment, an expiry, a refund and a POS event with custom fields', () => {
    expect(
      parse(EventData, {
        status: 'FAILED',
        errorDescription: 'Card declined',
        paymentMethod: 'CARD',
      }),
    ).toBeTruthy();
    expect(
      parse(EventData, { status: 'EXPIRED', paymentRequestId: 'x', paymentMethod: null }),
    ).toBeTruthy();
    expect(parse(EventData, { status: 'COMPLETED', refundId: 'r', amount: 5.25 })).toBeTruthy();
    expect(
      parse(EventData, {
        status: 'COMPLETED',
        terminalId: null,
        type: 'PAYMENTS_STATUS',
        customFields: [{ value: 'Table 4', fieldName: 'table' }],
        test: true,
      }),
    ).toBeTruthy();
  });

  it('requires a status and rejects unknown POS types and methods', () => {
    expect(paths(EventData, {})).toEqual([['status']]);
    expect(paths(EventData, { status: 'COMPLETED', type: 'POS_PAYMENT_STATUS' })).toEqual([
      ['type'],
    ]);
    expect(paths(EventData, { status: 'COMPLETED', paymentMethod: 'CHEQUE' })).toEqual([
      ['paymentMethod'],
    ]);
    expect(parse(EventData, { status: 'COMPLETED', paymentMethod: 'CASH' })).toBeTruthy();
    expect(paths(EventData, { status: 'COMPLETED', metadata: { a: 1 } })).toEqual([
      ['metadata', 'a'],
    ]);
  });

  it('rejects unknown event types and environments, and a bad timestamp', () => {
    expect(paths(WebhookEvent, { ...paymentEvent, type: 'ORDER_STATUS' })).toEqual([['type']]);
    expect(paths(WebhookEvent, { ...paymentEvent, environment: 'staging' })).toEqual([
      ['environment'],
    ]);
    expect(paths(WebhookEvent, { ...paymentEvent, createdAt: 'now' })).toEqual([['createdAt']]);
    expect(paths(WebhookEvent, { ...paymentEvent, data: { orderId: 'x' } })).toEqual([
      ['data', 'status'],
    ]);
  });
});

describe('WebhookSubscriptionBody', () => {
  const body = {
    url: 'https://shop.example.co.uk/webhooks/payments',
    eventTypes: ['PAYMENTS_STATUS', 'POS_PAYMENT_STATUS'],
    description: 'Till system',
  };

  it('accepts http and https endpoints', () => {
    expect(parse(WebhookSubscriptionBody, body)).toEqual(body);
    expect(
      parse(WebhookSubscriptionBody, {
        url: 'http://127.0.0.1:8080/hook',
        eventTypes: ['REFUND_STATUS'],
      }),
    ).toBeTruthy();
  });

  it('rejects other schemes and non-URLs', () => {
    expect(paths(WebhookSubscriptionBody, { ...body, url: 'ftp://example.com/hook' })).toEqual([
      ['url'],
    ]);
    // Both the URL format and the scheme rule fire here, each on url.
    const found = paths(WebhookSubscriptionBody, { ...body, url: 'example.com/hook' });
    expect([...new Set(found.map((p) => p.join('.')))]).toEqual(['url']);
  });

  it('requires distinct, known event types', () => {
    expect(paths(WebhookSubscriptionBody, { ...body, eventTypes: [] })).toEqual([['eventTypes']]);
    expect(
      paths(WebhookSubscriptionBody, { ...body, eventTypes: ['REFUND_STATUS', 'REFUND_STATUS'] }),
    ).toEqual([['eventTypes']]);
    expect(paths(WebhookSubscriptionBody, { ...body, eventTypes: ['ORDER_STATUS'] })).toEqual([
      ['eventTypes', 0],
    ]);
  });

  it('bounds the description', () => {
    expect(paths(WebhookSubscriptionBody, { ...body, description: 'd'.repeat(201) })).toEqual([
      ['description'],
    ]);
  });
});

describe('WebhookSubscription and WebhookSubscriptionCreated', () => {
  const subscription = {
    id: SUBSCRIPTION_ID,
    url: 'https://shop.example.co.uk/webhooks/payments',
    eventTypes: ['PAYMENTS_STATUS'],
    createdAt: '2026-03-14T09:00:00.000Z',
  };
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

  it('accept a subscription, and a created one with its whsec_ secret', () => {
    expect(parse(WebhookSubscription, subscription)).toEqual(subscription);
    expect(parse(WebhookSubscriptionList, [subscription])).toHaveLength(1);
    expect(parse(WebhookSubscriptionCreated, { ...subscription, secret })).toEqual({
      ...subscription,
      secret,
    });
    expect(
      parse(WebhookSubscriptionCreated, { ...subscription, secret: 'whsec_dGVzdA==' }),
    ).toBeTruthy();
  });

  it('reject a secret without the whsec_ prefix or with other characters', () => {
    expect(paths(WebhookSubscriptionCreated, { ...subscription, secret: 'sk_test_abc' })).toEqual([
      ['secret'],
    ]);
    expect(paths(WebhookSubscriptionCreated, { ...subscription, secret: 'whsec_' })).toEqual([
      ['secret'],
    ]);
    expect(paths(WebhookSubscriptionCreated, { ...subscription, secret: 'whsec_abc-def' })).toEqual(
      [['secret']],
    );
    expect(paths(WebhookSubscriptionCreated, subscription)).toEqual([['secret']]);
  });

  it('reject a non-UUID id', () => {
    expect(paths(WebhookSubscription, { ...subscription, id: 'wh_1' })).toEqual([['id']]);
  });
});

describe('WebhookDelivery', () => {
  const delivery = {
    id: DELIVERY_ID,
    eventId: 'evt_01HQ3Z8K4M2N',
    eventType: 'PAYMENTS_STATUS',
    status: 'PENDING',
    attempts: 2,
    lastStatusCode: 503,
    lastError: 'Service Unavailable',
    nextAttemptAt: '2026-03-14T09:36:05.000Z',
    createdAt: '2026-03-14T09:31:05.000Z',
    deliveredAt: null,
    attemptLog: [
      {
        at: '2026-03-14T09:31:05.010Z',
        statusCode: null,
        error: 'could not connect',
        durationMs: 3,
      },
      { at: '2026-03-14T09:31:10.020Z', statusCode: 503, error: 'HTTP 503', durationMs: 41 },
    ],
  };

  it('accepts a pending and a delivered delivery', () => {
    expect(parse(WebhookDelivery, delivery)).toEqual(delivery);
    expect(
      parse(WebhookDeliveryList, [
        {
          ...delivery,
          status: 'DELIVERED',
          lastStatusCode: 200,
          lastError: null,
          nextAttemptAt: null,
          deliveredAt: '2026-03-14T09:36:06.000Z',
        },
      ]),
    ).toHaveLength(1);
  });

  it('rejects unknown statuses, negative attempts and a missing nullable field', () => {
    expect(paths(WebhookDelivery, { ...delivery, status: 'RETRYING' })).toEqual([['status']]);
    expect(paths(WebhookDelivery, { ...delivery, attempts: -1 })).toEqual([['attempts']]);
    expect(
      paths(WebhookDelivery, {
        ...delivery,
        attemptLog: [{ at: 'yesterday', statusCode: 200, error: null, durationMs: -1 }],
      }),
    ).toEqual([
      ['attemptLog', 0, 'at'],
      ['attemptLog', 0, 'durationMs'],
    ]);
    expect(paths(WebhookDelivery, { ...delivery, tamper: 'body' })).toEqual([['tamper']]);
    expect(paths(WebhookDelivery, { ...delivery, deliveredAt: undefined })).toEqual([
      ['deliveredAt'],
    ]);
  });

  it('params require UUIDs', () => {
    expect(parse(WebhookParams, { id: SUBSCRIPTION_ID })).toBeTruthy();
    expect(paths(WebhookParams, { id: 'wh_1' })).toEqual([['id']]);
    expect(
      parse(WebhookDeliveryParams, { id: SUBSCRIPTION_ID, deliveryId: DELIVERY_ID }),
    ).toBeTruthy();
    expect(paths(WebhookDeliveryParams, { id: SUBSCRIPTION_ID, deliveryId: 'd1' })).toEqual([
      ['deliveryId'],
    ]);
  });
});

describe('WebhookTestBody', () => {
  it('takes an optional tamper of signature or timestamp, and nothing else', () => {
    for (const tamper of ['signature', 'timestamp'])
      expect(parse(WebhookTestBody, { eventType: 'PAYMENTS_STATUS', tamper })).toEqual({
        eventType: 'PAYMENTS_STATUS',
        tamper,
      });
    expect(paths(WebhookTestBody, { eventType: 'PAYMENTS_STATUS', tamper: 'body' })).toEqual([
      ['tamper'],
    ]);
  });

  it('accepts each event type alone', () => {
    for (const eventType of [
      'PAYMENTS_STATUS',
      'EXPIRED_STATUS',
      'REFUND_STATUS',
      'POS_PAYMENT_STATUS',
    ])
      expect(parse(WebhookTestBody, { eventType })).toEqual({ eventType });
  });

  it('accepts the overrides', () => {
    const body = {
      eventType: 'PAYMENTS_STATUS',
      orderId: 'ORD-2026-0001',
      amount: 24.99,
      paymentMethod: 'PAY_BY_BANK',
      status: 'FAILED',
    };
    expect(parse(WebhookTestBody, body)).toEqual(body);
  });

  it('requires a known eventType', () => {
    expect(paths(WebhookTestBody, {})).toEqual([['eventType']]);
    expect(paths(WebhookTestBody, { eventType: 'ORDER_STATUS' })).toEqual([['eventType']]);
  });

  it('rejects a bad amount, method and orderId', () => {
    expect(paths(WebhookTestBody, { eventType: 'PAYMENTS_STATUS', amount: 1.234 })).toEqual([
      ['amount'],
    ]);
    expect(paths(WebhookTestBody, { eventType: 'PAYMENTS_STATUS', paymentMethod: 'CASH' })).toEqual(
      [['paymentMethod']],
    );
    expect(paths(WebhookTestBody, { eventType: 'PAYMENTS_STATUS', orderId: '' })).toEqual([
      ['orderId'],
    ]);
  });
});

describe('WebhookTestBody per event type', () => {
  describe('type and customFields: POS_PAYMENT_STATUS only', () => {
    it('rejects type for other event types', () => {
      for (const eventType of ['PAYMENTS_STATUS', 'EXPIRED_STATUS', 'REFUND_STATUS']) {
        const found = issues(WebhookTestBody, { eventType, type: 'REFUND_STATUS' });
        expect(found.map((i) => i.path)).toEqual([['type']]);
        expect(found[0]?.message).toBe('is only allowed for POS_PAYMENT_STATUS');
      }
    });

    it('rejects customFields for other event types', () => {
      for (const eventType of ['PAYMENTS_STATUS', 'EXPIRED_STATUS', 'REFUND_STATUS'])
        expect(
          paths(WebhookTestBody, {
            eventType,
            customFields: [{ value: 'Table 4', fieldName: 'table' }],
          }),
        ).toEqual([['customFields']]);
    });

    it('accepts both for POS_PAYMENT_STATUS', () => {
      const body = {
        eventType: 'POS_PAYMENT_STATUS',
        type: 'REFUND_STATUS',
        customFields: [{ value: 'Table 4', fieldName: 'table' }],
      };
      expect(parse(WebhookTestBody, body)).toEqual(body);
    });

    it('rejects an unknown type and malformed custom fields', () => {
      expect(
        paths(WebhookTestBody, { eventType: 'POS_PAYMENT_STATUS', type: 'POS_PAYMENT_STATUS' }),
      ).toEqual([['type']]);
      expect(
        paths(WebhookTestBody, { eventType: 'POS_PAYMENT_STATUS', customFields: [{ value: 'x' }] }),
      ).toEqual([['customFields', 0, 'fieldName']]);
      const many = Array.from({ length: 21 }, (_, i) => ({ value: `${i}`, fieldName: `f${i}` }));
      expect(
        paths(WebhookTestBody, { eventType: 'POS_PAYMENT_STATUS', customFields: many }),
      ).toEqual([['customFields']]);
    });
  });

  describe('status per event type', () => {
    it('PAYMENTS_STATUS: COMPLETED and FAILED with either method', () => {
      for (const status of ['COMPLETED', 'FAILED'])
        for (const paymentMethod of ['CARD', 'PAY_BY_BANK'])
          expect(
            parse(WebhookTestBody, { eventType: 'PAYMENTS_STATUS', status, paymentMethod }),
          ).toBeTruthy();
    });

    it('PAYMENTS_STATUS: AUTHORIZED only with CARD', () => {
      expect(
        parse(WebhookTestBody, {
          eventType: 'PAYMENTS_STATUS',
          status: 'AUTHORIZED',
          paymentMethod: 'CARD',
        }),
      ).toBeTruthy();
      const found = issues(WebhookTestBody, {
        eventType: 'PAYMENTS_STATUS',
        status: 'AUTHORIZED',
        paymentMethod: 'PAY_BY_BANK',
      });
      expect(found.map((i) => i.path)).toEqual([['status']]);
      expect(found[0]?.message).toBe('AUTHORIZED requires paymentMethod CARD');
      expect(
        paths(WebhookTestBody, { eventType: 'PAYMENTS_STATUS', status: 'AUTHORIZED' }),
      ).toEqual([['status']]);
    });

    it('PAYMENTS_STATUS: rejects statuses outside its list', () => {
      for (const status of ['CANCELLED', 'PENDING', 'EXPIRED', 'completed']) {
        const found = issues(WebhookTestBody, { eventType: 'PAYMENTS_STATUS', status });
        expect(found.map((i) => i.path)).toEqual([['status']]);
        expect(found[0]?.message).toBe(
          'must be one of COMPLETED, AUTHORIZED, FAILED for PAYMENTS_STATUS',
        );
      }
    });

    it('REFUND_STATUS: COMPLETED, CANCELLED, FAILED only', () => {
      for (const status of ['COMPLETED', 'CANCELLED', 'FAILED'])
        expect(parse(WebhookTestBody, { eventType: 'REFUND_STATUS', status })).toBeTruthy();
      for (const status of ['AUTHORIZED', 'PENDING', 'INITIATED'])
        expect(
          paths(WebhookTestBody, { eventType: 'REFUND_STATUS', status, paymentMethod: 'CARD' }),
        ).toEqual([['status']]);
    });

    it('EXPIRED_STATUS: ignores status', () => {
      for (const status of ['EXPIRED', 'COMPLETED', 'AUTHORIZED', 'ANYTHING'])
        expect(
          parse(WebhookTestBody, {
            eventType: 'EXPIRED_STATUS',
            status,
            paymentMethod: 'PAY_BY_BANK',
          }),
        ).toBeTruthy();
    });

    it('POS_PAYMENT_STATUS: follows the payment rules by default', () => {
      expect(
        parse(WebhookTestBody, { eventType: 'POS_PAYMENT_STATUS', status: 'COMPLETED' }),
      ).toBeTruthy();
      expect(
        paths(WebhookTestBody, { eventType: 'POS_PAYMENT_STATUS', status: 'CANCELLED' }),
      ).toEqual([['status']]);
      expect(
        paths(WebhookTestBody, {
          eventType: 'POS_PAYMENT_STATUS',
          type: 'PAYMENTS_STATUS',
          status: 'AUTHORIZED',
          paymentMethod: 'PAY_BY_BANK',
        }),
      ).toEqual([['status']]);
      expect(
        parse(WebhookTestBody, {
          eventType: 'POS_PAYMENT_STATUS',
          type: 'PAYMENTS_STATUS',
          status: 'AUTHORIZED',
          paymentMethod: 'CARD',
        }),
      ).toBeTruthy();
    });

    it('POS_PAYMENT_STATUS with type REFUND_STATUS: follows the refund rules', () => {
      expect(
        parse(WebhookTestBody, {
          eventType: 'POS_PAYMENT_STATUS',
          type: 'REFUND_STATUS',
          status: 'CANCELLED',
        }),
      ).toBeTruthy();
      expect(
        paths(WebhookTestBody, {
          eventType: 'POS_PAYMENT_STATUS',
          type: 'REFUND_STATUS',
          status: 'AUTHORIZED',
          paymentMethod: 'CARD',
        }),
      ).toEqual([['status']]);
    });

    it('POS_PAYMENT_STATUS with type EXPIRED_STATUS: ignores status', () => {
      expect(
        parse(WebhookTestBody, {
          eventType: 'POS_PAYMENT_STATUS',
          type: 'EXPIRED_STATUS',
          status: 'WHATEVER',
        }),
      ).toBeTruthy();
    });
  });
});
