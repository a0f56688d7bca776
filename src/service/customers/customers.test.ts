/** Customers over real HTTP: every field rule, conflicts, paging, search, metadata filters. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Customer, CustomerPage } from '../../shared/contract/customers';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { PRODUCTION, SANDBOX, startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

let serial = 0;
const unique = () => `c${++serial}-${Date.now()}`;
const create = async (extra: Record<string, unknown> = {}, secret = SANDBOX) => {
  const res = await h.call(
    'POST',
    '/api/customers',
    { fullName: 'Ada Lovelace', email: `${unique()}@example.com`, ...extra },
    secret,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return Customer.parse(res.body);
};
const list = async (query: string, secret = SANDBOX) => {
  const res = await h.call('GET', `/api/customers?${query}`, undefined, secret);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return CustomerPage.parse(res.body);
};
const count = async () =>
  ((await h.service.store.prepare('SELECT count(*) AS n FROM customers').get()) as { n: number }).n;

function expectError(res: { status: number; body: unknown }, status: number, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const envelope = ErrorEnvelope.parse(res.body);
  expect(envelope.status).toBe(status);
  if (field) {
    expect(Array.isArray(envelope.errors) && envelope.errors.map((e) => e.field)).toContain(field);
    expect(envelope.message).toContain(field);
  }
  return envelope;
}

describe('create', () => {
  it('creates with every field and reads it back', async () => {
    const body = {
      fullName: 'Grace Hopper',
      email: `${unique()}@navy.example`,
      type: 'BUSINESS',
      phoneCountryCode: '44',
      phoneNumber: '7700900123',
      address: '1 Harbour Street',
      city: 'Portsmouth',
      postcode: 'PO1 2AB',
      vatNumber: 'GB123456789',
      metadata: { tier: 'gold', '42': 'answer' },
    };
    const created = await create(body);
    expect(created).toMatchObject(body);
    expect(Date.parse(created.createdAt)).not.toBeNaN();
    const res = await h.call('GET', `/api/customers/${created.id}`);
    expect(res.status).toBe(200);
    expect(Customer.parse(res.body)).toEqual(created);
  });

  it('defaults type to INDIVIDUAL and metadata to {}; a phone number alone is enough', async () => {
    const created = await create({ email: undefined, phoneNumber: '7700900999' });
    expect(created.type).toBe('INDIVIDUAL');
    expect(created.metadata).toEqual({});
    expect(created.email).toBeUndefined();
  });

  it.each([
    [{ fullName: 'A' }, 'fullName'],
    [{ fullName: '   ' }, 'fullName'],
    [{ fullName: 'x'.repeat(31) }, 'fullName'],
    [{ email: 'not-an-email' }, 'email'],
    [{ email: undefined }, 'email'],
    [{ type: 'COMPANY' }, 'type'],
    [{ phoneCountryCode: '+44' }, 'phoneCountryCode'],
    [{ phoneCountryCode: '123456' }, 'phoneCountryCode'],
    [{ phoneNumber: '0770 090' }, 'phoneNumber'],
    [{ phoneNumber: '1'.repeat(16) }, 'phoneNumber'],
    [{ address: 'a'.repeat(101) }, 'address'],
    [{ city: 'c'.repeat(31) }, 'city'],
    [{ postcode: 'AB1' }, 'postcode'],
    [{ postcode: 'AB1-2CD' }, 'postcode'],
    [{ postcode: 'ABCDEFGHI' }, 'postcode'],
    [{ vatNumber: '12345678' }, 'vatNumber'],
    [{ vatNumber: 'FR123456789' }, 'vatNumber'],
    [{ metadata: { ['k'.repeat(41)]: 'v' } }, `metadata.${'k'.repeat(41)}`],
    [{ metadata: { 'a[b]': 'v' } }, 'metadata.a[b]'],
    [{ metadata: { k: 'v'.repeat(501) } }, 'metadata.k'],
  ])('400 naming the field for %j, and nothing is stored', async (extra, field) => {
    const before = await count();
    const res = await h.call('POST', '/api/customers', {
      fullName: 'Valid Name',
      email: `${unique()}@example.com`,
      ...extra,
    });
    expectError(res, 400, field);
    expect(await count()).toBe(before);
  });

  it('accepts the edges of every limit', async () => {
    await create({
      fullName: 'x'.repeat(30),
      phoneCountryCode: '12345',
      phoneNumber: '1'.repeat(15),
      address: 'a'.repeat(100),
      city: 'c'.repeat(30),
      postcode: 'AB1 2CD',
      vatNumber: '123456789',
      metadata: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'v'])),
    });
    await create({ postcode: 'ABCD', fullName: 'Al' });
  });

  it('409 CONFLICT for a duplicate email, whatever its case', async () => {
    const email = `${unique()}@Example.com`;
    await create({ email });
    const before = await count();
    const res = await h.call('POST', '/api/customers', {
      fullName: 'Someone Else',
      email: email.toUpperCase(),
    });
    expect(expectError(res, 409).name).toBe('CONFLICT');
    expect(await count()).toBe(before);
  });
});

describe('get and update', () => {
  it('400 for an invalid UUID, 404 for an unknown one', async () => {
    expectError(await h.call('GET', '/api/customers/not-a-uuid'), 400, 'path.customerId');
    const res = await h.call('GET', '/api/customers/00000000-0000-4000-8000-000000000000');
    expect(expectError(res, 404).name).toBe('NOT_FOUND');
    const put = await h.call('PUT', '/api/customers/00000000-0000-4000-8000-000000000000', {
      city: 'Leeds',
    });
    expectError(put, 404);
  });

  it('changes only the supplied fields and merges metadata', async () => {
    const created = await create({ city: 'York', metadata: { a: '1', b: '2' } });
    const res = await h.call('PUT', `/api/customers/${created.id}`, {
      city: 'Leeds',
      metadata: { b: '', c: '3' },
    });
    expect(res.status).toBe(200);
    const updated = Customer.parse(res.body);
    expect(updated).toEqual({ ...created, city: 'Leeds', metadata: { a: '1', c: '3' } });
    const read = await h.call('GET', `/api/customers/${created.id}`);
    expect(read.body).toEqual(updated);
  });

  it('validates like create and changes nothing on 400', async () => {
    const created = await create();
    for (const [body, field] of [
      [{ fullName: 'A' }, 'fullName'],
      [{ postcode: '!!' }, 'postcode'],
      [{ email: 'nope' }, 'email'],
    ] as const) {
      expectError(await h.call('PUT', `/api/customers/${created.id}`, body), 400, field);
    }
    expect((await h.call('GET', `/api/customers/${created.id}`)).body).toEqual(created);
  });

  it('409 when the update takes another customer’s email; own email is fine', async () => {
    const a = await create();
    const b = await create();
    expectError(await h.call('PUT', `/api/customers/${b.id}`, { email: a.email }), 409);
    const same = await h.call('PUT', `/api/customers/${b.id}`, { email: b.email });
    expect(same.status).toBe(200);
  });

  it('refuses more than 50 metadata pairs after merging', async () => {
    const created = await create({
      metadata: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'v'])),
    });
    expectError(
      await h.call('PUT', `/api/customers/${created.id}`, { metadata: { extra: 'x' } }),
      400,
      'metadata',
    );
    const swapped = await h.call('PUT', `/api/customers/${created.id}`, {
      metadata: { k0: '', extra: 'x' },
    });
    expect(swapped.status).toBe(200);
  });
});

describe('list, search and filters', () => {
  let tag: string;
  beforeAll(async () => {
    tag = unique();
    await create({ fullName: 'Zed Quartz', metadata: { batch: tag, n: '1' } });
    await create({
      fullName: 'Yara Quill',
      phoneNumber: '7700111222',
      metadata: { batch: tag, n: '2', '7': 'seven' },
    });
    await create({
      fullName: 'Xavier Quinn',
      email: `xq-${tag}@mail.example`,
      metadata: { batch: tag, n: '3' },
    });
  });

  it('pages with page, size and totalCount, newest first', async () => {
    const all = await list(`metadata[batch]=${tag}`);
    expect(all.totalCount).toBe(3);
    expect(all.data.map((c) => c.fullName)).toEqual(['Xavier Quinn', 'Yara Quill', 'Zed Quartz']);
    const second = await list(`metadata[batch]=${tag}&page=1&size=2`);
    expect(second).toMatchObject({ totalCount: 3, page: 1, size: 2 });
    expect(second.data.map((c) => c.fullName)).toEqual(['Zed Quartz']);
    const defaults = await list('');
    expect(defaults).toMatchObject({ page: 0, size: 20 });
    expect(defaults.data.length).toBeLessThanOrEqual(20);
  });

  it('400 for bad paging', async () => {
    for (const q of ['page=-1', 'size=0', 'size=101', 'page=x'])
      expectError(await h.call('GET', `/api/customers?${q}`), 400);
  });

  it('searches name, email and phone number, case-insensitively, by fragment', async () => {
    const names = async (q: string) =>
      (await list(`search=${encodeURIComponent(q)}&metadata[batch]=${tag}`)).data.map(
        (c) => c.fullName,
      );
    expect(await names('qui')).toEqual(['Xavier Quinn', 'Yara Quill']);
    expect(await names('QUARTZ')).toEqual(['Zed Quartz']);
    expect(await names(`xq-${tag}`)).toEqual(['Xavier Quinn']);
    expect(await names('0111')).toEqual(['Yara Quill']);
    expect(await names('770 011-1222')).toEqual(['Yara Quill']);
    expect(await names('Qu')).toEqual(['Xavier Quinn', 'Yara Quill', 'Zed Quartz']);
    expect(await names('%')).toEqual([]);
    expect(await names('"')).toEqual([]);
  });

  it('pages a search with many matches newest first, like any list', async () => {
    const word = `Manymatch${Date.now() % 100000}`;
    const ids: string[] = [];
    for (let i = 0; i < 215; i++)
      ids.push((await create({ fullName: `${word} ${i}`, metadata: { many: word } })).id);
    const newestFirst = ids.reverse();
    const first = await list(`search=${word}&size=100`);
    expect(first.totalCount).toBe(215);
    expect(first.data.map((c) => c.id)).toEqual(newestFirst.slice(0, 100));
    const last = await list(`search=${word}&size=100&page=2`);
    expect(last.data.map((c) => c.id)).toEqual(newestFirst.slice(200));
    // The same order as the metadata filter, which sorts by creation time.
    const filtered = await list(`metadata[many]=${word}&size=100`);
    expect(filtered.data.map((c) => c.id)).toEqual(first.data.map((c) => c.id));
    const both = await list(`search=${word}&metadata[many]=${word}&size=10&page=21`);
    expect(both).toMatchObject({ totalCount: 215 });
    expect(both.data.map((c) => c.id)).toEqual(newestFirst.slice(210));
  });

  it('combines metadata filters with AND; digit-only keys work', async () => {
    expect(
      (await list(`metadata[batch]=${tag}&metadata[n]=2`)).data.map((c) => c.fullName),
    ).toEqual(['Yara Quill']);
    expect((await list(`metadata[batch]=${tag}&metadata[7]=seven`)).totalCount).toBe(1);
    expect((await list(`metadata[batch]=${tag}&metadata[n]=9`)).totalCount).toBe(0);
  });

  it('400 when a metadata key is given twice or breaks the key rules', async () => {
    const twice = await h.call('GET', `/api/customers?metadata[n]=1&metadata[n]=2`);
    expectError(twice, 400, 'metadata[n]');
    expectError(await h.call('GET', `/api/customers?metadata[${'k'.repeat(41)}]=1`), 400);
  });

  it('sees metadata changes in filters', async () => {
    const c = await create({ metadata: { flag: `${tag}-old` } });
    await h.call('PUT', `/api/customers/${c.id}`, { metadata: { flag: `${tag}-new` } });
    expect((await list(`metadata[flag]=${tag}-old`)).totalCount).toBe(0);
    expect((await list(`metadata[flag]=${tag}-new`)).data[0]?.id).toBe(c.id);
  });
});

describe('environments', () => {
  it('keeps sandbox and production customers apart', async () => {
    const email = `${unique()}@example.com`;
    const sandbox = await create({ email, fullName: 'Env Sandbox' });
    const live = await create({ email, fullName: 'Env Live' }, PRODUCTION);
    expectError(await h.call('GET', `/api/customers/${sandbox.id}`, undefined, PRODUCTION), 404);
    expectError(await h.call('GET', `/api/customers/${live.id}`), 404);
    const found = await list(`search=${encodeURIComponent(email)}`, PRODUCTION);
    expect(found.data.map((c) => c.id)).toEqual([live.id]);
  });

  it('401 without a secret', async () => {
    expectError(await h.call('GET', '/api/customers', undefined, null), 401);
  });
});
