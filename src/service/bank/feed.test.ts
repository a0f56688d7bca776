/** The bank feed over real HTTP: accounts, paging rules 1-6, cursors, 404 NOT FOUND. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BankAccountList,
  BankFeedPage,
  SandboxConsent,
  type BankTransaction,
} from '../../shared/contract/bank';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { startService, type Harness } from '../../../test/helpers/service';
import { CURSOR_TTL_MS } from './cursor';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const DAY = 86_400_000;
const path = (accountId: string) => `/api/bank/accounts/${accountId}/transactions`;
const relative = (link: string) => link.slice(h.url.length);

async function link(bank?: string) {
  const res = await h.call('POST', '/api/sandbox/bank/consents', bank ? { bank } : {});
  expect(res.status).toBe(201);
  return SandboxConsent.parse(res.body);
}

async function page(url: string) {
  const res = await h.call('GET', url);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return BankFeedPage.parse(res.body);
}

/** Follows links.next from the first call to the last page; returns every page. */
async function pageAll(accountId: string, query = '') {
  const pages = [await page(path(accountId) + query)];
  while (pages.at(-1)!.links.next) pages.push(await page(relative(pages.at(-1)!.links.next!)));
  return pages;
}

const newestFirst = (txs: BankTransaction[]) =>
  txs.every((t, i) => {
    const next = txs[i + 1];
    if (!next) return true;
    const [a, b] = [Date.parse(t.date), Date.parse(next.date)];
    return a > b || (a === b && t.id > next.id);
  });

async function expectError(
  res: Awaited<ReturnType<Harness['call']>>,
  status: number,
  name: string,
) {
  expect(res.status).toBe(status);
  const body = ErrorEnvelope.parse(res.body);
  expect(body.name).toBe(name);
  expect(body.status).toBe(status);
  return body;
}

describe('accounts', () => {
  it('lists every field of the consent’s accounts', async () => {
    const consent = await link();
    expect(consent.bankName).toBe('Sandbox Bank');
    const res = await h.call('GET', `/api/bank/${consent.accountAuthId}/accounts`);
    expect(res.status).toBe(200);
    const accounts = BankAccountList.parse(res.body);
    expect(accounts.map((a) => a.accountId)).toEqual(consent.accountIds);
    for (const a of accounts) {
      expect(a.bankName).toBe('Sandbox Bank');
      expect(a.accountNumber).toMatch(/^\d{8}$/);
      expect(a.sortCode).toMatch(/^\d\d-\d\d-\d\d$/);
    }
  });

  it('answers 404 NOT FOUND (with a space) for an unknown consent, and 401 without a secret', async () => {
    const body = await expectError(
      await h.call('GET', '/api/bank/cns_nope/accounts'),
      404,
      'NOT FOUND',
    );
    expect(body.message).toMatch(/consent/);
    await expectError(
      await h.call('GET', '/api/bank/cns_nope/accounts', undefined, null),
      401,
      'UNAUTHORIZED',
    );
  });

  it('a revoked consent’s accounts and transactions are 404 NOT FOUND', async () => {
    const consent = await link('harbour');
    const first = await page(path(consent.accountIds[0]!));
    expect((await h.call('DELETE', `/api/bank/${consent.accountAuthId}`)).status).toBe(200);
    await expectError(
      await h.call('GET', `/api/bank/${consent.accountAuthId}/accounts`),
      404,
      'NOT FOUND',
    );
    await expectError(await h.call('GET', path(consent.accountIds[0]!)), 404, 'NOT FOUND');
    await expectError(await h.call('GET', relative(first.links.next!)), 404, 'NOT FOUND');
    await expectError(
      await h.call('DELETE', `/api/bank/${consent.accountAuthId}`),
      404,
      'NOT FOUND',
    );
  });

  it('another environment’s consent is not found', async () => {
    const consent = await link();
    await expectError(
      await h.call(
        'GET',
        `/api/bank/${consent.accountAuthId}/accounts`,
        undefined,
        'sk_live_test_secret',
      ),
      404,
      'NOT FOUND',
    );
  });
});

