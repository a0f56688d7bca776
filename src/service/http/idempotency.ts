/**
 * Idempotency keys (docs/reliability.md): a route flagged `idempotent` in the contract honours an
 * `Idempotency-Key` header. The first request with a key runs and its successful answer (status
 * and body) is stored for 24 hours of its environment's clock (real time in production, its
 * merchant's moved time in the sandbox: clock.ts); the same key with the same request
 * from the same caller replays it; the same key with a different request is a 409.
 *
 * Exactly once: the handler runs inside the transaction that checks the key and stores the
 * answer, so the money movement and its recorded answer commit together or not at all, even
 * across kill -9. Two requests with one key at once, on one instance or two: the second's
 * reservation waits on the first's row and finds it taken, and it then replays the first's answer.
 * A refused request (any error) changed nothing and is not remembered: retried with the same key,
 * it runs again.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Clock } from '../kernel/clock';
import type { Outbox } from '../kernel/events/outbox';
import type { Store } from '../kernel/store/port';
import type { Environment } from '../kernel/caller';
import { ApiError } from '../kernel/errors';
import { IDEMPOTENCY_KEY_FORMAT } from '../../shared/contract/common';
import { idempotencyQueries } from './repo';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
const FIELD = `header.${IDEMPOTENCY_HEADER}`;

/** A stored answer; null for one that cannot be stored (a non-JSON Response). */
export interface StoredAnswer {
  status: number;
  body: string;
}

export type Outcome<T> = { replayed: true; answer: StoredAnswer } | { replayed: false; result: T };

const conflict = (message: string) =>
  new ApiError(409, message, [{ field: FIELD, message }], 'CONFLICT');

/**
 * Who, within a merchant caller, owns a request's keys. Agent Pay's signature middleware names
 * the verified agent here, so two agents of one business never share (or read) each other's
 * keys and stored answers.
 */
const callerParts = new WeakMap<Request, string>();
export const setIdempotencyOwner = (req: Request, owner: string) => callerParts.set(req, owner);
export const idempotencyOwner = (req: Request) => callerParts.get(req);

/** The header's key, or undefined when absent; a malformed key is a 400 naming the header. */
export function idempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!IDEMPOTENCY_KEY_FORMAT.test(header))
    throw new ApiError(400, `${FIELD}: must be 1-255 printable ASCII characters`, [
      { field: FIELD, message: 'must be 1-255 printable ASCII characters' },
    ]);
  return header;
}

/** JSON with object keys sorted, so the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** What makes two requests "the same": method, path, query and body (key order aside). */
export function requestFingerprint(method: string, path: string, query: unknown, body: unknown) {
  return createHash('sha256')
    .update(canonical([method.toUpperCase(), path, query ?? null, body ?? null]))
    .digest('hex');
}

/** The merchant a key's scope names (mount.ts: merchant:environment:owner), if any. */
function merchantOf(scope: string): string | undefined {
  const end = scope.indexOf(':');
  return end < 0 ? undefined : scope.slice(0, end);
}

export function createIdempotencyStore(store: Store, clock: Clock, outbox: Outbox) {
  /** This process: a reservation left by another boot was cut short by a crash or restart. */
  const boot = randomUUID();
  const { select, reserve, complete, release, prune, pruneMoved } = idempotencyQueries(store);
  const inFlight = new Map<string, Promise<unknown>>();
  let prunedAt = -Infinity;

  /** Another request holds the key: look again once its transaction has ended. */
  const TAKEN = Symbol('taken');

  /**
   * Runs `execute` once per (scope, key) and fingerprint. `keep` turns its result into the
   * answer to keep (null: keep nothing, e.g. a streamed Response).
   */
  async function run<T>(
    environment: Environment,
    scope: string,
    key: string,
    fingerprint: string,
    execute: () => T | Promise<T>,
    keep: (result: T) => StoredAnswer | null,
  ): Promise<Outcome<T>> {
    const id = `${scope}\n${key}`;
    for (;;) {
      const waiting = inFlight.get(id);
      if (waiting) {
        await waiting.catch(() => {});
        continue; // the first has finished: replay its answer, or run if it failed
      }
      const now = clock.now(environment, merchantOf(scope));
      const attempt = outbox.tx(async (): Promise<Outcome<T> | typeof TAKEN> => {
        // Inside the transaction, so a refused request leaves even this housekeeping undone.
        const realNow = clock.now('production');
        if (realNow - prunedAt > 3600_000) {
          await prune.run(realNow - IDEMPOTENCY_TTL_MS);
          for (const { now: sandboxNow, merchantIds = [] } of clock.sweeps())
            for (const merchantId of merchantIds)
              await pruneMoved.run(sandboxNow - IDEMPOTENCY_TTL_MS, `${merchantId}:sandbox:%`);
          prunedAt = realNow;
        }
        const row = await select.get(scope, key);
        if (row && row.created_at > now - IDEMPOTENCY_TTL_MS) {
          if (row.fingerprint !== fingerprint)
            throw conflict(
              `This ${IDEMPOTENCY_HEADER} was used with a different request; use a new key for a new request`,
            );
          if (row.status !== null && row.body !== null)
            return { replayed: true, answer: { status: row.status, body: row.body } };
          throw conflict(
            `The first request with this ${IDEMPOTENCY_HEADER} was interrupted by a restart before ` +
              'its answer was recorded; check its outcome before retrying with a new key',
          );
        }
        const reserved = await reserve.run({
          scope,
          key,
          fingerprint,
          boot,
          now,
          expired: now - IDEMPOTENCY_TTL_MS,
        });
        if (reserved.changes === 0) return TAKEN;
        const result = await execute();
        const answer = keep(result);
        if (answer) await complete.run(answer.status, answer.body, scope, key);
        else await release.run(scope, key);
        return { replayed: false, result };
      });
      inFlight.set(id, attempt);
      try {
        const outcome = await attempt;
        if (outcome !== TAKEN) return outcome;
      } finally {
        inFlight.delete(id);
      }
    }
  }

  return { run };
}
export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
