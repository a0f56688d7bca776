/**
 * Whether a transaction whose COMMIT lost its connection committed. A transaction that wrote
 * inserts its marker (a random id, migration 0031) in the COMMIT's round trip; afterwards, on
 * whichever server answers as primary (the same one, or a standby promoted meanwhile), the
 * service inserts the same id as abandoned:
 * - the id is taken by a row that is not abandoned: the transaction committed (and, if the
 *   server is a new primary, it reached it: synchronous replication sent it before the answer);
 * - the insert succeeds: the transaction did not commit there, and now never can (a transaction
 *   still finishing on the same server waits for this one's row, or this one for its: a unique
 *   key settles it either way);
 * - the id is taken by an abandoned row: an earlier lookup of ours already decided (its own
 *   COMMIT's answer was lost).
 * Until a primary answers (a refused connection, a server still in recovery, read-only) the
 * lookup is tried again, up to a deadline; then the outcome stays unknown.
 */
import type pg from 'pg';
import { isUnavailable } from '../unavailable';

export type Outcome = 'committed' | 'rolled back' | 'unknown';

/** The marker's INSERT, sent with the COMMIT as one simple query (one round trip). */
export function commitWithMarker(marker: string, now: number): string {
  // Both values are the service's own (a UUID and an integer), never a caller's text.
  return `INSERT INTO commit_markers (id, at) VALUES ('${marker}', ${Math.trunc(now)}); COMMIT`;
}

/** A server that is not (yet, or any longer) the primary: ask again shortly. */
const NOT_PRIMARY = new Set(['25006', '57P03', '40001']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function lookUp(pool: pg.Pool, marker: string, now: number): Promise<Outcome> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    // A transaction still committing on this server holds the id: wait for it, but not for ever.
    await client.query("SET LOCAL statement_timeout = '5s'");
    const inserted = await client.query(
      'INSERT INTO commit_markers (id, at, abandoned) VALUES ($1, $2, true) ON CONFLICT (id) DO NOTHING',
      [marker, Math.trunc(now)],
    );
    const found =
      inserted.rowCount === 0
        ? await client.query<{ abandoned: boolean | number }>(
            'SELECT abandoned FROM commit_markers WHERE id = $1',
            [marker],
          )
        : undefined;
    await client.query('COMMIT');
    if (!found) return 'rolled back';
    // The store's pool reads booleans as 1/0.
    const abandoned = found.rows[0] ? Number(found.rows[0].abandoned) : 1;
    return abandoned === 0 ? 'committed' : 'rolled back';
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}

export async function resolveCommit(
  pool: pg.Pool,
  marker: string,
  deadline: number,
  now: () => number = Date.now,
): Promise<Outcome> {
  for (;;) {
    try {
      return await lookUp(pool, marker, now());
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      const retry = isUnavailable(error) || NOT_PRIMARY.has(code) || code === '57014';
      if (!retry) throw error;
    }
    if (now() >= deadline) return 'unknown';
    await sleep(250);
  }
}

/** Markers older than this are no longer needed: no lookup waits that long. */
export const MARKER_KEEP_MS = 60 * 60_000;

export async function pruneMarkers(pool: pg.Pool, now: number): Promise<void> {
  await pool.query('DELETE FROM commit_markers WHERE at < $1', [now - MARKER_KEEP_MS]);
}
