/**
 * The SQL of the merchant's access secrets as GET/POST/DELETE /api/merchant/secrets see them:
 * reads only, as the table is the kernel's (its writes are in kernel/secrets.ts).
 */
import type { Environment } from '../../kernel/caller';
import type { Store } from '../../kernel/store/port';

export interface SecretRow {
  id: string;
  hash: string;
  environment: Environment;
  kind: 'merchant' | 'terminal';
  terminal_id: string | null;
  last_four: string | null;
  created_at: number;
  last_used_at: number | null;
}

const COLUMNS = 'id, hash, environment, kind, terminal_id, last_four, created_at, last_used_at';

export function secretStatements(store: Store) {
  return {
    inUse: store.prepare<[string, string, string], SecretRow>(
      `SELECT ${COLUMNS} FROM access_secrets
       WHERE merchant_id = ? AND environment IN (?, ?) AND revoked_at IS NULL AND id IS NOT NULL
       ORDER BY created_at, id`,
    ),
    owned: store.prepare<[string, string, string, string], SecretRow>(
      `SELECT ${COLUMNS} FROM access_secrets
       WHERE id = ? AND merchant_id = ? AND environment IN (?, ?) AND revoked_at IS NULL`,
    ),
  };
}
