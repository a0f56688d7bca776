/**
 * Consents, accounts and their stored transactions. An account's history is generated at link
 * time up to its merchant's sandbox clock's now and appended lazily after that (`catchUp`),
 * always at the tail in (date, id) order, so each stored running balance is final and a page is
 * one range read of the primary key. A transaction is stored once its date has come: the feed shows
 * exactly the stored rows, which is what lets a cursor's snapshot bound hold (cursor.ts).
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { BankTransaction } from '../../shared/contract/bank';
import { penceToPounds } from '../../shared/money';
import type { Clock } from '../kernel/clock';
import type { Environment } from '../kernel/caller';
import type { Store } from '../kernel/store/port';
import { BANKS, bankOf, type AccountProfile, type SandboxBank } from './banks';
import {
  DAY_MS,
  accountNumberOf,
  generateDay,
  hash32,
  openingPenceOf,
  type Draft,
  type HistoryAccount,
  type Party,
} from './history';
import {
  ledgerStatements,
  type AccountRow,
  type CompletedPayment,
  type ConsentRow,
  type OpenAccount,
  type SettledSend,
  type TxRow,
} from './repo';

/** A completed pay-by-bank payment's credit reaches the settlement account this much later. */
export const CREDIT_ARRIVAL_MS = 20_000;
/** ...and is PENDING for this long before it books (same id, same date). */
export const CREDIT_BOOKING_MS = 60 * 60_000;
/**
 * An Agent Pay SEND payment's DEBIT is dated this long after the payment settled. Any gap > 0
 * keeps the ledger's invariant: a settlement can happen in the very millisecond a read stored
 * the account up to "now", and its debit must still fall after that mark, never behind it.
 */
export const DEBIT_POSTING_MS = 1000;
export const DEFAULT_HISTORY_DAYS = 400;
/** With nothing new to store, generated_until moves on only after this long. */
const IDLE_WRITE_MS = 60 * 60_000;
export const DEFAULT_PER_DAY = 6;

export type { AccountRow, ConsentRow, OpenAccount, TxRow } from './repo';

/** A position in an account's (date, id) order. */
export type Key = [number, string];

const newId = (prefix: string) => prefix + randomBytes(9).toString('hex');

/** The credit a completed pay-by-bank payment makes, the order id as its reference. */
function paymentCredit(p: CompletedPayment, holder: Party): Draft {
  const consumer = (JSON.parse(p.options) as { consumerDetails?: Record<string, string> })
    .consumerDetails;
  const name =
    [consumer?.firstName, consumer?.lastName].filter(Boolean).join(' ').toUpperCase() ||
    'PAY BY BANK CUSTOMER';
  const seed = hash32(p.tx_id);
  const date = p.updated_at + CREDIT_ARRIVAL_MS;
  return {
    id: `btx_p${p.tx_id.replaceAll('-', '')}`,
    date,
    type: 'CREDIT',
    pence: p.amount_pence + p.tip_pence,
    description: 'FASTER PAYMENT RECEIVED',
    reference: p.order_id,
    merchantName: null,
    category: 'INCOME',
    payer: {
      name,
      sortCode: `${10 + (seed % 89)}-${String((seed >>> 8) % 100).padStart(2, '0')}-${String((seed >>> 16) % 100).padStart(2, '0')}`,
      accountNumber: String(10_000_000 + (seed % 89_999_999)),
    },
    payee: holder,
    bookAt: date + CREDIT_BOOKING_MS,
    paymentTxId: p.tx_id,
  };
}

/** The debit a settled SEND payment makes: the payee's name and the payment's reference. */
function sendDebit(p: SettledSend, holder: Party): Draft {
  const payee = JSON.parse(p.payee) as { name: string; sortCode: string; accountNumber: string };
  const date = p.settled_at + DEBIT_POSTING_MS;
  return {
    id: `btx_s${p.id}`,
    date,
    type: 'DEBIT',
    pence: p.amount_pence,
    description: 'FASTER PAYMENT SENT',
    reference: p.reference ?? '',
    merchantName: null,
    category: 'TRANSFER',
    payer: holder,
    payee: {
      name: payee.name.toUpperCase(),
      sortCode: payee.sortCode.replace(/^(\d\d)(\d\d)(\d\d)$/, '$1-$2-$3'),
      accountNumber: payee.accountNumber,
    },
    // A Faster Payment sent books at once.
    bookAt: date,
    paymentTxId: null,
  };
}

