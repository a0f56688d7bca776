import type { Migration } from './migration';

/**
 * throughput: every status change writes an event, so the outbox keeps only the indexes something
 * reads. Nothing looks an event up by id (ids are unique by construction,
 * src/service/kernel/ids.ts), and only terminals' streams read by terminal_id, so that index skips
 * the many events that belong to no terminal. Each index dropped is one B-tree fewer for every
 * event insert to write (docs/benchmarks.md). The sequence is carried over as it was: a sandbox
 * reset may have deleted the newest events, and a terminal resuming its stream must never see a seq
 * it has had before.
 */
const migration: Migration = {
  name: 'outbox-indexes',
  sqlite: `
  CREATE TABLE events_next (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    type TEXT NOT NULL,
    payment_request_id TEXT,
    terminal_id TEXT,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  INSERT INTO events_next
    SELECT seq, id, merchant_id, environment, type, payment_request_id, terminal_id, body, created_at
    FROM events;
  INSERT INTO sqlite_sequence (name, seq)
    SELECT 'events_next', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'events_next');
  UPDATE sqlite_sequence
    SET seq = MAX(seq, COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'events'), 0))
    WHERE name = 'events_next';
  DROP TABLE events;
  ALTER TABLE events_next RENAME TO events;
  CREATE INDEX events_terminal ON events(terminal_id, seq) WHERE terminal_id IS NOT NULL;
  `,
  // The table stays, and with it the identity that hands out seq.
  postgres: `
  ALTER TABLE events DROP CONSTRAINT events_id_key;
  DROP INDEX events_terminal;
  CREATE INDEX events_terminal ON events(terminal_id, seq) WHERE terminal_id IS NOT NULL;
  `,
};
export default migration;
