/**
 * The kiosk's shift desk: the shifts (shifts.ts) and the outbox of Z reports (outbox.ts), sending
 * to the service as this paired terminal. Waiting reports go when a shift closes, when staff open
 * the Shift screen or ask, and whenever the kiosk's state changes (a reconnect among them), each
 * no sooner than its retry allows.
 */
import type { ApiClient } from '../../../client/http-client';
import type { Connection } from '../../../sqlite';
import { createShiftOutbox, type ShiftOutbox } from './outbox';
import { createShifts, type Shifts } from './shifts';

export interface ShiftDeskOptions {
  db: Connection;
  now(): number;
  log(line: string): void;
  /** The paired terminal's client and id; null while unpaired or paired with a merchant secret. */
  terminal(): { client: ApiClient; terminalId: string } | null;
  onChange(): void;
}

export interface ShiftDesk {
  shifts: Shifts;
  outbox: ShiftOutbox;
  /** Sends what is due; never throws (what failed stays waiting, with its reason). */
  flush(): Promise<void>;
  /**
   * Flushes, waiting at most `ms`: a screen answers promptly even when the service is slow to
   * refuse; the sending carries on behind it.
   */
  flushWithin(ms: number): Promise<void>;
}

export const NOT_A_TERMINAL =
  'This kiosk is not paired as a terminal: its Z reports wait until it is';

export function createShiftDesk(options: ShiftDeskOptions): ShiftDesk {
  const shifts = createShifts(options.db, { now: options.now, onChange: options.onChange });
  const outbox = createShiftOutbox(options.db, {
    now: options.now,
    log: options.log,
    onChange: options.onChange,
    async send(report) {
      const terminal = options.terminal();
      if (!terminal) throw new Error(NOT_A_TERMINAL);
      await terminal.client.call('recordTerminalShift', {
        params: { id: terminal.terminalId },
        body: report,
      });
    },
  });
  async function flush() {
    try {
      await outbox.flush();
    } catch (error) {
      // The database closed under it (the kiosk stopping): the reports wait for the next start.
      options.log(`shifts: ${(error as Error).message}`);
    }
  }
  return {
    shifts,
    outbox,
    flush,
    async flushWithin(ms) {
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
      });
      await Promise.race([flush(), waited]);
      clearTimeout(timer);
    },
  };
}
