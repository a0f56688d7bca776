import { describe, it, expect } from 'vitest';
import {
  BankAccount,
  BankAccountList,
  BankAccountsParams,
  BankFeedPage,
  BankTransaction,
  BankTransactionsParams,
  BankTransactionsQuery,
  BankLinkBody,
  ReconciliationQuery,
  SandboxConsentBody,
  TerminalReconciliationQuery,
} from './bank';
import { issues, parse, paths } from '../../../test/helpers/schema-test-kit';

const account = {
  accountId: 'acc_5f2c9a1e',
  bankName: 'Monzo',
  accountNumber: '12345678',
  sortCode: '04-00-04',
};

const transaction = {
  id: 'tx_000001',
  date: '2026-03-14T09:30:00.000Z',
  type: 'CREDIT',
  amount: 24.99,
  currency: 'GBP',
  description: 'FASTER PAYMENT RECEIVED',
  reference: 'ORD-2026-0001',
  merchantName: 'Corner Café',
  transactionCategory: 'TRANSFER',
  status: 'BOOKED',
  payer: {
    name: 'Jane Smith',
    accountDetails: { sortCode: '20-00-00', accountNumber: '55779911' },
  },
  payee: {
    name: 'Corner Cafe Ltd',
    accountDetails: { sortCode: '04-00-04', accountNumber: '12345678' },
  },
  balance: { amount: 1520.45, currency: 'GBP' },
};

describe('BankAccount', () => {
  it('accepts an account and a list of them', () => {
    expect(parse(BankAccount, account)).toEqual(account);
    expect(parse(BankAccountList, [account, { ...account, accountId: 'acc_2' }])).toHaveLength(2);
  });
  it.each(['accountId', 'bankName', 'accountNumber', 'sortCode'])('requires %s', (field) => {
    expect(paths(BankAccount, { ...account, [field]: undefined })).toEqual([[field]]);
  });
  it('BankAccountList points at the bad item', () => {
    expect(paths(BankAccountList, [account, { ...account, sortCode: 40004 }])).toEqual([
      [1, 'sortCode'],
    ]);
  });
});

describe('BankTransaction', () => {
  it('accepts a full transaction', () => {
    expect(parse(BankTransaction, transaction)).toEqual(transaction);
  });

  it('accepts a pending debit without the optional parts (some banks omit them)', () => {
    const { merchantName: _m, payee: _p, balance: _b, ...bare } = transaction;
    expect(
      parse(BankTransaction, {
        ...bare,
        type: 'DEBIT',
        status: 'PENDING',
        amount: -12.5,
        payer: { name: 'Jane Smith' },
      }),
    ).toBeTruthy();
  });

  it('requires the date as an ISO 8601 date-time', () => {
    expect(paths(BankTransaction, { ...transaction, date: '2026-03-14' })).toEqual([['date']]);
    expect(
      parse(BankTransaction, { ...transaction, date: '2026-03-14T10:30:00+01:00' }),
    ).toBeTruthy();
  });

  it('rejects unknown types and statuses', () => {
    expect(paths(BankTransaction, { ...transaction, type: 'TRANSFER' })).toEqual([['type']]);
    expect(paths(BankTransaction, { ...transaction, status: 'SETTLED' })).toEqual([['status']]);
  });

  it('rejects a bad currency, a string amount, and malformed parties and balance', () => {
    expect(paths(BankTransaction, { ...transaction, currency: 'gbp' })).toEqual([['currency']]);
    expect(paths(BankTransaction, { ...transaction, amount: '24.99' })).toEqual([['amount']]);
    expect(paths(BankTransaction, { ...transaction, payer: { accountDetails: account } })).toEqual([
      ['payer', 'name'],
    ]);
    expect(
      paths(BankTransaction, {
        ...transaction,
        payee: { name: 'X', accountDetails: { sortCode: '04-00-04' } },
      }),
    ).toEqual([['payee', 'accountDetails', 'accountNumber']]);
    expect(paths(BankTransaction, { ...transaction, balance: { amount: 1 } })).toEqual([
      ['balance', 'currency'],
    ]);
  });

  it.each(['id', 'description', 'reference', 'transactionCategory'])('requires %s', (field) => {
    expect(paths(BankTransaction, { ...transaction, [field]: undefined })).toEqual([[field]]);
  });
});

describe('BankFeedPage', () => {
  const base = 'https://api.example.com/api/bank/accounts/acc_5f2c9a1e/transactions';
  const first = {
    data: [transaction],
    meta: { count: 1 },
    links: { self: base, next: `${base}?cursor=c2` },
  };

  it('accepts a first, a middle and a last page', () => {
    expect(parse(BankFeedPage, first)).toEqual(first);
    expect(
      parse(BankFeedPage, {
        ...first,
        links: { prev: `${base}?cursor=c1`, self: `${base}?cursor=c2`, next: `${base}?cursor=c3` },
      }),
    ).toBeTruthy();
    expect(
      parse(BankFeedPage, {
        data: [],
        meta: { count: 0 },
        links: { self: base, prev: `${base}?cursor=c2` },
      }),
    ).toBeTruthy();
  });

  it('requires links.self and a whole, non-negative count', () => {
    expect(paths(BankFeedPage, { ...first, links: { next: 'x' } })).toEqual([['links', 'self']]);
    expect(paths(BankFeedPage, { ...first, meta: { count: -1 } })).toEqual([['meta', 'count']]);
    expect(paths(BankFeedPage, { ...first, meta: { count: 1.5 } })).toEqual([['meta', 'count']]);
    expect(paths(BankFeedPage, { ...first, meta: {} })).toEqual([['meta', 'count']]);
  });

  it('points at a bad transaction', () => {
    expect(paths(BankFeedPage, { ...first, data: [{ ...transaction, type: 'X' }] })).toEqual([
      ['data', 0, 'type'],
    ]);
  });
});

