/** The stored history: the same whether stored at link time or appended as the clock moves. */
import { describe, expect, it } from 'vitest';
import { createClock, type Clock } from '../kernel/clock';
import { openDb } from '../kernel/store/db';
import type { Store } from '../kernel/store/port';
import { createSqliteStore } from '../kernel/store/sqlite-store';
import { DAY_MS, hash32, openingPenceOf } from './history';
import { createLedger, type OpenAccount, type TxRow } from './ledger';

async function world() {
  const db = createSqliteStore(openDb(null));
  await db
    .prepare("INSERT INTO merchants (id, name, created_at) VALUES ('m1', 'Counter Demo Shop', 0)")
    .run();
  // A clock of its own, so two worlds can stand at exactly the same instant.
  let t = Date.UTC(2026, 10, 23, 15, 30);
  const clock: Clock & { advance(ms: number): void } = {
    ...createClock(),
    now: () => t,
    advance: (ms) => void (t += ms),
  };
  return { db, clock, ledger: createLedger(db, clock) };
}

const all = (db: Store, accountId: string) =>
  db
    .prepare<[string], TxRow>(
      'SELECT * FROM bank_transactions WHERE account_id = ? ORDER BY date_ms, id',
    )
    .all(accountId);

describe('catch-up', () => {
  it('appending day by day stores exactly what linking later stores at once', async () => {
    // A: linked now with 30 days of history.
    const a = await world();
    const linked = await a.ledger.link('m1', 'sandbox', 'sandbox-bank', { historyDays: 30 });
    const accountId = linked.accounts[0]!.id;

    // B: the same account, linked 20 days of clock earlier, then read as the clock moves on.
    const b = await world();
    b.clock.advance(-20 * DAY_MS);
    const row = linked.accounts[0]!;
    await b.db
      .prepare(
        "INSERT INTO bank_consents (id, merchant_id, environment, bank, created_at) VALUES (?, 'm1', 'sandbox', 'sandbox-bank', 0)",
      )
      .run(row.consent_id);
    await b.db
      .prepare(
        `INSERT INTO bank_accounts (id, consent_id, position, profile, account_number, sort_code, per_day,
         history_from, generated_until, balance_pence, settles_since)
       VALUES (@id, @consent_id, @position, @profile, @account_number, @sort_code, @per_day,
         @history_from, @history_from - 1, @opening, NULL)`,
      )
      .run({ ...row, opening: openingPenceOf(hash32(accountId)) });
    const open = async () => (await b.ledger.account('m1', 'sandbox', accountId)) as OpenAccount;
    for (let step = 0; step < 20 * 24; step++) {
      await b.ledger.catchUp(await open());
      b.clock.advance(3_600_000);
    }
    expect(b.clock.now('sandbox')).toBe(a.clock.now('sandbox')); // the same instant as A
    await b.ledger.catchUp(await open());

    const stored = await all(a.db, accountId);
    expect(stored.length).toBeGreaterThan(100);
    expect(await all(b.db, accountId)).toEqual(stored);
  });

  it('a read with nothing new to store writes nothing', async () => {
    const { db, ledger } = await world();
    const { accounts } = await ledger.link('m1', 'sandbox', 'harbour', { historyDays: 5 });
    const before = await db
      .prepare('SELECT generated_until FROM bank_accounts WHERE id = ?')
      .get(accounts[0]!.id);
    await ledger.catchUp((await ledger.account('m1', 'sandbox', accounts[0]!.id))!);
    expect(
      await db
        .prepare('SELECT generated_until FROM bank_accounts WHERE id = ?')
        .get(accounts[0]!.id),
    ).toEqual(before);
  });
});
