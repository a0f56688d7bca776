import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import {
  Alignment,
  BankTransactionStatus,
  BankTransactionType,
  CancelReasonCode,
  CaptureType,
  CardPaymentStatus,
  ConsumerDetails,
  Currency,
  CustomerType,
  Environment,
  EventType,
  MAX_METADATA_PAIRS,
  Message,
  Metadata,
  MetadataKey,
  MetadataValue,
  Notes,
  PageQuery,
  PaymentMethod,
  PaymentStatus,
  Period,
  RequestMethod,
  WholePence,
  PositivePounds,
  Pounds,
  PoundsOrDecimalText,
  RefundStatus,
  RefundType,
  Template,
  Timestamp,
  Uuid,
  nonBlank,
  offsetPage,
} from './common';
import { issues, parse, paths } from '../../../test/helpers/schema-test-kit';

/** Parses or fails the test with the issues, so a broken sample says why. */
/** The messages of an invalid record key (zod nests them under one invalid_key issue). */
const keyMessages = (schema: z.ZodType, input: unknown) =>
  issues(schema, input).flatMap((i) =>
    i.code === 'invalid_key' ? i.issues.map((n) => n.message) : [],
  );

const UUID = '3f2b1c9e-8a4d-4e7b-9c2a-5d6e7f8a9b0c';

describe('enumerations carry exactly the interface values', () => {
  it.each([
    [Environment, ['sandbox', 'production']],
    // CASH is how a payment may be paid (recorded at the counter), never what a request offers.
    [PaymentMethod, ['PAY_BY_BANK', 'CARD', 'CASH']],
    [RequestMethod, ['PAY_BY_BANK', 'CARD']],
    [CaptureType, ['AUTO_CAPTURE', 'MANUAL_CAPTURE', 'CAPTURE_BEFORE_EXPIRY']],
    [Template, ['EXTERNAL_DISPLAY', 'EXTERNAL_DISPLAY_PNG', 'RECEIPT', 'RECEIPT_PNG']],
    [CustomerType, ['INDIVIDUAL', 'BUSINESS']],
    [CancelReasonCode, ['Duplicate', 'Abandoned', 'Requested by customer', 'Other']],
    [Period, ['DAY', 'WEEK', 'FORTNIGHT', 'MONTH', 'HALF_YEAR', 'YEAR']],
    [Alignment, ['CALENDAR', 'ANCHORED']],
    [
      EventType,
      [
        'PAYMENTS_STATUS',
        'EXPIRED_STATUS',
        'REFUND_STATUS',
        'POS_PAYMENT_STATUS',
        'TERMINAL_HEALTH',
      ],
    ],
    [CardPaymentStatus, ['COMPLETED', 'PENDING', 'AUTHORIZED', 'FAILED', 'CANCELLED']],
    [RefundStatus, ['INITIATED', 'PENDING', 'COMPLETED', 'FAILED', 'CANCELLED']],
    [RefundType, ['PARTIAL', 'FULL']],
    [BankTransactionType, ['CREDIT', 'DEBIT']],
    [BankTransactionStatus, ['BOOKED', 'PENDING']],
  ] as const)('%#: %j', (schema, values) => {
    expect([...schema.options].sort()).toEqual([...values].sort());
    for (const value of values) expect(schema.safeParse(value).success).toBe(true);
    expect(schema.safeParse('UNKNOWN').success).toBe(false);
    expect(schema.safeParse(undefined).success).toBe(false);
  });

  it('PaymentStatus holds the pay-by-bank and card states', () => {
    for (const s of [
      'PAYMENT_NOT_INITIATED',
      'AWAITING_AUTHORIZATION',
      'PENDING',
      'AUTHORIZED',
      'COMPLETED',
      'FAILED',
      'CANCELLED',
      'EXPIRED',
    ])
      expect(parse(PaymentStatus, s)).toBe(s);
    expect(PaymentStatus.safeParse('REFUNDED').success).toBe(false);
  });

  it('Period lists periods from shortest to longest', () => {
    expect(Period.options).toEqual(['DAY', 'WEEK', 'FORTNIGHT', 'MONTH', 'HALF_YEAR', 'YEAR']);
  });
});

