import { afterEach, describe, expect, it } from 'vitest';
import { openHistory, type History } from '../history/history';
import { zReportHashInput } from '../../../shared/contract/shifts';
import { createHash } from 'node:crypto';
import { createShifts } from './shifts';

const opened: History[] = [];
afterEach(() => {
  for (const h of opened.splice(0)) h.close();
});

function setup(start = Date.parse('2026-11-28T09:00:00Z')) {
  let clock = start;
  const history = openHistory(null, { now: () => clock });
  opened.push(history);
  const shifts = createShifts(history.db, { now: () => clock });
  const tick = (ms = 1000) => (clock += ms);
  let n = 0;
  const paid = (method: string, pence: number, tip = 0) => {
    const id = `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
    history.db
      .prepare(
        `INSERT INTO payments (payment_request_id, origin, amount_pence, status, paid_pence,
           tip_pence, paid_method, final, completed_at, created_at, updated_at)
         VALUES (?, 'counter', ?, 'COMPLETED', ?, ?, ?, 1, ?, ?, ?)`,
      )
      .run(id, pence - tip, pence, tip, method, clock, clock, clock);
    return id;
  };
  const refunded = (paymentId: string, pence: number) =>
    history.db
      .prepare(
        `INSERT INTO refunds (refund_id, payment_request_id, amount_pence, refund_type, status,
           final, completed_at, created_at, updated_at)
         VALUES (?, ?, ?, 'PARTIAL', 'COMPLETED', 1, ?, ?, ?)`,
      )
      .run(`r-${++n}`, paymentId, pence, clock, clock, clock);
  /** The kiosk hears of a completion now, by its own clock, whatever time the service gives it. */
  const heard = (table: 'status_changes' | 'refund_changes', id: string, serviceAt: number) => {
    const [key, rows] =
      table === 'status_changes' ? ['payment_request_id', 'payments'] : ['refund_id', 'refunds'];
    history.db.prepare(`UPDATE ${rows} SET completed_at = ? WHERE ${key} = ?`).run(serviceAt, id);
    history.db
      .prepare(
        `INSERT INTO ${table} (${key}, from_status, to_status, source, occurred_at, recorded_at)
         VALUES (?, 'IN_PROGRESS', 'COMPLETED', 'push', ?, ?)`,
      )
      .run(id, serviceAt, clock);
  };
  return { history, shifts, tick, paid, refunded, heard };
}

const tenners = (n: number) => [{ denominationPence: 1000, count: n }];

describe('a shift at the kiosk', () => {
  it('counts only what was taken since it opened, by method, and the cash the drawer should hold', () => {
    const { shifts, tick, paid, refunded } = setup();
    paid('CASH', 9900); // before the shift: not its takings
    tick();
    shifts.open(10_000, 'Ann');
    tick();
    const cash = paid('CASH', 1250);
    paid('CARD', 2000, 200);
    paid('PAY_BY_BANK', 700);
    refunded(cash, 250);
    shifts.payIn(500, 'change from the bank', 'Ann');
    shifts.payOut(500, 'milk', 'Ann');
    const x = shifts.xReport();
    expect(x.takings).toEqual([
      { method: 'CARD', count: 1, totalPence: 2000, tipsPence: 200 },
      { method: 'PAY_BY_BANK', count: 1, totalPence: 700, tipsPence: 0 },
      { method: 'CASH', count: 1, totalPence: 1250, tipsPence: 0 },
    ]);
    expect(x.refunds).toEqual({ count: 1, totalPence: 250, cashPence: 250 });
    expect(x.tipsPence).toBe(200);
    // £100 float + £12.50 cash − £2.50 cash refund + £5 in − £5 out
    expect(x.expectedCashPence).toBe(10_000 + 1250 - 250 + 500 - 500);
  });

  it('closes with the drawer counted by denomination: the Z report says how far short it is', () => {
    const { shifts, tick, paid } = setup();
    shifts.open(10_000, 'Ann');
    tick();
    paid('CASH', 2000);
    shifts.payOut(500, 'milk', 'Ann');
    // expected £115; counted £110
    const z = shifts.close(
      [
        { denominationPence: 5000, count: 2 },
        { denominationPence: 500, count: 1 },
        { denominationPence: 100, count: 5 },
      ],
      'Bob',
    );
    expect(z).toMatchObject({
      number: 1,
      expectedCashPence: 11_500,
      countedCashPence: 11_000,
      differencePence: -500,
      closedBy: 'Bob',
      openedBy: 'Ann',
      previousHash: null,
    });
    expect(z.counted).toHaveLength(12);
    expect(shifts.current()).toBeNull();
    expect(shifts.zReport(1)).toEqual(z);
  });

  it('numbers Z reports without gaps, each hashed over its content and the one before', () => {
    const { shifts, tick } = setup();
    const zs = [1, 2, 3].map(() => {
      shifts.open(5000, 'Ann');
      tick();
      const z = shifts.close(tenners(5), 'Ann');
      tick();
      return z;
    });
    expect(zs.map((z) => z.number)).toEqual([1, 2, 3]);
    for (const z of zs)
      expect(z.hash).toBe(createHash('sha256').update(zReportHashInput(z)).digest('hex'));
    expect(zs[1]!.previousHash).toBe(zs[0]!.hash);
    expect(zs[2]!.previousHash).toBe(zs[1]!.hash);
  });

  it('links the next report to the previous one as the database holds it: a changed report breaks the link', () => {
    const { history, shifts, tick } = setup();
    shifts.open(5000, 'Ann');
    const first = shifts.close(tenners(5), 'Ann');
    // Someone edits report 1 behind the kiosk's back (the triggers must be dropped first).
    expect(() =>
      history.db.prepare("UPDATE z_reports SET report = '{}' WHERE number = 1").run(),
    ).toThrow(/final/);
    history.db.exec('DROP TRIGGER z_reports_final_update');
    const changed = { ...first, countedCashPence: 6000 };
    history.db
      .prepare('UPDATE z_reports SET report = ? WHERE number = 1')
      .run(JSON.stringify(changed));
    tick();
    shifts.open(5000, 'Ann');
    const second = shifts.close(tenners(5), 'Ann');
    expect(second.previousHash).not.toBe(first.hash);
  });

  it('refuses bad input with a message naming the field, and changes nothing', () => {
    const { shifts, tick } = setup();
    for (const bad of [12.5, -100, Number.NaN, '100' as unknown as number])
      expect(() => shifts.open(bad, 'Ann')).toThrow(/floatPence/);
    expect(shifts.current()).toBeNull();
    expect(() => shifts.payOut(500, 'milk', 'Ann')).toThrow(/No shift is open/);
    const shift = shifts.open(10_000, 'Ann');
    expect(() => shifts.open(5000, 'Bob')).toThrow(/already open/);
    expect(shifts.current()).toEqual(shift);
    expect(() => shifts.payOut(500, '   ', 'Ann')).toThrow(/reason: is required/);
    expect(() => shifts.payOut(0, 'milk', 'Ann')).toThrow(/amountPence/);
    expect(() => shifts.payIn(1.5, 'float top-up', 'Ann')).toThrow(/amountPence/);
    expect(shifts.xReport().movements).toEqual([]);
    expect(() => shifts.close([{ denominationPence: 300, count: 1 }], 'Ann')).toThrow(/counted\.0/);
    expect(() => shifts.close([{ denominationPence: 100, count: 0.5 }], 'Ann')).toThrow(
      /whole number/,
    );
    expect(() =>
      shifts.close(
        [
          { denominationPence: 100, count: 1 },
          { denominationPence: 100, count: 2 },
        ],
        'Ann',
      ),
    ).toThrow(/counted twice/);
    expect(shifts.current()).toEqual(shift);
    expect(shifts.zReports()).toEqual([]);
    tick();
    shifts.close(tenners(10), 'Ann', shift.id);
    expect(() => shifts.close(tenners(10), 'Ann', shift.id)).toThrow(
      /already closed: its Z report is number 1/,
    );
    expect(shifts.zReports()).toHaveLength(1);
  });
});

describe('a shift and the service’s clock', () => {
  it('counts what the kiosk saw complete before the close, though the service dated it after', () => {
    const { shifts, tick, paid, refunded, heard } = setup();
    shifts.open(10_000, 'Ann');
    tick();
    const card = paid('CARD', 2000);
    refunded(card, 500);
    // The service's clock runs 5 s ahead of the kiosk's: both completions are dated after the
    // close that follows a second later, though the kiosk recorded them before it.
    const ahead = Date.parse('2026-11-28T09:00:07Z');
    heard('status_changes', card, ahead);
    heard('refund_changes', `r-${2}`, ahead);
    tick();
    const z = shifts.close(tenners(10), 'Ann');
    const counted = (takings: { count: number; totalPence: number }[]) =>
      takings.reduce((sum, t) => [sum[0]! + t.count, sum[1]! + t.totalPence], [0, 0]);
    expect(counted(z.takings)).toEqual([1, 2000]);
    expect(z.refunds).toMatchObject({ count: 1, totalPence: 500 });
    tick(10_000);
    shifts.open(10_000, 'Ann');
    const next = shifts.xReport();
    expect([counted(next.takings), next.refunds.count]).toEqual([[0, 0], 0]);
  });
});

describe('the X report per staff member', () => {
  it('names who took and refunded what, where the history records it', () => {
    let clock = Date.parse('2026-11-28T09:00:00Z');
    const history = openHistory(null, { now: () => clock });
    opened.push(history);
    // The history's record of who did what (staff_actions), as the staff module keeps it.
    history.db.exec(`CREATE TABLE IF NOT EXISTS staff_actions (
      id INTEGER PRIMARY KEY AUTOINCREMENT, payment_request_id TEXT NOT NULL, action TEXT NOT NULL,
      refund_id TEXT, amount_pence INTEGER, staff_id TEXT NOT NULL, staff_name TEXT NOT NULL,
      staff_role TEXT NOT NULL, approver_id TEXT, approver_name TEXT, approver_role TEXT,
      at INTEGER NOT NULL)`);
    const shifts = createShifts(history.db, { now: () => clock });
    shifts.open(0, 'Ann');
    clock += 1000;
    const act = history.db.prepare(
      `INSERT INTO staff_actions (payment_request_id, action, refund_id, staff_id, staff_name,
         staff_role, at) VALUES (?, ?, ?, ?, ?, 'cashier', 0)`,
    );
    const pay = history.db.prepare(
      `INSERT INTO payments (payment_request_id, origin, amount_pence, status, paid_pence,
         tip_pence, paid_method, final, completed_at, created_at, updated_at)
       VALUES (?, 'counter', ?, 'COMPLETED', ?, 0, 'CASH', 1, ?, ?, ?)`,
    );
    pay.run('p1', 1000, 1000, clock, clock, clock);
    pay.run('p2', 500, 500, clock, clock, clock);
    pay.run('p3', 200, 200, clock, clock, clock);
    act.run('p1', 'payment', null, 's1', 'Ann');
    act.run('p2', 'payment', null, 's2', 'Bob');
    history.db
      .prepare(
        `INSERT INTO refunds (refund_id, payment_request_id, amount_pence, refund_type, status,
           final, completed_at, created_at, updated_at)
         VALUES ('r1', 'p1', 300, 'PARTIAL', 'COMPLETED', 1, ?, ?, ?)`,
      )
      .run(clock, clock, clock);
    act.run('p1', 'refund', 'r1', 's2', 'Bob');
    expect(shifts.xReport().staff).toEqual([
      { name: 'Ann', payments: 1, takenPence: 1000, refunds: 0, refundedPence: 0 },
      { name: 'Bob', payments: 1, takenPence: 500, refunds: 1, refundedPence: 300 },
    ]);
    expect(shifts.xReport().expectedCashPence).toBe(1000 + 500 + 200 - 300);
  });
});
