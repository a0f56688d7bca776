/**
 * A kiosk as the Devices page and GET /api/terminals/{id}/health show it: its terminal, whether
 * it is connected, its latest report and its open alerts; and the order that puts those needing
 * attention first.
 */
import type { z } from 'zod';
import type { Alert, AlertKind, Device, HealthReport } from '../../shared/contract/fleet';
import { iso } from '../kernel/clock';
import type { Presence, TerminalRow } from '../terminals';
import type { AlertRow, HealthRow } from './repo';

export function deviceOf(
  terminal: TerminalRow,
  health: HealthRow | undefined,
  alerts: readonly AlertRow[],
  presence: Presence,
): z.input<typeof Device> {
  const online = presence.online(terminal);
  const seen = terminal.last_seen_at ?? health?.received_at ?? null;
  return {
    terminalId: terminal.id,
    name: terminal.name,
    storeId: terminal.store_id,
    simulated: terminal.simulated === 1,
    online,
    offlineSince: online || seen === null ? null : iso(seen),
    lastReportAt: health ? iso(health.received_at) : null,
    report: health ? (JSON.parse(health.report) as HealthReport) : null,
    alerts: alerts.map((a): Alert => ({
      kind: a.kind as AlertKind,
      since: iso(a.raised_at),
      message: a.message,
    })),
  };
}

/** Higher needs attention sooner: alerts, then away, then a printer or work waiting. */
function attention(d: z.input<typeof Device>): number {
  let score = d.alerts.length * 100;
  if (!d.online) score += 50;
  const printer = d.report?.printer.state;
  if (printer === 'OFFLINE' || printer === 'ERROR') score += 20;
  if ((d.report?.offlineWork.waiting ?? 0) > 0) score += 10;
  if (d.report && !d.report.display.attached) score += 5;
  return score;
}

export function byAttention(a: z.input<typeof Device>, b: z.input<typeof Device>): number {
  return attention(b) - attention(a) || a.name.localeCompare(b.name);
}

/** The parts of a report that, when they move, make an entry in its history. */
export function materialOf(report: HealthReport): string {
  return JSON.stringify([
    report.appVersion,
    report.display,
    report.printer,
    report.offlineWork.waiting,
    report.offlineWork.oldestAt,
  ]);
}
