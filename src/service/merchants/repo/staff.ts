/**
 * The SQL of staff known to the service (migration 38): each store's people with their role,
 * active flag and PIN hash. Written only through merchants/staff.ts.
 */
import type { Store } from '../../kernel/store/port';
import { registerSandboxReset } from '../../kernel/sandbox-reset';

export interface StaffRow {
  id: string;
  merchant_id: string;
  environment: string;
  store_id: string;
  name: string;
  role: 'cashier' | 'manager' | 'owner';
  active: number;
  pin_salt: string;
  pin_hash: string;
  cost_n: number;
  block_r: number;
  parallel_p: number;
  created_at: number;
  updated_at: number;
}

export function staffStatements(store: Store) {
  return {
    ofStore: store.prepare<[string, string, string], StaffRow>(
      `SELECT * FROM store_staff WHERE store_id = ? AND merchant_id = ? AND environment = ?
       ORDER BY created_at, id`,
    ),
    /** A member by id alone: whose it is the caller checks. */
    one: store.prepare<[string], StaffRow>('SELECT * FROM store_staff WHERE id = ?'),
    add: store.prepare<StaffRow>(
      `INSERT INTO store_staff (id, merchant_id, environment, store_id, name, role, active,
         pin_salt, pin_hash, cost_n, block_r, parallel_p, created_at, updated_at)
       VALUES (@id, @merchant_id, @environment, @store_id, @name, @role, @active, @pin_salt,
         @pin_hash, @cost_n, @block_r, @parallel_p, @created_at, @updated_at)`,
    ),
    update: store.prepare<StaffRow>(
      `UPDATE store_staff SET name = @name, role = @role, active = @active, pin_salt = @pin_salt,
         pin_hash = @pin_hash, cost_n = @cost_n, block_r = @block_r, parallel_p = @parallel_p,
         updated_at = @updated_at WHERE id = @id`,
    ),
    remove: store.prepare<[string]>('DELETE FROM store_staff WHERE id = ?'),
  };
}

registerSandboxReset({
  area: 'staff',
  prepare(store) {
    const clear = store.prepare<[string]>(
      "DELETE FROM store_staff WHERE merchant_id = ? AND environment = 'sandbox'",
    );
    return (merchantId) => clear.run(merchantId).then(() => undefined);
  },
});
