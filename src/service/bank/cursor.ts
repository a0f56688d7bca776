/**
 * Bank-feed cursors (docs/bank-feed.md). A cursor carries the whole query: the
 * account, the date range (`from`, and `upper`, the snapshot bound fixed by the first call as
 * the earlier of `before` and that moment), the position and the direction. It is signed with
 * HMAC-SHA256 under a key kept in the database (so cursors survive a restart), expires
 * CURSOR_TTL_MS after it was issued on the clock of its account's environment (clock.ts), and can
 * be used once: its nonce is recorded when used, until it expires. Anything else gives 410 GONE.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../kernel/clock';
import type { Environment } from '../kernel/caller';
import { ApiError } from '../kernel/errors';
import type { Store } from '../kernel/store/port';
import type { Key } from './ledger';
import { cursorStatements } from './repo';

/** How long a cursor can be followed: long enough to page a year at leisure. */
export const CURSOR_TTL_MS = 15 * 60_000;

export interface CursorState {
  /** Account id. */
  a: string;
  /** Inclusive lower bound (ms). */
  f: number;
  /** Exclusive upper bound (ms): the snapshot. */
  u: number;
  /** Start after this key; null is the newest end of the range. */
  k: Key | null;
  /** `n`: older than k (newest first); `p`: newer than k (a previous page). */
  d: 'n' | 'p';
}

interface Signed extends CursorState {
  v: 1;
  /** Expires at (ms). */
  x: number;
  /** Nonce: what makes it single-use. */
  j: string;
}

const gone = (message: string) => new ApiError(410, message);

export function createCursors(store: Store, clock: Clock) {
  const q = cursorStatements(store);
  // The signing key is made once per database: every instance on it signs and checks alike.
  // Two instances starting together both offer one; the first stored is the one all use.
  let key: Promise<Buffer> | undefined;
  const keyOf = () =>
    (key ??= (async () => {
      await q.offerKey(randomBytes(32).toString('base64'));
      const stored = await q.storedKey();
      return Buffer.from(stored!.value, 'base64');
    })());
  const { use, forget } = q;
  let uses = 0;

  const mac = async (body: string) =>
    createHmac('sha256', await keyOf())
      .update(body)
      .digest();

  async function issue(
    state: CursorState,
    environment: Environment,
    merchantId: string,
  ): Promise<string> {
    const signed: Signed = {
      v: 1,
      ...state,
      x: clock.now(environment, merchantId) + CURSOR_TTL_MS,
      j: randomBytes(12).toString('base64url'),
    };
    const body = Buffer.from(JSON.stringify(signed)).toString('base64url');
    return `${body}.${(await mac(body)).toString('base64url')}`;
  }

  /** Checks and uses up a cursor for `accountId`; throws 410 GONE saying why not. */
  async function redeem(
    cursor: string,
    accountId: string,
    environment: Environment,
    merchantId: string,
  ): Promise<CursorState> {
    const [body, sig, extra] = cursor.split('.');
    if (!body || !sig || extra !== undefined)
      throw gone('The cursor is not one this service issued; start again without a cursor');
    const given = Buffer.from(sig, 'base64url');
    const expected = await mac(body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw gone('The cursor was altered; start again without a cursor');
    const signed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Signed;
    if (signed.a !== accountId)
      throw gone('The cursor belongs to another account; start again without a cursor');
    if (signed.x <= clock.now(environment, merchantId))
      throw gone('The cursor has expired; start again without a cursor');
    if ((await use.run(signed.j, signed.x)).changes === 0)
      throw gone('The cursor has already been used; start again without a cursor');
    // Used nonces carry no environment: they are forgotten by real time, which is never ahead of
    // any merchant's sandbox clock, so every cursor's nonce is kept until its cursor has expired.
    if (++uses % 1000 === 0) await forget.run(clock.now('production'));
    return { a: signed.a, f: signed.f, u: signed.u, k: signed.k, d: signed.d };
  }

  return { issue, redeem };
}
export type Cursors = ReturnType<typeof createCursors>;
