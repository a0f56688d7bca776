/** Terminal rows, their wire shape, and which terminals are connected right now. */
import type { z } from 'zod';
import type { Terminal } from '../../shared/contract/terminals';
import { penceToPounds } from '../../shared/money';
import { iso } from '../kernel/clock';
import { notFound } from '../kernel/errors';
import type { Store } from '../kernel/store/port';
import { terminalReads, type TerminalRow } from './repo/terminals';

export type { TerminalRow } from './repo/terminals';

/**
 * Open push streams per terminal. `online` follows the connections; unpairing closes them at
 * once through the registered closers.
 *
 * With several instances on one database a terminal's stream is held by one of them: that
 * instance keeps a lease on the terminal's row while it does (`streaming_until`, renewed with
 * every heartbeat: terminals/stream.ts), so the others answer `online` from the row. A terminal
 * unpaired through another instance is refused from its next request by all (its secret is
 * revoked), and its open stream here ends when the store announces the revocation.
 */
export function createPresence(store: Store) {
  const streams = new Map<string, Set<() => void>>();
  const here = (terminalId: string) => (streams.get(terminalId)?.size ?? 0) > 0;
  function disconnect(terminalId: string) {
    for (const close of [...(streams.get(terminalId) ?? [])]) close();
    streams.delete(terminalId);
  }
  const { unpaired } = terminalReads(store);
  store.onChange('caller', () => {
    for (const terminalId of [...streams.keys()])
      unpaired
        .get(terminalId)
        .then((row) => {
          if (!row || row.deleted_at !== null) disconnect(terminalId);
        })
        .catch(() => {}); // the database away: the terminal's next request finds out
  });
  return {
    attach(terminalId: string, close: () => void) {
      const set = streams.get(terminalId) ?? new Set();
      set.add(close);
      streams.set(terminalId, set);
      return () => {
        set.delete(close);
        if (set.size === 0) streams.delete(terminalId);
      };
    },
    /** Whether this instance holds a stream of the terminal. */
    here,
    /** Whether any instance does (the lease on its row, where others may hold it). */
    online: (row: Pick<TerminalRow, 'id' | 'streaming_until'>) =>
      here(row.id) || (!store.soleWriter && (row.streaming_until ?? 0) > Date.now()),
    disconnect,
    count: () => streams.size,
  };
}
export type Presence = ReturnType<typeof createPresence>;

export function terminalRecord(row: TerminalRow, presence: Presence): z.input<typeof Terminal> {
  return {
    id: row.id,
    name: row.name,
    storeId: row.store_id,
    tokenMissing: row.push_registered === 0,
    remotePaymentsEnabled: row.remote_enabled === 1,
    maxAmount: penceToPounds(row.max_amount_pence),
    lastSeenAt: row.last_seen_at === null ? null : iso(row.last_seen_at),
    online: presence.online(row),
    createdAt: iso(row.created_at),
  };
}

export function createTerminalReader(store: Store) {
  const { byId, ofMerchant } = terminalReads(store);
  return {
    get: (id: string) => byId.get(id),
    list: (merchantId: string, environment: string) => ofMerchant.all(merchantId, environment),
    /**
     * The merchant's terminal in this environment, or 404. Only absence is a 404: a database
     * that cannot answer stays an error the HTTP layer answers 503, never "not found".
     */
    async owned(
      id: string,
      merchantId: string,
      environment: string,
      absent = 'No terminal with this id for this merchant',
    ): Promise<TerminalRow> {
      const row = await byId.get(id);
      if (!row || row.merchant_id !== merchantId || row.environment !== environment)
        throw notFound(absent);
      return row;
    },
  };
}
export type TerminalReader = ReturnType<typeof createTerminalReader>;
