/**
 * The SQL of the stores routes (stores.ts): each store as the caller's environment sees it with
 * its terminals counted, and each store's takings.
 */
import type { Environment } from '../../kernel/caller';
import { orderedJoin, type Store } from '../../kernel/store/port';
import { ofEnvironment, sandboxCopyJoin } from '../../merchants';
import { seenIn, storeColumn, storesWithCopy } from '../../merchants';

export interface StoreRow {
  id: string;
  environment: Environment;
  name: string;
  merchant_name: string;
  is_primary: number;
  address: string | null;
  archived_at: number | null;
  created_at: number;
  terminals: number;
}

export function storeStatements(store: Store) {
  // The stores, their names and the shop's name as the caller's environment sees them (a
  // sandbox secret: the sandbox's copies, merchants/repo/stores.ts). Terminals are counted in
  // the caller's environment too: a sandbox secret sees sandbox tills.
  const select = `
    SELECT s.id, s.environment, s.is_primary, s.created_at, ${storeColumn('name')} AS name,
      ${storeColumn('address')} AS address, ${storeColumn('archived_at')} AS archived_at,
      ${ofEnvironment('name')} AS merchant_name,
      (SELECT count(*) FROM terminals t
       WHERE t.store_id = s.id AND t.environment = @environment AND t.deleted_at IS NULL) AS terminals
    FROM ${storesWithCopy('@environment')}
    JOIN merchants m ON m.id = s.merchant_id ${sandboxCopyJoin('@environment')}
    WHERE s.merchant_id = @merchantId AND ${seenIn('@environment')}`;
  return {
    list: store.prepare<{ merchantId: string; environment: string }, StoreRow>(
      `${select} ORDER BY s.is_primary DESC, s.created_at, s.id`,
    ),
    one: store.prepare<{ merchantId: string; environment: string; id: string }, StoreRow>(
      `${select} AND s.id = @id`,
    ),
    // Each store's completed payments and refunds between two instants, in one statement each.
    // Driven by the completed-by-time indexes (migration 20), the merchant's rows picked from those.
    paidBetween: store.prepare<
      [number, number, string, string],
      { store_id: string; n: number; pence: number }
    >(`
      SELECT r.store_id, count(*) AS n, sum(t.amount_pence + t.tip_pence) AS pence
      FROM transactions t ${orderedJoin(store)} payment_requests r ON r.id = t.payment_request_id
      WHERE t.status = 'COMPLETED' AND t.updated_at >= ? AND t.updated_at < ?
        AND r.merchant_id = ? AND r.environment = ?
      GROUP BY r.store_id`),
    refundedBetween: store.prepare<
      [string, string, number, number],
      { store_id: string; pence: number }
    >(`
      SELECT r.store_id, sum(f.amount_pence) AS pence
      FROM refunds f ${orderedJoin(store)} payment_requests r ON r.id = f.payment_request_id
      WHERE f.status = 'COMPLETED' AND f.merchant_id = ? AND f.environment = ?
        AND f.updated_at >= ? AND f.updated_at < ?
      GROUP BY r.store_id`),
  };
}