/** The row a draft is stored as, with the account's balance after it. */
function storedRowOf(accountId: string, d: Draft, balance: number): TxRow {
  return {
    account_id: accountId,
    date_ms: d.date,
    id: d.id,
    type: d.type,
    amount_pence: d.pence,
    currency: 'GBP',
    description: d.description,
    reference: d.reference,
    merchant_name: d.merchantName,
    category: d.category,
    payer: d.payer ? JSON.stringify(d.payer) : null,
    payee: d.payee ? JSON.stringify(d.payee) : null,
    balance_pence: balance,
    book_at: d.bookAt,
    payment_tx_id: d.paymentTxId,
  };
}

/** A new account of a consent, its history starting at `historyFrom`. */
function newAccountRow(
  consentId: string,
  position: number,
  profile: AccountProfile,
  sortCode: string,
  opts: { perDay: number; historyFrom: number; settles: boolean },
): AccountRow {
  const id = newId('acc_');
  const seed = hash32(id);
  return {
    id,
    consent_id: consentId,
    position,
    profile,
    account_number: accountNumberOf(seed),
    sort_code: sortCode,
    per_day: opts.perDay,
    history_from: opts.historyFrom,
    generated_until: opts.historyFrom - 1,
    balance_pence: openingPenceOf(seed),
    settles_since: opts.settles ? opts.historyFrom : null,
  };
}

