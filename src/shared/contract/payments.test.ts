import { describe, it, expect } from 'vitest';
import {
  CardPaymentDetails,
  DEFAULT_EXPIRES_IN_MS,
  MAX_EXPIRES_IN_MS,
  PaymentRequest,
  PaymentRequestParams,
  PaymentStatusRecord,
  PaymentTransaction,
  ProcessPaymentBody,
} from './payments';
import { issues, parse, paths } from '../../../test/helpers/schema-test-kit';

const SERVICE_CUSTOMER_ID = '7c1e4b52-0d9a-4f3e-8b6a-2e5f9c3d1a70';
const STORE_ID = 'b6d0f7a2-3c4e-4a5b-9d8e-1f2a3b4c5d6e';
const PAYMENT_REQUEST_ID = 'e2a1c3b4-5d6f-4a7b-8c9d-0e1f2a3b4c5d';
const TERMINAL_ID = '0a9b8c7d-6e5f-4a3b-8c1d-2e3f4a5b6c7d';

const minimal = { customerId: 'CUST-1042', orderId: 'ORD-2026-0001', amount: 24.99 };
const full = {
  ...minimal,
  storeId: STORE_ID,
  paymentMethod: ['PAY_BY_BANK', 'CARD'],
  savePaymentMethod: true,
  serviceCustomerId: SERVICE_CUSTOMER_ID,
  autoRedirect: true,
  consumerDetails: {
    phoneCountryCode: '+44',
    phoneNumber: '7700900123',
    email: 'jane.smith@example.co.uk',
    firstName: 'Jane',
    lastName: 'Smith',
  },
  callbackParams: { basket: 'B-77', source: 'kiosk' },
  expiresIn: 300_000,
  notes: 'Table 4',
  metadata: { till: '3', loyaltyId: 'LC-99812' },
  enableTips: false,
  allowRetry: false,
  redirectUrl: 'https://shop.example.co.uk/thanks',
  splitBill: false,
  template: 'EXTERNAL_DISPLAY',
  paymentMethodMetadata: { card: { preferred: true } },
};

