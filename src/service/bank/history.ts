/**
 * A shop's bank history, generated deterministically: the same account and day always give the
 * same transactions, whenever they are generated (at link time for the past, lazily as the
 * sandbox clock moves on). Each day comes from its own seeded PRNG, so any day can be generated
 * without the days before it.
 */
import type { AccountProfile } from './banks';

export const DAY_MS = 86_400_000;
/** Debit-card purchases stay PENDING this long before they book (keeping their id and date). */
const CARD_PENDING_MS = [DAY_MS, 2 * DAY_MS] as const;

export interface Party {
  name: string;
  sortCode?: string;
  accountNumber?: string;
}

/** One transaction before it is stored (the balance is added at the ledger's tail). */
export interface Draft {
  id: string;
  date: number;
  type: 'CREDIT' | 'DEBIT';
  pence: number;
  description: string;
  reference: string;
  merchantName: string | null;
  category: string;
  payer: Party | null;
  payee: Party | null;
  bookAt: number;
  paymentTxId: string | null;
}

export interface HistoryAccount {
  id: string;
  seed: number;
  profile: AccountProfile;
  perDay: number;
  holder: Party;
}

/** FNV-1a: a stable 32-bit seed from text. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and good enough for realistic-looking amounts. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

const digits = (seed: number, n: number) => {
  const r = prng(seed);
  let s = '';
  for (let i = 0; i < n; i++) s += String(r.int(0, 9));
  return s;
};
const sortCodeOf = (seed: number) => {
  const d = digits(seed, 6);
  return `${d.slice(0, 2)}-${d.slice(2, 4)}-${d.slice(4)}`;
};
/** A counterparty with stable account details. */
const party = (name: string): Party => ({
  name,
  sortCode: sortCodeOf(hash32(`sc:${name}`)),
  accountNumber: digits(hash32(`an:${name}`), 8),
});

export const accountNumberOf = (seed: number) => digits(seed ^ 0x5bd1e995, 8);
export const openingPenceOf = (seed: number) => prng(seed ^ 0x27d4eb2f).int(5_000, 20_000) * 100;

const ACQUIRER = party('COUNTER CARD SERVICES');
const LANDLORD = party('HIGHSTREET PROPERTY LTD');
const SUPPLIERS = [
  'BRIGHTMILL BAKERY LTD',
  'GREENLEAF PRODUCE',
  'NORTHERN DAIRIES',
  'ROAST & GRIND COFFEE',
  'PACKRIGHT SUPPLIES',
  'CLEANWAVE SERVICES',
].map(party);
const STAFF = ['A PATEL', 'J OKAFOR', 'M KOWALSKA'].map(party);
const CUSTOMERS = [
  'WESTFIELD SCHOOL PTA',
  'HARLOW EVENTS LTD',
  'K MORGAN',
  'THE OLD FORGE B&B',
].map(party);
const CARD_SHOPS = [
  { name: 'BOOKER WHOLESALE', min: 2_000, max: 18_000 },
  { name: 'SCREWFIX', min: 500, max: 6_000 },
  { name: 'TESCO STORES', min: 300, max: 4_000 },
  { name: 'AMAZON MARKETPLACE', min: 700, max: 9_000 },
  { name: 'ROYAL MAIL', min: 150, max: 2_500 },
  { name: 'SHELL FORECOURT', min: 2_000, max: 7_000 },
];
const DIRECT_DEBITS = [
  { dom: 3, name: 'FIBRELINE BROADBAND', min: 3_850, max: 3_850, category: 'UTILITIES' },
  { dom: 15, name: 'OCTAGON ENERGY', min: 12_000, max: 26_000, category: 'UTILITIES' },
  { dom: 18, name: 'RIVERSIDE WATER', min: 4_200, max: 6_900, category: 'UTILITIES' },
  { dom: 20, name: 'TOWN COUNCIL BUSINESS RATES', min: 31_000, max: 31_000, category: 'TAX' },
  { dom: 24, name: 'SHOPSAFE INSURANCE', min: 8_900, max: 8_900, category: 'INSURANCE' },
];

const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');

