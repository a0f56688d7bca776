/** A kiosk's health in the dashboard's words: its state, display, printer, work and alerts. */
import type { Alert, Device, HealthReport } from '../../../shared/contract/fleet';
import { formatWhen } from '../../../shared/format';

export function stateText(device: Device): string {
  if (device.online) return 'Online';
  return device.offlineSince
    ? `Offline since ${formatWhen(device.offlineSince)}`
    : 'Never connected';
}

export function displayText(report: HealthReport | null): string {
  if (!report) return '—';
  if (!report.display.attached) return 'Display not attached';
  return report.display.showing ? 'Display showing' : 'Display attached, not showing';
}

export function printerText(report: HealthReport | null): string {
  if (!report) return '—';
  const jobs = report.printer.jobsWaiting;
  const waiting = jobs > 0 ? ` (${jobs} receipt${jobs === 1 ? '' : 's'} waiting)` : '';
  switch (report.printer.state) {
    case 'READY':
      return `Printer ready${waiting}`;
    case 'OFFLINE':
      return `Printer offline${waiting}`;
    case 'ERROR':
      return `Printer in error${waiting}`;
    case 'NOT_SET':
      return 'No printer set';
  }
}

export function workText(report: HealthReport | null): string {
  if (!report) return '—';
  const { waiting, oldestAt } = report.offlineWork;
  if (waiting === 0) return 'None';
  return `${waiting} waiting${oldestAt ? ` since ${formatWhen(oldestAt)}` : ''}`;
}

const ALERT_TEXT: Record<Alert['kind'], string> = {
  OFFLINE: 'offline too long',
  PRINTER: 'printer problem',
  WORK_WAITING: 'work waiting over 10 minutes',
  OLD_VERSION: 'old version',
};

export const alertText = (alert: Alert): string => ALERT_TEXT[alert.kind];

export function diskText(bytes: number | null): string {
  if (bytes === null) return '—';
  const gb = bytes / 1024 ** 3;
  return gb >= 1 ? `${gb.toFixed(1)} GB free` : `${Math.round(bytes / 1024 ** 2)} MB free`;
}