describe('bank path parameters', () => {
  it('accept ids of 1-100 characters', () => {
    expect(parse(BankAccountsParams, { accountAuthId: 'consent_8b1f' })).toBeTruthy();
    expect(parse(BankTransactionsParams, { accountId: 'acc_5f2c9a1e' })).toBeTruthy();
  });
  it('reject empty and over-long ids', () => {
    expect(paths(BankAccountsParams, { accountAuthId: '' })).toEqual([['accountAuthId']]);
    expect(paths(BankAccountsParams, { accountAuthId: 'a'.repeat(101) })).toEqual([
      ['accountAuthId'],
    ]);
    expect(paths(BankTransactionsParams, { accountId: '' })).toEqual([['accountId']]);
    expect(paths(BankTransactionsParams, { accountId: 'a'.repeat(101) })).toEqual([['accountId']]);
  });
});

describe('BankTransactionsQuery', () => {
  it('accepts no parameters, from alone, from and before, and a cursor alone', () => {
    expect(parse(BankTransactionsQuery, {})).toEqual({});
    expect(parse(BankTransactionsQuery, { from: '2026-01-01' })).toEqual({ from: '2026-01-01' });
    expect(parse(BankTransactionsQuery, { from: '2026-01-01', before: '2026-02-01' })).toBeTruthy();
    expect(parse(BankTransactionsQuery, { cursor: 'eyJ2IjoxfQ.c2lnbmF0dXJl' })).toBeTruthy();
  });

  it('accepts plain dates and ISO date-times, mixed', () => {
    expect(
      parse(BankTransactionsQuery, {
        from: '2026-01-01T00:00:00Z',
        before: '2026-02-01T00:00:00+01:00',
      }),
    ).toBeTruthy();
    expect(
      parse(BankTransactionsQuery, { from: '2026-01-01', before: '2026-01-15T12:00:00.000Z' }),
    ).toBeTruthy();
    expect(parse(BankTransactionsQuery, { from: '2026-01-01T08:30:00.000Z' })).toBeTruthy();
  });

  it('rejects before without from', () => {
    const found = issues(BankTransactionsQuery, { before: '2026-02-01' });
    expect(found.map((i) => i.path)).toEqual([['before']]);
    expect(found[0]?.message).toBe('requires from');
  });

  it('rejects a cursor sent with from or before', () => {
    expect(paths(BankTransactionsQuery, { cursor: 'c2', from: '2026-01-01' })).toEqual([
      ['cursor'],
    ]);
    expect(
      paths(BankTransactionsQuery, { cursor: 'c2', from: '2026-01-01', before: '2026-02-01' }),
    ).toEqual([['cursor']]);
  });

  it('rejects before that is not later than from', () => {
    expect(paths(BankTransactionsQuery, { from: '2026-02-01', before: '2026-02-01' })).toEqual([
      ['before'],
    ]);
    expect(
      paths(BankTransactionsQuery, { from: '2026-02-01', before: '2026-01-01T00:00:00Z' }),
    ).toEqual([['before']]);
  });

  it('rejects dates in other formats', () => {
    for (const bad of ['01/02/2026', '2026-13-01', 'last week', '2026-01-01 00:00'])
      expect(paths(BankTransactionsQuery, { from: bad })).toEqual([['from']]);
    expect(paths(BankTransactionsQuery, { from: '2026-01-01', before: '1 Feb 2026' })).toEqual([
      ['before'],
    ]);
  });

  it('rejects an empty or over-long cursor', () => {
    expect(paths(BankTransactionsQuery, { cursor: '' })).toEqual([['cursor']]);
    expect(paths(BankTransactionsQuery, { cursor: 'c'.repeat(2001) })).toEqual([['cursor']]);
  });
});

describe('bank extensions', () => {
  it('BankLinkBody takes an absolute http(s) redirectUrl', () => {
    expect(parse(BankLinkBody, { redirectUrl: 'https://shop.example/done?x=1' })).toBeTruthy();
    for (const redirectUrl of ['/relative', 'javascript:alert(1)', 'ftp://x.example/', ''])
      expect(paths(BankLinkBody, { redirectUrl })).toEqual([['redirectUrl']]);
    expect(paths(BankLinkBody, {})).toEqual([['redirectUrl']]);
  });

  it('SandboxConsentBody names a known bank and bounds the history', () => {
    expect(parse(SandboxConsentBody, {})).toEqual({});
    expect(parse(SandboxConsentBody, { bank: 'oakmoor', historyDays: 365 })).toBeTruthy();
    expect(paths(SandboxConsentBody, { bank: 'monzo' })).toEqual([['bank']]);
    expect(paths(SandboxConsentBody, { historyDays: 0 })).toEqual([['historyDays']]);
    expect(paths(SandboxConsentBody, { historyDays: 1.5 })).toEqual([['historyDays']]);
    expect(paths(SandboxConsentBody, { transactionsPerDay: 501 })).toEqual([
      ['transactionsPerDay'],
    ]);
  });

  it('ReconciliationQuery takes a calendar date and an optional store UUID', () => {
    expect(parse(ReconciliationQuery, { date: '2026-11-23' })).toEqual({ date: '2026-11-23' });
    expect(paths(ReconciliationQuery, { date: '2026-02-30' })).toEqual([['date']]);
    expect(paths(ReconciliationQuery, { date: '23/11/2026' })).toEqual([['date']]);
    expect(paths(ReconciliationQuery, { date: '2026-11-23', storeId: 'x' })).toEqual([['storeId']]);
    expect(paths(TerminalReconciliationQuery, {})).toEqual([['date']]);
  });
});