describe('ProcessPaymentBody', () => {
  it('accepts every seed field', () => {
    expect(parse(ProcessPaymentBody, full)).toEqual(full);
  });

  it("applies the defaults: tips and retry on, the rest off; expiresIn is the merchant's", () => {
    // A fresh merchant's default expiry (settings.defaultExpirySeconds), applied by the service.
    expect(DEFAULT_EXPIRES_IN_MS).toBe(180_000);
    expect(parse(ProcessPaymentBody, minimal)).toEqual({
      ...minimal,
      savePaymentMethod: false,
      autoRedirect: false,
      enableTips: true,
      allowRetry: true,
      splitBill: false,
    });
  });

  it.each(['customerId', 'orderId', 'amount'])('requires %s', (field) => {
    expect(paths(ProcessPaymentBody, { ...minimal, [field]: undefined })).toEqual([[field]]);
  });

  it('rejects a blank customerId and orderId, and an orderId of 51 characters', () => {
    expect(paths(ProcessPaymentBody, { ...minimal, customerId: '  ' })).toEqual([['customerId']]);
    expect(paths(ProcessPaymentBody, { ...minimal, orderId: '  ' })).toEqual([['orderId']]);
    expect(paths(ProcessPaymentBody, { ...minimal, orderId: 'o'.repeat(51) })).toEqual([
      ['orderId'],
    ]);
  });

  it('requires a positive amount with at most two decimal places', () => {
    expect(paths(ProcessPaymentBody, { ...minimal, amount: 0 })).toEqual([['amount']]);
    expect(paths(ProcessPaymentBody, { ...minimal, amount: -1 })).toEqual([['amount']]);
    expect(paths(ProcessPaymentBody, { ...minimal, amount: 1.234 })).toEqual([['amount']]);
    expect(paths(ProcessPaymentBody, { ...minimal, amount: '24.99' })).toEqual([['amount']]);
  });

  it('accepts one or both payment methods and rejects unknown, empty or repeated lists', () => {
    expect(
      parse(ProcessPaymentBody, { ...minimal, paymentMethod: ['CARD'] }).paymentMethod,
    ).toEqual(['CARD']);
    expect(paths(ProcessPaymentBody, { ...minimal, paymentMethod: ['CASH'] })).toEqual([
      ['paymentMethod', 0],
    ]);
    expect(paths(ProcessPaymentBody, { ...minimal, paymentMethod: [] })).toEqual([
      ['paymentMethod'],
    ]);
    expect(paths(ProcessPaymentBody, { ...minimal, paymentMethod: ['CARD', 'CARD'] })).toEqual([
      ['paymentMethod'],
    ]);
    expect(paths(ProcessPaymentBody, { ...minimal, paymentMethod: 'CARD' })).toEqual([
      ['paymentMethod'],
    ]);
  });

  describe('savePaymentMethod', () => {
    const saving = { ...minimal, savePaymentMethod: true, serviceCustomerId: SERVICE_CUSTOMER_ID };

    it('is accepted with serviceCustomerId, with CARD offered or no method list', () => {
      expect(parse(ProcessPaymentBody, saving).savePaymentMethod).toBe(true);
      expect(parse(ProcessPaymentBody, { ...saving, paymentMethod: ['CARD'] })).toBeTruthy();
      expect(
        parse(ProcessPaymentBody, { ...saving, paymentMethod: ['PAY_BY_BANK', 'CARD'] }),
      ).toBeTruthy();
    });

    it('requires serviceCustomerId', () => {
      const found = issues(ProcessPaymentBody, { ...minimal, savePaymentMethod: true });
      expect(found.map((i) => i.path)).toEqual([['serviceCustomerId']]);
      expect(found[0]?.message).toBe('is required when savePaymentMethod is true');
    });

    it('requires CARD among the payment methods', () => {
      const found = issues(ProcessPaymentBody, { ...saving, paymentMethod: ['PAY_BY_BANK'] });
      expect(found.map((i) => i.path)).toEqual([['paymentMethod']]);
      expect(found[0]?.message).toBe('must include CARD when savePaymentMethod is true');
    });

    it('cannot be combined with splitBill', () => {
      const found = issues(ProcessPaymentBody, { ...saving, splitBill: true });
      expect(found.map((i) => i.path)).toEqual([['splitBill']]);
      expect(found[0]?.message).toBe('cannot be used with savePaymentMethod');
    });

    it('reports every broken precondition at once', () => {
      expect(
        paths(ProcessPaymentBody, {
          ...minimal,
          savePaymentMethod: true,
          paymentMethod: ['PAY_BY_BANK'],
          splitBill: true,
        }),
      ).toEqual([['serviceCustomerId'], ['paymentMethod'], ['splitBill']]);
    });

    it('leaves pay-by-bank-only and split bills alone when not saving', () => {
      expect(
        parse(ProcessPaymentBody, { ...minimal, paymentMethod: ['PAY_BY_BANK'], splitBill: true }),
      ).toBeTruthy();
      expect(
        parse(ProcessPaymentBody, { ...minimal, serviceCustomerId: SERVICE_CUSTOMER_ID }),
      ).toBeTruthy();
    });
  });
});

