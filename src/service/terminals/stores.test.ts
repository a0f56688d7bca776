/**
 * Stores over real HTTP (docs/merchant-profile.md#stores): adding, renaming and archiving them, moving
 * a terminal between them, what an archived store refuses and keeps, and each store's takings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardPayment, SavedCard } from '../../shared/contract/cards';
import { Customer } from '../../shared/contract/customers';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { PaymentStatusRecord } from '../../shared/contract/payments';
import { Store, StoreTakings, Terminal } from '../../shared/contract/terminals';
import { startService, type Harness, pairTerminal } from '../../../test/helpers/service';

let h: Harness;
let primary: Store;
beforeAll(async () => {
  h = await startService();
  primary = (await stores())[0]!;
});
afterAll(() => h.close());

const stores = async () => Store.array().parse((await h.call('GET', '/api/stores')).body);
async function addStore(name: string, address?: string) {
  const res = await h.call('POST', '/api/stores', { name, ...(address ? { address } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return Store.parse(res.body);
}
const patchStore = (id: string, body: unknown) => h.call('PATCH', `/api/stores/${id}`, body);
const moveTerminal = (id: string, storeId: string) =>
  h.call('PUT', `/api/terminal/${id}`, { storeId });
function refused(res: { status: number; body: unknown }, status: number, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const envelope = ErrorEnvelope.parse(res.body);
  if (field) expect(envelope.errors).toEqual([expect.objectContaining({ field })]);
  return envelope;
}
const pair = (name: string, storeId?: string) => pairTerminal(h, name, { storeId });
/** A payment the terminal starts at the counter with its own secret. */
const takePayment = (secret: string, orderId: string, amount = 5) =>
  h.call('POST', '/api/payments/process-payment', { customerId: 'c', orderId, amount }, secret);
const status = async (id: string, secret?: string) =>
  h.call('GET', `/api/payments/v1/payment-status/${id}`, undefined, secret);

describe('adding, renaming and archiving stores', () => {
  it('adds a store, lists it after the primary with its address, renames and archives it', async () => {
    const added = await addStore('Station Road', '4 Station Road, York');
    expect(added).toMatchObject({
      name: 'Station Road',
      address: '4 Station Road, York',
      isPrimary: false,
      archived: false,
      terminals: 0,
      merchantName: primary.merchantName,
    });
    expect(added.archivedAt).toBeUndefined();
    const listed = await stores();
    expect(listed[0]!.id).toBe(primary.id);
    expect(listed.find((s) => s.id === added.id)).toEqual(added);

    const renamed = await patchStore(added.id, { name: 'Station Rd', address: null });
    expect(renamed.status).toBe(200);
    expect(Store.parse(renamed.body)).toMatchObject({ name: 'Station Rd', archived: false });
    expect(renamed.body.address).toBeUndefined();

    const archived = Store.parse((await patchStore(added.id, { archived: true })).body);
    expect(archived).toMatchObject({ archived: true, name: 'Station Rd' });
    expect(archived.archivedAt).toEqual(expect.any(String));
    // Archiving again keeps the first date; opening it again clears it.
    expect((await patchStore(added.id, { archived: true })).body.archivedAt).toBe(
      archived.archivedAt,
    );
    const reopened = Store.parse((await patchStore(added.id, { archived: false })).body);
    expect(reopened.archived).toBe(false);
    expect(reopened.archivedAt).toBeUndefined();
  });

  it('will not archive the primary store (409) and changes nothing', async () => {
    const before = await stores();
    const res = refused(await patchStore(primary.id, { archived: true, name: 'Gone' }), 409);
    expect(res.message).toMatch(/primary store.*cannot be archived/);
    expect(res.errors).toEqual([expect.objectContaining({ field: 'archived' })]);
    expect(await stores()).toEqual(before);
  });

  it('refuses bad input naming the field and changes nothing', async () => {
    const before = await stores();
    refused(await h.call('POST', '/api/stores', { name: '   ' }), 400, 'name');
    refused(await h.call('POST', '/api/stores', { name: 'x'.repeat(81) }), 400, 'name');
    refused(await h.call('POST', '/api/stores', { address: 'No name' }), 400, 'name');
    refused(await patchStore(before[0]!.id, {}), 400, 'name');
    refused(await patchStore(before[0]!.id, { archived: 'yes' }), 400, 'archived');
    refused(await patchStore(before[0]!.id, { address: 'a'.repeat(201) }), 400, 'address');
    refused(await patchStore('not-a-store', { name: 'X' }), 400, 'path.id');
    refused(await patchStore('00000000-0000-4000-8000-000000000000', { name: 'X' }), 404);
    expect(await stores()).toEqual(before);
  });
});

