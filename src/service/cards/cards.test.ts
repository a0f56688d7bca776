/** Saved cards over real HTTP: the sandbox control, listing masked data, metadata merging. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SavedCard, SavedCardPage } from '../../shared/contract/cards';
import { Customer } from '../../shared/contract/customers';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { PRODUCTION, startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
let customer: Customer;
beforeAll(async () => {
  h = await startService();
  const res = await h.call('POST', '/api/customers', {
    fullName: 'Card Holder',
    email: 'holder@example.com',
  });
  customer = Customer.parse(res.body);
});
afterAll(() => h.close());

const save = async (body: Record<string, unknown>, customerId = customer.id) => {
  const res = await h.call('POST', `/api/sandbox/customers/${customerId}/cards`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return SavedCard.parse(res.body);
};
const status = (res: { status: number; body: unknown }, code: number) => {
  expect(res.status, JSON.stringify(res.body)).toBe(code);
  return ErrorEnvelope.parse(res.body);
};

describe('saving a test card through the sandbox control', () => {
  it('returns every field of a saved card, masked', async () => {
    const card = await save({
      number: '4000 0566 5566 5556',
      expiryDate: '08/2031',
      name: 'C Holder',
    });
    expect(card).toMatchObject({
      name: 'C Holder',
      type: 'debit',
      lastFourDigits: '5556',
      category: 'CONSUMER',
      cardType: 'DEBIT',
      brand: 'VISA',
      country: 'GB',
      expiryDate: '08/2031',
      metadata: {},
    });
    expect(card.id.length).toBeGreaterThan(0);
    expect(card.id.length).toBeLessThanOrEqual(64);
    // The number is never stored anywhere in the database.
    const dump = JSON.stringify(await h.service.store.prepare('SELECT * FROM saved_cards').all());
    expect(dump).not.toContain('4000056655665556');
  });

  it("defaults the name to the customer's and the expiry to three years on", async () => {
    const card = await save({ number: '5555555555554444' });
    expect(card.name).toBe('Card Holder');
    expect(card.brand).toBe('MASTERCARD');
    expect(card.expiryDate).toMatch(/^12\/\d{4}$/);
  });

  it('400 for a number that is not a card, an expired or malformed expiry', async () => {
    const url = `/api/sandbox/customers/${customer.id}/cards`;
    expect(
      status(await h.call('POST', url, { number: '4242424242424241' }), 400).message,
    ).toContain('number');
    status(await h.call('POST', url, { number: '12' }), 400);
    status(await h.call('POST', url, { number: '6011111111111117' }), 400);
    status(await h.call('POST', url, { number: '4242424242424242', expiryDate: '01/2020' }), 400);
    status(await h.call('POST', url, { number: '4242424242424242', expiryDate: '13/2030' }), 400);
  });

  it('404 for an unknown customer, 400 for a bad UUID, 400 with a production secret', async () => {
    status(
      await h.call('POST', '/api/sandbox/customers/00000000-0000-4000-8000-000000000000/cards', {
        number: '4242424242424242',
      }),
      404,
    );
    status(
      await h.call('POST', '/api/sandbox/customers/nope/cards', { number: '4242424242424242' }),
      400,
    );
    status(
      await h.call(
        'POST',
        `/api/sandbox/customers/${customer.id}/cards`,
        { number: '4242424242424242' },
        PRODUCTION,
      ),
      400,
    );
  });
});

describe('listing and metadata', () => {
  it('lists the customer’s cards with paging; 404 unknown customer; production cannot see them', async () => {
    const other = Customer.parse(
      (await h.call('POST', '/api/customers', { fullName: 'Other One', phoneNumber: '7000000001' }))
        .body,
    );
    const a = await save({ number: '4242424242424242' }, other.id);
    const b = await save({ number: '5105105105105100' }, other.id);
    const res = await h.call('GET', `/api/customers/${other.id}/cards`);
    expect(res.status).toBe(200);
    const page = SavedCardPage.parse(res.body);
    expect(page).toMatchObject({ totalCount: 2, page: 0, size: 20 });
    expect(page.data.map((c) => c.id)).toEqual([a.id, b.id]);
    const second = SavedCardPage.parse(
      (await h.call('GET', `/api/customers/${other.id}/cards?page=1&size=1`)).body,
    );
    expect(second.data.map((c) => c.id)).toEqual([b.id]);
    status(await h.call('GET', '/api/customers/00000000-0000-4000-8000-000000000000/cards'), 404);
    status(await h.call('GET', `/api/customers/${other.id}/cards`, undefined, PRODUCTION), 404);
  });

  it('merges metadata: add or overwrite, "" removes, others kept', async () => {
    const card = await save({ number: '4242424242424242' });
    const url = `/api/customers/${customer.id}/cards/${card.id}`;
    let res = await h.call('PUT', url, { metadata: { a: '1', b: '2', c: '3' } });
    expect(res.status).toBe(200);
    expect(SavedCard.parse(res.body).metadata).toEqual({ a: '1', b: '2', c: '3' });
    res = await h.call('PUT', url, { metadata: { a: 'one', b: '', d: '4' } });
    expect(SavedCard.parse(res.body)).toEqual({ ...card, metadata: { a: 'one', c: '3', d: '4' } });
    const listed = SavedCardPage.parse(
      (await h.call('GET', `/api/customers/${customer.id}/cards`)).body,
    );
    expect(listed.data.find((c) => c.id === card.id)?.metadata).toEqual({
      a: 'one',
      c: '3',
      d: '4',
    });
  });

  it('enforces the metadata limits and changes nothing on 400; 404 for an unknown card', async () => {
    const card = await save({ number: '4242424242424242' });
    const url = `/api/customers/${customer.id}/cards/${card.id}`;
    await h.call('PUT', url, { metadata: { keep: 'me' } });
    for (const metadata of [
      { ['k'.repeat(41)]: 'v' },
      { 'a]': 'v' },
      { k: 'v'.repeat(501) },
      { k: 1 },
      Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])),
    ])
      status(await h.call('PUT', url, { metadata }), 400);
    status(await h.call('PUT', url, {}), 400);
    // 49 more fit (50 in all); one more does not.
    const fill = Object.fromEntries(Array.from({ length: 49 }, (_, i) => [`k${i}`, 'v']));
    expect((await h.call('PUT', url, { metadata: fill })).status).toBe(200);
    status(await h.call('PUT', url, { metadata: { over: 'v' } }), 400);
    const listed = SavedCardPage.parse(
      (await h.call('GET', `/api/customers/${customer.id}/cards`)).body,
    );
    expect(Object.keys(listed.data.find((c) => c.id === card.id)!.metadata)).toHaveLength(50);
    status(
      await h.call('PUT', `/api/customers/${customer.id}/cards/card_unknown`, { metadata: {} }),
      404,
    );
    status(
      await h.call('PUT', `/api/customers/${customer.id}/cards/${'x'.repeat(65)}`, {
        metadata: {},
      }),
      400,
    );
  });
});
