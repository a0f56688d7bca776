import { describe, expect, it } from 'vitest';
import type { KioskPayment } from '../../../shared/bridge';
import { atMinute, samplePayment } from '../../../../test/helpers/sample-payment';
import { appendPage, refreshFirstPage, updateRow } from './history-list';

function p(id: string, minute: number, status: KioskPayment['status'] = 'COMPLETED'): KioskPayment {
  return samplePayment({
    paymentRequestId: id,
    orderId: id,
    status,
    createdAt: atMinute(minute),
    final: true,
  });
}
const ids = (list: { payments: KioskPayment[] }) => list.payments.map((x) => x.paymentRequestId);

describe('history list', () => {
  it('appends a page without repeating rows', () => {
    const merged = appendPage(
      { payments: [p('e', 5), p('d', 4)], nextCursor: 'c1' },
      { payments: [p('d', 4), p('c', 3)], nextCursor: null },
    );
    expect(ids(merged)).toEqual(['e', 'd', 'c']);
    expect(merged.nextCursor).toBeNull();
  });

  it('replaces a single page with the fresh one', () => {
    const fresh = { payments: [p('f', 6), p('e', 5)], nextCursor: 'x' };
    expect(refreshFirstPage({ payments: [p('e', 5), p('d', 4)], nextCursor: 'y' }, fresh)).toBe(
      fresh,
    );
  });

  it('keeps older loaded rows after a fresh first page', () => {
    const current = { payments: [p('e', 5), p('d', 4), p('c', 3), p('b', 2)], nextCursor: 'c2' };
    const fresh = { payments: [p('f', 6), p('e', 5)], nextCursor: 'c1' };
    const merged = refreshFirstPage(current, fresh);
    expect(ids(merged)).toEqual(['f', 'e', 'd', 'c', 'b']);
    expect(merged.nextCursor).toBe('c2');
  });

  it('drops a row from the first page’s range that no longer matches', () => {
    const current = { payments: [p('e', 5), p('d', 4), p('c', 3)], nextCursor: 'c2' };
    // d left the search (its status changed); the fresh first page reaches back to c.
    const fresh = { payments: [p('e', 5), p('c', 3)], nextCursor: 'c1' };
    expect(ids(refreshFirstPage(current, fresh))).toEqual(['e', 'c']);
  });

  it('updates a changed row in place', () => {
    const current = { payments: [p('e', 5, 'PENDING'), p('d', 4)], nextCursor: null };
    const updated = updateRow(current, p('e', 5, 'COMPLETED'));
    expect(updated.payments[0]!.status).toBe('COMPLETED');
    expect(updateRow(current, p('z', 1))).toBe(current);
  });
});