describe('moving a terminal', () => {
  it('moves at once: its next payment, card charge and reads are the new store’s', async () => {
    const till = await pair('Mover');
    expect(till.terminal.storeId).toBe(primary.id);
    const before = await takePayment(till.secret, 'before-move');
    expect(before.status).toBe(200);

    const other = await addStore('Market Hall');
    const moved = await moveTerminal(till.terminal.id, other.id);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(Terminal.parse(moved.body).storeId).toBe(other.id);
    expect((await stores()).find((s) => s.id === other.id)!.terminals).toBe(1);

    // The same secret, already used (and so remembered) before the move, is the new store's now.
    const after = await takePayment(till.secret, 'after-move');
    expect(after.status).toBe(200);
    const record = PaymentStatusRecord.parse(
      (await status(after.body.paymentRequestId, till.secret)).body,
    );
    expect(record).toMatchObject({ storeId: other.id, terminalId: till.terminal.id });
    // The old store's payments are no longer the terminal's to read (the merchant still reads them).
    refused(await status(before.body.paymentRequestId, till.secret), 404);
    expect((await status(before.body.paymentRequestId)).body.storeId).toBe(primary.id);

    // A customer it looks up is charged for the store it is in now, and only that one.
    const customer = Customer.parse(
      (await h.call('POST', '/api/customers', { fullName: 'Moved Customer', email: 'mc@e.com' }))
        .body,
    );
    const card = SavedCard.parse(
      (
        await h.call('POST', `/api/sandbox/customers/${customer.id}/cards`, {
          number: '4242424242424242',
        })
      ).body,
    );
    const looked = await h.call(
      'GET',
      '/api/terminal/customers/lookup?email=mc%40e.com',
      undefined,
      till.secret,
    );
    expect(looked.status, JSON.stringify(looked.body)).toBe(200);
    const charge = (storeId?: string) =>
      h.call(
        'POST',
        '/api/payments/card/process-payment',
        {
          customerId: customer.id,
          paymentMethodId: card.id,
          captureType: 'AUTO_CAPTURE',
          amount: 7,
          orderId: 'moved-charge',
          ...(storeId ? { storeId } : {}),
        },
        till.secret,
      );
    refused(await charge(primary.id), 400, 'storeId');
    const charged = await charge();
    expect(charged.status, JSON.stringify(charged.body)).toBe(201);
    const chargeRecord = await status(CardPayment.parse(charged.body).paymentRequestId);
    expect(chargeRecord.body.storeId).toBe(other.id);
  });

  it('refuses a bad store id naming storeId, another merchant’s or unknown store (404), and changes nothing', async () => {
    const till = await pair('Stayer');
    refused(await moveTerminal(till.terminal.id, 'elsewhere'), 400, 'storeId');
    refused(await moveTerminal(till.terminal.id, '00000000-0000-4000-8000-000000000000'), 404);
    const listed = Terminal.array().parse((await h.call('GET', '/api/terminal')).body);
    expect(listed.find((t) => t.id === till.terminal.id)!.storeId).toBe(primary.id);
    const paid = await takePayment(till.secret, 'stayed');
    expect((await status(paid.body.paymentRequestId)).body.storeId).toBe(primary.id);
  });
});

