/**
 * The SQL of more time (extend.ts): a request's expiry and its count of extensions, and the
 * compare-and-set that moves both on together.
 */
import type { Store } from '../../kernel/store/port';

export interface ExtensionRow {
  status: string;
  expires_at: number;
  extensions: number;
}

export function extendStatements(store: Store) {
  return {
    current: store.prepare<[string], ExtensionRow>(
      'SELECT status, expires_at, extensions FROM payment_requests WHERE id = ?',
    ),
    // Only from the count read: a second ask that raced this one changes nothing.
    extend: store.prepare<[number, number, string, number]>(
      `UPDATE payment_requests SET expires_at = ?, extensions = extensions + 1, updated_at = ?
       WHERE id = ? AND extensions = ?`,
    ),
  };
}
