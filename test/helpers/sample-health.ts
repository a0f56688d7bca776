/** A kiosk's health report as a paired, healthy kiosk sends it (docs/fleet.md). */
export const HEALTH_REPORT = {
  appVersion: '0.1.0',
  uptimeSeconds: 12,
  display: { attached: true, showing: true },
  printer: { state: 'READY', jobsWaiting: 0 },
  offlineWork: { waiting: 0, oldestAt: null },
  lastSyncAt: '2026-01-01T10:00:00.000Z',
  diskFreeBytes: 1_000_000,
} as const;
