/**
 * The Settings page's stores and the Terminals page's move, from the dashboard's zustand stores
 * against a real service: adding, editing and archiving a store with the service's refusals shown
 * by their fields, its takings, and a terminal moved to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionApi, type SessionApi } from '../../src/dashboard/lib/api';
import { createStoresStore } from '../../src/dashboard/store/stores';
import { createTerminalsStore } from '../../src/dashboard/store/terminals';
import { startService, SANDBOX, type Harness } from '../helpers/service';

let h: Harness;
let api: SessionApi;
beforeAll(async () => {
  h = await startService();
  api = createSessionApi({ baseUrl: h.url, secret: SANDBOX, onUnauthorized: () => {} });
});
afterAll(() => h.close());

describe('the stores of Settings', () => {
  it('adds, edits and archives a store, refusing the primary; shows takings; moves a terminal to it', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const stores = createStoresStore(api.call, () => today);
    await stores.getState().refresh();
    const [primary] = stores.getState().stores!;
    expect(primary).toMatchObject({ isPrimary: true });

    expect(await stores.getState().add('  ', '')).toBe(false);
    expect(stores.getState().formErrors.name).toBe('Enter a name for the store.');
    expect(await stores.getState().add('x'.repeat(81), '')).toBe(false);
    expect(stores.getState().formErrors.name).toBe('Name must be at most 80 characters.');
    expect(await stores.getState().add('Harbour', '1 Quay')).toBe(true);
    const harbour = stores.getState().stores!.find((s) => s.name === 'Harbour')!;
    expect(harbour).toMatchObject({ address: '1 Quay', archived: false });

    expect(await stores.getState().edit(harbour.id, 'Harbour Front', '')).toBe(true);
    expect(stores.getState().stores!.find((s) => s.id === harbour.id)).toMatchObject({
      name: 'Harbour Front',
    });
    expect(stores.getState().stores!.find((s) => s.id === harbour.id)!.address).toBeUndefined();

    await stores.getState().setArchived(primary!.id, true);
    expect(stores.getState().itemErrors[primary!.id]!['']).toMatch(
      /^Not archived: .*primary store/,
    );
    expect(stores.getState().stores![0]!.archived).toBe(false);

    // A terminal moved to the new store, from the Terminals page.
    const code = await h.call('POST', '/api/terminal/pairing-codes', {});
    const paired = await h.call(
      'POST',
      '/api/terminal/pair',
      { code: code.body.code, name: 'T' },
      null,
    );
    const terminals = createTerminalsStore(api.call);
    await terminals.getState().refresh();
    expect(terminals.getState().stores.map((s) => s.name)).toContain('Harbour Front');
    await terminals.getState().moveTo(paired.body.terminal.id, harbour.id);
    expect(terminals.getState().terminals![0]!.storeId).toBe(harbour.id);

    // Its payment completes: the store's takings today and this week.
    const made = await h.call(
      'POST',
      '/api/payments/process-payment',
      { customerId: 'c', orderId: 'h-1', amount: 8 },
      paired.body.secret,
    );
    await h.call('POST', `/api/sandbox/payment-requests/${made.body.paymentRequestId}/simulate`, {
      paymentMethod: 'PAY_BY_BANK',
      outcome: 'COMPLETED',
    });
    const status = await h.call(
      'GET',
      `/api/payments/v1/payment-status/${made.body.paymentRequestId}`,
    );
    const day = (status.body.updatedAt as string).slice(0, 10);
    const onDay = createStoresStore(api.call, () => day);
    await onDay.getState().refresh();
    expect(onDay.getState().takings[harbour.id]).toMatchObject({
      day: { payments: 1, net: 8 },
      week: { payments: 1, net: 8 },
    });
    expect(onDay.getState().stores!.find((s) => s.id === harbour.id)!.terminals).toBe(1);

    await stores.getState().setArchived(harbour.id, true);
    expect(stores.getState().stores!.find((s) => s.id === harbour.id)!.archived).toBe(true);
    await terminals.getState().refresh();
    expect(terminals.getState().stores.find((s) => s.id === harbour.id)!.archived).toBe(true);
  });
});
