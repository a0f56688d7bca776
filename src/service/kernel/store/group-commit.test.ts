import { describe, expect, it } from 'vitest';
import { createClock } from '../clock';
import { createOutbox } from '../events/outbox';
import { openDb } from './db';
import { createGroupCommit } from './group-commit';
import { createSqliteStore } from './sqlite-store';

async function setup() {
  const store = createSqliteStore(openDb(null));
  await store.exec('CREATE TABLE counter_test (n INTEGER NOT NULL CHECK (n <= 3))');
  const outbox = createOutbox(store, createClock());
  const commit = createGroupCommit(store);
  const heard: string[] = [];
  outbox.subscribe((event) => heard.push(JSON.parse(event.body).data.order));
  const emit = (order: string) =>
    outbox.emit({
      merchantId: 'm',
      environment: 'sandbox',
      type: 'PAYMENTS_STATUS',
      data: { order },
    });
  const events = async () =>
    (await store.prepare<[], { body: string }>('SELECT body FROM events ORDER BY seq').all()).map(
      (row) => JSON.parse(row.body).data.order as string,
    );
  // The row's n is the count of rows before it plus one: what this piece of work saw.
  const insert = store.prepare<[], { n: number }>(
    'INSERT INTO counter_test (n) VALUES ((SELECT COUNT(*) + 1 FROM counter_test)) RETURNING n',
  );
  const count = async () =>
    (await store.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM counter_test').get())!.n;
  return { store, commit, insert, count, emit, events, heard };
}

describe('group commit', () => {
  it('runs the work of one moment in one transaction, each seeing the writes before it', async () => {
    const { store, commit, insert, count } = await setup();
    const seen: boolean[] = [];
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        commit(async () => {
          seen.push(store.inTransaction);
          return (await insert.get())!.n;
        }),
      ),
    );
    expect(results).toEqual([1, 2, 3]);
    expect(seen).toEqual([true, true, true]);
    expect(await count()).toBe(3);
  });

  it('undoes a refused piece of work alone: its caller gets the error, the others commit', async () => {
    const { commit, insert, count } = await setup();
    const outcomes = await Promise.allSettled([
      commit(() => insert.run()),
      commit(async () => {
        await insert.run();
        throw new Error('refused after writing');
      }),
      commit(() => insert.run()),
      commit(() => insert.run()),
      commit(() => insert.run()), // the fourth row breaks the CHECK: refused by SQLite
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'rejected',
    ]);
    expect(await count()).toBe(3);
  });

  it('after a refused piece, the others run again: their events are stored and heard once', async () => {
    const { commit, emit, events, heard } = await setup();
    const outcomes = await Promise.allSettled([
      commit(() => emit('first')),
      commit(async () => {
        await emit('refused');
        throw new Error('refused after its event');
      }),
      commit(() => emit('last')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await events()).toEqual(['first', 'last']);
    expect(heard).toEqual(['first', 'last']);
  });

  it('inside a transaction already, writes there at once', async () => {
    const { store, commit, insert, count } = await setup();
    let pending: Promise<unknown> | undefined;
    await store.tx(async () => {
      pending = commit(() => insert.run());
      expect(await count()).toBe(1); // written before the transaction ends
    });
    await pending;
    expect(await count()).toBe(1);
  });
});
