import type { Migration } from './migration';

/**
 * a sandbox clock per merchant: how far each merchant moved its own sandbox clock ahead of real
 * time (kernel/clock.ts); a merchant without a row runs on real time. The one offset every merchant
 * shared until now becomes each existing merchant's own, so no sandbox clock goes back.
 */
const migration: Migration = {
  name: 'sandbox-clocks',
  sql: `
  CREATE TABLE sandbox_clocks (
    merchant_id TEXT PRIMARY KEY REFERENCES merchants(id),
    offset_ms INTEGER NOT NULL
  );
  INSERT INTO sandbox_clocks (merchant_id, offset_ms)
    SELECT m.id, CAST(meta.value AS INTEGER) FROM merchants m JOIN meta ON meta.key = 'clock_offset_ms'
    WHERE CAST(meta.value AS INTEGER) <> 0;
  DELETE FROM meta WHERE key = 'clock_offset_ms';
  `,
};
export default migration;
