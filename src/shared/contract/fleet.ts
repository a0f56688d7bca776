/**
 * The fleet (docs/fleet.md): each kiosk's health report, what the service keeps of it, the
 * merchant's alert settings and the data of a TERMINAL_HEALTH webhook event.
 */
import { z } from 'zod';
import { Timestamp, Uuid, safeText } from './common';

/** The receipt printer as the kiosk last found it; NOT_SET when none is named in Settings. */
export const PrinterState = z.enum(['READY', 'OFFLINE', 'ERROR', 'NOT_SET']);
export type PrinterState = z.infer<typeof PrinterState>;

const count = (what: string) =>
  z
    .number({ message: `must be a whole number of ${what}` })
    .int(`must be a whole number of ${what}`)
    .nonnegative('must not be negative')
    .max(Number.MAX_SAFE_INTEGER, 'is too large');

/** What a kiosk reports of itself, at most every 30 seconds and on every change. */
export const HealthReport = z.object({
  appVersion: z
    .string()
    .max(40, 'must be at most 40 characters')
    .regex(/^\d{1,6}\.\d{1,6}\.\d{1,6}([-+][0-9A-Za-z.-]*)?$/, 'must be a version like 1.4.2'),
  uptimeSeconds: count('seconds'),
  display: z.object({
    /** A customer display window is connected to the kiosk. */
    attached: z.boolean(),
    /** It shows the shop's screens (not a pairing or error screen). */
    showing: z.boolean(),
  }),
  printer: z.object({ state: PrinterState, jobsWaiting: count('jobs') }),
  /** Payments and receipts kept on the kiosk until the service can take them. */
  offlineWork: z.object({ waiting: count('items'), oldestAt: Timestamp.nullable().default(null) }),
  lastSyncAt: Timestamp.nullable(),
  /** Free bytes on the disk holding the kiosk's database; null when it cannot tell. */
  diskFreeBytes: count('bytes').nullable(),
});
export type HealthReport = z.infer<typeof HealthReport>;

export const HealthParams = z.object({ id: Uuid });

/** The answer to a report: when it was taken, and how often the service wants one. */
export const HealthAck = z.object({ receivedAt: Timestamp, everySeconds: z.number().int() });

/** The answer to a streamed upload of reports, once the kiosk ends it: how many were taken. */
export const HealthStreamAck = z.object({
  received: z.number().int(),
  everySeconds: z.number().int(),
});

/** Why a kiosk needs attention; each is raised once and recovers once. */
export const AlertKind = z.enum(['OFFLINE', 'PRINTER', 'WORK_WAITING', 'OLD_VERSION']);
export type AlertKind = z.infer<typeof AlertKind>;

export const Alert = z.object({ kind: AlertKind, since: Timestamp, message: z.string() });
export type Alert = z.infer<typeof Alert>;

/** A kiosk at a glance: its terminal, whether it is connected, its latest report, its alerts. */
export const Device = z.object({
  terminalId: Uuid,
  name: z.string(),
  storeId: z.string(),
  /** A kiosk the sandbox plays (POST /api/sandbox/kiosks), not a machine at a counter. */
  simulated: z.boolean().default(false),
  online: z.boolean(),
  /** When it was last connected, while it is not (null while online or never seen). */
  offlineSince: Timestamp.nullable(),
  lastReportAt: Timestamp.nullable(),
  report: HealthReport.nullable(),
  alerts: z.array(Alert),
});
export type Device = z.infer<typeof Device>;

export const HealthEntry = z.object({ at: Timestamp, report: HealthReport });

/** GET /api/terminals/{id}/health: the device and its recent reports, newest first. */
export const TerminalHealth = Device.extend({ history: z.array(HealthEntry) });
export type TerminalHealth = z.infer<typeof TerminalHealth>;

export const FleetSettings = z.object({
  /** How long a kiosk may be away before it is an alert (default 120). */
  offlineAlertSeconds: z.number().int().min(1).max(86_400),
  /** Where alert e-mails go; null: the shop's support e-mail from its profile, if any. */
  alertEmail: z.email().nullable(),
  /** The oldest kiosk version this service supports. */
  minimumKioskVersion: z.string(),
});
export type FleetSettings = z.infer<typeof FleetSettings>;

export const FleetSettingsBody = z
  .object({
    offlineAlertSeconds: z
      .number({ message: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(1, 'must be at least 1 second')
      .max(86_400, 'must be at most a day (86400 seconds)')
      .optional(),
    alertEmail: z.email('must be a valid email address').max(254).nullable().optional(),
  })
  .strict();

export const DeviceList = z.object({ devices: z.array(Device), settings: FleetSettings });
export type DeviceList = z.infer<typeof DeviceList>;

/** The data of a TERMINAL_HEALTH event: one alert raised, or its recovery. */
export const TerminalHealthEventData = z.object({
  terminalId: Uuid,
  terminalName: safeText(),
  storeId: z.string(),
  alert: AlertKind,
  /** Like every event's `status`: what happened. */
  status: z.enum(['RAISED', 'RECOVERED']),
  message: z.string(),
});
export type TerminalHealthEventData = z.infer<typeof TerminalHealthEventData>;
