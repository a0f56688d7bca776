/** The SQL of a terminal's push stream and event feed (stream.ts). */
import { TERMINAL_EVENT_TYPES } from '../../../shared/contract/terminals';
import type { Store } from '../../kernel/store/port';

/** The SQL list of what a terminal hears (constants, so quoting them is safe). */
const TERMINAL_TYPES = TERMINAL_EVENT_TYPES.map((type) => `'${type}'`).join(', ');

interface EventRow {
  seq: number;
  type: string;
  body: string;
}

export function eventStatements(store: Store) {
  return {
    missed: store.prepare<[string, number], EventRow>(
      `SELECT seq, type, body FROM events WHERE terminal_id = ? AND seq > ?
         AND type IN (${TERMINAL_TYPES}) ORDER BY seq`,
    ),
    lastSeq: store.prepare<[], { seq: number | null }>('SELECT max(seq) AS seq FROM events'),
    // Last seen, and the lease that tells other instances sharing the database that this one
    // holds the terminal's stream (terminals/model.ts, createPresence): real time, two heartbeats
    // long, renewed by each; null once the stream ends.
    seen: store.prepare<[number, number | null, string]>(
      'UPDATE terminals SET last_seen_at = ?, streaming_until = ?, push_registered = 1 WHERE id = ?',
    ),
    // A terminal that reads its feed can receive remote requests, as one with a stream or token.
    touch: store.prepare('UPDATE terminals SET last_seen_at = ?, push_registered = 1 WHERE id = ?'),
    feed: store.prepare<[string, number, number], EventRow>(
      `SELECT seq, type, body FROM events WHERE terminal_id = ? AND seq > ?
         AND type IN (${TERMINAL_TYPES}) ORDER BY seq LIMIT ?`,
    ),
  };
}
