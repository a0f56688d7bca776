/**
 * The receipt printer's settings and the receipts it has not printed yet, in the kiosk's own
 * database (kiosk.db, migration 7): a job is written before it is first sent and deleted only
 * once the printer took it or staff dismissed it, so a printer that is off loses no receipt,
 * not even to a kiosk restart.
 */
import { randomUUID } from 'node:crypto';
import type { Connection } from '../../../sqlite';
import { ReceiptPrinter } from '../../../shared/bridge';

export interface StoredPrintJob {
  id: string;
  paymentRequestId: string;
  attempts: number;
  lastError: string | null;
  createdAt: number;
}

interface JobRow {
  id: string;
  payment_request_id: string;
  attempts: number;
  last_error: string | null;
  created_at: number;
}

const toJob = (r: JobRow): StoredPrintJob => ({
  id: r.id,
  paymentRequestId: r.payment_request_id,
  attempts: r.attempts,
  lastError: r.last_error,
  createdAt: r.created_at,
});

export function createPrintJobs(db: Connection, now: () => number) {
  const readSettings = db.prepare<[], { settings: string }>(
    'SELECT settings FROM receipt_printer WHERE id = 1',
  );
  const writeSettings = db.prepare<[string, number]>(
    `INSERT INTO receipt_printer (id, settings, updated_at) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,
  );
  const clearSettings = db.prepare('DELETE FROM receipt_printer');
  const insert = db.prepare<[string, string, number]>(
    'INSERT INTO print_jobs (id, payment_request_id, created_at) VALUES (?, ?, ?)',
  );
  const list = db.prepare<[], JobRow>('SELECT * FROM print_jobs ORDER BY created_at, id');
  const one = db.prepare<[string], JobRow>('SELECT * FROM print_jobs WHERE id = ?');
  const failed = db.prepare<[string, string]>(
    'UPDATE print_jobs SET attempts = attempts + 1, last_error = ? WHERE id = ?',
  );
  const remove = db.prepare<[string]>('DELETE FROM print_jobs WHERE id = ?');

  return {
    settings(): ReceiptPrinter | null {
      const row = readSettings.get();
      if (!row) return null;
      // Written through the same schema; a damaged row reads as no printer, never half of one.
      const parsed = ReceiptPrinter.safeParse(JSON.parse(row.settings));
      return parsed.success ? parsed.data : null;
    },
    saveSettings(settings: ReceiptPrinter | null) {
      if (settings) writeSettings.run(JSON.stringify(settings), now());
      else clearSettings.run();
    },
    add(paymentRequestId: string): StoredPrintJob {
      const id = randomUUID();
      insert.run(id, paymentRequestId, now());
      return toJob(one.get(id)!);
    },
    list: () => list.all().map(toJob),
    get(id: string): StoredPrintJob | null {
      const row = one.get(id);
      return row ? toJob(row) : null;
    },
    failed(id: string, error: string) {
      failed.run(error, id);
    },
    /** Printed or dismissed: true when it was still kept. */
    remove: (id: string) => remove.run(id).changes > 0,
  };
}
export type PrintJobs = ReturnType<typeof createPrintJobs>;
