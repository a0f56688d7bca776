import { describe, it, expect } from 'vitest';
import { RefundCreateBody, RefundList, RefundRecord } from './refunds';
import { parse, paths } from '../../../test/helpers/schema-test-kit';

/** A refund record as the service sends it: amounts as decimal strings. */
const refund = {
  refundId: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
  paymentRequestId: 'e2a1c3b4-5d6f-4a7b-8c9d-0e1f2a3b4c5d',
  paymentIdempotencyId: 'pay_01HQ3Z8K4M2N',
  status: 'COMPLETED',
  paidAmount: '10.50',
  refundAmount: '5.25',
  currency: 'GBP',
  refundNotes: 'Damaged item',
  orderId: 'ORD-2026-0001',
  refundType: 'PARTIAL',
  createdAt: '2026-03-14T10:00:00.000Z',
  updatedAt: '2026-03-14T10:05:00.000Z',
};

describe('RefundRecord', () => {
  it('parses a record with decimal-string amounts', () => {
    expect(parse(RefundRecord, refund)).toEqual(refund);
  });

  it('parses numeric amounts and metadata when supplied', () => {
    const record = {
      ...refund,
      paidAmount: 10.5,
      refundAmount: 10.5,
      refundType: 'FULL',
      metadata: { reason: 'damaged' },
    };
    expect(parse(RefundRecord, record)).toEqual(record);
  });

  it('accepts every refund status', () => {
    for (const status of ['INITIATED', 'PENDING', 'COMPLETED', 'FAILED', 'CANCELLED'])
      expect(parse(RefundRecord, { ...refund, status }).status).toBe(status);
  });

  it('rejects amounts that are not money', () => {
    expect(paths(RefundRecord, { ...refund, paidAmount: 'ten pounds' })).toEqual([['paidAmount']]);
    expect(paths(RefundRecord, { ...refund, refundAmount: '5.255' })).toEqual([['refundAmount']]);
    expect(paths(RefundRecord, { ...refund, refundAmount: 5.255 })).toEqual([['refundAmount']]);
    expect(paths(RefundRecord, { ...refund, paidAmount: undefined })).toEqual([['paidAmount']]);
  });

  it('rejects unknown statuses and refund types', () => {
    expect(paths(RefundRecord, { ...refund, status: 'REVERSED' })).toEqual([['status']]);
    expect(paths(RefundRecord, { ...refund, refundType: 'HALF' })).toEqual([['refundType']]);
  });

  it('rejects a non-UUID refundId, a bad currency and bad timestamps', () => {
    expect(paths(RefundRecord, { ...refund, refundId: 'RF-1' })).toEqual([['refundId']]);
    expect(paths(RefundRecord, { ...refund, currency: 'POUNDS' })).toEqual([['currency']]);
    expect(paths(RefundRecord, { ...refund, updatedAt: '14/03/2026' })).toEqual([['updatedAt']]);
  });

  it('RefundList is an array of records', () => {
    expect(parse(RefundList, [refund, { ...refund, status: 'PENDING' }])).toHaveLength(2);
    expect(parse(RefundList, [])).toEqual([]);
    expect(paths(RefundList, [refund, { ...refund, status: 'X' }])).toEqual([[1, 'status']]);
  });
});

describe('RefundCreateBody (extension)', () => {
  it('accepts an empty body (refund in full) and a partial refund', () => {
    expect(parse(RefundCreateBody, {})).toEqual({});
    const body = { amount: 5.25, refundNotes: 'Damaged item', metadata: { reason: 'damaged' } };
    expect(parse(RefundCreateBody, body)).toEqual(body);
  });

  it('requires a positive amount with at most two places', () => {
    expect(paths(RefundCreateBody, { amount: 0 })).toEqual([['amount']]);
    expect(paths(RefundCreateBody, { amount: 1.001 })).toEqual([['amount']]);
  });

  it('accepts notes of 30 characters and rejects 31', () => {
    expect(parse(RefundCreateBody, { refundNotes: 'n'.repeat(30) })).toBeTruthy();
    expect(paths(RefundCreateBody, { refundNotes: 'n'.repeat(31) })).toEqual([['refundNotes']]);
  });

  it('applies the metadata rules', () => {
    expect(paths(RefundCreateBody, { metadata: { '[x]': 'v' } })).toEqual([['metadata', '[x]']]);
  });
});
