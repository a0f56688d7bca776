import { describe, it, expect } from 'vitest';
import {
  CardAuthorizeBody,
  CardAuthorizeResponse,
  CardCancelBody,
  CardCancelResponse,
  CardCaptureBody,
  CardCaptureResponse,
  CardChargeBody,
  CardParams,
  CardPayment,
  CardUpdateBody,
  PaymentMethodId,
  SavedCard,
  SavedCardListQuery,
  SavedCardPage,
} from './cards';
import { issues, parse, paths } from '../../../test/helpers/schema-test-kit';

const CUSTOMER_ID = '7c1e4b52-0d9a-4f3e-8b6a-2e5f9c3d1a70';
const STORE_ID = 'b6d0f7a2-3c4e-4a5b-9d8e-1f2a3b4c5d6e';
const PAYMENT_REQUEST_ID = 'e2a1c3b4-5d6f-4a7b-8c9d-0e1f2a3b4c5d';
const CARD_ID = 'pm_7Hq2LmN4xR9s';

const savedCard = {
  id: CARD_ID,
  name: 'JANE SMITH',
  type: 'debit',
  lastFourDigits: '4242',
  category: 'CONSUMER',
  cardType: 'DEBIT',
  brand: 'VISA',
  country: 'GB',
  expiryDate: '08/2028',
  metadata: { nickname: 'Work card' },
  createdAt: '2026-03-14T09:30:00.000Z',
};

describe('PaymentMethodId', () => {
  it('accepts 1-64 characters', () => {
    expect(parse(PaymentMethodId, 'p')).toBe('p');
    expect(parse(PaymentMethodId, 'p'.repeat(64))).toHaveLength(64);
  });
  it('rejects empty and 65 characters', () => {
    expect(issues(PaymentMethodId, '')[0]?.message).toBe('must be 1-64 characters');
    expect(issues(PaymentMethodId, 'p'.repeat(65))[0]?.message).toBe('must be 1-64 characters');
  });
});

describe('SavedCard', () => {
  it('accepts a saved card', () => {
    expect(parse(SavedCard, savedCard)).toEqual(savedCard);
    expect(parse(SavedCard, { ...savedCard, metadata: {}, expiryDate: '12/2030' })).toBeTruthy();
  });

  it('requires the expiry date as MM/YYYY', () => {
    for (const bad of ['8/2028', '08/28', '13/2028', '00/2028', '2028-08'])
      expect(paths(SavedCard, { ...savedCard, expiryDate: bad })).toEqual([['expiryDate']]);
  });

  it('requires four last digits', () => {
    for (const bad of ['424', '42424', '42a2'])
      expect(paths(SavedCard, { ...savedCard, lastFourDigits: bad })).toEqual([['lastFourDigits']]);
  });

  it('rejects an over-long id, string-only metadata and a bad createdAt', () => {
    expect(paths(SavedCard, { ...savedCard, id: 'p'.repeat(65) })).toEqual([['id']]);
    expect(paths(SavedCard, { ...savedCard, metadata: { n: 1 } })).toEqual([['metadata', 'n']]);
    expect(paths(SavedCard, { ...savedCard, createdAt: 'today' })).toEqual([['createdAt']]);
  });

  it('SavedCardPage and SavedCardListQuery use the offset envelope', () => {
    const page = { data: [savedCard], totalCount: 1, page: 0, size: 20 };
    expect(parse(SavedCardPage, page)).toEqual(page);
    expect(paths(SavedCardPage, { ...page, data: [{ ...savedCard, brand: undefined }] })).toEqual([
      ['data', 0, 'brand'],
    ]);
    expect(parse(SavedCardListQuery, { page: '1' })).toEqual({ page: 1, size: 20 });
    expect(paths(SavedCardListQuery, { page: '-1' })).toEqual([['page']]);
  });
});

