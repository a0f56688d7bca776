import type { Migration } from './migration';

/**
 * a terminal's stream lease: until when (real time) an instance holds its push stream, so that
 * instances sharing a database answer `online` alike (terminals/model.ts).
 */
const migration: Migration = {
  name: 'stream-leases',
  sql: `
  ALTER TABLE terminals ADD COLUMN streaming_until INTEGER;
  `,
};
export default migration;