/** Every transaction of `account` dated within the UTC day starting at `day`, oldest first. */
export function generateDay(account: HistoryAccount, day: number): Draft[] {
  const rnd = prng(hash32(`${account.seed}:${day}`));
  const date = new Date(day);
  const weekday = date.getUTCDay();
  const dom = date.getUTCDate();
  const businessDay = weekday >= 1 && weekday <= 5;
  const dayKey = Math.floor(day / DAY_MS).toString(36);
  const out: Omit<Draft, 'id'>[] = [];
  const at = (fromHour: number, toHour: number) =>
    day + rnd.int(fromHour * 3600, toHour * 3600 - 1) * 1000;
  const debit = (
    d: Omit<Draft, 'id' | 'type' | 'payer' | 'bookAt' | 'paymentTxId'> & { bookAt?: number },
  ) =>
    out.push({
      ...d,
      type: 'DEBIT',
      payer: account.holder,
      bookAt: d.bookAt ?? d.date,
      paymentTxId: null,
    });
  const credit = (d: Omit<Draft, 'id' | 'type' | 'payee' | 'bookAt' | 'paymentTxId'>) =>
    out.push({ ...d, type: 'CREDIT', payee: account.holder, bookAt: d.date, paymentTxId: null });

  if (account.profile === 'reserve') {
    if (dom === 1)
      credit({
        date: at(2, 3),
        pence: rnd.int(150, 2_400),
        description: 'INTEREST PAID',
        reference: `INTEREST ${ymd(day).slice(0, 6)}`,
        merchantName: null,
        category: 'INTEREST',
        payer: { name: 'INTEREST' },
      });
    if (dom === 28 || rnd.next() < 0.04 * account.perDay)
      credit({
        date: at(9, 17),
        pence: rnd.int(10, 80) * 5_000,
        description: 'TRANSFER FROM CURRENT ACCOUNT',
        reference: 'RESERVE TOP-UP',
        merchantName: null,
        category: 'TRANSFER',
        payer: account.holder,
      });
  } else {
    if (businessDay)
      credit({
        date: at(6, 7),
        pence: rnd.int(30_000, 250_000),
        description: 'CARD SETTLEMENT',
        reference: `CCS PAYOUT ${ymd(day - DAY_MS)}`,
        merchantName: null,
        category: 'INCOME',
        payer: ACQUIRER,
      });
    if (dom === 1)
      debit({
        date: at(0, 2),
        pence: 185_000,
        description: 'STANDING ORDER',
        reference: 'RENT UNIT 4',
        merchantName: null,
        category: 'RENT',
        payee: LANDLORD,
      });
    if (dom === 2)
      debit({
        date: at(0, 2),
        pence: 650,
        description: 'ACCOUNT FEE',
        reference: `FEE ${ymd(day).slice(0, 6)}`,
        merchantName: null,
        category: 'BANK_CHARGES',
        payee: { name: 'BANK CHARGES' },
      });
    for (const dd of DIRECT_DEBITS)
      if (dom === dd.dom)
        debit({
          date: at(1, 5),
          pence: rnd.int(dd.min, dd.max),
          description: 'DIRECT DEBIT',
          reference: `${dd.name.split(' ')[0]} ${digits(hash32(dd.name), 6)}`,
          merchantName: null,
          category: dd.category,
          payee: party(dd.name),
        });
    if (dom === 28)
      for (const person of STAFF)
        debit({
          date: at(8, 9),
          pence: rnd.int(90_000, 160_000),
          description: 'FASTER PAYMENT',
          reference: `SALARY ${ymd(day).slice(0, 6)}`,
          merchantName: null,
          category: 'PAYROLL',
          payee: person,
        });
    if (businessDay) {
      const suppliers = rnd.next() < 0.6 ? 1 : rnd.next() < 0.3 ? 2 : 0;
      for (let i = 0; i < suppliers; i++)
        debit({
          date: at(9, 17),
          pence: rnd.int(4_000, 60_000),
          description: 'FASTER PAYMENT',
          reference: `INV ${rnd.int(1000, 9999)}`,
          merchantName: null,
          category: 'SUPPLIES',
          payee: rnd.pick(SUPPLIERS),
        });
    }
    // The rest of the day's activity scales with perDay: debit-card buys and customers paying
    // invoices by transfer.
    const extra = Math.floor(Math.max(0, account.perDay - 2) * (0.7 + 0.6 * rnd.next()));
    for (let i = 0; i < extra; i++) {
      if (rnd.next() < 0.12) {
        credit({
          date: at(7, 21),
          pence: rnd.int(2_000, 45_000),
          description: 'FASTER PAYMENT RECEIVED',
          reference: `INV-${rnd.int(1000, 9999)}`,
          merchantName: null,
          category: 'INCOME',
          payer: rnd.pick(CUSTOMERS),
        });
        continue;
      }
      const shop = rnd.pick(CARD_SHOPS);
      const when = at(7, 21);
      debit({
        date: when,
        pence: rnd.int(shop.min, shop.max),
        description: 'CARD PAYMENT',
        reference: `${shop.name} ${ymd(when)}`,
        merchantName: shop.name,
        category: 'SHOPPING',
        payee: { name: shop.name },
        bookAt: when + rnd.int(CARD_PENDING_MS[0], CARD_PENDING_MS[1]),
      });
    }
  }
  out.sort((a, b) => a.date - b.date);
  const prefix = `btx_${account.id.replace(/^acc_/, '')}_${dayKey}_`;
  return out.map((d, i) => ({ ...d, id: prefix + i.toString(36).padStart(3, '0') }));
}