describe('CardAuthorizeBody', () => {
  it('accepts {} and defaults sendLinkToCustomer to false', () => {
    expect(parse(CardAuthorizeBody, {})).toEqual({ sendLinkToCustomer: false });
  });

  it('accepts the redirect URLs', () => {
    const body = {
      sendLinkToCustomer: true,
      successRedirectUrl: 'https://shop.example.co.uk/card-saved',
      failureRedirectUrl: 'https://shop.example.co.uk/card-failed',
    };
    expect(parse(CardAuthorizeBody, body)).toEqual(body);
  });

  it('rejects a non-boolean flag and malformed URLs', () => {
    expect(paths(CardAuthorizeBody, { sendLinkToCustomer: 'yes' })).toEqual([
      ['sendLinkToCustomer'],
    ]);
    expect(paths(CardAuthorizeBody, { successRedirectUrl: 'card-saved' })).toEqual([
      ['successRedirectUrl'],
    ]);
    expect(paths(CardAuthorizeBody, { failureRedirectUrl: 'not a url' })).toEqual([
      ['failureRedirectUrl'],
    ]);
    // Only web addresses: the save-card page sends the browser there when it is done.
    expect(paths(CardAuthorizeBody, { successRedirectUrl: 'javascript:alert(1)' })).toEqual([
      ['successRedirectUrl'],
    ]);
    expect(paths(CardAuthorizeBody, { failureRedirectUrl: 'file:///etc/passwd' })).toEqual([
      ['failureRedirectUrl'],
    ]);
  });

  it('CardAuthorizeResponse carries the hosted page URL', () => {
    const url = 'https://pay.example.com/cards/authorize/abc123';
    expect(parse(CardAuthorizeResponse, { hostedPageUrl: url })).toEqual({ hostedPageUrl: url });
    expect(paths(CardAuthorizeResponse, { hostedPageUrl: 'abc123' })).toEqual([['hostedPageUrl']]);
  });
});

describe('CardUpdateBody', () => {
  it('accepts metadata, with an empty string meaning remove the key', () => {
    const body = { metadata: { nickname: 'Personal', oldKey: '' } };
    expect(parse(CardUpdateBody, body)).toEqual(body);
  });

  it('requires metadata', () => {
    expect(paths(CardUpdateBody, {})).toEqual([['metadata']]);
  });

  it('rejects a key of 41 characters or with a bracket', () => {
    const key = 'k'.repeat(41);
    expect(paths(CardUpdateBody, { metadata: { [key]: 'v' } })).toEqual([['metadata', key]]);
    expect(paths(CardUpdateBody, { metadata: { 'a[0]': 'v' } })).toEqual([['metadata', 'a[0]']]);
  });

  it('rejects a value of 501 characters and 51 pairs', () => {
    expect(paths(CardUpdateBody, { metadata: { note: 'x'.repeat(501) } })).toEqual([
      ['metadata', 'note'],
    ]);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    expect(paths(CardUpdateBody, { metadata: many })).toEqual([['metadata']]);
  });
});

describe('CardParams', () => {
  it('takes a customer UUID and a card id', () => {
    expect(parse(CardParams, { customerId: CUSTOMER_ID, cardId: CARD_ID })).toBeTruthy();
  });
  it('rejects a non-UUID customer and a 65-character card id', () => {
    expect(paths(CardParams, { customerId: 'CUST-1', cardId: CARD_ID })).toEqual([['customerId']]);
    expect(paths(CardParams, { customerId: CUSTOMER_ID, cardId: 'c'.repeat(65) })).toEqual([
      ['cardId'],
    ]);
  });
});

