/**
 * Bearer secrets (docs/security.md). A secret selects the merchant and the
 * environment; a terminal secret also fixes the terminal and its store. Secrets are stored as
 * SHA-256 hashes and found by hash lookup, never compared directly.
 */
import type { Store } from '../kernel/store/port';
import { ApiError } from '../kernel/errors';
import type { Auth } from '../../shared/contract/routes';
import type { Caller } from '../kernel/caller';
import { hashSecret, secretWrites } from '../kernel/secrets';
import { createReadCache } from '../kernel/store/read-cache';
import { authQueries } from './repo';

/** The SHA-256 of the secret an Authorization header carries, if it carries one. */
export function presentedSecretHash(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ? hashSecret(match[1]) : undefined;
}

/** How often a secret's "last used" is written: once a minute at most (see noteUse). */
export const USE_RECORD_MS = 60_000;
/** How long a "last used" waits to be written with the others. */
const USE_WRITE_MS = 250;

/**
 * How often the secrets of open streams and MCP sessions are checked for revocation even when no
 * announcement came (`untilRevoked`): the bound on how long one outlives its secret should an
 * announcement be lost. COUNTER_REVOCATION_CHECK_MS sets it (tests shorten it).
 */
export const REVOCATION_CHECK_MS = 30_000;

export function createAuthenticator(store: Store, now: () => number = Date.now) {
  const { lookup, live } = authQueries(store);
  const { recordUse } = secretWrites(store);

  // Every request authenticates: remember callers by the secret's hash so the lookup runs once
  // per secret. Keyed by the SHA-256, never by the secret itself, so no comparison anywhere
  // (the Map's or the database's index) touches secret bytes: whatever timing a comparison leaks is
  // about a hash, which says nothing about the secret (constant-time in effect). Revoking
  // (unpairing) goes through `forgetAll`, and on a shared database the store announces another
  // instance's revocation (topic `caller`), so the cache never outlives a secret. Unknown secrets
  // are not cached, so guessing cannot fill memory; wrong secrets are rate-limited per address
  // (rate-limit.ts).
  const known = createReadCache<Caller>(store, 'caller');

  const held = createHeldBySecret(
    async (hash) => (await live.get(hash)) !== undefined,
    () => store.open,
    Number(process.env.COUNTER_REVOCATION_CHECK_MS ?? REVOCATION_CHECK_MS),
  );
  // Another instance's revocation (PostgreSQL announces every change of access_secrets, and
  // everything after its listening connection was lost): check the secrets held open here.
  store.onChange('caller', () => void held.check());

  // "Last used" (GET /api/merchant/secrets) is written at most once a minute per secret by each
  // process, never awaited: authentication runs on every request, the payment-status poll being
  // the hottest, and a write per request would add a database write (and, on SQLite, a turn of
  // its one writer) to every read for a figure the merchant reads to the minute. The write's
  // condition keeps instances sharing a database from rewriting it within the minute either.
  const recordedUse = new Map<string, number>();
  // Written together, four times a second: 5,000 kiosks reporting every 30 s made 83 writes a second
  // of their own here (docs/benchmarks.md, fleet).
  let unwritten = new Map<string, number>();
  const writer = setInterval(() => {
    if (unwritten.size === 0 || !store.open) return;
    const batch = unwritten;
    unwritten = new Map();
    // Lost only if the database is away (or closing): the next minute writes them.
    void store
      .tx(async () => {
        for (const [hash, at] of batch) await recordUse(hash, at, at - USE_RECORD_MS);
      })
      .catch(() => {
        for (const hash of batch.keys()) recordedUse.delete(hash);
      });
  }, USE_WRITE_MS);
  writer.unref();
  function noteUse(hash: string): void {
    const at = now();
    const last = recordedUse.get(hash);
    if (last !== undefined && at - last < USE_RECORD_MS) return;
    recordedUse.set(hash, at);
    unwritten.set(hash, at);
  }

  /** The caller of a secret, or null when the secret is unknown or revoked. */
  /** A known caller at once (every request asks: no promise for the common case). */
  function identify(secret: string): Caller | Promise<Caller | null> {
    const hash = hashSecret(secret);
    const caller = known.get(hash);
    if (!caller) return lookUp(hash);
    noteUse(hash);
    return caller;
  }

  async function lookUp(hash: string): Promise<Caller | null> {
    const caller = await known.read(hash, async () => (await resolve(hash)) ?? undefined);
    if (!caller) return null;
    noteUse(hash);
    return caller;
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
    /**
     * Call after revoking any secret, before answering: the secret is refused here from now on,
     * and the answer waits until every instance sharing the database has been told.
     */
    async forgetAll() {
      known.changed();
      recordedUse.clear();
      await store.caughtUp();
      await held.check();
    },
    /**
     * Calls `end` once the secret whose SHA-256 is `secretHash` is revoked, here or on any
     * instance sharing the database: for what a request opens and keeps open with it (an event
     * stream, an MCP session). The returned function lets go (call it when the thing ends).
     */
    untilRevoked: held.hold,
  };
}
export type Authenticator = ReturnType<typeof createAuthenticator>;

/**
 * What was opened with each secret and is still open, and the check that ends it once its
 * secret is no longer valid. Nothing about revocation is kept here: each check asks the
 * database, which every instance shares, so a revocation anywhere ends what is open everywhere.
 * A check runs when this instance revokes (forgetAll), when another instance's revocation is
 * announced, and every `everyMs` while anything is held, in case an announcement was lost.
 * A database that cannot be reached ends nothing: only a secret found revoked (or gone) does.
 */
function createHeldBySecret(
  valid: (hash: string) => Promise<boolean>,
  storeOpen: () => boolean,
  everyMs: number,
) {
  const held = new Map<string, Set<() => void>>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  async function sweep(): Promise<void> {
    for (const [hash, enders] of [...held]) {
      if (!storeOpen()) return;
      let ok: boolean;
      try {
        ok = await valid(hash);
      } catch {
        continue;
      }
      if (ok || held.get(hash) !== enders) continue;
      held.delete(hash);
      for (const end of enders) end();
    }
  }

  /** One check at a time; a check asked for meanwhile runs once that one ends. */
  function check(): Promise<void> {
    if (held.size === 0) return running ?? Promise.resolve();
    again = true;
    running ??= (async () => {
      while (again) {
        again = false;
        await sweep();
      }
    })().finally(() => (running = null));
    return running;
  }

  function hold(secretHash: string, end: () => void): () => void {
    let enders = held.get(secretHash);
    if (!enders) held.set(secretHash, (enders = new Set()));
    // A function of its own, so that the same `end` held twice is let go of once per hold.
    const entry = () => end();
    enders.add(entry);
    if (!timer) {
      timer = setInterval(() => void check(), everyMs);
      timer.unref();
    }
    return () => {
      enders.delete(entry);
      if (enders.size === 0 && held.get(secretHash) === enders) held.delete(secretHash);
      if (held.size === 0) {
        clearInterval(timer);
        timer = undefined;
      }
    };
  }

  return { check, hold };
}
