/**
 * The dashboard's refunds store against a real service over loopback: a payment's refunds
 * (none is an empty list, not an error), refunding an amount and in full, the page's own check
 * of the amount, and the service's refusals shown by the field they name.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSessionApi, type SessionApi } from '../../src/dashboard/lib/api';
import { leftToRefund } from '../../src/dashboard/lib/refunds';
import { createRefundsStore } from '../../src/dashboard/store/refunds';
import { startService, SANDBOX, type Harness } from '../helpers/service';

let h: Harness;
let api: SessionApi;
beforeAll(async () => {
  h = await startService();
  api = createSessionApi({ baseUrl: h.url, secret: SANDBOX, onUnauthorized: () => {} });
});
afterAll(() => h.close());

async function paid(orderId: string, amount: number, tipAmount = 0) {
  const created = await h.call('POST', '/api/payments/process-payment', {
    customerId: 'c',
    orderId,
    amount,
  });
  const id = created.body.paymentRequestId as string;
  await h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod: 'CARD',
    outcome: 'COMPLETED',
    tipAmount,
  });
  return id;
}

/** Waits, with a bound, for the opened payment's refunds to load (or fail to). */
const settle = (store: ReturnType<typeof createRefundsStore>) =>
  vi.waitFor(
    () => {
      const { refunds, loadError } = store.getState();
      expect(refunds !== null || loadError !== '').toBe(true);
    },
    { timeout: 10_000 },
  );

describe('refunds store', () => {
  it('refunds an amount, then the rest in full, showing refusals by field', async () => {
    const id = await paid('R-1', 12.5, 1.5);
    const store = createRefundsStore(api.call);
    store.getState().open(id);
    await settle(store);
    expect(store.getState().refunds).toEqual([]);
    expect(store.getState().loadError).toBe('');

    // The page checks the amount's form and sends nothing.
    expect(await store.getState().refund({ full: false, amount: '1.234', notes: '' })).toBe(false);
    expect(store.getState().fieldErrors.amount).toBe(
      'Enter the amount in pounds, such as 12.50: digits only, at most 2 decimal places.',
    );
    expect((await h.call('GET', `/api/refund/${id}`)).status).toBe(404);

    // More than is left: the service refuses, naming amount; shown by that field.
    expect(await store.getState().refund({ full: false, amount: '20', notes: '' })).toBe(false);
    expect(store.getState().fieldErrors).toEqual({
      amount: 'Amount is more than is left to refund (£14.00 of £14.00 paid).',
    });
    expect(store.getState().formError).toBe('');

    expect(await store.getState().refund({ full: false, amount: '4', notes: 'Damaged' })).toBe(
      true,
    );
    expect(store.getState().fieldErrors).toEqual({});
    expect(store.getState().notice).toBe('Refund of £4.00 requested.');
    await store.getState().refresh();
    const [first] = store.getState().refunds!;
    expect(first).toMatchObject({
      status: 'INITIATED',
      refundType: 'PARTIAL',
      refundNotes: 'Damaged',
    });
    expect(leftToRefund(14, store.getState().refunds!)).toBe(1000);

    await h.call('POST', `/api/sandbox/refunds/${first!.refundId}/simulate`, {
      outcome: 'COMPLETED',
    });
    await store.getState().refresh();
    expect(store.getState().refunds!.map((r) => r.status)).toEqual(['COMPLETED']);

    expect(await store.getState().refund({ full: true, amount: '', notes: '' })).toBe(true);
    expect(store.getState().notice).toBe('Refund of £10.00 requested.');
    await store.getState().refresh();
    expect(leftToRefund(14, store.getState().refunds!)).toBe(0);

    // Nothing left: the service's refusal is shown for the form.
    expect(await store.getState().refund({ full: true, amount: '', notes: '' })).toBe(false);
    expect(store.getState().formError).toMatch(/^Not refunded: /);
  });

  it('says why a payment that is not paid cannot be refunded, and a failed refund frees its amount', async () => {
    const created = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'R-2',
      amount: 3,
    });
    const store = createRefundsStore(api.call);
    store.getState().open(created.body.paymentRequestId);
    await settle(store);
    expect(await store.getState().refund({ full: true, amount: '', notes: '' })).toBe(false);
    expect(store.getState().formError).toMatch(
      /^Not refunded: .*PAYMENT_NOT_INITIATED|not completed/i,
    );

    const id = await paid('R-3', 5);
    store.getState().open(id);
    await settle(store);
    expect(await store.getState().refund({ full: true, amount: '', notes: '' })).toBe(true);
    await store.getState().refresh();
    const refundId = store.getState().refunds![0]!.refundId;
    await h.call('POST', `/api/sandbox/refunds/${refundId}/simulate`, { outcome: 'FAILED' });
    await store.getState().refresh();
    expect(store.getState().refunds![0]!.status).toBe('FAILED');
    expect(leftToRefund(5, store.getState().refunds!)).toBe(500);

    store.getState().close();
    expect(store.getState()).toMatchObject({ detailId: null, refunds: null });
  });
});
