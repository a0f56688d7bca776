import type { Migration } from './migration';

/**
 * PostgreSQL only: a transaction that wrote inserts a row here just before its COMMIT, in the
 * same round trip, so that when the connection is lost during the COMMIT (a primary failing
 * over) the service can learn whether it committed, on whichever server answers next, before it
 * answers the request (postgres/commit-outcome.ts). `abandoned` marks a row the service wrote
 * itself after finding none: the lost transaction can then never commit. Rows are kept an hour.
 */
const migration: Migration = {
  name: 'commit-markers',
  postgres: `
  CREATE TABLE commit_markers (
    id TEXT PRIMARY KEY,
    at BIGINT NOT NULL,
    abandoned BOOLEAN NOT NULL DEFAULT false
  );
  CREATE INDEX commit_markers_at ON commit_markers (at);
  `,
};
export default migration;
