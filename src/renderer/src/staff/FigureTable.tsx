import type { ReactNode } from 'react';

/** One row of a figure table: its label, then its figures (numbers right-aligned). */
export interface FigureRow {
  key: string;
  label: ReactNode;
  cells: ReactNode[];
  testId?: string;
  /** The test id of each figure, by position. */
  cellTestIds?: (string | undefined)[];
}

/**
 * A report's table of figures (the shift's X and Z reports, the end-of-day report): a heading
 * row, a row a label, and an optional total row. Figures are right-aligned, except the columns
 * named in `plain` (a time).
 */
export function FigureTable({
  label,
  columns,
  rows,
  total,
  plain = [],
  className = 'end-of-day__table',
}: {
  label: string;
  /** The label column's heading, then each figure's. */
  columns: string[];
  rows: FigureRow[];
  total?: Omit<FigureRow, 'key'>;
  plain?: number[];
  className?: string;
}) {
  const cellClass = (i: number) => (plain.includes(i + 1) ? 'end-of-day__time' : 'num');
  const row = (r: Omit<FigureRow, 'key'>) => (
    <>
      <th scope="row">{r.label}</th>
      {r.cells.map((cell, i) => (
        <td key={i} className={cellClass(i)} data-testid={r.cellTestIds?.[i]}>
          {cell}
        </td>
      ))}
    </>
  );
  return (
    <table className={className} aria-label={label}>
      <thead>
        <tr>
          {columns.map((column, i) => (
            <th
              key={column}
              scope="col"
              className={i === 0 || plain.includes(i) ? undefined : 'num'}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} data-testid={r.testId}>
            {row(r)}
          </tr>
        ))}
      </tbody>
      {total && (
        <tfoot>
          <tr data-testid={total.testId}>{row(total)}</tr>
        </tfoot>
      )}
    </table>
  );
}
