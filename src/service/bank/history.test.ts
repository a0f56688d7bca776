/** The generated history: deterministic per account and day, and shaped like a shop's. */
import { describe, expect, it } from 'vitest';
import { DAY_MS, generateDay, hash32, type HistoryAccount } from './history';

const account = (id: string, perDay = 6): HistoryAccount => ({
  id,
  seed: hash32(id),
  profile: 'current',
  perDay,
  holder: { name: 'COUNTER DEMO SHOP', sortCode: '04-00-99', accountNumber: '12345678' },
});
const MONDAY = Date.UTC(2026, 5, 1); // 1 June 2026: a Monday and the first of the month

describe('generateDay', () => {
  it('gives the same transactions for the same account and day, whenever it runs', () => {
    expect(generateDay(account('acc_a'), MONDAY)).toEqual(generateDay(account('acc_a'), MONDAY));
    expect(generateDay(account('acc_a'), MONDAY)).not.toEqual(
      generateDay(account('acc_b'), MONDAY),
    );
  });

  it('keeps every transaction inside its day, oldest first, with ids unique and ordered', () => {
    for (let d = 0; d < 60; d++) {
      const day = MONDAY + d * DAY_MS;
      const txs = generateDay(account('acc_a'), day);
      expect(txs.every((t) => t.date >= day && t.date < day + DAY_MS)).toBe(true);
      expect(txs.map((t) => t.date)).toEqual([...txs.map((t) => t.date)].sort((a, b) => a - b));
      expect(new Set(txs.map((t) => t.id)).size).toBe(txs.length);
      expect(txs.every((t) => t.pence > 0 && Number.isInteger(t.pence))).toBe(true);
    }
  });

  it('pays rent on the 1st and gets a card settlement on weekdays only', () => {
    const first = generateDay(account('acc_a'), MONDAY);
    expect(first.find((t) => t.category === 'RENT')).toMatchObject({
      type: 'DEBIT',
      pence: 185_000,
      payee: { name: 'HIGHSTREET PROPERTY LTD' },
    });
    expect(first.some((t) => t.description === 'CARD SETTLEMENT')).toBe(true);
    const saturday = generateDay(account('acc_a'), MONDAY + 5 * DAY_MS);
    expect(saturday.some((t) => t.description === 'CARD SETTLEMENT')).toBe(false);
  });

  it('card purchases book one to two days later; transfers book at once', () => {
    const txs = generateDay(account('acc_a', 40), MONDAY);
    const card = txs.filter((t) => t.description === 'CARD PAYMENT');
    expect(card.length).toBeGreaterThan(10);
    for (const t of card) {
      expect(t.bookAt - t.date).toBeGreaterThanOrEqual(DAY_MS);
      expect(t.bookAt - t.date).toBeLessThanOrEqual(2 * DAY_MS);
    }
    expect(
      txs.filter((t) => t.description !== 'CARD PAYMENT').every((t) => t.bookAt === t.date),
    ).toBe(true);
  });

  it('scales with transactionsPerDay', () => {
    let few = 0;
    let many = 0;
    for (let d = 0; d < 30; d++) {
      few += generateDay(account('acc_a', 6), MONDAY + d * DAY_MS).length;
      many += generateDay(account('acc_a', 300), MONDAY + d * DAY_MS).length;
    }
    expect(few / 30).toBeGreaterThan(3);
    expect(few / 30).toBeLessThan(10);
    expect(many / 30).toBeGreaterThan(250);
  });
});
