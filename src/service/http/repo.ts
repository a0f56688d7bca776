/**
 * The SQL of the http floor: who a secret is (auth.ts; the table is the kernel's, which also
 * keeps its writes: kernel/secrets.ts), Idempotency-Keys and their stored answers
 * (idempotency.ts) and the failure buckets instances share (rate-limit.ts). Each statement is
 * prepared once, when its owner is made.
 */
import type { Environment } from '../kernel/caller';
import type { Store } from '../kernel/store/port';

export interface SecretRow {
  merchant_id: string;
  environment: Environment;
  kind: 'merchant' | 'terminal';
  terminal_id: string | null;
  store_id: string | null;
}

/** The authenticator's reads (auth.ts): a secret's caller, and whether it is still valid. */
export function authQueries(store: Store) {
  const lookup = store.prepare<[string], SecretRow>(`
    SELECT s.merchant_id, s.environment, s.kind, s.terminal_id, t.store_id
    FROM access_secrets s LEFT JOIN terminals t ON t.id = s.terminal_id
    WHERE s.hash = ? AND s.revoked_at IS NULL`);
  const live = store.prepare<[string], { one: number }>(
    'SELECT 1 AS one FROM access_secrets WHERE hash = ? AND revoked_at IS NULL',
  );
  return { lookup, live };
}

export interface KeyRow {
  fingerprint: string;
  status: number | null;
  body: string | null;
  boot: string;
  created_at: number;
}

/** The Idempotency-Key store's statements (idempotency.ts). */
export function idempotencyQueries(store: Store) {
  const select = store.prepare<[string, string], KeyRow>(
    'SELECT fingerprint, status, body, boot, created_at FROM idempotency_keys WHERE scope = ? AND key = ?',
  );
  // A key past its 24 hours is taken over; a live one is left alone (no row changed), whoever
  // holds it.
  const reserve = store.prepare<{
    scope: string;
    key: string;
    fingerprint: string;
    boot: string;
    now: number;
    expired: number;
  }>(`
    INSERT INTO idempotency_keys (scope, key, fingerprint, boot, created_at)
    VALUES (@scope, @key, @fingerprint, @boot, @now)
    ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint,
      boot = excluded.boot, created_at = excluded.created_at, status = NULL, body = NULL
    WHERE idempotency_keys.created_at <= @expired`);
  const complete = store.prepare(
    'UPDATE idempotency_keys SET status = ?, body = ? WHERE scope = ? AND key = ?',
  );
  const release = store.prepare(
    'DELETE FROM idempotency_keys WHERE scope = ? AND key = ? AND status IS NULL',
  );
  // Past real time, a key has expired on every clock (no sandbox's is behind real time); past a
  // moved sandbox clock, only that merchant's sandbox keys have. A key's merchant and environment
  // are the first two fields of its scope (mount.ts: merchant:environment:owner).
  const prune = store.prepare<[number]>('DELETE FROM idempotency_keys WHERE created_at <= ?');
  const pruneMoved = store.prepare<[number, string]>(
    'DELETE FROM idempotency_keys WHERE created_at <= ? AND scope LIKE ?',
  );
  return { select, reserve, complete, release, prune, pruneMoved };
}

/** The shared failure limiter's statements (rate-limit.ts): a bucket per row. */
export function failureBucketQueries(store: Store) {
  const read = store.prepare<[string], { tokens: number; at: number; recent: string }>(
    `SELECT tokens, at, recent FROM failure_buckets WHERE bucket = ?${store.dialect === 'postgres' ? ' FOR UPDATE' : ''}`,
  );
  const write = store.prepare<[string, number, number, string]>(`
    INSERT INTO failure_buckets (bucket, tokens, at, recent) VALUES (?, ?, ?, ?)
    ON CONFLICT (bucket) DO UPDATE SET tokens = excluded.tokens, at = excluded.at,
      recent = excluded.recent`);
  // Buckets full again are of no use: forgotten now and then.
  const forget = store.prepare<[number]>('DELETE FROM failure_buckets WHERE at < ?');
  return { read, write, forget };
}
