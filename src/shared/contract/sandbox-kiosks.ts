/**
 * Simulated kiosks (docs/fleet.md, Simulated kiosks): terminals of the merchant's sandbox that the
 * service itself plays, so an integrator without hardware sees the Devices page, alerts, the
 * TERMINAL_HEALTH webhooks, central settings and remote actions work end to end.
 */
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { HealthReport } from './fleet';
import { EffectiveKioskSettings } from './kiosk-settings';
import { TerminalName } from './terminals';

const report = HealthReport.shape;

export const SimulatedKioskBody = z
  .object({
    /** One of the merchant's open stores; absent: its first store. */
    storeId: Uuid.optional(),
    /** Absent: "Simulated kiosk N". */
    name: TerminalName.optional(),
    /** The version it reports (absent: 1.0.0). */
    appVersion: report.appVersion.optional(),
  })
  .strict();

export const SimulatedKioskPatch = z
  .object({
    /** false: its push stream closes (an OFFLINE alert after the merchant's set time); true: back. */
    online: z.boolean().optional(),
    printer: report.printer.strict().optional(),
    offlineWork: z
      .object({
        waiting: report.offlineWork.shape.waiting,
        oldestAt: Timestamp.nullable().default(null),
      })
      .strict()
      .optional(),
    appVersion: report.appVersion.optional(),
    display: report.display.strict().optional(),
  })
  .strict();
export type SimulatedKioskPatch = z.infer<typeof SimulatedKioskPatch>;

export const SimulatedKioskParams = z.object({ id: Uuid });

/** What a simulated kiosk is playing: the state it reports and whether its stream is open. */
export const SimulatedKioskState = z.object({
  online: z.boolean(),
  appVersion: report.appVersion,
  display: report.display,
  printer: report.printer,
  offlineWork: z.object({
    waiting: report.offlineWork.shape.waiting,
    oldestAt: Timestamp.nullable(),
  }),
});
export type SimulatedKioskState = z.infer<typeof SimulatedKioskState>;

export const SimulatedKiosk = SimulatedKioskState.extend({
  id: Uuid,
  name: z.string(),
  storeId: Uuid,
  /** The settings in force it last took (read on connecting, then each TERMINAL_SETTINGS push). */
  settings: EffectiveKioskSettings.nullable(),
  /** Locked from the dashboard (LOCK_CONSOLE): only a manager's PIN would open a real one. */
  consoleLocked: z.boolean(),
  createdAt: Timestamp,
});
export type SimulatedKiosk = z.infer<typeof SimulatedKiosk>;

export const SimulatedKiosks = z.object({ kiosks: z.array(SimulatedKiosk) });
