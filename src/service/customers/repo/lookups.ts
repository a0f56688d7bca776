/**
 * The customers area's SQL for what terminals do with customers: finding one by phone number,
 * the log of terminal lookups (written only here) and the checks of a terminal's scope.
 */
import { insertionOrder, type Store } from '../../kernel/store/port';
import type { CustomerRow } from '../model';
import type { LookupRow } from '../terminal-scope';

/** The terminal lookup routes' statements (terminal-routes.ts). */
export function lookupStatements(store: Store) {
  // The number as typed at the counter: without its country code, or with it (+44 7700…).
  // Candidates by the indexed phone_number column, then the exact match is checked here.
  const byPhoneIn = store.prepare<[string, string, string], CustomerRow>(`
    SELECT * FROM customers WHERE merchant_id = ? AND environment = ?
      AND phone_number IN (${store.dialect === 'sqlite' ? 'SELECT value FROM json_each(?)' : 'SELECT jsonb_array_elements_text(?::jsonb)'})`);
  const record = store.prepare(`
    INSERT INTO terminal_lookups (id, terminal_id, merchant_id, environment, by, query, customer_id, created_at)
    VALUES (@id, @terminalId, @merchantId, @environment, @by, @query, @customerId, @now)`);
  const page = store.prepare<[string, string, number, number], LookupRow>(`
    SELECT * FROM terminal_lookups WHERE merchant_id = ? AND environment = ?
    ORDER BY created_at DESC, ${insertionOrder(store)} DESC LIMIT ? OFFSET ?`);
  const total = store.prepare<[string, string], { n: number }>(
    'SELECT count(*) AS n FROM terminal_lookups WHERE merchant_id = ? AND environment = ?',
  );

  return { byPhoneIn, record, page, total };
}

/** The terminal scope's statements (terminal-scope.ts). */
export function scopeStatements(store: Store) {
  const lookedUp = store.prepare<[string, string, number], { n: number }>(
    `SELECT count(*) AS n FROM terminal_lookups
     WHERE terminal_id = ? AND customer_id = ? AND created_at > ?`,
  );
  const since = store.prepare<[string, number], { n: number }>(
    'SELECT count(*) AS n FROM terminal_lookups WHERE terminal_id = ? AND created_at > ?',
  );
  return { lookedUp, since };
}
