/** The fleet's tests' shared parts (docs/fleet.md): a healthy kiosk's report, the alerts sent. */
import { Webhook } from 'standardwebhooks';
import { headerRecord, type Receiver } from './webhook-receiver';

/** A kiosk's health report as a paired, healthy kiosk sends it. */
export const HEALTH_REPORT = {
  appVersion: '0.1.0',
  uptimeSeconds: 12,
  display: { attached: true, showing: true },
  printer: { state: 'READY', jobsWaiting: 0 },
  offlineWork: { waiting: 0, oldestAt: null },
  lastSyncAt: '2026-01-01T10:00:00.000Z',
  diskFreeBytes: 1_000_000,
} as const;

/** TERMINAL_HEALTH deliveries about `terminalId`, each verified with the subscription's secret. */
export function healthAlerts(receiver: Receiver, secret: string, terminalId: string) {
  return receiver.received
    .filter((r) => r.json.type === 'TERMINAL_HEALTH' && r.json.data.terminalId === terminalId)
    .map((r) => {
      const event = new Webhook(secret).verify(r.body, headerRecord(r.headers)) as {
        data: { alert: string; status: string };
      };
      return `${event.data.alert} ${event.data.status}`;
    });
}
