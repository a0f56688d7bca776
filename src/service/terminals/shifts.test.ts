/**
 * Kiosks' Z reports at the service over real HTTP: a kiosk keeps a copy of its own reports only,
 * a repeat is a replay and other content under a kept number is refused, the merchant reads only
 * its own kiosks' reports, and the chain check names a changed report, a missing number and a
 * broken link by number.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import {
  ChainCheck,
  ShiftList,
  ZReportReceipt,
  zReportHashInput,
  type ZReport,
} from '../../shared/contract/shifts';
import { hashSecret } from '../kernel/secrets';
import { pairTerminal, startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

/** A kiosk's run of Z reports, each linked to the one before, as the kiosk makes them. */
function reports(count: number): ZReport[] {
  const out: ZReport[] = [];
  for (let number = 1; number <= count; number++) {
    const body: Omit<ZReport, 'hash'> = {
      number,
      shiftId: randomUUID(),
      currency: 'GBP',
      openedAt: '2026-11-28T09:00:00.000Z',
      openedBy: 'Ann',
      closedAt: '2026-11-28T17:00:00.000Z',
      closedBy: 'Ann',
      floatPence: 10_000,
      takings: [
        { method: 'CARD', count: 0, totalPence: 0, tipsPence: 0 },
        { method: 'PAY_BY_BANK', count: 0, totalPence: 0, tipsPence: 0 },
        { method: 'CASH', count: 1, totalPence: 1000, tipsPence: 0 },
      ],
      takenPence: 1000,
      tipsPence: 0,
      refunds: { count: 0, totalPence: 0, cashPence: 0 },
      movements: [],
      payInsPence: 0,
      payOutsPence: 0,
      cashSalesPence: 1000,
      expectedCashPence: 11_000,
      staff: [],
      counted: [{ denominationPence: 5000, count: 2 }],
      countedCashPence: 10_000,
      differencePence: -1000,
      previousHash: out.at(-1)?.hash ?? null,
    };
    out.push({ ...body, hash: createHash('sha256').update(zReportHashInput(body)).digest('hex') });
  }
  return out;
}

const fieldsOf = (body: unknown) => {
  const { errors } = ErrorEnvelope.parse(body);
  return Array.isArray(errors) ? errors.map((e) => e.field) : [];
};
const send = (id: string, secret: string, report: unknown) =>
  h.call('POST', `/api/terminals/${id}/shifts`, report, secret);
const checkOf = async (id: string) => {
  const res = await h.call('GET', `/api/terminals/${id}/shifts/check`);
  expect(res.status).toBe(200);
  return ChainCheck.parse(res.body);
};