describe('Uuid, Timestamp, Currency', () => {
  it('accepts a UUID and rejects other ids', () => {
    expect(parse(Uuid, UUID)).toBe(UUID);
    expect(issues(Uuid, 'CUST-1042')[0]?.message).toBe('must be a UUID');
    expect(Uuid.safeParse('').success).toBe(false);
  });

  it('accepts ISO 8601 date-times in UTC or with an offset', () => {
    expect(parse(Timestamp, '2026-03-14T09:30:00Z')).toBe('2026-03-14T09:30:00Z');
    expect(parse(Timestamp, '2026-03-14T09:30:00.123Z')).toBe('2026-03-14T09:30:00.123Z');
    expect(parse(Timestamp, '2026-03-14T10:30:00+01:00')).toBe('2026-03-14T10:30:00+01:00');
  });

  it('rejects dates, spaces and free text as timestamps', () => {
    for (const bad of ['2026-03-14', '2026-03-14 09:30:00', '14/03/2026 09:30', 'yesterday'])
      expect(issues(Timestamp, bad)[0]?.message).toBe('must be an ISO 8601 date-time');
  });

  it('accepts three-letter upper-case currency codes only', () => {
    expect(parse(Currency, 'GBP')).toBe('GBP');
    expect(parse(Currency, 'EUR')).toBe('EUR');
    for (const bad of ['gbp', 'GB', 'GBPX', '£'])
      expect(issues(Currency, bad)[0]?.message).toBe('must be a three-letter currency code');
  });
});

describe('nonBlank', () => {
  const FullName = nonBlank(2, 30);
  const OrderId = nonBlank(1, 50);

  it('trims and accepts text within its bounds', () => {
    expect(parse(FullName, '  Jane Smith  ')).toBe('Jane Smith');
    expect(parse(FullName, 'Al')).toBe('Al');
    expect(parse(FullName, 'x'.repeat(30))).toBe('x'.repeat(30));
    expect(parse(OrderId, 'A')).toBe('A');
  });

  it('rejects blank text, text too short and text too long', () => {
    expect(issues(FullName, '   ')[0]?.message).toBe('must be 2-30 characters and not blank');
    expect(issues(FullName, 'A')[0]?.message).toBe('must be 2-30 characters and not blank');
    expect(issues(FullName, 'x'.repeat(31))[0]?.message).toBe('must be at most 30 characters');
    expect(issues(OrderId, '  ')[0]?.message).toBe('must not be blank');
    expect(issues(OrderId, 'x'.repeat(51))[0]?.message).toBe('must be at most 50 characters');
  });
});

describe('Notes', () => {
  it('accepts up to 30 characters', () => {
    expect(parse(Notes, 'x'.repeat(30))).toHaveLength(30);
    expect(parse(Notes, '')).toBe('');
  });
  it('rejects 31 characters', () => {
    expect(issues(Notes, 'x'.repeat(31))[0]?.message).toBe('must be at most 30 characters');
  });
});

describe('Pounds and PositivePounds', () => {
  it('accepts amounts with at most two decimal places, up to the maximum', () => {
    for (const n of [0, 1, 10.5, 19.99, -5.25, 99_999_999.99]) expect(parse(Pounds, n)).toBe(n);
  });

  it('rejects more than two decimal places', () => {
    expect(issues(Pounds, 1.234)[0]?.message).toBe('must have at most 2 decimal places');
    expect(issues(Pounds, 0.1 + 0.2)[0]?.message).toBe('must have at most 2 decimal places');
  });

  it('rejects amounts beyond the maximum', () => {
    // The message names the limit in pounds, so staff and merchants know what they may type.
    const tooLarge = 'is too large: the largest amount is £99,999,999.99';
    expect(issues(Pounds, 100_000_000)[0]?.message).toBe(tooLarge);
    expect(issues(Pounds, -100_000_000)[0]?.message).toBe(tooLarge);
  });

  it('rejects what is not a finite number', () => {
    for (const bad of ['10.50', Number.NaN, Number.POSITIVE_INFINITY, null])
      expect(Pounds.safeParse(bad).success).toBe(false);
  });

  it('PositivePounds rejects zero and negatives', () => {
    expect(parse(PositivePounds, 0.01)).toBe(0.01);
    expect(issues(PositivePounds, 0)[0]?.message).toBe('must be greater than 0');
    expect(issues(PositivePounds, -1)[0]?.message).toBe('must be greater than 0');
    expect(issues(PositivePounds, 1.005)[0]?.message).toBe('must have at most 2 decimal places');
  });
});

