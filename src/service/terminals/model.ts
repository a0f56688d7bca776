/** Terminal rows, their wire shape, and which terminals are connected right now. */
import type { z } from 'zod';
import type { Terminal } from '../../shared/contract/terminals';
import { penceToPounds } from '../../shared/money';
import { iso } from '../kernel/clock';
import type { Environment } from '../kernel/caller';
import { notFound } from '../kernel/errors';
import type { Store } from '../kernel/store/port';

export interface TerminalRow {
  id: string;
  merchant_id: string;
  environment: Environment;
  store_id: string;
  name: string;
  remote_enabled: number;
  max_amount_pence: number;
  fcm_token: string | null;
  push_registered: number;
  last_seen_at: number | null;
  created_at: number;
  deleted_at: number | null;
}

/**
 * Open push streams per terminal. `online` follows the connections; unpairing closes them at
 * once through the registered closers.
 */
export function createPresence() {
  const streams = new Map<string, Set<() => void>>();
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
    online: (terminalId: string) => (streams.get(terminalId)?.size ?? 0) > 0,
    disconnect(terminalId: string) {
      for (const close of [...(streams.get(terminalId) ?? [])]) close();
      streams.delete(terminalId);
    },
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
    online: presence.online(row.id),
    createdAt: iso(row.created_at),
  };
}

export function createTerminalReader(store: Store) {
  const byId = store.prepare<[string], TerminalRow>(
    'SELECT * FROM terminals WHERE id = ? AND deleted_at IS NULL',
  );
  const ofMerchant = store.prepare<[string, string], TerminalRow>(
    'SELECT * FROM terminals WHERE merchant_id = ? AND environment = ? AND deleted_at IS NULL ORDER BY created_at',
  );
  return {
    get: (id: string) => byId.get(id),
    list: (merchantId: string, environment: string) => ofMerchant.all(merchantId, environment),
    /** The merchant's terminal in this environment, or 404. */
    async owned(id: string, merchantId: string, environment: string): Promise<TerminalRow> {
      const row = await byId.get(id);
      if (!row || row.merchant_id !== merchantId || row.environment !== environment)
        throw notFound('No terminal with this id for this merchant');
      return row;
    },
  };
}
export type TerminalReader = ReturnType<typeof createTerminalReader>;
