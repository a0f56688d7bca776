/**
 * Kiosks' Z reports (docs/kiosk.md, "Shifts, X and Z reports"): a kiosk sends a copy of each as
 * its shift closes (POST /api/terminals/{id}/shifts, its own only), the merchant reads them with
 * the check of their hash chain (GET …/shifts, …/shifts/check). The service keeps the first copy
 * of each number as received and never changes it; the check recomputes each report's SHA-256
 * from its content, so a report changed anywhere after the kiosk made it, or one missing from the
 * sequence, is named by its number.
 */
import { createHash } from 'node:crypto';
import { routes } from '../../shared/contract/routes';
import {
  canonicalJson,
  zReportHashInput,
  type ChainCheck,
  type ZReport,
} from '../../shared/contract/shifts';
import type { Area } from '../http/context';
import { mount } from '../http/mount';
import { iso } from '../kernel/clock';
import { ApiError } from '../kernel/errors';
import type { TerminalsContext } from './context';
import { zReportStatements, type ZReportRow } from './repo/shifts';

/** The most missing numbers one check lists one by one; a longer gap is listed as its range. */
const MISSING_LISTED = 20;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function contentProblem(row: ZReportRow): string | null {
  let report: ZReport;
  try {
    report = JSON.parse(row.report) as ZReport;
  } catch {
    return 'its stored content is not a report';
  }
  if (report.number !== row.number) return `its content says it is number ${report.number}`;
  const actual = sha256(zReportHashInput(report));
  if (actual !== report.hash || actual !== row.hash)
    return 'its content does not match its hash: it was changed after the kiosk made it';
  return null;
}

function missing(after: number, before: number): ChainCheck['problems'] {
  const gap = before - after - 1;
  if (gap <= MISSING_LISTED)
    return Array.from({ length: gap }, (_, i) => ({
      number: after + 1 + i,
      problem: 'MISSING' as const,
      message: `Z report ${after + 1 + i} is missing from the sequence`,
    }));
  return [
    {
      number: after + 1,
      problem: 'MISSING',
      message: `Z reports ${after + 1} to ${before - 1} are missing from the sequence`,
    },
  ];
}

/** Checks a terminal's reports, in number order, as stored. */
export function checkChain(rows: readonly ZReportRow[], at: number): ChainCheck {
  const problems: ChainCheck['problems'] = [];
  let previous: ZReportRow | null = null;
  let last = 0;
  for (const row of rows) {
    problems.push(...missing(last, row.number));
    const changed = contentProblem(row);
    if (changed)
      problems.push({
        number: row.number,
        problem: 'CHANGED',
        message: `Z report ${row.number}: ${changed}`,
      });
    const expected = previous && previous.number === row.number - 1 ? previous.hash : null;
    if (
      (row.number === 1 && row.previous_hash !== null) ||
      (expected && row.previous_hash !== expected)
    )
      problems.push({
        number: row.number,
        problem: 'LINK_BROKEN',
        message: `Z report ${row.number} does not follow on from report ${row.number - 1} as the service holds it: one of the two was changed`,
      });
    previous = row;
    last = row.number;
  }
  return { ok: problems.length === 0, checkedAt: iso(at), reports: rows.length, problems };
}

export const terminalShiftRoutes: Area<TerminalsContext> = (app, ctx) => {
  const { store, clock, terminals } = ctx;
  const sql = zReportStatements(store);
  const check = async (terminalId: string, at: number) =>
    checkChain(await sql.ofTerminal.all(terminalId), at);

  mount(app, ctx.auth, routes.recordTerminalShift, async ({ params, body, caller }) => {
    if (params.id !== caller.terminalId)
      throw new ApiError(403, 'A terminal sends its own Z reports only', [
        { field: 'id', message: 'is not the calling terminal' },
      ]);
    const now = clock.now(caller.environment, caller.merchantId);
    const text = canonicalJson(body);
    const inserted = await store.tx(async () => {
      const result = await sql.insert.run(
        caller.terminalId,
        body.number,
        caller.merchantId,
        caller.environment,
        body.hash,
        body.previousHash,
        text,
        now,
      );
      return result.changes === 1;
    });
    const kept = (await sql.byNumber.get(caller.terminalId, body.number))!;
    if (!inserted && kept.hash !== body.hash)
      throw new ApiError(
        409,
        `Z report ${body.number} is already kept with another hash: a Z report is never changed`,
        [{ field: 'number', message: 'is already kept with other content' }],
      );
    return {
      number: body.number,
      receivedAt: iso(kept.received_at),
      replayed: !inserted,
      chain: await check(caller.terminalId, now),
    };
  });

  mount(app, ctx.auth, routes.listTerminalShifts, async ({ params, caller }) => {
    const terminal = await terminals.owned(params.id, caller.merchantId, caller.environment);
    const rows = await sql.ofTerminal.all(terminal.id);
    return {
      reports: rows
        .map((r) => ({
          number: r.number,
          receivedAt: iso(r.received_at),
          report: JSON.parse(r.report) as ZReport,
        }))
        .reverse(),
      chain: checkChain(rows, clock.now(caller.environment, caller.merchantId)),
    };
  });

  mount(app, ctx.auth, routes.checkTerminalShifts, async ({ params, caller }) => {
    const terminal = await terminals.owned(params.id, caller.merchantId, caller.environment);
    return check(terminal.id, clock.now(caller.environment, caller.merchantId));
  });
};
