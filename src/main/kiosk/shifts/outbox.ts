/**
 * The Z reports the service has not confirmed yet (z_outbox), one queue of the kiosk's outbox
 * (../outbox.ts), sent in number order. The service keeps one copy per number (a repeat after a
 * lost answer is a replay), so each is recorded exactly once however often it is sent. While the
 * service cannot be reached the reports wait here, across restarts.
 */
import type { Connection } from '../../../sqlite';
import { createOutbox, type OutboxQueue } from '../outbox';
import type { ZReport } from './types';
import { shiftStatements } from './repo';

export { retryDelayMs } from '../outbox';

export interface ShiftOutboxOptions {
  now(): number;
  /** Sends one report; resolves once the service has kept it, rejects otherwise. */
  send(report: ZReport): Promise<void>;
  log?(line: string): void;
  /** Called when the number waiting changes. */
  onChange?(): void;
}

export interface OutboxState {
  waiting: number;
  /** Why the oldest waiting report has not gone yet; null before any attempt failed. */
  lastError: string | null;
}

export interface ShiftOutbox {
  /** Sends every waiting report that is due, in order; resolves when done or stopped by a failure. */
  flush(): Promise<void>;
  state(): OutboxState;
}

export function createShiftOutbox(db: Connection, options: ShiftOutboxOptions): ShiftOutbox {
  const sql = shiftStatements(db);
  const queue: OutboxQueue<ZReport> = {
    next() {
      const row = sql.nextToSend.get();
      return row
        ? {
            id: row.number,
            attempts: row.attempts,
            nextAt: row.next_at,
            item: JSON.parse(row.report) as ZReport,
          }
        : undefined;
    },
    claim: (number, until, nextAt) => sql.claim.run(until, number, nextAt).changes === 1,
    sent: (number) => void sql.sent.run(number),
    failed: (number, error, nextAt) => void sql.failed.run(error, nextAt, number),
    waiting() {
      const row = sql.waiting.get()!;
      return { waiting: row.n, lastError: row.error, oldestAt: null };
    },
  };
  const outbox = createOutbox(queue, {
    ...options,
    describe: (report) => `Z report ${report.number}`,
  });
  return {
    flush: outbox.flush,
    state() {
      const { waiting, lastError } = outbox.state();
      return { waiting, lastError };
    },
  };
}
