/** The SQL of kiosks' Z reports (migration 0037): kept as received, never updated. */
import type { Store } from '../../kernel/store/port';

export interface ZReportRow {
  terminal_id: string;
  number: number;
  hash: string;
  previous_hash: string | null;
  report: string;
  received_at: number;
}

export function zReportStatements(store: Store) {
  return {
    byNumber: store.prepare<[string, number], ZReportRow>(
      'SELECT * FROM terminal_z_reports WHERE terminal_id = ? AND number = ?',
    ),
    ofTerminal: store.prepare<[string], ZReportRow>(
      'SELECT * FROM terminal_z_reports WHERE terminal_id = ? ORDER BY number',
    ),
    insert: store.prepare<[string, number, string, string, string, string | null, string, number]>(
      `INSERT INTO terminal_z_reports (terminal_id, number, merchant_id, environment, hash,
         previous_hash, report, received_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (terminal_id, number) DO NOTHING`,
    ),
  };
}
