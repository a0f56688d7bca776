/**
 * The Z reports the service has not confirmed yet (z_outbox), sent oldest first, one at a time:
 * a report is taken off only once the service answered for it, and the next is not sent before,
 * so the service receives them in number order. The service keeps one copy per number (a repeat
 * after a lost answer is a replay), so each is recorded exactly once however often it is sent.
 * While the service cannot be reached the reports wait here, across restarts.
 */
import type { Connection } from '../../../sqlite';
import type { ZReport } from './types';
import { shiftStatements } from './repo';

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

/** How long a report being sent is left to its sender before another may try it. */
const SEND_LEASE_MS = 30_000;

/** A failed send waits 1, 2, 4 … seconds, at most a minute, before the next try. */
export const retryDelayMs = (attempts: number) => Math.min(60_000, 1000 * 2 ** attempts);

export function createShiftOutbox(db: Connection, options: ShiftOutboxOptions): ShiftOutbox {
  const sql = shiftStatements(db);
  let running: Promise<void> | null = null;

  async function drain(): Promise<void> {
    for (;;) {
      const next = sql.nextToSend.get();
      if (!next || next.next_at > options.now()) return;
      // Claimed before it leaves: another sender on this file skips it until the lease ends.
      if (sql.claim.run(options.now() + SEND_LEASE_MS, next.number, next.next_at).changes !== 1)
        return;
      try {
        await options.send(JSON.parse(next.report) as ZReport);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        sql.failed.run(message, options.now() + retryDelayMs(next.attempts), next.number);
        options.log?.(`shifts: Z report ${next.number} not sent yet: ${message}`);
        options.onChange?.();
        return;
      }
      sql.sent.run(next.number);
      options.onChange?.();
    }
  }

  return {
    flush() {
      // One drain at a time: two would send the same report twice, or the next before it.
      running ??= drain().finally(() => {
        running = null;
      });
      return running;
    },
    state() {
      const row = sql.waiting.get()!;
      return { waiting: row.n, lastError: row.error };
    },
  };
}
