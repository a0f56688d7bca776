/**
 * The Customers area's store against a real service over loopback (typed fetch client, real
 * SQLite): list, search and the metadata filter (sent as metadata[key]=value), create with
 * errors by field, edit sending only changed fields, metadata merge, a test card, a
 * MANUAL_CAPTURE charge captured in part, a cancel, the charges paged (more than one page), a
 * card-saving link and the outbox, and the merchant stream's `customers` topic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionApi, type SessionApi } from '../../src/dashboard/lib/api';
import { formOf, emptyForm } from '../../src/dashboard/lib/customers';
import { hasOlder, rangeText } from '../../src/dashboard/lib/paging';
import {
  PAGE_SIZE,
  createCustomersStore,
  type CustomersStore,
} from '../../src/dashboard/store/customers';
import { startService, SANDBOX, type Harness } from '../helpers/service';
import { connectSse } from '../helpers/sse';

let h: Harness;
let api: SessionApi;
let store: CustomersStore;
beforeAll(async () => {
  h = await startService();
  api = createSessionApi({ baseUrl: h.url, secret: SANDBOX, onUnauthorized: () => {} });
  store = createCustomersStore(api.call, { sandbox: true });
});
afterAll(async () => {
  await h.close();
});

const settle = async (id: string, status: string) => {
  await h.call('POST', '/api/sandbox/clock/advance', { ms: 1000 });
  for (let i = 0; i < 100; i++) {
    const res = await h.call('GET', `/api/payments/v1/payment-status/${id}`);
    if (res.body.status === status) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${id} never became ${status}`);
};

describe('customers store', () => {
  let adaId = '';

  it('creates a customer; bad fields and a duplicate email come back by field, nothing stored', async () => {
    const bad = await store.getState().create({ ...emptyForm(), fullName: 'A' }, []);
    expect(bad.fields.fullName).toMatch(/2-30/);
    expect(bad.fields.email).toMatch(/email or phoneNumber is required/i);

    const made = await store
      .getState()
      .create({ ...emptyForm(), fullName: 'Ada Lovelace', email: 'ada@example.com' }, [
        { key: 'tier', value: 'gold' },
      ]);
    expect(made.id).toBeTruthy();
    adaId = made.id!;

    const twice = await store
      .getState()
      .create({ ...emptyForm(), fullName: 'Ada Two', email: 'ADA@example.com' }, []);
    expect(twice).toEqual({
      fields: { email: 'Is already used by another customer.' },
      message: 'A customer with this email already exists.',
    });
    const twiceKey = await store
      .getState()
      .create({ ...emptyForm(), fullName: 'Ada Three', phoneNumber: '123' }, [
        { key: 'a', value: '1' },
        { key: 'a', value: '2' },
      ]);
    expect(twiceKey.fields.metadata).toMatch(/twice/);
    expect((await h.call('GET', '/api/customers')).body.totalCount).toBe(1);
  });

  it('searches and filters by metadata through the address view', async () => {
    await h.call('POST', '/api/customers', {
      fullName: 'Grace Hopper',
      phoneNumber: '7700900123',
      metadata: { tier: 'silver', 7: 'x' },
    });
    store.getState().showList({ search: '', meta: '', pageNumber: 0 });
    await store.getState().refreshList();
    expect(store.getState().page!.totalCount).toBe(2);

    store.getState().showList({ search: '0900 12', meta: '', pageNumber: 0 });
    await store.getState().refreshList();
    expect(store.getState().page!.data.map((c) => c.fullName)).toEqual(['Grace Hopper']);

    store.getState().showList({ search: '', meta: 'tier=gold', pageNumber: 0 });
    await store.getState().refreshList();
    expect(store.getState().page!.data.map((c) => c.fullName)).toEqual(['Ada Lovelace']);

    // A key of digits only works, and two keys combine with AND.
    store.getState().showList({ search: '', meta: '7=x, tier=silver', pageNumber: 0 });
    await store.getState().refreshList();
    expect(store.getState().page!.data.map((c) => c.fullName)).toEqual(['Grace Hopper']);
    store.getState().showList({ search: '', meta: '7=x, tier=gold', pageNumber: 0 });
    await store.getState().refreshList();
    expect(store.getState().page!.totalCount).toBe(0);

    store.getState().showList({ search: '', meta: 'tier=a,tier=b', pageNumber: 0 });
    await store.getState().refreshList();
    expect(store.getState().listProblems.fields.metadata).toMatch(/more than once/);
    store.getState().showList({ search: '', meta: 'a[b=1', pageNumber: 0 });
    await store.getState().refreshList();
    expect(store.getState().listProblems.fields.metadata).toMatch(/\[ or \]/);
  });

  it('edits only the changed fields and merges metadata', async () => {
    store.getState().open(adaId);
    await store.getState().refreshDetail();
    const ada = store.getState().customer!;
    expect(ada.fullName).toBe('Ada Lovelace');
    expect(await store.getState().update(formOf(ada))).toMatchObject({ changed: 0 });
    expect(await store.getState().update({ ...formOf(ada), city: 'London' })).toMatchObject({
      changed: 1,
      message: '',
    });
    const bad = await store
      .getState()
      .update({ ...formOf(store.getState().customer!), postcode: '!' });
    expect(bad.fields.postcode).toMatch(/4-8/);
    const saved = await store.getState().saveMetadata([
      { key: 'tier', value: 'platinum' },
      { key: 'room', value: '12' },
    ]);
    expect(saved).toEqual({ fields: {}, message: '' });
    await store.getState().saveMetadata([{ key: 'room', value: '12' }]);
    expect((await h.call('GET', `/api/customers/${adaId}`)).body).toMatchObject({
      city: 'London',
      metadata: { room: '12' },
    });
  });

  it('saves a test card, charges it MANUAL_CAPTURE, captures part; cancels another', async () => {
    expect((await store.getState().saveTestCard('1234')).fields.number).toMatch(/12 to 19/);
    expect(await store.getState().saveTestCard('4242 4242 4242 4242')).toEqual({
      fields: {},
      message: '',
    });
    await store.getState().refreshDetail();
    const card = store.getState().cards![0]!;
    expect(card.lastFourDigits).toBe('4242');
    await store.getState().saveCardMetadata(card.id, [{ key: 'label', value: 'work' }]);
    expect(store.getState().cards![0]!.metadata).toEqual({ label: 'work' });

    // Another customer's charge must not show among Ada's.
    const grace = (await h.call('GET', '/api/customers?search=Grace')).body.data[0];
    const graceCard = await h.call('POST', `/api/sandbox/customers/${grace.id}/cards`, {
      number: '4242424242424242',
    });
    expect(graceCard.status).toBe(201);
    const graceCharge = await h.call('POST', '/api/payments/card/process-payment', {
      customerId: grace.id,
      paymentMethodId: graceCard.body.id,
      captureType: 'AUTO_CAPTURE',
      amount: 5,
      orderId: 'GRACE-1',
    });
    expect(graceCharge.status).toBe(201);

    const base = {
      paymentMethodId: card.id,
      captureType: 'MANUAL_CAPTURE' as const,
      notes: '',
    };
    const refused = await store.getState().charge({ ...base, amount: '0.5', orderId: '' });
    expect(refused.fields.amount).toMatch(/at least 1/);
    expect(refused.fields.orderId).toBeTruthy();
    const charged = await store.getState().charge({ ...base, amount: '25', orderId: 'DEP-1' });
    await settle(charged.id!, 'AUTHORIZED');
    await store.getState().refreshCharges();
    expect(store.getState().charges!.data[0]).toMatchObject({
      orderId: 'DEP-1',
      status: 'AUTHORIZED',
    });
    const tooMuch = await store.getState().capture(charged.id!, '30');
    expect(tooMuch.fields.amount ?? tooMuch.message).toBeTruthy();
    expect((await store.getState().capture(charged.id!, '20')).result).toBeTruthy();
    await store.getState().refreshCharges();
    expect(store.getState().charges!.data[0]).toMatchObject({
      status: 'COMPLETED',
      paidAmount: 20,
    });

    const hold = await store.getState().charge({ ...base, amount: '10', orderId: 'HOLD-2' });
    await settle(hold.id!, 'AUTHORIZED');
    const other = await store.getState().cancel(hold.id!, 'Other', '');
    expect(other.fields.cancelledReasonDescription).toMatch(/required/);
    expect((await store.getState().cancel(hold.id!, 'Other', 'Left early')).result).toBeTruthy();
    await store.getState().refreshCharges();
    expect(store.getState().charges!.data.map((p) => [p.orderId, p.status])).toEqual([
      ['HOLD-2', 'CANCELLED'],
      ['DEP-1', 'COMPLETED'],
    ]);
  });

  it('pages through a customer’s charges, newest first, with the total; an old page falls back', async () => {
    // Ada has DEP-1 and HOLD-2; 21 more make 23, more than one page.
    const card = store.getState().cards![0]!;
    for (let i = 1; i <= PAGE_SIZE + 1; i++) {
      const made = await h.call('POST', '/api/payments/card/process-payment', {
        customerId: adaId,
        paymentMethodId: card.id,
        captureType: 'AUTO_CAPTURE',
        amount: 2,
        orderId: `BULK-${i}`,
      });
      expect(made.status).toBe(201);
    }
    store.getState().showCharges(0);
    await store.getState().refreshCharges();
    const first = store.getState().charges!;
    expect(first.totalCount).toBe(PAGE_SIZE + 3);
    expect(first.data).toHaveLength(PAGE_SIZE);
    expect(first.data[0]!.orderId).toBe(`BULK-${PAGE_SIZE + 1}`);
    expect(rangeText(first)).toBe(`1–${PAGE_SIZE} of ${PAGE_SIZE + 3}`);
    expect(hasOlder(first)).toBe(true);

    store.getState().showCharges(1);
    await expect.poll(() => store.getState().charges?.page).toBe(1);
    const second = store.getState().charges!;
    expect(second.data.map((p) => p.orderId)).toEqual(['BULK-1', 'HOLD-2', 'DEP-1']);
    expect(rangeText(second)).toBe(`${PAGE_SIZE + 1}–${PAGE_SIZE + 3} of ${PAGE_SIZE + 3}`);
    expect(hasOlder(second)).toBe(false);
    // Only Ada's charges: Grace's GRACE-1 is on neither page.
    expect([...first.data, ...second.data].map((p) => p.orderId)).not.toContain('GRACE-1');

    // A page past the last (an old bookmark) shows the last page instead.
    const fresh = createCustomersStore(api.call, { sandbox: true });
    fresh.getState().open(adaId, 7);
    await expect.poll(() => fresh.getState().charges?.page).toBe(1);
    expect(fresh.getState().chargesPageNumber).toBe(1);
    expect(fresh.getState().charges!.data).toHaveLength(3);
    // Back to the newest page.
    fresh.getState().showCharges(0);
    await expect.poll(() => fresh.getState().charges?.page).toBe(0);
  });

  it('sends a card-saving link that shows in the outbox; a bad redirect is a field error', async () => {
    const sent = await store
      .getState()
      .sendLink({ send: true, successRedirectUrl: '', failureRedirectUrl: '' });
    expect(sent.url).toMatch(/\/save-card\//);
    await store.getState().refreshMessages();
    expect(store.getState().messages!.data[0]).toMatchObject({
      channel: 'EMAIL',
      to: 'ada@example.com',
      link: sent.url,
    });
    const bad = await store
      .getState()
      .sendLink({ send: false, successRedirectUrl: 'nope', failureRedirectUrl: '' });
    expect(bad.fields.successRedirectUrl).toMatch(/URL/);
  });

  it('the merchant stream names the customers topic when a customer is added', async () => {
    const stream = await connectSse(`${h.url}/api/merchant/events`, SANDBOX);
    try {
      await stream.next((e) => e.event === 'ready');
      await h.call('POST', '/api/customers', { fullName: 'Linus', email: 'linus@example.com' });
      const change = await stream.next(
        (e) =>
          e.event === 'change' &&
          (JSON.parse(e.data) as { topics: string[] }).topics.includes('customers'),
        10_000,
      );
      expect(change.event).toBe('change');
    } finally {
      stream.close();
    }
  });
});
