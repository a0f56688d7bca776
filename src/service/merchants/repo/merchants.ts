/** The SQL of adding merchants (a first start, `merchant add`) and listing them (bootstrap.ts). */
import type { Store } from '../../kernel/store/port';

export function merchantStatements(store: Store) {
  return {
    insertMerchant: store.prepare(
      'INSERT INTO merchants (id, name, address, card_enabled, remote_enabled, tips_enabled, created_at) VALUES (?, ?, ?, 1, 1, 1, ?)',
    ),
    insertPrimaryStore: store.prepare(
      'INSERT INTO stores (id, merchant_id, name, is_primary, address, created_at) VALUES (?, ?, ?, 1, ?, ?)',
    ),
    first: store.prepare<[], { id: string; name: string }>(
      'SELECT id, name FROM merchants ORDER BY created_at LIMIT 1',
    ),
    all: store.prepare<[], { id: string; name: string; created_at: number }>(
      `SELECT id, name, created_at FROM merchants ORDER BY created_at, id`,
    ),
  };
}