describe('CardChargeBody', () => {
  const charge = {
    customerId: CUSTOMER_ID,
    paymentMethodId: CARD_ID,
    captureType: 'MANUAL_CAPTURE',
    amount: 10.5,
    orderId: 'ORD-2026-0042',
    notes: 'Deposit for table 4',
    storeId: STORE_ID,
  };

  it('accepts a charge, with and without the optional fields', () => {
    expect(parse(CardChargeBody, charge)).toEqual(charge);
    const { notes: _n, storeId: _s, ...required } = charge;
    expect(parse(CardChargeBody, { ...required, captureType: 'AUTO_CAPTURE' })).toBeTruthy();
    expect(parse(CardChargeBody, { ...charge, captureType: 'CAPTURE_BEFORE_EXPIRY' })).toBeTruthy();
  });

  it.each(['customerId', 'paymentMethodId', 'captureType', 'amount', 'orderId'])(
    'requires %s',
    (field) => {
      expect(paths(CardChargeBody, { ...charge, [field]: undefined })).toEqual([[field]]);
    },
  );

  it('requires a customer UUID', () => {
    expect(paths(CardChargeBody, { ...charge, customerId: 'CUST-1042' })).toEqual([['customerId']]);
  });

  it('accepts a paymentMethodId of 64 characters and rejects 65', () => {
    expect(parse(CardChargeBody, { ...charge, paymentMethodId: 'p'.repeat(64) })).toBeTruthy();
    expect(paths(CardChargeBody, { ...charge, paymentMethodId: 'p'.repeat(65) })).toEqual([
      ['paymentMethodId'],
    ]);
    expect(paths(CardChargeBody, { ...charge, paymentMethodId: '' })).toEqual([
      ['paymentMethodId'],
    ]);
  });

  it('rejects an unknown capture type', () => {
    expect(paths(CardChargeBody, { ...charge, captureType: 'LATER' })).toEqual([['captureType']]);
  });

  it('accepts an amount of 1 and rejects 0.99 (minimum 1 pound)', () => {
    expect(parse(CardChargeBody, { ...charge, amount: 1 }).amount).toBe(1);
    const found = issues(CardChargeBody, { ...charge, amount: 0.99 });
    expect(found.map((i) => i.path)).toEqual([['amount']]);
    expect(found[0]?.message).toBe('must be at least 1');
  });

  it('rejects an amount with three decimal places', () => {
    expect(paths(CardChargeBody, { ...charge, amount: 10.505 })).toEqual([['amount']]);
  });

  it('accepts an orderId of 50 characters and rejects 51 or blank', () => {
    expect(parse(CardChargeBody, { ...charge, orderId: 'o'.repeat(50) })).toBeTruthy();
    expect(paths(CardChargeBody, { ...charge, orderId: 'o'.repeat(51) })).toEqual([['orderId']]);
    expect(paths(CardChargeBody, { ...charge, orderId: '   ' })).toEqual([['orderId']]);
  });

  it('accepts notes of 30 characters and rejects 31', () => {
    expect(parse(CardChargeBody, { ...charge, notes: 'n'.repeat(30) })).toBeTruthy();
    expect(paths(CardChargeBody, { ...charge, notes: 'n'.repeat(31) })).toEqual([['notes']]);
  });

  it('requires storeId to be a UUID', () => {
    expect(paths(CardChargeBody, { ...charge, storeId: 'main-store' })).toEqual([['storeId']]);
  });

  it('applies the metadata rules', () => {
    expect(parse(CardChargeBody, { ...charge, metadata: { booking: 'BK-1' } })).toBeTruthy();
    expect(paths(CardChargeBody, { ...charge, metadata: { 'b[0]': 'x' } })).toEqual([
      ['metadata', 'b[0]'],
    ]);
  });
});