describe.each([
  { bank: 'sandbox-bank', size: 50, prev: true, optional: true },
  { bank: 'harbour', size: 25, prev: false, optional: true },
  { bank: 'oakmoor', size: 100, prev: false, optional: false },
])('$bank paged to the end', ({ bank, size, prev, optional }) => {
  let pages: BankFeedPage[];
  let all: BankTransaction[];
  let accountId: string;
  beforeAll(async () => {
    accountId = (await link(bank)).accountIds[0]!;
    pages = await pageAll(accountId);
    all = pages.flatMap((p) => p.data);
  });

  it('pages at the bank’s own size, with the links of rules 1 and 2', () => {
    expect(pages.length).toBeGreaterThan(3);
    pages.forEach((p, i) => {
      const last = i === pages.length - 1;
      expect(p.meta.count).toBe(p.data.length);
      if (!last) expect(p.data).toHaveLength(size);
      else expect(p.data.length).toBeGreaterThan(0);
      expect(p.links.self).toContain(path(accountId));
      expect(p.links.next === undefined).toBe(last);
      expect(p.links.prev !== undefined).toBe(prev && i > 0);
    });
  });

  it('returns each transaction exactly once, newest first, over at least a year', () => {
    expect(new Set(all.map((t) => t.id)).size).toBe(all.length);
    expect(newestFirst(all)).toBe(true);
    expect(Date.parse(all.at(-1)!.date)).toBeLessThan(Date.now() - 365 * DAY);
    expect(all.some((t) => t.status === 'PENDING')).toBe(true);
    expect(new Set(all.map((t) => t.transactionCategory))).toEqual(
      new Set([
        'INCOME',
        'RENT',
        'BANK_CHARGES',
        'UTILITIES',
        'TAX',
        'INSURANCE',
        'PAYROLL',
        'SUPPLIES',
        'SHOPPING',
      ]),
    );
  });

  it(
    optional
      ? 'gives balances, account details and merchant names'
      : 'omits balances, account details and merchant names',
    () => {
      expect(all.some((t) => t.balance !== undefined)).toBe(optional);
      expect(all.some((t) => t.payee?.accountDetails !== undefined)).toBe(optional);
      expect(all.some((t) => t.payer?.accountDetails !== undefined)).toBe(optional);
      expect(all.some((t) => t.merchantName !== undefined)).toBe(optional);
    },
  );

  it('has no gap: the same range read month by month holds the same transactions', async () => {
    const oldest = new Date(all.at(-1)!.date);
    const windows: string[] = [];
    let start = Date.UTC(oldest.getUTCFullYear(), oldest.getUTCMonth(), 1);
    while (start <= Date.now()) {
      const d = new Date(start);
      const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
      windows.push(
        `?from=${new Date(start).toISOString().slice(0, 10)}&before=${new Date(end).toISOString().slice(0, 10)}`,
      );
      start = end;
    }
    const byMonth: string[] = [];
    for (const q of windows.reverse())
      byMonth.push(...(await pageAll(accountId, q)).flatMap((p) => p.data.map((t) => t.id)));
    const ids = all.map((t) => t.id);
    // Transactions may have arrived since the first paging; they are only ever newer.
    const tail = byMonth.slice(byMonth.length - ids.length);
    expect(tail).toEqual(ids);
  });

  if (optional)
    it('has no gap: each balance follows from the one before it', () => {
      for (let i = 0; i + 1 < all.length; i++) {
        const [t, before] = [all[i]!, all[i + 1]!];
        const delta = Math.round((t.balance!.amount - before.balance!.amount) * 100);
        expect(delta).toBe(Math.round((t.type === 'CREDIT' ? 1 : -1) * t.amount * 100));
      }
    });
});

