/**
 * What a simulated kiosk says and does: the health report its state makes, its answer to each
 * remote action (as the real kiosk's, src/main/kiosk/central-settings.ts, would be with that
 * printer and display), and how it is shown.
 */
import type { z } from 'zod';
import type { HealthReport } from '../../shared/contract/fleet';
import type {
  EffectiveKioskSettings,
  TerminalActionKind,
} from '../../shared/contract/kiosk-settings';
import type { SimulatedKiosk, SimulatedKioskState } from '../../shared/contract/sandbox-kiosks';
import { iso } from '../kernel/clock';
import type { KioskRow } from './repo';

/** A kiosk reports every 30 s when nothing changes (docs/fleet.md). */
export const REPORT_EVERY_MS = 30_000;
/** What a simulated kiosk says is free on its disk. */
const DISK_FREE_BYTES = 64 * 1024 ** 3;

export const stateOf = (row: KioskRow) => JSON.parse(row.state) as SimulatedKioskState;

export const startingState = (appVersion: string): SimulatedKioskState => ({
  online: true,
  appVersion,
  display: { attached: true, showing: true },
  printer: { state: 'READY', jobsWaiting: 0 },
  offlineWork: { waiting: 0, oldestAt: null },
});

/** Its report now (`now`: the merchant's sandbox clock). */
export function reportOf(row: KioskRow, now: number): HealthReport {
  const state = stateOf(row);
  return {
    appVersion: state.appVersion,
    uptimeSeconds: Math.max(0, Math.floor((Date.now() - row.started_at) / 1000)),
    display: state.display,
    printer: state.printer,
    offlineWork: state.offlineWork,
    lastSyncAt: iso(now),
    diskFreeBytes: DISK_FREE_BYTES,
  };
}

export interface Answer {
  status: 'DONE' | 'FAILED';
  message: string;
  /** LOCK_CONSOLE: the console is locked from now on. */
  lock?: boolean;
}

const PRINTER_FAILURES: Record<string, string> = {
  NOT_SET: 'No receipt printer is named in Settings',
  OFFLINE: 'The receipt printer did not answer on its port (offline)',
  ERROR: 'The receipt printer is in error',
};

export function answerOf(action: TerminalActionKind, state: SimulatedKioskState): Answer {
  switch (action) {
    case 'PRINT_TEST_PAGE': {
      const failure = PRINTER_FAILURES[state.printer.state];
      return failure
        ? { status: 'FAILED', message: failure }
        : { status: 'DONE', message: 'Printed a test page' };
    }
    case 'RELOAD_DISPLAY':
      return state.display.attached
        ? { status: 'DONE', message: 'Reloaded the customer display' }
        : { status: 'FAILED', message: 'No customer display is attached' };
    case 'SIGN_OUT_STAFF':
      return { status: 'DONE', message: 'Nobody was signed in' };
    case 'LOCK_CONSOLE':
      return { status: 'DONE', message: 'Locked the console', lock: true };
  }
}

export function kioskView(row: KioskRow): z.input<typeof SimulatedKiosk> {
  return {
    id: row.terminal_id,
    name: row.name,
    storeId: row.store_id,
    ...stateOf(row),
    settings: row.settings === null ? null : (JSON.parse(row.settings) as EffectiveKioskSettings),
    consoleLocked: row.console_locked === 1,
    createdAt: iso(row.created_at),
  };
}
