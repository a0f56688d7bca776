/**
 * What a terminal secret may do with customers (docs/terminals.md): look one up by exact email
 * or phone number, and then, for an hour, read that customer's masked cards and charge them
 * for its own store. Lookups are rate-limited per terminal and recorded for the merchant.
 */
import type { Clock } from '../clock';
import type { Caller } from '../http/auth';
import { ApiError } from '../http/errors';
import type { Db } from '../store/db';

/** How long a lookup opens the customer's cards to the terminal that made it. */
export const LOOKUP_WINDOW_MS = 3600_000;
/** At most this many lookups per terminal in a minute, and in a day. */
export const LOOKUPS_PER_MINUTE = 10;
export const LOOKUPS_PER_DAY = 200;

type TerminalCaller = Extract<Caller, { kind: 'terminal' }>;

/** 404 unless this terminal looked this customer up within the window. */
export function requireLookedUp(db: Db, clock: Clock, caller: TerminalCaller, customerId: string) {
  const found = db
    .prepare<[string, string, number], { n: number }>(
      `SELECT count(*) AS n FROM terminal_lookups
       WHERE terminal_id = ? AND customer_id = ? AND created_at > ?`,
    )
    .get(caller.terminalId, customerId, clock.now() - LOOKUP_WINDOW_MS)!;
  // The same answer as for a customer that does not exist: a terminal learns nothing by guessing ids.
  if (found.n === 0) throw new ApiError(404, 'No customer with this id');
}
