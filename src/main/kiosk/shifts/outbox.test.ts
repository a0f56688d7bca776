import { afterEach, describe, expect, it } from 'vitest';
import { openHistory, type History } from '../history/history';
import { createShifts } from './shifts';
import { createShiftOutbox } from './outbox';
import type { ZReport } from './types';

const opened: History[] = [];
afterEach(() => {
  for (const h of opened.splice(0)) h.close();
});

describe('the Z reports waiting for the service', () => {
  it('are sent after an outage in number order, each exactly once, and survive a restart', async () => {
    let clock = Date.parse('2026-11-28T09:00:00Z');
    const history = openHistory(null, { now: () => clock });
    opened.push(history);
    const shifts = createShifts(history.db, { now: () => clock });
    const received: number[] = [];
    let up = false;
    const send = async (report: ZReport) => {
      await new Promise((r) => setTimeout(r, 5));
      if (!up) throw new Error('The payments service cannot be reached');
      received.push(report.number);
    };
    const outbox = createShiftOutbox(history.db, { now: () => clock, send });
    for (let i = 0; i < 3; i++) {
      shifts.open(5000, 'Ann');
      clock += 1000;
      shifts.close([{ denominationPence: 5000, count: 1 }], 'Ann');
      await outbox.flush();
    }
    expect(received).toEqual([]);
    expect(outbox.state()).toEqual({
      waiting: 3,
      lastError: 'The payments service cannot be reached',
    });

    // Back up, but the retry is not due yet: nothing leaves early.
    up = true;
    await outbox.flush();
    expect(received).toEqual([]);

    clock += 60_000;
    // A second kiosk process on the same file (a restart) flushing at the same moment.
    const again = createShiftOutbox(history.db, { now: () => clock, send });
    await Promise.all([outbox.flush(), outbox.flush(), again.flush()]);
    expect(received).toEqual([1, 2, 3]);
    expect(outbox.state()).toEqual({ waiting: 0, lastError: null });
    await outbox.flush();
    expect(received).toEqual([1, 2, 3]);
  });

  it('does not send a later report before an earlier one that keeps failing', async () => {
    let clock = 0;
    const history = openHistory(null, { now: () => clock });
    opened.push(history);
    const shifts = createShifts(history.db, { now: () => clock });
    const received: number[] = [];
    const outbox = createShiftOutbox(history.db, {
      now: () => clock,
      send: async (r) => {
        if (r.number === 1) throw new Error('refused');
        received.push(r.number);
      },
    });
    for (let i = 0; i < 2; i++) {
      shifts.open(0, 'Ann');
      clock += 10;
      shifts.close([], 'Ann');
    }
    for (let i = 0; i < 3; i++) {
      clock += 120_000;
      await outbox.flush();
    }
    expect(received).toEqual([]);
    expect(outbox.state().waiting).toBe(2);
  });
});