describe('ProcessPaymentBody: ids, expiry, notes, metadata, templates and flags', () => {
  it('requires serviceCustomerId and storeId to be UUIDs', () => {
    expect(paths(ProcessPaymentBody, { ...minimal, serviceCustomerId: 'CUST-1042' })).toEqual([
      ['serviceCustomerId'],
    ]);
    expect(paths(ProcessPaymentBody, { ...minimal, storeId: 'main' })).toEqual([['storeId']]);
  });

  it('bounds expiresIn to whole milliseconds between 1 second and 7 days', () => {
    expect(parse(ProcessPaymentBody, { ...minimal, expiresIn: 1000 }).expiresIn).toBe(1000);
    expect(parse(ProcessPaymentBody, { ...minimal, expiresIn: MAX_EXPIRES_IN_MS }).expiresIn).toBe(
      7 * 24 * 3600 * 1000,
    );
    expect(paths(ProcessPaymentBody, { ...minimal, expiresIn: 999 })).toEqual([['expiresIn']]);
    expect(paths(ProcessPaymentBody, { ...minimal, expiresIn: MAX_EXPIRES_IN_MS + 1 })).toEqual([
      ['expiresIn'],
    ]);
    expect(paths(ProcessPaymentBody, { ...minimal, expiresIn: 1500.5 })).toEqual([['expiresIn']]);
  });

  it('accepts notes of 30 characters and rejects 31', () => {
    expect(parse(ProcessPaymentBody, { ...minimal, notes: 'n'.repeat(30) })).toBeTruthy();
    expect(paths(ProcessPaymentBody, { ...minimal, notes: 'n'.repeat(31) })).toEqual([['notes']]);
  });

  it('applies the metadata rules', () => {
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'v']));
    expect(parse(ProcessPaymentBody, { ...minimal, metadata: fifty })).toBeTruthy();
    expect(parse(ProcessPaymentBody, { ...minimal, metadata: {} }).metadata).toEqual({});
    expect(paths(ProcessPaymentBody, { ...minimal, metadata: { ...fifty, k50: 'v' } })).toEqual([
      ['metadata'],
    ]);
    expect(paths(ProcessPaymentBody, { ...minimal, metadata: { 'a]': 'v' } })).toEqual([
      ['metadata', 'a]'],
    ]);
    expect(paths(ProcessPaymentBody, { ...minimal, metadata: { a: 'v'.repeat(501) } })).toEqual([
      ['metadata', 'a'],
    ]);
  });

  it('rejects an unknown template, a malformed redirect URL and bad consumer details', () => {
    expect(paths(ProcessPaymentBody, { ...minimal, template: 'POSTER' })).toEqual([['template']]);
    expect(paths(ProcessPaymentBody, { ...minimal, redirectUrl: '/thanks' })).toEqual([
      ['redirectUrl'],
    ]);
    for (const redirectUrl of ['javascript:alert(1)', 'JavaScript://x%0aalert(1)', 'file:///etc'])
      expect(paths(ProcessPaymentBody, { ...minimal, redirectUrl })).toEqual([['redirectUrl']]);
    expect(
      paths(ProcessPaymentBody, { ...minimal, consumerDetails: { email: 'jane.smith' } }),
    ).toEqual([['consumerDetails', 'email']]);
  });

  it('accepts every template', () => {
    for (const template of ['EXTERNAL_DISPLAY', 'EXTERNAL_DISPLAY_PNG', 'RECEIPT', 'RECEIPT_PNG'])
      expect(parse(ProcessPaymentBody, { ...minimal, template }).template).toBe(template);
  });

  it('bounds callbackParams keys and values', () => {
    expect(
      paths(ProcessPaymentBody, { ...minimal, callbackParams: { ref: 'v'.repeat(501) } }),
    ).toEqual([['callbackParams', 'ref']]);
    expect(paths(ProcessPaymentBody, { ...minimal, callbackParams: { '': 'v' } })).toEqual([
      ['callbackParams', ''],
    ]);
  });

  it('rejects non-boolean flags', () => {
    for (const flag of [
      'savePaymentMethod',
      'autoRedirect',
      'enableTips',
      'allowRetry',
      'splitBill',
    ])
      expect(paths(ProcessPaymentBody, { ...minimal, [flag]: 'true' })).toEqual([[flag]]);
  });
});

describe('PaymentRequest', () => {
  const response = {
    qrCodeUrl: `https://pay.example.com/api/payment-requests/${PAYMENT_REQUEST_ID}/qr.svg`,
    qrCodeUrlPng: `https://pay.example.com/api/payment-requests/${PAYMENT_REQUEST_ID}/qr.png`,
    templateUrl: `https://pay.example.com/api/payment-requests/${PAYMENT_REQUEST_ID}/template/EXTERNAL_DISPLAY`,
    paymentUrl: `https://pay.example.com/pay/${PAYMENT_REQUEST_ID}`,
    paymentRequestId: PAYMENT_REQUEST_ID,
  };

  it('accepts the five links and the id', () => {
    expect(parse(PaymentRequest, response)).toEqual(response);
  });

  it.each(['qrCodeUrl', 'qrCodeUrlPng', 'templateUrl', 'paymentUrl'])(
    'requires %s as a URL',
    (f) => {
      expect(paths(PaymentRequest, { ...response, [f]: 'qr.svg' })).toEqual([[f]]);
      expect(paths(PaymentRequest, { ...response, [f]: undefined })).toEqual([[f]]);
    },
  );

  it('requires the id as a UUID', () => {
    expect(paths(PaymentRequest, { ...response, paymentRequestId: 'PR-1' })).toEqual([
      ['paymentRequestId'],
    ]);
  });

  it('PaymentRequestParams requires a UUID', () => {
    expect(parse(PaymentRequestParams, { paymentRequestId: PAYMENT_REQUEST_ID })).toBeTruthy();
    expect(paths(PaymentRequestParams, { paymentRequestId: '123' })).toEqual([
      ['paymentRequestId'],
    ]);
  });
});

