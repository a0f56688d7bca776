/**
 * The dashboard's stores against a real service over loopback (the typed fetch client, real
 * SQLite): terminals and pairing, pushing and listing payments, webhooks. The React components
 * only show what these stores hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionApi, type SessionApi } from '../../src/dashboard/lib/api';
import {
  createPaymentsStore,
  PAGE_SIZE,
  rangeText,
  type PushInput,
} from '../../src/dashboard/store/payments';
import { createTerminalsStore } from '../../src/dashboard/store/terminals';
import { createWebhooksStore } from '../../src/dashboard/store/webhooks';
import { startService, SANDBOX, type Harness } from '../helpers/service';
import { connectSse, type SseConnection } from '../helpers/sse';

let h: Harness;
let api: SessionApi;
let kiosk: SseConnection | undefined;
beforeAll(async () => {
  h = await startService();
  api = createSessionApi({ baseUrl: h.url, secret: SANDBOX, onUnauthorized: () => {} });
});
afterAll(async () => {
  kiosk?.close();
  await h.close();
});

async function pairTill(name: string) {
  const code = await h.call('POST', '/api/terminal/pairing-codes', {});
  const paired = await h.call('POST', '/api/terminal/pair', { code: code.body.code, name }, null);
  return { id: paired.body.terminal.id as string, secret: paired.body.secret as string };
}

describe('terminals store', () => {
  it('pairs with a code, notices the new terminal, renames, switches and unpairs it', async () => {
    const store = createTerminalsStore(api.call);
    await store.getState().refresh();
    expect(store.getState().terminals).toEqual([]);

    await store.getState().makePairingCode();
    const pairing = store.getState().pairing!;
    expect(pairing.code).toMatch(/^\d{3} \d{3}$/);
    expect(pairing.deadline - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    await h.call(
      'POST',
      '/api/terminal/pair',
      { code: pairing.code.replace(' ', ''), name: 'Till' },
      null,
    );
    await store.getState().refresh();
    expect(store.getState().pairing).toBeNull();
    expect(store.getState().pairedNotice).toBe(
      'Paired: Till. It shows as online once Counter is open on it.',
    );
    const id = store.getState().terminals![0]!.id;

    expect(await store.getState().rename(id, '   ')).toBe(false);
    expect(store.getState().rowErrors[id]).toBe(
      'Enter a name for the terminal (1 to 50 characters).',
    );
    expect(await store.getState().rename(id, 'x'.repeat(51))).toBe(false);
    expect(store.getState().rowErrors[id]).toMatch(/^Not renamed: name: /);
    expect(await store.getState().rename(id, ' Bar till ')).toBe(true);
    expect(store.getState().rowErrors[id]).toBeUndefined();
    expect(store.getState().terminals![0]!.name).toBe('Bar till');

    await store.getState().setRemotePayments(id, false);
    expect(store.getState().terminals![0]!.remotePaymentsEnabled).toBe(false);
    expect((await h.call('GET', '/api/terminal')).body[0].remotePaymentsEnabled).toBe(false);

    await store.getState().unpair(id);
    expect(store.getState().terminals).toEqual([]);
    await store.getState().unpair(id);
    expect(store.getState().rowErrors[id]).toMatch(/^Not unpaired: /);
  });
});

describe('payments store', () => {
  it('checks the push form in the page, then sends and lists the payment', async () => {
    const till = await pairTill('Front till');
    kiosk = await connectSse(`${h.url}/api/terminal/events`, till.secret);
    await kiosk.next((e) => e.event === 'ready');
    const store = createPaymentsStore(api.call);
    const push = (over: Partial<PushInput> = {}) =>
      store.getState().push({
        terminalId: till.id,
        terminalName: 'Front till',
        amount: '12.34',
        method: 'CARD',
        notes: 'Table 7',
        ...over,
      });

    expect(await push({ terminalId: '' })).toBe(false);
    expect(store.getState()).toMatchObject({
      pushError: 'Choose the terminal to send the payment to.',
      pushErrorField: 'terminal',
    });
    expect(await push({ amount: '99999999999' })).toBe(false);
    expect(store.getState().pushError).toBe(
      'The largest amount you can take in one payment is £99,999,999.99.',
    );
    expect(await push({ notes: 'x'.repeat(31) })).toBe(false);
    expect(store.getState().pushError).toBe(
      'Not sent: notes: must be at most 30 characters after trimming',
    );
    expect((await h.call('GET', '/api/payment-requests')).body.totalCount).toBe(0);

    expect(await push()).toBe(true);
    const id = store.getState().pushedId;
    // Words a person reads, no id: the confirmation links to the payment's page with it.
    expect(store.getState().pushResult).toBe('Sent to Front till: £12.34.');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(store.getState().pushError).toBe('');
    await expect.poll(() => store.getState().page?.data[0]?.paymentRequestId).toBe(id);
    expect(store.getState().page!.data[0]).toMatchObject({
      status: 'PAYMENT_NOT_INITIATED',
      amount: 12.34,
      notes: 'Table 7',
      terminalId: till.id,
    });

    await store.getState().cancel(id!);
    await expect.poll(() => store.getState().page?.data[0]?.status).toBe('CANCELLED');
    await store.getState().cancel(id!);
    expect(store.getState().rowErrors[id!]).toMatch(/^Not cancelled: /);
  });

  it('pages through the list and filters it by status', async () => {
    for (let i = 0; i < PAGE_SIZE + 3; i++)
      await h.call('POST', '/api/payments/process-payment', {
        customerId: 'c',
        orderId: `bulk-${i}`,
        amount: 1,
      });
    const store = createPaymentsStore(api.call);
    await store.getState().refresh();
    const total = store.getState().page!.totalCount;
    expect(total).toBe(PAGE_SIZE + 4);
    expect(rangeText(store.getState().page!)).toBe(`1–20 of ${total}`);
    expect(store.getState().page!.data[0]!.orderId).toBe(`bulk-${PAGE_SIZE + 2}`);

    store.getState().older();
    await expect.poll(() => store.getState().page?.page).toBe(1);
    expect(rangeText(store.getState().page!)).toBe(`21–${total} of ${total}`);

    store.getState().setStatus('CANCELLED');
    await expect.poll(() => store.getState().page?.totalCount).toBe(1);
    expect(store.getState().pageNumber).toBe(0);
    store.getState().setStatus('COMPLETED');
    await expect.poll(() => store.getState().page?.totalCount).toBe(0);
  });

  it('sends the basket lines with the payment, which keeps them', async () => {
    const till = await pairTill('Basket till');
    const feed = () => h.call('GET', '/api/terminal/events/feed', undefined, till.secret);
    await feed(); // reading the feed once makes the terminal reachable, as a kiosk that polls
    const store = createPaymentsStore(api.call);
    const sent = await store.getState().push({
      terminalId: till.id,
      terminalName: 'Basket till',
      amount: '',
      method: '',
      notes: '',
      basket: '2 x Flat white @ 3.20\nCroissant @ 2.75',
    });
    expect(sent).toBe(true);
    expect(store.getState().pushResult).toBe('Sent to Basket till: £9.15.');
    const id = store.getState().pushedId;
    const lineItems = [
      { description: 'Flat white', quantity: 2, unitAmount: 3.2 },
      { description: 'Croissant', quantity: 1, unitAmount: 2.75 },
    ];
    const record = await h.call('GET', `/api/payments/v1/payment-status/${id}`);
    expect(record.body.lineItems).toEqual(lineItems);
    // One event carries both: the payment and its lines.
    const events = (await feed()).body.events as { type: string; body: { data: unknown } }[];
    expect(events.map((e) => e.type)).toEqual(['REMOTE_PAYMENT_REQUEST']);
    expect(events[0]!.body.data).toMatchObject({ paymentRequestId: id, lineItems });
  });
});

describe('webhooks store', () => {
  it('checks the form, shows the secret once, lists, opens the log and deletes', async () => {
    const store = createWebhooksStore(api.call);
    await store.getState().refresh();
    expect(store.getState().subscriptions).toEqual([]);

    expect(
      await store
        .getState()
        .create({ url: 'example.com', description: '', eventTypes: ['PAYMENTS_STATUS'] }),
    ).toBe(false);
    expect(store.getState().formError).toMatch(/starting with https:\/\//);
    expect(
      await store
        .getState()
        .create({ url: 'https://example.com/h', description: '', eventTypes: [] }),
    ).toBe(false);
    expect(store.getState().formError).toBe(
      'Tick at least one kind of event to send to this endpoint.',
    );

    expect(
      await store.getState().create({
        url: 'https://example.com/h',
        description: ' Till ',
        eventTypes: ['PAYMENTS_STATUS', 'EXPIRED_STATUS'],
      }),
    ).toBe(true);
    expect(store.getState().createdSecret).toMatch(/^whsec_/);
    await expect.poll(() => store.getState().subscriptions?.length).toBe(1);
    const sub = store.getState().subscriptions![0]!;
    expect(sub).toMatchObject({ url: 'https://example.com/h', description: 'Till' });
    store.getState().dismissSecret();
    expect(store.getState().createdSecret).toBeNull();

    store.getState().toggle(sub.id);
    await expect.poll(() => store.getState().deliveries[sub.id]).toEqual([]);
    expect(store.getState().open[sub.id]).toBe(true);

    await store.getState().remove(sub.id);
    expect(store.getState().subscriptions).toEqual([]);
    expect((await h.call('GET', '/api/webhooks')).body).toEqual([]);
  });
});