describe('an archived store', () => {
  it('refuses new payments, pairing and terminals moved in (409 STORE_ARCHIVED), and keeps its history', async () => {
    const closing = await addStore('Pop-up');
    const till = await pair('Pop-up till', closing.id);
    expect(till.terminal.storeId).toBe(closing.id);
    await h.call('PUT', '/api/terminal/push-token', { fcmToken: 'fcm-popup' }, till.secret);
    const earlier = await takePayment(till.secret, 'popup-1', 3);
    expect(earlier.status).toBe(200);
    const pending = await h.call('POST', '/api/terminal/pairing-codes', { storeId: closing.id });

    expect((await patchStore(closing.id, { archived: true })).status).toBe(200);

    const byTill = refused(await takePayment(till.secret, 'popup-2'), 409);
    expect(byTill).toMatchObject({ name: 'STORE_ARCHIVED' });
    expect(byTill.message).toMatch(/Store Pop-up is archived/);
    const pushed = refused(
      await h.call('POST', '/api/terminal/process-remote-payment', {
        id: till.terminal.id,
        amount: 4,
      }),
      409,
    );
    expect(pushed).toMatchObject({ name: 'STORE_ARCHIVED' });
    const named = refused(
      await h.call('POST', '/api/payments/process-payment', {
        customerId: 'c',
        orderId: 'popup-3',
        amount: 2,
        storeId: closing.id,
      }),
      409,
      'storeId',
    );
    expect(named.name).toBe('STORE_ARCHIVED');
    expect(
      refused(
        await h.call('POST', '/api/terminal/pairing-codes', { storeId: closing.id }),
        409,
        'storeId',
      ).name,
    ).toBe('STORE_ARCHIVED');
    // A code made before the store was archived no longer pairs into it.
    expect(
      refused(
        await h.call('POST', '/api/terminal/pair', { code: pending.body.code, name: 'Late' }, null),
        409,
        'code',
      ).name,
    ).toBe('STORE_ARCHIVED');
    const other = await pair('Other till');
    refused(await moveTerminal(other.terminal.id, closing.id), 409, 'storeId');

    // History stays readable, by the merchant and by the till itself.
    expect((await status(earlier.body.paymentRequestId)).body.storeId).toBe(closing.id);
    expect((await status(earlier.body.paymentRequestId, till.secret)).status).toBe(200);
    const listed = await h.call('GET', `/api/payment-requests?terminalId=${till.terminal.id}`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(JSON.stringify(listed.body)).toContain(earlier.body.paymentRequestId);
    const terminals = Terminal.array().parse((await h.call('GET', '/api/terminal')).body);
    expect(terminals.map((t) => t.name)).not.toContain('Late');

    // Opened again, its till takes payments at once.
    await patchStore(closing.id, { archived: false });
    expect((await takePayment(till.secret, 'popup-4')).status).toBe(200);
  });
});

describe('takings per store', () => {
  it('counts completed payments, tips included, less completed refunds, for the day and the week', async () => {
    const kiosk = await addStore('Kiosk');
    const till = await pair('Kiosk till', kiosk.id);
    const paid = async (orderId: string, amount: number) => {
      const made = await takePayment(till.secret, orderId, amount);
      const done = await h.call(
        'POST',
        `/api/sandbox/payment-requests/${made.body.paymentRequestId}/simulate`,
        { paymentMethod: 'CARD', outcome: 'COMPLETED', tipAmount: 1 },
      );
      expect(done.body.status).toBe('COMPLETED');
      return PaymentStatusRecord.parse((await status(made.body.paymentRequestId)).body);
    };
    const first = await paid('k-1', 10);
    await paid('k-2', 20.5);
    await takePayment(till.secret, 'k-open', 99); // never paid: not takings
    const refund = await h.call('POST', `/api/refund/${first.paymentRequestId}`, { amount: 4 });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    await h.call('POST', `/api/sandbox/refunds/${refund.body.refundId}/simulate`, {
      outcome: 'COMPLETED',
    });

    const date = first.updatedAt.slice(0, 10);
    const res = await h.call('GET', `/api/stores/takings?date=${date}&timeZone=UTC`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const takings = StoreTakings.parse(res.body);
    const row = takings.stores.find((s) => s.storeId === kiosk.id)!;
    const expected = { payments: 2, paid: 32.5, refunded: 4, net: 28.5 };
    expect(row).toMatchObject({ name: 'Kiosk', archived: false, day: expected, week: expected });
    expect(new Date(`${takings.weekStart}T12:00:00Z`).getUTCDay()).toBe(1);
    // The day before: nothing that day, but the same week unless the date is a Monday.
    const dayBefore = new Date(Date.parse(`${date}T12:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    const earlier = StoreTakings.parse(
      (await h.call('GET', `/api/stores/takings?date=${dayBefore}`)).body,
    ).stores.find((s) => s.storeId === kiosk.id)!;
    expect(earlier.day).toEqual({ payments: 0, paid: 0, refunded: 0, net: 0 });
    refused(await h.call('GET', '/api/stores/takings?date=today'), 400, 'query.date');
    refused(
      await h.call('GET', `/api/stores/takings?date=${date}&timeZone=Mars/Base`),
      400,
      'query.timeZone',
    );
  });
});
