/**
 * Every table of the dashboard: a caption (shown, or for screen readers only), column headings
 * (money and counts right-aligned), and the rows. The table sits in its own scrolling box, so a
 * table wider than a phone scrolls sideways by itself and never widens the page; the box can take
 * the focus, so the keyboard can scroll it too.
 */
import type { ReactNode } from 'react';

/** A column: its heading, or a numeric one (right-aligned, tabular figures) from num(). */
export type Column = string | { label: string; num: true };

/** A right-aligned column of money or counts. */
export const num = (label: string): Column => ({ label, num: true });

export function Table({
  caption,
  showCaption = false,
  columns,
  testId,
  children,
}: {
  /** Names the table and its scrolling box. */
  caption: string;
  /** Show the caption above the table; most tables sit under a heading that says it already. */
  showCaption?: boolean;
  columns: readonly Column[];
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table data-testid={testId}>
        <caption className={showCaption ? undefined : 'visually-hidden'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th scope="col" key={column}>
                  {column}
                </th>
              ) : (
                <th scope="col" className="num" key={column.label}>
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
