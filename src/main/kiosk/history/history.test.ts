import Database from '../../../sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runTs } from '../../../../test/helpers/process';
import { BadCursorError } from './cursor';
import { HISTORY_FILE, openHistory, type History } from './history';
import { migrations } from './migrations';
import type { NewPayment } from './types';

const dirs: string[] = [];
const opened: History[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-history-'));
  dirs.push(dir);
  return dir;
}
function open(dir: string | null = null): History {
  const history = openHistory(dir);
  opened.push(history);
  return history;
}
afterEach(() => {
  for (const h of opened.splice(0)) {
    try {
      h.close();
    } catch {
      /* already closed */
    }
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const T0 = Date.UTC(2024, 6, 1, 12); // 1 July 2024, 13:00 BST

function payment(n: number, extra: Partial<NewPayment> = {}): NewPayment {
  return {
    paymentRequestId: id(n),
    origin: 'counter',
    amountPence: 1000 + n,
    orderId: `ORD-${n}`,
    createdAt: T0 + n * 1000,
    ...extra,
  };
}

function complete(h: History, n: number, at: number, paid: number, tip = 0) {
  const p = h.get(id(n))!;
  return h.recordChange({
    paymentRequestId: id(n),
    from: p.status,
    to: 'COMPLETED',
    source: 'push',
    occurredAt: at,
    recordedAt: at,
    final: true,
    paidPence: paid,
    tipPence: tip,
  });
}

describe('migrations', () => {
  it('sets user_version to the number of migrations and creates the tables', () => {
    const dir = tempDir();
    const h = open(dir);
    expect(h.db.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(h.db.pragma('journal_mode', { simple: true })).toBe('wal');
    const tables = h.db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((r) => r.name);
    expect(tables).toEqual(expect.arrayContaining(['payments', 'status_changes']));
  });

  it('refuses a database written by a newer version, with a clear error', () => {
    const dir = tempDir();
    open(dir).close();
    const raw = new Database(join(dir, HISTORY_FILE));
    raw.pragma(`user_version = ${migrations.length + 1}`);
    raw.close();
    expect(() => openHistory(dir)).toThrow(/newer version of Counter/);
  });

  it('opens an existing database without re-running migrations', () => {
    const dir = tempDir();
    const first = open(dir);
    first.upsertPayment(payment(1));
    first.close();
    const again = open(dir);
    expect(again.get(id(1))?.amountPence).toBe(1001);
    expect(again.db.pragma('user_version', { simple: true })).toBe(migrations.length);
  });
});

describe('payments and status changes', () => {
  it('inserts a payment with its first status recorded', () => {
    const h = open();
    const result = h.upsertPayment(
      payment(1, { metadata: { table: '4' }, notes: 'Latte', source: 'push', origin: 'remote' }),
    );
    expect(result.created).toBe(true);
    expect(result.payment).toMatchObject({
      status: 'PAYMENT_NOT_INITIATED',
      origin: 'remote',
      metadata: { table: '4' },
      notes: 'Latte',
      final: false,
      currency: 'GBP',
    });
    expect(h.changes(id(1))).toEqual([
      expect.objectContaining({ from: null, to: 'PAYMENT_NOT_INITIATED', source: 'push' }),
    ]);
  });

  it('an upsert of a known payment keeps its status and refreshes its links', () => {
    const h = open();
    h.upsertPayment(payment(1));
    complete(h, 1, T0 + 5000, 1001);
    const again = h.upsertPayment(
      payment(1, { status: 'PAYMENT_NOT_INITIATED', qrCodeUrl: 'http://x/qr.svg' }),
    );
    expect(again.created).toBe(false);
    expect(again.payment.status).toBe('COMPLETED');
    expect(again.payment.final).toBe(true);
    expect(again.payment.qrCodeUrl).toBe('http://x/qr.svg');
    expect(h.changes(id(1)).map((c) => c.to)).toEqual(['PAYMENT_NOT_INITIATED', 'COMPLETED']);
  });

  it('recordChange is compare-and-set: a move from the wrong status records nothing', () => {
    const h = open();
    h.upsertPayment(payment(1));
    const moved = h.recordChange({
      paymentRequestId: id(1),
      from: 'AWAITING_AUTHORIZATION',
      to: 'COMPLETED',
      source: 'poll',
      occurredAt: T0,
      recordedAt: T0,
      final: true,
    });
    expect(moved).toBeNull();
    expect(h.get(id(1))!.status).toBe('PAYMENT_NOT_INITIATED');
    expect(h.changes(id(1))).toHaveLength(1);
  });

  it('keeps every change with its time and source, oldest first', () => {
    const h = open();
    h.upsertPayment(payment(1, { source: 'local' }));
    h.recordChange({
      paymentRequestId: id(1),
      from: 'PAYMENT_NOT_INITIATED',
      to: 'FAILED',
      source: 'webhook',
      occurredAt: T0 + 10,
      recordedAt: T0 + 20,
      final: false,
      errorDescription: 'Card declined',
    });
    expect(h.get(id(1))!.errorDescription).toBe('Card declined');
    expect(
      h.changes(id(1)).map((c) => [c.from, c.to, c.source, c.occurredAt, c.recordedAt]),
    ).toEqual([
      [null, 'PAYMENT_NOT_INITIATED', 'local', T0 + 1000, expect.any(Number)],
      ['PAYMENT_NOT_INITIATED', 'FAILED', 'webhook', T0 + 10, T0 + 20],
    ]);
  });

  it('lists unfinished payments for reconciliation', () => {
    const h = open();
    for (let n = 1; n <= 4; n++) h.upsertPayment(payment(n));
    complete(h, 2, T0, 1002);
    h.recordChange({
      paymentRequestId: id(3),
      from: 'PAYMENT_NOT_INITIATED',
      to: 'FAILED',
      source: 'poll',
      occurredAt: T0,
      recordedAt: T0,
      final: false, // a failed attempt may be retried, so it still needs watching
    });
    h.upsertPayment(payment(5, { status: 'EXPIRED' }));
    expect(h.unfinished().map((p) => p.paymentRequestId)).toEqual([id(1), id(3), id(4)]);
  });
});

describe('paging', () => {
  it('pages newest first, and new payments do not shift later pages', () => {
    const h = open();
    for (let n = 1; n <= 25; n++) h.upsertPayment(payment(n));
    // Two payments in the same millisecond are ordered by id, so none is skipped or repeated.
    h.upsertPayment(payment(26, { createdAt: T0 + 10_000 }));

    const first = h.page({ limit: 10 });
    expect(first.items.map((p) => p.paymentRequestId)).toEqual(
      [25, 24, 23, 22, 21, 20, 19, 18, 17, 16].map(id),
    );
    // Payments arrive while the user reads page one.
    for (let n = 100; n < 105; n++) h.upsertPayment(payment(n));

    const seen = [...first.items];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = h.page({ limit: 10, cursor });
      seen.push(...next.items);
      cursor = next.nextCursor;
    }
    const ids = seen.map((p) => p.paymentRequestId);
    expect(new Set(ids).size).toBe(26);
    expect(ids.slice(10)).toEqual([15, 14, 13, 12, 11, 26, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map(id));
  });

  it('says when there is no next page, and rejects a cursor it did not make', () => {
    const h = open();
    for (let n = 1; n <= 3; n++) h.upsertPayment(payment(n));
    expect(h.page({ limit: 3 }).nextCursor).toBeNull();
    expect(h.page({ limit: 2 }).nextCursor).not.toBeNull();
    expect(() => h.page({ cursor: 'not-a-cursor' })).toThrow(BadCursorError);
  });
});

describe('search', () => {
  function seeded() {
    const h = open();
    h.upsertPayment(payment(1, { orderId: 'Table-4 latte', amountPence: 450 }));
    h.upsertPayment(payment(2, { orderId: 'TABLE-12', amountPence: 1200 }));
    h.upsertPayment(payment(3, { orderId: 'takeaway-9', amountPence: 450 }));
    h.upsertPayment(payment(4, { orderId: '50%_off', amountPence: 999 }));
    h.upsertPayment(payment(5, { orderId: null, amountPence: 450 }));
    complete(h, 1, T0 + 10_000, 450);
    complete(h, 2, T0 + 10_000, 1200);
    return h;
  }
  const ids = (page: { items: { paymentRequestId: string }[] }) =>
    page.items.map((p) => p.paymentRequestId);

  it('by amount', () => {
    expect(ids(seeded().search({ amountPence: 450 }))).toEqual([id(5), id(3), id(1)]);
  });

  it('by order id: contains, prefix and exact, ignoring case', () => {
    const h = seeded();
    expect(ids(h.search({ orderId: 'table' }))).toEqual([id(2), id(1)]);
    expect(ids(h.search({ orderId: 'LATTE' }))).toEqual([id(1)]);
    expect(ids(h.search({ orderId: 'latte', orderIdMatch: 'prefix' }))).toEqual([]);
    expect(ids(h.search({ orderId: 'tak', orderIdMatch: 'prefix' }))).toEqual([id(3)]);
    expect(ids(h.search({ orderId: 'table-12', orderIdMatch: 'exact' }))).toEqual([id(2)]);
  });

  it('treats % and _ in the order id literally', () => {
    const h = seeded();
    expect(ids(h.search({ orderId: '%' }))).toEqual([id(4)]);
    expect(ids(h.search({ orderId: '0_o' }))).toEqual([]);
    expect(ids(h.search({ orderId: '%_' }))).toEqual([id(4)]);
  });

  it('by status, one or several', () => {
    const h = seeded();
    expect(ids(h.search({ status: 'COMPLETED' }))).toEqual([id(2), id(1)]);
    expect(ids(h.search({ status: ['COMPLETED', 'PAYMENT_NOT_INITIATED'] }))).toHaveLength(5);
  });

  it('by date range on creation, from inclusive and to exclusive', () => {
    const h = seeded();
    expect(ids(h.search({ from: T0 + 2000, to: T0 + 4000 }))).toEqual([id(3), id(2)]);
  });

  it('combined criteria, paged', () => {
    const h = seeded();
    const first = h.search({ amountPence: 450, status: 'PAYMENT_NOT_INITIATED', limit: 1 });
    expect(ids(first)).toEqual([id(5)]);
    const second = h.search({
      amountPence: 450,
      status: 'PAYMENT_NOT_INITIATED',
      limit: 1,
      cursor: first.nextCursor,
    });
    expect(ids(second)).toEqual([id(3)]);
    expect(second.nextCursor).toBeNull();
    expect(
      ids(
        h.search({ orderId: 'a', status: 'COMPLETED', amountPence: 450, from: T0, to: T0 + 1500 }),
      ),
    ).toEqual([id(1)]);
  });
});

describe("today's takings", () => {
  it('counts completed payments by when they completed, in the shop’s local day', () => {
    const h = open();
    // 2 July 2024 (BST, UTC+1): local midnight is 23:00 UTC on 1 July.
    const midnight = Date.UTC(2024, 6, 1, 23);
    for (let n = 1; n <= 5; n++) h.upsertPayment(payment(n, { createdAt: midnight - 3_600_000 }));
    complete(h, 1, midnight - 60_000, 1000, 100); // 23:59 on 1 July: yesterday
    complete(h, 2, midnight, 2000, 0); // 00:00 on 2 July: today
    complete(h, 3, midnight + 30 * 60_000, 3050, 50); // 00:30 on 2 July, made yesterday
    h.recordChange({
      paymentRequestId: id(4),
      from: 'PAYMENT_NOT_INITIATED',
      to: 'CANCELLED',
      source: 'local',
      occurredAt: midnight + 60_000,
      recordedAt: midnight + 60_000,
      final: true,
    });
    const now = midnight + 12 * 3_600_000;
    expect(h.todaysTakings(now)).toEqual({ count: 2, totalPence: 5050, tipsPence: 50 });
    expect(h.todaysTakings(midnight - 1)).toEqual({ count: 1, totalPence: 1000, tipsPence: 100 });
    // The next local day starts at 23:00 UTC on 2 July.
    expect(h.todaysTakings(Date.UTC(2024, 6, 2, 23))).toEqual({
      count: 0,
      totalPence: 0,
      tipsPence: 0,
    });
  });

  it('in winter the local day is the UTC day', () => {
    const h = open();
    h.upsertPayment(payment(1, { createdAt: Date.UTC(2024, 0, 15, 10) }));
    complete(h, 1, Date.UTC(2024, 0, 15, 23, 59), 500);
    expect(h.todaysTakings(Date.UTC(2024, 0, 15, 8)).count).toBe(1);
    expect(h.todaysTakings(Date.UTC(2024, 0, 16, 0)).count).toBe(0);
  });
});

describe('durability', () => {
  it('keeps every row across close and reopen', () => {
    const dir = tempDir();
    const h = open(dir);
    for (let n = 1; n <= 30; n++) h.upsertPayment(payment(n));
    complete(h, 7, T0 + 99, 1007, 7);
    h.close();
    const again = open(dir);
    expect(again.page({ limit: 100 }).items).toHaveLength(30);
    expect(again.get(id(7))).toMatchObject({ status: 'COMPLETED', paidPence: 1007, tipPence: 7 });
    expect(again.changes(id(7)).map((c) => c.to)).toEqual(['PAYMENT_NOT_INITIATED', 'COMPLETED']);
  });

  it('keeps committed rows when the writing process is killed with SIGKILL', async () => {
    const dir = tempDir();
    const child = runTs('test/helpers/crash-writer.fixture.ts', [dir]);
    await child.waitFor(/committed/);
    child.child.kill('SIGKILL');
    await child.exited;
    const h = open(dir);
    const all = h.page({ limit: 100 }).items;
    expect(all).toHaveLength(20);
    expect(all.every((p) => p.status === 'COMPLETED' && p.final)).toBe(true);
    expect(h.changes(id(19)).map((c) => c.to)).toEqual(['PAYMENT_NOT_INITIATED', 'COMPLETED']);
  });
});
