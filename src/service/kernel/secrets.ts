/** Access secrets: made here, stored and looked up only as their SHA-256 hash. */
import { hash, randomBytes, randomUUID } from 'node:crypto';
import type { Environment } from './caller';
import type { Store } from './store/port';

// One-shot crypto.hash (Node 20.12+): every request hashes its secret, and a Hash object each time
// cost twice as much.
export const hashSecret = (secret: string) => hash('sha256', secret, 'hex');

/** `sk_sandbox_…`, `sk_live_…` for merchants; `tk_sandbox_…`, `tk_live_…` for terminals. */
export function newSecret(kind: 'merchant' | 'terminal', environment: Environment): string {
  const prefix = `${kind === 'merchant' ? 'sk' : 'tk'}_${environment === 'sandbox' ? 'sandbox' : 'live'}_`;
  return prefix + randomBytes(24).toString('base64url');
}

export interface SecretToKeep {
  secret: string;
  merchantId: string;
  environment: Environment;
  kind: 'merchant' | 'terminal';
  terminalId?: string;
  now: number;
}

/**
 * Keeps a secret as its hash, with a random id to name it by and its last four characters to
 * tell it apart in a list (four of 32 random characters: nothing a guesser can use). A secret
 * kept already (the same SERVICE_SANDBOX_SECRET on every start) is left as it is.
 */
export async function keepSecret(store: Store, s: SecretToKeep): Promise<string> {
  const id = randomUUID();
  await store
    .prepare(
      `INSERT INTO access_secrets (id, hash, merchant_id, environment, kind, terminal_id, last_four, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    )
    .run(
      id,
      hashSecret(s.secret),
      s.merchantId,
      s.environment,
      s.kind,
      s.terminalId ?? null,
      s.secret.slice(-4),
      s.now,
    );
  return id;
}

/**
 * The other writes of access secrets, by the areas that revoke them and by authentication, which
 * notes when each was last used: this table is the kernel's, so its statements are here. Each is
 * prepared once, when its user is made.
 */
export function secretWrites(store: Store) {
  const revokeOne = store.prepare<[number, string]>(
    'UPDATE access_secrets SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
  );
  const revokeOfTerminal = store.prepare<[number, string]>(
    'UPDATE access_secrets SET revoked_at = ? WHERE terminal_id = ?',
  );
  // The condition keeps instances sharing a database from rewriting it within `since`.
  const recordUse = store.prepare<[number, string, number]>(
    `UPDATE access_secrets SET last_used_at = ?
     WHERE hash = ? AND (last_used_at IS NULL OR last_used_at <= ?)`,
  );
  return {
    /** Revokes secret `id`; no change when it was revoked already (or is unknown). */
    revoke: (id: string, now: number) => revokeOne.run(now, id),
    /** Revokes every secret of a terminal (unpairing). */
    revokeTerminal: (terminalId: string, now: number) => revokeOfTerminal.run(now, terminalId),
    /** Notes that the secret whose hash is `hash` was used at `at`, unless noted after `since`. */
    recordUse: (hash: string, at: number, since: number) => recordUse.run(at, hash, since),
  };
}
