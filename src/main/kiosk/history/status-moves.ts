/**
 * A status move as the kiosk's history keeps it, for payments and refunds alike: compare-and-set
 * on the row's current status (`UPDATE … WHERE id = ? AND status = ?`) and the change row written
 * in the same transaction, so a row and its list of changes never disagree. The caller (a
 * tracker) decides which moves are valid; this only makes sure a move is recorded once, whole.
 */
import type { Connection } from '../../../sqlite';
import type { StatusSource } from '../types';

/** The tables one kind of record keeps: its rows, their key, and its change rows. */
export interface StatusTables {
  rows: 'payments' | 'refunds';
  key: 'payment_request_id' | 'refund_id';
  changes: 'status_changes' | 'refund_changes';
  /**
   * What else a move sets on the row (`column = expression, …`, named parameters from the
   * move's `extra`); fixed text of the caller's, never from input.
   */
  alsoSet?: string;
}

export interface StatusMove<S extends string> {
  id: string;
  from: S;
  to: S;
  final: boolean;
  source: StatusSource;
  /** When it happened, as the source said (or when recorded). */
  occurredAt: number;
  recordedAt: number;
  /** Service time of the new status, when the source gave one. */
  statusAt: number | null;
}

export function createStatusMoves<S extends string>(db: Connection, tables: StatusTables) {
  const { rows, key, changes } = tables;
  const move = db.prepare(`
    UPDATE ${rows} SET status = @to, final = @final, status_at = COALESCE(@statusAt, status_at),
      ${tables.alsoSet ? `${tables.alsoSet},` : ''}
      completed_at = CASE WHEN @to = 'COMPLETED' THEN @occurredAt ELSE completed_at END,
      updated_at = @recordedAt
    WHERE ${key} = @id AND status = @from`);
  const insertChange = db.prepare<[string, S | null, S, StatusSource, number, number]>(`
    INSERT INTO ${changes} (${key}, from_status, to_status, source, occurred_at, recorded_at)
    VALUES (?, ?, ?, ?, ?, ?)`);

  return {
    /** The change row of the status a record was first seen in (`from` null); its row id. */
    first(id: string, status: S, source: StatusSource, occurredAt: number, recordedAt: number) {
      return insertChange.run(id, null, status, source, occurredAt, recordedAt).lastInsertRowid;
    },
    /**
     * Moves the record and writes its change row; the change row's id, or null when the record
     * is not (any more) in `from`. Run it inside the caller's transaction, with the read-back.
     */
    move(m: StatusMove<S>, extra: Record<string, unknown> = {}): number | bigint | null {
      const moved = move.run({
        ...extra,
        id: m.id,
        from: m.from,
        to: m.to,
        final: m.final ? 1 : 0,
        statusAt: m.statusAt,
        occurredAt: m.occurredAt,
        recordedAt: m.recordedAt,
      });
      if (moved.changes !== 1) return null; // someone else moved it first: nothing recorded
      return insertChange.run(m.id, m.from, m.to, m.source, m.occurredAt, m.recordedAt)
        .lastInsertRowid;
    },
  };
}
