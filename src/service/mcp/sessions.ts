/**
 * The MCP sessions an instance holds, and who gets room for a new one. Sessions live in memory
 * (routes.ts says why), so they are bounded three ways: per merchant, per client address and per
 * instance. A merchant's own sessions are bounded well below the other two, so no one merchant
 * (however many of its secrets it uses) can fill an address's or the instance's share, and a
 * full share makes room by closing a session rather than refusing anyone:
 *
 * - a merchant at its limit closes its own least recently used idle session;
 * - an address or the instance at its limit closes the least recently used idle session of the
 *   merchant holding the most sessions there (the newcomer's own when it is that merchant).
 *
 * Only when every session of that share is busy (a request in flight: a tool call, a person
 * being asked to confirm) is the new one refused, with 503: no session is ended mid-call.
 */
import { ApiError } from '../kernel/errors';

export interface McpSessionLimits {
  /** Sessions one merchant holds on an instance, across all its secrets and addresses. */
  perMerchant: number;
  /** Sessions opened from one client address (behind a balancer: the balancer's). */
  perAddress: number;
  /** Sessions an instance holds at once. */
  total: number;
  /** A session nobody used for this long is closed (its client starts a new one). */
  idleMs: number;
}

export const MCP_SESSION_LIMITS: McpSessionLimits = {
  perMerchant: 100,
  perAddress: 250,
  total: 1000,
  idleMs: 30 * 60_000,
};

/** What the table needs of a session. */
export interface HeldSession {
  merchantId: string;
  address: string;
  lastSeen: number;
  /** Requests of the session in flight: a busy session is never closed to make room. */
  busy: number;
  /** Lets go of everything the session holds; called once, when the table drops it. */
  close(): void;
}

export function createSessionTable<S extends HeldSession>(
  limits: McpSessionLimits = MCP_SESSION_LIMITS,
) {
  const sessions = new Map<string, S>();

  function drop(id: string): void {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    session.close();
  }

  function closeIdle(now: number): void {
    for (const [id, session] of sessions)
      if (session.busy === 0 && now - session.lastSeen > limits.idleMs) drop(id);
  }

  /** The least recently used idle session among `ids`, if any. */
  function oldestIdle(ids: string[]): string | undefined {
    let found: string | undefined;
    let seen = Infinity;
    for (const id of ids) {
      const session = sessions.get(id)!;
      if (session.busy === 0 && session.lastSeen < seen) [found, seen] = [id, session.lastSeen];
    }
    return found;
  }

  /**
   * Closes one idle session of the share (`ids`), taken from the merchant that holds the most
   * of it and has one idle; false when every session of the share is busy.
   */
  function evictFairly(ids: string[]): boolean {
    const byMerchant = new Map<string, string[]>();
    for (const id of ids) {
      const merchantId = sessions.get(id)!.merchantId;
      byMerchant.set(merchantId, [...(byMerchant.get(merchantId) ?? []), id]);
    }
    const heaviestFirst = [...byMerchant.values()].sort((a, b) => b.length - a.length);
    for (const own of heaviestFirst) {
      const victim = oldestIdle(own);
      if (victim === undefined) continue;
      drop(victim);
      return true;
    }
    return false;
  }

  const idsWhere = (match: (session: S) => boolean) =>
    [...sessions].filter(([, session]) => match(session)).map(([id]) => id);

  const full = (what: string) => new ApiError(503, `${what}; try again shortly`);

  /**
   * Makes room for a new session of `merchantId` from `address`, closing idle sessions as the
   * limits require, or throws 503 when the share it would join is all busy.
   */
  function makeRoom(merchantId: string, address: string, now: number): void {
    closeIdle(now);
    const own = idsWhere((s) => s.merchantId === merchantId);
    if (own.length >= limits.perMerchant) {
      const victim = oldestIdle(own);
      if (victim === undefined)
        throw full(`All ${limits.perMerchant} MCP sessions of this merchant are busy`);
      drop(victim);
    }
    const sameAddress = idsWhere((s) => s.address === address);
    if (sameAddress.length >= limits.perAddress && !evictFairly(sameAddress))
      throw full('Too many busy MCP sessions from this address');
    if (sessions.size >= limits.total && !evictFairly([...sessions.keys()]))
      throw full('Too many busy MCP sessions are open');
  }

  return {
    get: (id: string) => sessions.get(id),
    /** Adds a session right after `makeRoom` (nothing awaited between, so counts hold). */
    add: (id: string, session: S) => void sessions.set(id, session),
    /** Drops a session and lets go of what it holds (a client's DELETE, a revoked secret). */
    drop,
    makeRoom,
    size: () => sessions.size,
    /** Sessions held per merchant, for tests and operators. */
    countOf: (merchantId: string) => idsWhere((s) => s.merchantId === merchantId).length,
  };
}
export type SessionTable<S extends HeldSession> = ReturnType<typeof createSessionTable<S>>;