const cardDetails = {
  cardType: 'DEBIT',
  captureType: 'MANUAL_CAPTURE',
  maskedCardNumber: '**** **** **** 4242',
  brand: 'VISA',
};
const transaction = {
  transactionId: 'c4d5e6f7-a8b9-4c0d-9e1f-2a3b4c5d6e7f',
  paymentMethod: 'CARD',
  status: 'AUTHORIZED',
  amount: 24.99,
  tipAmount: 0,
  createdAt: '2026-03-14T09:31:00.000Z',
  updatedAt: '2026-03-14T09:31:05.000Z',
  cardPaymentDetails: cardDetails,
};

describe('CardPaymentDetails and PaymentTransaction', () => {
  it('accept a card transaction with its card details', () => {
    expect(parse(CardPaymentDetails, cardDetails)).toEqual(cardDetails);
    expect(parse(PaymentTransaction, transaction)).toEqual(transaction);
  });

  it('accept a failed pay-by-bank transaction with its error description', () => {
    const { cardPaymentDetails: _c, ...bank } = transaction;
    expect(
      parse(PaymentTransaction, {
        ...bank,
        paymentMethod: 'PAY_BY_BANK',
        status: 'FAILED',
        bankName: 'Monzo',
        errorDescription: 'Consent rejected by the bank',
      }),
    ).toBeTruthy();
  });

  it('reject unknown capture types, methods and statuses', () => {
    expect(paths(CardPaymentDetails, { ...cardDetails, captureType: 'LATER' })).toEqual([
      ['captureType'],
    ]);
    expect(paths(CardPaymentDetails, { ...cardDetails, maskedCardNumber: undefined })).toEqual([
      ['maskedCardNumber'],
    ]);
    expect(paths(PaymentTransaction, { ...transaction, paymentMethod: 'CHEQUE' })).toEqual([
      ['paymentMethod'],
    ]);
    // A cash sale's transaction says CASH (POST /api/payments/cash).
    expect(parse(PaymentTransaction, { ...transaction, paymentMethod: 'CASH' })).toBeTruthy();
    expect(paths(PaymentTransaction, { ...transaction, status: 'REFUNDED' })).toEqual([['status']]);
    expect(
      paths(PaymentTransaction, { ...transaction, cardPaymentDetails: { cardType: 'DEBIT' } }),
    ).toEqual([
      ['cardPaymentDetails', 'captureType'],
      ['cardPaymentDetails', 'maskedCardNumber'],
    ]);
  });
});

describe('PaymentStatusRecord', () => {
  const record = {
    paymentRequestId: PAYMENT_REQUEST_ID,
    status: 'AUTHORIZED',
    amount: 24.99,
    currency: 'GBP',
    tipAmount: 0,
    paidAmount: 0,
    paymentMethod: 'CARD',
    orderId: 'ORD-2026-0001',
    customerId: 'CUST-1042',
    storeId: STORE_ID,
    terminalId: TERMINAL_ID,
    notes: 'Table 4',
    metadata: { till: '3' },
    createdAt: '2026-03-14T09:30:00.000Z',
    updatedAt: '2026-03-14T09:31:05.000Z',
    expiresAt: '2026-03-14T09:33:00.000Z',
    transactions: [transaction],
  };

  it('accepts a record, and an untouched request with no method or terminal', () => {
    expect(parse(PaymentStatusRecord, record)).toEqual(record);
    expect(
      parse(PaymentStatusRecord, {
        ...record,
        status: 'PAYMENT_NOT_INITIATED',
        paymentMethod: null,
        terminalId: null,
        transactions: [],
      }),
    ).toBeTruthy();
  });

  it('rejects unknown statuses, bad ids and bad nested transactions', () => {
    expect(paths(PaymentStatusRecord, { ...record, status: 'PAID' })).toEqual([['status']]);
    expect(paths(PaymentStatusRecord, { ...record, storeId: 'main' })).toEqual([['storeId']]);
    expect(paths(PaymentStatusRecord, { ...record, terminalId: 'kiosk-1' })).toEqual([
      ['terminalId'],
    ]);
    expect(paths(PaymentStatusRecord, { ...record, paymentMethod: undefined })).toEqual([
      ['paymentMethod'],
    ]);
    expect(paths(PaymentStatusRecord, { ...record, metadata: { till: 3 } })).toEqual([
      ['metadata', 'till'],
    ]);
    expect(
      paths(PaymentStatusRecord, { ...record, transactions: [{ ...transaction, tipAmount: '0' }] }),
    ).toEqual([['transactions', 0, 'tipAmount']]);
  });
});
