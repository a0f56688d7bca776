/**
 * Bearer secrets (docs/security.md). A secret selects the merchant and the
 * environment; a terminal secret also fixes the terminal and its store. Secrets are stored as
 * SHA-256 hashes and found by hash lookup, never compared directly.
 */
import type { Store } from '../kernel/store/port';
import { ApiError } from '../kernel/errors';
import type { Auth } from '../../shared/contract/routes';
import type { Caller, Environment } from '../kernel/caller';
import { hashSecret } from '../kernel/secrets';
import { createReadCache } from '../kernel/store/read-cache';

interface SecretRow {
  merchant_id: string;
  environment: Environment;
  kind: 'merchant' | 'terminal';
  terminal_id: string | null;
  store_id: string | null;
}

export function createAuthenticator(store: Store) {
  const lookup = store.prepare<[string], SecretRow>(`
    SELECT s.merchant_id, s.environment, s.kind, s.terminal_id, t.store_id
    FROM access_secrets s LEFT JOIN terminals t ON t.id = s.terminal_id
    WHERE s.hash = ? AND s.revoked_at IS NULL`);

  // Every request authenticates: remember callers by the secret's hash so the lookup runs once
  // per secret. Keyed by the SHA-256, never by the secret itself, so no comparison anywhere
  // (the Map's or the database's index) touches secret bytes: whatever timing a comparison leaks is
  // about a hash, which says nothing about the secret (constant-time in effect). Revoking
  // (unpairing) goes through `forgetAll`, and on a shared database the store announces another
  // instance's revocation (topic `caller`), so the cache never outlives a secret. Unknown secrets
  // are not cached, so guessing cannot fill memory; wrong secrets are rate-limited per address
  // (rate-limit.ts).
  const known = createReadCache<Caller>(store, 'caller');

  /** The caller of a secret, or null when the secret is unknown or revoked. */
  /** A known caller at once (every request asks: no promise for the common case). */
  function identify(secret: string): Caller | Promise<Caller | null> {
    const hash = hashSecret(secret);
    return known.get(hash) ?? lookUp(hash);
  }

  async function lookUp(hash: string): Promise<Caller | null> {
    return (await known.read(hash, async () => (await resolve(hash)) ?? undefined)) ?? null;
  }

  async function resolve(hash: string): Promise<Caller | null> {
    const row = await lookup.get(hash);
    if (!row) return null;
    if (row.kind === 'terminal') {
      if (!row.terminal_id || !row.store_id) return null;
      return {
        kind: 'terminal',
        merchantId: row.merchant_id,
        environment: row.environment,
        terminalId: row.terminal_id,
        storeId: row.store_id,
      };
    }
    return { kind: 'merchant', merchantId: row.merchant_id, environment: row.environment };
  }

  /** The caller the header's secret names, checked against what the route allows. */
  function authorize(
    header: string | undefined,
    auth: Auth,
  ): Caller | null | Promise<Caller | null> {
    if (auth === 'public') return null;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    const found = match?.[1] ? identify(match[1]) : null;
    return found instanceof Promise
      ? found.then((caller) => check(caller, header, auth))
      : check(found, header, auth);
  }

  /** Whether the route takes this caller (401 for none). */
  function check(caller: Caller | null, header: string | undefined, auth: Auth): Caller {
    if (!caller)
      throw new ApiError(
        401,
        header
          ? 'The access secret is invalid or revoked'
          : 'Authorization: Bearer <access secret> is required',
      );
    if (caller.kind === 'terminal' && auth !== 'terminal' && auth !== 'merchantOrTerminal')
      throw new ApiError(403, 'A terminal secret cannot call this endpoint');
    if (caller.kind === 'merchant' && auth === 'terminal')
      throw new ApiError(403, 'This endpoint takes a terminal secret');
    if (auth === 'sandbox' && caller.environment !== 'sandbox')
      throw new ApiError(400, 'This endpoint accepts sandbox secrets only');
    return caller;
  }

  return {
    identify,
    authorize,
    /** Call after revoking any secret. */
    forgetAll: () => known.changed(),
  };
}
export type Authenticator = ReturnType<typeof createAuthenticator>;