describe('from and before', () => {
  let accountId: string;
  let all: BankTransaction[];
  beforeAll(async () => {
    accountId = (await link()).accountIds[0]!;
    all = (await pageAll(accountId)).flatMap((p) => p.data);
  });

  it('from is inclusive and before exclusive, as plain dates', async () => {
    const got = (await pageAll(accountId, '?from=2026-01-05&before=2026-02-05')).flatMap(
      (p) => p.data,
    );
    const lo = Date.parse('2026-01-05');
    const hi = Date.parse('2026-02-05');
    expect(got.map((t) => t.id)).toEqual(
      all.filter((t) => Date.parse(t.date) >= lo && Date.parse(t.date) < hi).map((t) => t.id),
    );
    expect(got.length).toBeGreaterThan(50);
  });

  it('and as date-times, to the millisecond', async () => {
    const pick = all[120]!;
    const incl = await page(`${path(accountId)}?from=${encodeURIComponent(pick.date)}`);
    const fromAll = (await pageAll(accountId, `?from=${encodeURIComponent(pick.date)}`)).flatMap(
      (p) => p.data,
    );
    expect(incl.data[0]!.id).toBe(all[0]!.id);
    expect(fromAll.at(-1)!.date).toBe(pick.date);
    const excl = await page(
      `${path(accountId)}?from=2020-01-01T00:00:00Z&before=${encodeURIComponent(pick.date)}`,
    );
    expect(excl.data.every((t) => Date.parse(t.date) < Date.parse(pick.date))).toBe(true);
    expect(excl.data[0]!.id).toBe(all.find((t) => Date.parse(t.date) < Date.parse(pick.date))!.id);
    // An offset date-time means the same instant.
    const offset = new Date(Date.parse(pick.date)).toISOString().replace('Z', '+00:00');
    const same = await page(
      `${path(accountId)}?from=2020-01-01&before=${encodeURIComponent(offset)}`,
    );
    expect(same.data[0]!.id).toBe(excl.data[0]!.id);
  });

  it('rejects before without from, a range sent with a cursor, and other date formats', async () => {
    const cases: [string, string][] = [
      ['?before=2026-02-01', 'query.before'],
      ['?from=2026-02-01&before=2026-01-01', 'query.before'],
      ['?from=01/02/2026', 'query.from'],
      ['?from=2026-01-01&cursor=abc', 'query.cursor'],
    ];
    for (const [q, field] of cases) {
      const body = await expectError(await h.call('GET', path(accountId) + q), 400, 'BAD_REQUEST');
      expect((body.errors as { field: string }[]).map((e) => e.field)).toContain(field);
    }
  });

  it('an empty range is one page with self and no next', async () => {
    const p = await page(`${path(accountId)}?from=2001-01-01&before=2001-02-01`);
    expect(p.data).toEqual([]);
    expect(p.links.next).toBeUndefined();
    expect(p.links.self).toBeTruthy();
  });
});

describe('cursors', () => {
  let accountId: string;
  beforeAll(async () => {
    accountId = (await link()).accountIds[0]!;
  });

  it('are single-use: a reused cursor is 410 GONE', async () => {
    const first = await page(path(accountId));
    await page(relative(first.links.next!));
    const body = await expectError(await h.call('GET', relative(first.links.next!)), 410, 'GONE');
    expect(body.message).toMatch(/already been used/);
  });

  it('a tampered cursor is 410 GONE', async () => {
    const first = await page(path(accountId));
    const cursor = new URL(first.links.next!).searchParams.get('cursor')!;
    const [body, sig] = cursor.split('.');
    const state = JSON.parse(Buffer.from(body!, 'base64url').toString());
    state.f = 0; // widen the range
    state.k[0] += 1;
    const forged = `${Buffer.from(JSON.stringify(state)).toString('base64url')}.${sig}`;
    await expectError(await h.call('GET', `${path(accountId)}?cursor=${forged}`), 410, 'GONE');
    await expectError(await h.call('GET', `${path(accountId)}?cursor=garbage`), 410, 'GONE');
    // The genuine cursor still works once.
    await page(relative(first.links.next!));
  });

  it('belongs to its account', async () => {
    const other = (await link()).accountIds[0]!;
    const first = await page(path(accountId));
    const cursor = new URL(first.links.next!).searchParams.get('cursor')!;
    await expectError(await h.call('GET', `${path(other)}?cursor=${cursor}`), 410, 'GONE');
  });

  it('expires after its lifetime on the service clock', async () => {
    const first = await page(path(accountId));
    const keep = await page(path(accountId));
    await h.call('POST', '/api/sandbox/clock/advance', { ms: CURSOR_TTL_MS - 60_000 });
    await page(relative(keep.links.next!)); // still within its lifetime
    await h.call('POST', '/api/sandbox/clock/advance', { ms: 61_000 });
    const body = await expectError(await h.call('GET', relative(first.links.next!)), 410, 'GONE');
    expect(body.message).toMatch(/expired/);
  });

  it('self re-reads the same page; prev goes back to the page before', async () => {
    const first = await page(path(accountId));
    const again = await page(relative(first.links.self));
    expect(again.data.map((t) => t.id)).toEqual(first.data.map((t) => t.id));
    const second = await page(relative(first.links.next!));
    const third = await page(relative(second.links.next!));
    const back = await page(relative(third.links.prev!));
    expect(back.data.map((t) => t.id)).toEqual(second.data.map((t) => t.id));
    const backAgain = await page(relative(back.links.prev!));
    expect(backAgain.data.map((t) => t.id)).toEqual(first.data.map((t) => t.id));
    expect(backAgain.links.prev).toBeUndefined();
    const forward = await page(relative(back.links.next!));
    expect(forward.data.map((t) => t.id)).toEqual(third.data.map((t) => t.id));
  });

  it('a merchant route: a terminal secret cannot read the feed', async () => {
    const code = await h.call('POST', '/api/terminal/pairing-codes', {});
    const paired = await h.call(
      'POST',
      '/api/terminal/pair',
      { code: code.body.code, name: 'Till' },
      null,
    );
    await expectError(
      await h.call('GET', path(accountId), undefined, paired.body.secret),
      403,
      'FORBIDDEN',
    );
  });
});