describe('WholePence', () => {
  it('takes whole pence from 0 to MAX_PENCE and refuses anything else with a message', () => {
    for (const n of [0, 1, 2000, 9_999_999_999]) expect(parse(WholePence, n)).toBe(n);
    for (const bad of [12.5, 1e-268, -1, 1e21, NaN, Infinity, '2000', null])
      expect(WholePence.safeParse(bad).success, String(bad)).toBe(false);
    expect(issues(WholePence, 1e-268)[0]?.message).toBe('must be a whole number of pence');
    expect(issues(WholePence, -1)[0]?.message).toBe('must not be negative');
  });
});

describe('PoundsOrDecimalText', () => {
  it('accepts numbers and decimal strings (the refund sample quirk)', () => {
    expect(parse(PoundsOrDecimalText, 10.5)).toBe(10.5);
    expect(parse(PoundsOrDecimalText, '10.50')).toBe('10.50');
    expect(parse(PoundsOrDecimalText, '7')).toBe('7');
  });
  it('rejects text that is not money and numbers with three places', () => {
    for (const bad of ['ten', '1.234', '', 1.234])
      expect(PoundsOrDecimalText.safeParse(bad).success).toBe(false);
  });
});

describe('Metadata', () => {
  const pairs = (n: number) =>
    Object.fromEntries(Array.from({ length: n }, (_, i) => [`key${i}`, `v${i}`]));

  it('accepts string pairs, an empty object and digit-only keys', () => {
    expect(parse(Metadata, { till: '3', loyaltyId: 'LC-99812' })).toEqual({
      till: '3',
      loyaltyId: 'LC-99812',
    });
    expect(parse(Metadata, {})).toEqual({});
    expect(parse(Metadata, { '123': 'digits' })).toEqual({ '123': 'digits' });
  });

  it('accepts 50 pairs and rejects 51', () => {
    expect(MAX_METADATA_PAIRS).toBe(50);
    expect(Object.keys(parse(Metadata, pairs(50)))).toHaveLength(50);
    const found = issues(Metadata, pairs(51));
    expect(found.map((i) => i.path)).toEqual([[]]);
    expect(found[0]?.message).toBe('at most 50 metadata pairs');
  });

  it('accepts a key of 40 characters and rejects one of 41', () => {
    expect(parse(Metadata, { ['k'.repeat(40)]: 'v' })).toEqual({ ['k'.repeat(40)]: 'v' });
    const key = 'k'.repeat(41);
    expect(paths(Metadata, { [key]: 'v' })).toEqual([[key]]);
    expect(keyMessages(Metadata, { [key]: 'v' })).toEqual([
      'metadata keys must be 1-40 characters',
    ]);
  });

  it('rejects an empty key', () => {
    expect(paths(Metadata, { '': 'v' })).toEqual([['']]);
    expect(keyMessages(Metadata, { '': 'v' })).toEqual(['metadata keys must be 1-40 characters']);
  });

  it('rejects keys containing [ or ]', () => {
    expect(paths(Metadata, { 'a[b': 'v' })).toEqual([['a[b']]);
    expect(keyMessages(Metadata, { 'a[b': 'v' })).toEqual([
      'metadata keys must not contain [ or ]',
    ]);
    expect(keyMessages(Metadata, { 'a]b': 'v' })).toEqual([
      'metadata keys must not contain [ or ]',
    ]);
  });

  it('accepts a value of 500 characters and rejects one of 501', () => {
    expect(parse(Metadata, { note: 'x'.repeat(500) }).note).toHaveLength(500);
    const found = issues(Metadata, { note: 'x'.repeat(501) });
    expect(found.map((i) => i.path)).toEqual([['note']]);
    expect(found[0]?.message).toBe('metadata values must be at most 500 characters');
  });

  it('rejects values that are not strings', () => {
    expect(paths(Metadata, { till: 3 })).toEqual([['till']]);
    expect(paths(Metadata, { till: null })).toEqual([['till']]);
  });

  it('exposes its key and value rules on their own', () => {
    expect(MetadataKey.safeParse('orderRef').success).toBe(true);
    expect(MetadataKey.safeParse('a[').success).toBe(false);
    expect(MetadataValue.safeParse('x'.repeat(500)).success).toBe(true);
    expect(MetadataValue.safeParse('x'.repeat(501)).success).toBe(false);
  });
});

