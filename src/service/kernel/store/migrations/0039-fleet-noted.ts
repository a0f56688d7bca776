import type { Migration } from './migration';

/**
 * The fleet's alert sweep reads only what changed: `noted_at` is the wall-clock time (not the
 * merchant's, which the sandbox may move) at which a kiosk's report last changed a field an alert
 * reads (its version, printer, oldest waiting work), indexed so a sweep finds those since its
 * last look without reading every kiosk.
 */
const migration: Migration = {
  name: 'fleet-noted',
  sql: `
  ALTER TABLE terminal_health ADD COLUMN noted_at INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX terminal_health_noted ON terminal_health (noted_at);
  `,
};
export default migration;
