/**
 * What a terminal secret may do with customers (docs/terminals.md): look one up by exact email
 * or phone number, and then, for an hour, read that customer's masked cards and charge them
 * for its own store. Lookups are rate-limited per terminal and recorded for the merchant.
 */
import type { Clock } from '../kernel/clock';
import type { Caller } from '../kernel/caller';
import { ApiError } from '../kernel/errors';
import { NO_CUSTOMER } from './model';
import type { Store } from '../kernel/store/port';
import { scopeStatements } from './repo/lookups';

/** How long a lookup opens the customer's cards to the terminal that made it. */
export const LOOKUP_WINDOW_MS = 3600_000;
/** At most this many lookups per terminal in a minute, and in a day. */
export const LOOKUPS_PER_MINUTE = 10;
export const LOOKUPS_PER_DAY = 200;

type TerminalCaller = Extract<Caller, { kind: 'terminal' }>;

/** The checks of a terminal's customer scope, their statements prepared once. */
export function createTerminalScope(store: Store, clock: Clock) {
  const { lookedUp, since } = scopeStatements(store);
  return {
    /** 404 unless this terminal looked this customer up within the window. */
    async requireLookedUp(caller: TerminalCaller, customerId: string) {
      const since = clock.now(caller.environment, caller.merchantId) - LOOKUP_WINDOW_MS;
      const found = (await lookedUp.get(caller.terminalId, customerId, since))!;
      // The same answer as for a customer that does not exist: a terminal learns nothing by
      // guessing ids.
      if (found.n === 0) throw new ApiError(404, NO_CUSTOMER);
    },

    /** 429 when the terminal has used up its lookups for the minute or the day. */
    async checkLookupRate(caller: TerminalCaller) {
      const { terminalId } = caller;
      const now = clock.now(caller.environment, caller.merchantId);
      if ((await since.get(terminalId, now - 60_000))!.n >= LOOKUPS_PER_MINUTE)
        throw new ApiError(
          429,
          `At most ${LOOKUPS_PER_MINUTE} customer lookups a minute; wait a minute`,
        );
      if ((await since.get(terminalId, now - 24 * 3600_000))!.n >= LOOKUPS_PER_DAY)
        throw new ApiError(
          429,
          `At most ${LOOKUPS_PER_DAY} customer lookups a day per terminal; the merchant can look customers up in the dashboard`,
        );
    },
  };
}

interface LookupRow {
  id: string;
  terminal_id: string;
  by: 'email' | 'phone';
  query: string;
  customer_id: string | null;
  created_at: number;
}

export function lookupRecord(row: LookupRow) {
  return {
    id: row.id,
    terminalId: row.terminal_id,
    by: row.by,
    query: row.query,
    found: row.customer_id !== null,
    ...(row.customer_id ? { customerId: row.customer_id } : {}),
    createdAt: new Date(row.created_at).toISOString(),
  };
}
export type { LookupRow };