describe('Message', () => {
  it('carries a message', () => {
    expect(parse(Message, { message: 'Payment request cancelled' })).toEqual({
      message: 'Payment request cancelled',
    });
    expect(paths(Message, {})).toEqual([['message']]);
  });
});

describe('offsetPage', () => {
  const Page = offsetPage(z.string());
  const page = { data: ['a', 'b'], totalCount: 42, page: 0, size: 20 };

  it('accepts a page', () => {
    expect(parse(Page, page)).toEqual(page);
    expect(parse(Page, { data: [], totalCount: 0, page: 3, size: 20 }).data).toEqual([]);
  });

  it('rejects bad items, negative counts and a zero size', () => {
    expect(paths(Page, { ...page, data: [1] })).toEqual([['data', 0]]);
    expect(paths(Page, { ...page, totalCount: -1 })).toEqual([['totalCount']]);
    expect(paths(Page, { ...page, totalCount: 1.5 })).toEqual([['totalCount']]);
    expect(paths(Page, { ...page, page: -1 })).toEqual([['page']]);
    expect(paths(Page, { ...page, size: 0 })).toEqual([['size']]);
  });
});

describe('PageQuery', () => {
  it('defaults to page 0 and size 20', () => {
    expect(parse(PageQuery, {})).toEqual({ page: 0, size: 20 });
  });

  it('coerces query-string numbers', () => {
    expect(parse(PageQuery, { page: '2' })).toEqual({ page: 2, size: 20 });
    expect(parse(PageQuery, { page: '0', size: '100' })).toEqual({ page: 0, size: 100 });
  });

  it('rejects a negative page and text that is not a number', () => {
    expect(paths(PageQuery, { page: '-1' })).toEqual([['page']]);
    expect(issues(PageQuery, { page: '-1' })[0]?.message).toBe('page must be 0 or more');
    expect(paths(PageQuery, { page: 'abc' })).toEqual([['page']]);
    expect(issues(PageQuery, { page: 'abc' })[0]?.message).toBe('page must be a whole number');
    expect(paths(PageQuery, { page: '1.5' })).toEqual([['page']]);
  });

  it('rejects a size outside 1-100', () => {
    expect(paths(PageQuery, { size: '0' })).toEqual([['size']]);
    expect(paths(PageQuery, { size: '101' })).toEqual([['size']]);
    expect(paths(PageQuery, { size: 'ten' })).toEqual([['size']]);
  });
});

describe('ConsumerDetails', () => {
  const consumer = {
    phoneCountryCode: '+44',
    phoneNumber: '7700900123',
    email: 'jane.smith@example.co.uk',
    firstName: 'Jane',
    lastName: 'Smith',
  };

  it('accepts every consumer field, all optional', () => {
    expect(parse(ConsumerDetails, consumer)).toEqual(consumer);
    expect(parse(ConsumerDetails, {})).toEqual({});
  });

  it('rejects a malformed email and over-long names', () => {
    expect(paths(ConsumerDetails, { ...consumer, email: 'jane.smith' })).toEqual([['email']]);
    expect(paths(ConsumerDetails, { ...consumer, firstName: 'x'.repeat(51) })).toEqual([
      ['firstName'],
    ]);
    expect(paths(ConsumerDetails, { ...consumer, lastName: 'x'.repeat(51) })).toEqual([
      ['lastName'],
    ]);
  });
});