describe("a kiosk's Z reports at the service", () => {
  it('are kept once each: the same report again is a replay, other content under its number is refused', async () => {
    const till = await pairTerminal(h, 'Shift till');
    const [first, second] = reports(2);
    const kept = ZReportReceipt.parse((await send(till.terminal.id, till.secret, first)).body);
    expect(kept).toMatchObject({ number: 1, replayed: false, chain: { ok: true, reports: 1 } });
    const again = ZReportReceipt.parse((await send(till.terminal.id, till.secret, first)).body);
    expect(again).toMatchObject({ replayed: true, receivedAt: kept.receivedAt });
    const forged = { ...second!, number: 1, previousHash: null };
    const refused = await send(till.terminal.id, till.secret, forged);
    expect(refused.status).toBe(409);
    expect(fieldsOf(refused.body)).toEqual(['number']);
    expect((await send(till.terminal.id, till.secret, second)).status).toBe(200);
    const list = ShiftList.parse(
      (await h.call('GET', `/api/terminals/${till.terminal.id}/shifts`)).body,
    );
    expect(list.reports.map((r) => r.number)).toEqual([2, 1]);
    expect(list.reports[1]!.report).toEqual(first);
    expect(list.chain.ok).toBe(true);
  });

  it('refuses a terminal sending for another terminal, and a report that is not one, keeping nothing', async () => {
    const mine = await pairTerminal(h, 'Mine');
    const other = await pairTerminal(h, 'Other');
    const [first] = reports(1);
    const res = await send(other.terminal.id, mine.secret, first);
    expect(res.status).toBe(403);
    expect(fieldsOf(res.body)).toEqual(['id']);
    for (const [bad, field] of [
      [{ ...first!, countedCashPence: 12.5 }, 'countedCashPence'],
      [{ ...first!, number: 0 }, 'number'],
      [{ ...first!, hash: 'abc' }, 'hash'],
      [
        { ...first!, counted: [{ denominationPence: 300, count: 1 }] },
        'counted.0.denominationPence',
      ],
    ] as const) {
      const refused = await send(mine.terminal.id, mine.secret, bad);
      expect(refused.status, field).toBe(400);
      expect(fieldsOf(refused.body)).toContain(field);
    }
    // A merchant secret is not a terminal's.
    expect((await send(mine.terminal.id, 'sk_sandbox_test_secret', first)).status).toBe(403);
    for (const till of [mine, other]) expect((await checkOf(till.terminal.id)).reports).toBe(0);
  });

  it("shows a merchant only its own kiosks' reports", async () => {
    const till = await pairTerminal(h, 'Private till');
    await send(till.terminal.id, till.secret, reports(1)[0]);
    const other = randomUUID();
    await h.service.store
      .prepare("INSERT INTO merchants (id, name, created_at) VALUES (?, 'Other Shop', 0)")
      .run(other);
    await h.service.store
      .prepare(
        "INSERT INTO access_secrets (hash, merchant_id, environment, kind, created_at) VALUES (?, ?, 'sandbox', 'merchant', 0)",
      )
      .run(hashSecret('sk_sandbox_other_shifts'), other);
    for (const path of ['shifts', 'shifts/check'])
      expect(
        (
          await h.call(
            'GET',
            `/api/terminals/${till.terminal.id}/${path}`,
            undefined,
            'sk_sandbox_other_shifts',
          )
        ).status,
      ).toBe(404);
    expect((await checkOf(till.terminal.id)).reports).toBe(1);
  });

  it('names a report changed after it was made, a gap in the numbers and a broken link', async () => {
    const till = await pairTerminal(h, 'Checked till');
    const run = reports(5);
    for (const r of [run[0], run[1], run[3], run[4]]) await send(till.terminal.id, till.secret, r);
    expect((await checkOf(till.terminal.id)).problems).toEqual([
      expect.objectContaining({ number: 3, problem: 'MISSING' }),
    ]);
    // Someone with the database edits report 2: the difference comes out £10 less short.
    const stored = await h.service.store
      .prepare<[string], { report: string }>(
        'SELECT report FROM terminal_z_reports WHERE terminal_id = ? AND number = 2',
      )
      .get(till.terminal.id);
    const edited = { ...JSON.parse(stored!.report), countedCashPence: 11_000, differencePence: 0 };
    await h.service.store
      .prepare('UPDATE terminal_z_reports SET report = ? WHERE terminal_id = ? AND number = 2')
      .run(JSON.stringify(edited), till.terminal.id);
    // A kiosk whose report 4 was changed in its own database links report 5 to the changed one.
    const relinked = { ...run[4]!, number: 6, previousHash: 'f'.repeat(64) };
    const { hash: _old, ...body } = relinked;
    await send(till.terminal.id, till.secret, {
      ...body,
      hash: createHash('sha256').update(zReportHashInput(body)).digest('hex'),
    });
    const check = await checkOf(till.terminal.id);
    expect(check.ok).toBe(false);
    expect(check.problems.map((p) => [p.number, p.problem])).toEqual([
      [2, 'CHANGED'],
      [3, 'MISSING'],
      [6, 'LINK_BROKEN'],
    ]);
    expect(check.problems[0]!.message).toMatch(/changed after the kiosk made it/);
  });
});
