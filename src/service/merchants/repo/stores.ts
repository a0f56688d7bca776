/**
 * Stores as each environment sees them (docs/merchant-profile.md#stores), so that a sandbox secret never
 * changes a production row (docs/security.md). A store belongs to the environment that added it:
 * production's (the primary, and every store made before environments kept their own) are seen by
 * both, the sandbox's by the sandbox alone. What the sandbox does to a production store (renaming,
 * re-addressing, archiving) goes to its own copy of it (sandbox_stores), made from production's at
 * that first change; until then the sandbox sees production's.
 */
import type { Environment } from '../../kernel/caller';
import type { Store } from '../../kernel/store/port';

/**
 * SQL: the merchant's stores `s`, with `o` the sandbox's copy when `environment` (a parameter,
 * `?` or `@name`) is the sandbox; `seenIn` keeps those the environment sees, `storeColumn` is a
 * column as it sees it.
 */
export const storesWithCopy = (environment: string) =>
  `stores s LEFT JOIN sandbox_stores o ON o.store_id = s.id AND CAST(${environment} AS TEXT) = 'sandbox'`;
export const seenIn = (environment: string) =>
  `(s.environment = 'production' OR s.environment = CAST(${environment} AS TEXT))`;
export const storeColumn = (column: 'name' | 'address' | 'archived_at') =>
  `CASE WHEN o.store_id IS NULL THEN s.${column} ELSE o.${column} END`;

/** A change of a store: undefined keeps a field; `address: null` removes it. */
export interface StoreChange {
  name?: string;
  address?: string | null;
  archivedAt?: number | null;
}

export function createStoreViews(store: Store) {
  const seen = store.prepare<
    [string, string, string, string],
    { name: string; archived_at: number | null }
  >(
    `SELECT ${storeColumn('name')} AS name, ${storeColumn('archived_at')} AS archived_at
     FROM ${storesWithCopy('?')} WHERE s.id = ? AND s.merchant_id = ? AND ${seenIn('?')}`,
  );
  const set = `name = COALESCE(?, name),
       address = CASE WHEN ? = 1 THEN ? ELSE address END,
       archived_at = CASE WHEN ? = 1 THEN ? ELSE archived_at END`;
  const changeRow = store.prepare(`UPDATE stores SET ${set} WHERE id = ?`);
  const copy = store.prepare(
    `INSERT INTO sandbox_stores (store_id, name, address, archived_at)
     SELECT id, name, address, archived_at FROM stores WHERE id = ?
     ON CONFLICT (store_id) DO NOTHING`,
  );
  const changeCopy = store.prepare(`UPDATE sandbox_stores SET ${set} WHERE store_id = ?`);
  const primary = store.prepare<[string], { id: string }>(
    'SELECT id FROM stores WHERE merchant_id = ? AND is_primary = 1',
  );
  // A store added with a sandbox secret is the sandbox's alone.
  const insert = store.prepare(
    `INSERT INTO stores (id, merchant_id, environment, name, is_primary, address, created_at)
     VALUES (?, ?, ?, ?, 0, ?, ?)`,
  );
  const named = store.prepare<[string, string], { name: string }>(
    `SELECT ${storeColumn('name')} AS name FROM ${storesWithCopy('?')} WHERE s.id = ?`,
  );

  return {
    /** The merchant's primary store (made with the merchant, never archived). */
    primaryOf: async (merchantId: string) => (await primary.get(merchantId))?.id,

    /** Adds a store of `environment`'s (not the primary). */
    add: (
      id: string,
      merchantId: string,
      environment: Environment,
      name: string,
      address: string | null,
      now: number,
    ) => insert.run(id, merchantId, environment, name, address, now),

    /** The store's name as `environment` sees it (its receipts print it). */
    nameOf: async (storeId: string, environment: Environment) =>
      (await named.get(environment, storeId))?.name,

    /** The store's name and archiving as `environment` sees them; undefined if it sees no such store. */
    openOrArchived: (storeId: string, merchantId: string, environment: Environment) =>
      seen.get(environment, storeId, merchantId, environment),

    /**
     * Changes a store the caller's `environment` sees (`owner`: the environment that added it):
     * the sandbox changing a production store changes its own copy, made now if it has none.
     */
    async change(
      storeId: string,
      owner: Environment,
      environment: Environment,
      change: StoreChange,
    ): Promise<void> {
      const values = [
        change.name ?? null,
        Number(change.address !== undefined),
        change.address ?? null,
        Number(change.archivedAt !== undefined),
        change.archivedAt ?? null,
        storeId,
      ];
      if (environment === owner) {
        await changeRow.run(...values);
        return;
      }
      await store.tx(async () => {
        await copy.run(storeId);
        await changeCopy.run(...values);
      });
    },
  };
}
export type StoreViews = ReturnType<typeof createStoreViews>;
