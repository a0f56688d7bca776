import type { Migration } from './migration';

/**
 * brute-force limits kept in the database, for instances that share one (PostgreSQL; one process
 * keeps them in memory): a token bucket per client address and kind of credential, `at` in
 * wall-clock ms, `recent` the JSON list of the last wrong secrets' hashes.
 */
const migration: Migration = {
  name: 'failure-buckets',
  sql: `
  CREATE TABLE failure_buckets (
    bucket TEXT PRIMARY KEY,
    tokens REAL NOT NULL,
    at INTEGER NOT NULL,
    recent TEXT NOT NULL
  );
  `,
};
export default migration;
