import { describe, expect, it } from 'vitest';
import { createClock } from '../clock';
import { createOutbox } from '../events/outbox';
import { openDb } from './db';
import { createGroupCommit } from './group-commit';

function setup() {
  const db = openDb(null);
  db.exec('CREATE TABLE counter_test (n INTEGER NOT NULL CHECK (n <= 3))');
  const outbox = createOutbox(db, createClock());
  const commit = createGroupCommit(db, outbox);
  const heard: string[] = [];
  outbox.subscribe((event) => heard.push(JSON.parse(event.body).data.order));
  const emit = (order: string) =>
    outbox.emit({
      merchantId: 'm',
      environment: 'sandbox',
      type: 'PAYMENTS_STATUS',
      data: { order },
    });
  const events = () =>
    (db.prepare('SELECT body FROM events ORDER BY seq').all() as { body: string }[]).map(
      (row) => JSON.parse(row.body).data.order as string,
    );
  const insert = db.prepare(
    'INSERT INTO counter_test (n) VALUES ((SELECT COUNT(*) + 1 FROM counter_test))',
  );
  const count = () =>
    (db.prepare('SELECT COUNT(*) AS n FROM counter_test').get() as { n: number }).n;
  return { db, commit, insert, count, emit, events, heard };
}

describe('group commit', () => {
  it('runs the work of one moment in one transaction, each seeing the writes before it', async () => {
    const { db, commit, insert, count } = setup();
    const seen: boolean[] = [];
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        commit(() => {
          seen.push(db.inTransaction);
          return Number(insert.run().lastInsertRowid);
        }),
      ),
    );
    expect(results).toEqual([1, 2, 3]);
    expect(seen).toEqual([true, true, true]);
    expect(count()).toBe(3);
  });

  it('undoes a refused piece of work alone: its caller gets the error, the others commit', async () => {
    const { commit, insert, count } = setup();
    const outcomes = await Promise.allSettled([
      commit(() => insert.run()),
      commit(() => {
        insert.run();
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
    expect(count()).toBe(3);
  });

  it('after a refused piece, the others run again: their events are stored and heard once', async () => {
    const { commit, emit, events, heard } = setup();
    const outcomes = await Promise.allSettled([
      commit(() => emit('first')),
      commit(() => {
        emit('refused');
        throw new Error('refused after its event');
      }),
      commit(() => emit('last')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(events()).toEqual(['first', 'last']);
    expect(heard).toEqual(['first', 'last']);
  });

  it('inside a transaction already, writes there at once', async () => {
    const { db, commit, insert, count } = setup();
    let pending: Promise<unknown> | undefined;
    db.transaction(() => {
      pending = commit(() => insert.run());
      expect(count()).toBe(1); // written before the transaction ends
    })();
    await pending;
    expect(count()).toBe(1);
  });
});