describe('CardPayment', () => {
  const payment = {
    paymentRequestId: PAYMENT_REQUEST_ID,
    status: 'PENDING',
    amount: 10.5,
    currency: 'GBP',
    orderId: 'ORD-2026-0042',
    customerId: CUSTOMER_ID,
    paymentMethodId: CARD_ID,
    captureType: 'MANUAL_CAPTURE',
    createdAt: '2026-03-14T09:30:00.000Z',
    expiresAt: '2026-03-21T09:30:00.000Z',
  };

  it('accepts a charge response, with expiresAt and without it for AUTO_CAPTURE', () => {
    expect(parse(CardPayment, payment)).toEqual(payment);
    const { expiresAt: _e, ...auto } = payment;
    expect(parse(CardPayment, { ...auto, captureType: 'AUTO_CAPTURE' })).toBeTruthy();
  });

  it('rejects unknown statuses, a bad currency and non-UUID ids', () => {
    expect(paths(CardPayment, { ...payment, status: 'REFUNDED' })).toEqual([['status']]);
    expect(paths(CardPayment, { ...payment, currency: 'gbp' })).toEqual([['currency']]);
    expect(paths(CardPayment, { ...payment, paymentRequestId: 'PR-1' })).toEqual([
      ['paymentRequestId'],
    ]);
    expect(paths(CardPayment, { ...payment, customerId: 'CUST-1' })).toEqual([['customerId']]);
    expect(paths(CardPayment, { ...payment, expiresAt: 'next week' })).toEqual([['expiresAt']]);
  });
});

describe('CardCancelBody', () => {
  it('accepts an empty body and every reason code', () => {
    expect(parse(CardCancelBody, {})).toEqual({});
    for (const code of ['Duplicate', 'Abandoned', 'Requested by customer'])
      expect(parse(CardCancelBody, { cancelledReasonCode: code })).toEqual({
        cancelledReasonCode: code,
      });
    expect(
      parse(CardCancelBody, {
        cancelledReasonCode: 'Other',
        cancelledReasonDescription: 'Customer changed the order',
      }),
    ).toBeTruthy();
  });

  it('requires a description when the code is Other', () => {
    const found = issues(CardCancelBody, { cancelledReasonCode: 'Other' });
    expect(found.map((i) => i.path)).toEqual([['cancelledReasonDescription']]);
    expect(found[0]?.message).toBe('is required when cancelledReasonCode is Other');
    expect(
      paths(CardCancelBody, { cancelledReasonCode: 'Other', cancelledReasonDescription: '   ' }),
    ).toEqual([['cancelledReasonDescription']]);
  });

  it('accepts a description of 60 characters and rejects 61', () => {
    expect(parse(CardCancelBody, { cancelledReasonDescription: 'd'.repeat(60) })).toBeTruthy();
    expect(paths(CardCancelBody, { cancelledReasonDescription: 'd'.repeat(61) })).toEqual([
      ['cancelledReasonDescription'],
    ]);
  });

  it('rejects an unknown reason code', () => {
    expect(paths(CardCancelBody, { cancelledReasonCode: 'Fraud' })).toEqual([
      ['cancelledReasonCode'],
    ]);
  });

  it('CardCancelResponse carries success and message', () => {
    const body = { success: true, message: 'Payment cancelled' };
    expect(parse(CardCancelResponse, body)).toEqual(body);
    expect(paths(CardCancelResponse, { success: 'true', message: 'x' })).toEqual([['success']]);
  });
});

describe('CardCaptureBody (extension)', () => {
  it('accepts an empty body (capture in full) and a partial amount', () => {
    expect(parse(CardCaptureBody, {})).toEqual({});
    expect(parse(CardCaptureBody, { amount: 5 })).toEqual({ amount: 5 });
  });
  it('rejects an amount below 1 or with three decimal places', () => {
    expect(paths(CardCaptureBody, { amount: 0.5 })).toEqual([['amount']]);
    expect(paths(CardCaptureBody, { amount: 5.555 })).toEqual([['amount']]);
  });
  it('CardCaptureResponse carries success and message', () => {
    expect(parse(CardCaptureResponse, { success: true, message: 'Captured' })).toBeTruthy();
    expect(paths(CardCaptureResponse, { success: true })).toEqual([['message']]);
  });
});