async function payByBank(orderId: string, amount: number) {
  const created = await h.call('POST', '/api/payments/process-payment', {
    customerId: 'walk-in',
    orderId,
    amount,
  });
  expect(created.status).toBe(200);
  const id = created.body.paymentRequestId as string;
  const paid = await h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod: 'PAY_BY_BANK',
    outcome: 'COMPLETED',
  });
  expect(paid.body.status).toBe('COMPLETED');
  return id;
}

describe('while new transactions arrive', () => {
  it('following links.next keeps to the first call’s range: each transaction once', async () => {
    await link();
    // Payments settle into the first account of the merchant's first consent.
    const consents = await h.call('GET', '/api/bank/consents');
    const accountId = consents.body[0].settlementAccountId as string;
    expect(accountId).toBe(consents.body[0].accounts[0].accountId);
    const before = (await pageAll(accountId)).flatMap((p) => p.data);
    let current = await page(path(accountId));
    const seen = [...current.data];
    // Payments settle into this account while it is paged: their credits arrive in between pages.
    for (let i = 0; current.links.next; i++) {
      if (i < 5) {
        await payByBank(`MID-PAGING-${i}`, 3 + i);
        await h.call('POST', '/api/sandbox/clock/advance', { ms: 60_000 });
      }
      current = await page(relative(current.links.next));
      seen.push(...current.data);
    }
    expect(new Set(seen.map((t) => t.id)).size).toBe(seen.length);
    expect(newestFirst(seen)).toBe(true);
    expect(seen.map((t) => t.id).slice(-before.length)).toEqual(before.map((t) => t.id));
    expect(seen.some((t) => t.reference.startsWith('MID-PAGING'))).toBe(false);

    // A new first call sees them, as CREDITs with the order id as reference.
    const fresh = await page(path(accountId));
    const credits = fresh.data.filter((t) => t.reference.startsWith('MID-PAGING'));
    expect(credits.map((t) => [t.type, t.reference, t.amount])).toEqual(
      [4, 3, 2, 1, 0].map((i) => ['CREDIT', `MID-PAGING-${i}`, 3 + i]),
    );
  });

  it('pending transactions book later on the sandbox clock, keeping their id and date', async () => {
    const accountId = (await link()).accountIds[0]!;
    const all = (await pageAll(accountId)).flatMap((p) => p.data);
    const pending = all.filter((t) => t.status === 'PENDING');
    expect(pending.length).toBeGreaterThan(0);
    await h.call('POST', '/api/sandbox/clock/advance', { ms: 2 * DAY + 60_000 });
    const later = new Map(
      (await pageAll(accountId)).flatMap((p) => p.data).map((t) => [t.id, t] as const),
    );
    for (const t of pending) {
      expect(later.get(t.id)?.status).toBe('BOOKED');
      expect(later.get(t.id)?.date).toBe(t.date);
    }
    expect(later.size).toBeGreaterThan(all.length); // two days of new transactions
  });
});