export function createLedger(store: Store, clock: Clock) {
  const {
    insertConsent,
    insertAccount,
    consentById,
    consentsOf,
    accountsOfConsent,
    openAccount,
    settlementOf,
    revokeConsent,
    merchantName,
    completedPayments,
    settledSends,
    insertTx,
    advance,
    olderThan,
    newerThan,
    creditsBetween,
  } = ledgerStatements(store);

  /** The latest day generated per account: reads during a busy day regenerate nothing. */
  const dayCache = new Map<string, { day: number; drafts: Draft[] }>();

  async function historyAccount(account: OpenAccount): Promise<HistoryAccount> {
    const name =
      (await merchantName.get(account.environment, account.merchant_id))?.name ?? 'COUNTER SHOP';
    return {
      id: account.id,
      seed: hash32(account.id),
      profile: account.profile,
      perDay: account.per_day,
      holder: {
        name: name.toUpperCase(),
        sortCode: account.sort_code,
        accountNumber: account.account_number,
      },
    };
  }

  function draftsOf(history: HistoryAccount, day: number): Draft[] {
    const cached = dayCache.get(history.id);
    if (cached?.day === day) return cached.drafts;
    const drafts = generateDay(history, day);
    if (dayCache.size > 1000) dayCache.clear();
    dayCache.set(history.id, { day, drafts });
    return drafts;
  }

  /** Stores every transaction of `account` dated up to now, in order, with its balance. */
  async function catchUp(account: OpenAccount): Promise<void> {
    const now = clock.now(account.environment, account.merchant_id);
    const from = account.generated_until;
    if (from >= now) return;
    const history = await historyAccount(account);
    const drafts: Draft[] = [];
    for (let day = Math.floor((from + 1) / DAY_MS) * DAY_MS; day <= now; day += DAY_MS)
      for (const d of draftsOf(history, day)) if (d.date > from && d.date <= now) drafts.push(d);
    if (account.settles_since !== null) {
      const after = Math.max(from, account.settles_since - 1) - CREDIT_ARRIVAL_MS;
      for (const p of await completedPayments.all(
        after,
        now - CREDIT_ARRIVAL_MS,
        account.merchant_id,
        account.environment,
      ))
        drafts.push(paymentCredit(p, history.holder));
      const since = Math.max(from, account.settles_since - 1) - DEBIT_POSTING_MS;
      for (const p of await settledSends.all(
        since,
        now - DEBIT_POSTING_MS,
        account.merchant_id,
        account.environment,
      ))
        drafts.push(sendDebit(p, history.holder));
    }
    // Nothing new: skip the write (every page read comes here), unless the mark is getting old.
    if (drafts.length === 0 && now - from < IDLE_WRITE_MS) return;
    drafts.sort((a, b) => a.date - b.date || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    let balance = account.balance_pence;
    await store.tx(async () => {
      for (const d of drafts) {
        balance += d.type === 'CREDIT' ? d.pence : -d.pence;
        await insertTx.run(storedRowOf(account.id, d, balance));
      }
      if ((await advance.run(now, balance, account.id, from)).changes === 0)
        throw new Error('bank account changed meanwhile');
    });
    account.generated_until = now;
    account.balance_pence = balance;
  }

  async function link(
    merchantId: string,
    environment: Environment,
    bankId: keyof typeof BANKS,
    options: { historyDays?: number; perDay?: number } = {},
  ): Promise<{ consent: ConsentRow; accounts: AccountRow[] }> {
    const bank = BANKS[bankId];
    const now = clock.now(environment, merchantId);
    const historyFrom =
      Math.floor(now / DAY_MS) * DAY_MS - (options.historyDays ?? DEFAULT_HISTORY_DAYS) * DAY_MS;
    const consent: ConsentRow = {
      id: newId('cns_'),
      merchant_id: merchantId,
      environment,
      bank: bank.id,
      created_at: now,
      revoked_at: null,
    };
    return await store.tx(async () => {
      const settles = !(await settlementOf.get(merchantId, environment));
      await insertConsent.run(consent.id, merchantId, environment, bank.id, now);
      const accounts: AccountRow[] = [];
      for (const [position, a] of bank.accounts.entries()) {
        const row = newAccountRow(consent.id, position, a.profile, bank.sortCode, {
          perDay: options.perDay ?? DEFAULT_PER_DAY,
          historyFrom,
          // The first account of the merchant's first consent is where payments settle, with
          // the credits of payments since its history begins.
          settles: settles && position === 0,
        });
        await insertAccount.run(row);
        await catchUp({ ...row, bank: bank.id, merchant_id: merchantId, environment });
        accounts.push(row);
      }
      return { consent, accounts };
    });
  }

  return {
    link,
    catchUp,
    consent: async (merchantId: string, environment: string, id: string) =>
      await consentById.get(id, merchantId, environment),
    consents: async (merchantId: string, environment: string) =>
      await consentsOf.all(merchantId, environment),
    accountsOf: (consentId: string) => accountsOfConsent.all(consentId),
    /** An account of an unrevoked consent of this merchant and environment. */
    async account(
      merchantId: string,
      environment: string,
      id: string,
    ): Promise<OpenAccount | undefined> {
      const row = await openAccount.get(id);
      return row && row.merchant_id === merchantId && row.environment === environment
        ? row
        : undefined;
    },
    settlementAccount: async (merchantId: string, environment: string) =>
      await settlementOf.get(merchantId, environment),
    revoke: async (consent: ConsentRow) =>
      (await revokeConsent.run(clock.now(consent.environment, consent.merchant_id), consent.id))
        .changes > 0,
    /** Up to `limit` rows older than `key` (newest first), not before `from`. */
    older: async (accountId: string, from: number, key: Key, limit: number) =>
      await olderThan.all(accountId, from, key[0], key[1], limit),
    /** Up to `limit` rows newer than `key` (oldest first), before `upper`. */
    newer: async (accountId: string, upper: number, key: Key, limit: number) =>
      await newerThan.all(accountId, upper, key[0], key[1], limit),
    credits: async (accountId: string, from: number, before: number) =>
      await creditsBetween.all(accountId, from, before),
  };
}
export type Ledger = ReturnType<typeof createLedger>;

/** A stored transaction as the bank sends it: fields the bank lacks are absent. */
export function toWire(
  row: TxRow,
  bank: SandboxBank,
  now: number,
): z.input<typeof BankTransaction> {
  const partyOf = (json: string | null) => {
    if (!json) return undefined;
    const p = JSON.parse(json) as Party;
    return bank.givesAccountDetails && p.sortCode && p.accountNumber
      ? { name: p.name, accountDetails: { sortCode: p.sortCode, accountNumber: p.accountNumber } }
      : { name: p.name };
  };
  const payer = partyOf(row.payer);
  const payee = partyOf(row.payee);
  return {
    id: row.id,
    date: new Date(row.date_ms).toISOString(),
    type: row.type,
    amount: penceToPounds(row.amount_pence),
    currency: row.currency,
    description: row.description,
    reference: row.reference,
    ...(bank.givesMerchantName && row.merchant_name ? { merchantName: row.merchant_name } : {}),
    transactionCategory: row.category,
    status: now >= row.book_at ? 'BOOKED' : 'PENDING',
    ...(payer ? { payer } : {}),
    ...(payee ? { payee } : {}),
    ...(bank.givesBalance
      ? { balance: { amount: penceToPounds(row.balance_pence), currency: row.currency } }
      : {}),
  };
}

export { bankOf };
