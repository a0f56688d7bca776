import type { ShiftFigures, ZReport } from '../../../shared/bridge/shifts';
import { DENOMINATIONS_PENCE } from '../../../shared/bridge/shifts';
import { differenceWord, formatDifference, SHIFT_METHOD_TEXT } from '../../../shared/shift-text';
import { formatDateTime, formatPence } from '../lib/format';
import { FigureTable } from './FigureTable';

/** One label and its amount in a report's table. */
function Row({ label, pence, testId }: { label: string; pence: number; testId?: string }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td className="num" data-testid={testId}>
        {formatPence(pence)}
      </td>
    </tr>
  );
}

/** The X report's figures (a Z report shows them too): takings, refunds, movements, cash. */
export function ShiftFiguresTable({ x, testId }: { x: ShiftFigures; testId: string }) {
  return (
    <div className="shift-report" data-testid={testId}>
      <FigureTable
        label="Takings by method"
        columns={['Method', 'Payments', 'Taken']}
        rows={x.takings.map((t) => ({
          key: t.method,
          testId: `${testId}-method-${t.method}`,
          label: SHIFT_METHOD_TEXT[t.method] ?? t.method,
          cells: [t.count, formatPence(t.totalPence)],
        }))}
        total={{
          label: 'Total',
          cells: [x.takings.reduce((n, t) => n + t.count, 0), formatPence(x.takenPence)],
          cellTestIds: [undefined, `${testId}-taken`],
        }}
      />
      <table className="end-of-day__table shift-report__cash" aria-label="Cash in the drawer">
        <tbody>
          <Row label="Tips (in the takings)" pence={x.tipsPence} />
          <Row label={`Refunds (${x.refunds.count})`} pence={x.refunds.totalPence} />
          <Row label="Float" pence={x.floatPence} testId={`${testId}-float`} />
          <Row label="Cash sales" pence={x.cashSalesPence} testId={`${testId}-cash-sales`} />
          <Row label="Cash refunds" pence={x.refunds.cashPence} />
          <Row label="Pay-ins" pence={x.payInsPence} />
          <Row label="Pay-outs" pence={x.payOutsPence} testId={`${testId}-pay-outs`} />
        </tbody>
        <tfoot>
          <Row label="Cash expected" pence={x.expectedCashPence} testId={`${testId}-expected`} />
        </tfoot>
      </table>
      {x.movements.length > 0 && (
        <ul className="shift-report__movements" aria-label="Pay-ins and pay-outs">
          {x.movements.map((m, i) => (
            <li key={i}>
              {m.kind === 'PAY_IN' ? 'Paid in' : 'Paid out'} {formatPence(m.amountPence)}:{' '}
              {m.reason} <span className="muted">({m.staff})</span>
            </li>
          ))}
        </ul>
      )}
      {x.staff.length > 0 && (
        <FigureTable
          label="By staff member"
          columns={['Staff', 'Taken', 'Refunded']}
          rows={x.staff.map((m) => ({
            key: m.name,
            label: m.name,
            cells: [formatPence(m.takenPence), formatPence(m.refundedPence)],
          }))}
        />
      )}
    </div>
  );
}

/** A Z report in full: the count, the difference and the figures. */
export function ZReportView({ report }: { report: ZReport }) {
  return (
    <div data-testid="z-report" data-number={report.number}>
      <p
        className="shift-difference"
        data-testid="z-difference"
        data-pence={report.differencePence}
      >
        Counted {formatPence(report.countedCashPence)}, expected{' '}
        {formatPence(report.expectedCashPence)}:{' '}
        <strong>
          {formatDifference(report.differencePence)} {differenceWord(report.differencePence)}
        </strong>
      </p>
      <p className="muted small">
        Opened {formatDateTime(report.openedAt)} by {report.openedBy}; closed{' '}
        {formatDateTime(report.closedAt)} by {report.closedBy}.
      </p>
      <table className="end-of-day__table" aria-label="Cash counted">
        <tbody>
          {DENOMINATIONS_PENCE.map((d) => {
            const count = report.counted.find((c) => c.denominationPence === d)?.count ?? 0;
            return count > 0 ? (
              <tr key={d}>
                <th scope="row">
                  {formatPence(d)} × {count}
                </th>
                <td className="num">{formatPence(d * count)}</td>
              </tr>
            ) : null;
          })}
        </tbody>
      </table>
      <ShiftFiguresTable x={report} testId="z-figures" />
      <p className="muted small" title={report.hash}>
        Report hash {report.hash.slice(0, 16)}…
      </p>
    </div>
  );
}
