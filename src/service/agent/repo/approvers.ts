/**
 * Agent Pay's SQL for a business's own approvers and the codes that confirm a new one
 * (approvers.ts); it reads the contract's customer for COLLECT.
 */
import type { Store } from '../../kernel/store/port';

export interface CodeRow {
  list_digest: string | null;
  code_salt: string | null;
  code_hash: string | null;
  code_expires_at: number | null;
  failures: number;
  sends: number;
  window_started_at: number;
}

export function approverStatements(store: Store) {
  const ownRows = store.prepare<[string, string], { channel: 'EMAIL' | 'SMS'; address: string }>(
    `SELECT channel, address FROM agent_approvers WHERE merchant_id = ? AND environment = ?
     ORDER BY created_at, address`,
  );
  const dropAll = store.prepare(
    'DELETE FROM agent_approvers WHERE merchant_id = ? AND environment = ?',
  );
  const insert = store.prepare(
    `INSERT INTO agent_approvers (merchant_id, environment, channel, address, created_at)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const customer = store.prepare<
    [string, string, string],
    { email: string | null; phone_country_code: string | null; phone_number: string | null }
  >(
    `SELECT email, phone_country_code, phone_number FROM customers
     WHERE id = ? AND merchant_id = ? AND environment = ?`,
  );
  const codeOf = store.prepare<[string, string], CodeRow>(
    'SELECT * FROM agent_approver_codes WHERE merchant_id = ? AND environment = ?',
  );
  const saveCode = store.prepare(`
    INSERT INTO agent_approver_codes (merchant_id, environment, list_digest, code_salt, code_hash,
      code_expires_at, failures, sends, window_started_at)
    VALUES (@merchantId, @environment, @digest, @salt, @hash, @expiresAt, 0, @sends, @window)
    ON CONFLICT (merchant_id, environment) DO UPDATE SET list_digest = excluded.list_digest,
      code_salt = excluded.code_salt, code_hash = excluded.code_hash,
      code_expires_at = excluded.code_expires_at, failures = 0, sends = excluded.sends,
      window_started_at = excluded.window_started_at`);
  const countWrong = store.prepare(`
    UPDATE agent_approver_codes SET failures = failures + 1,
      code_hash = CASE WHEN failures + 1 >= @max THEN NULL ELSE code_hash END
    WHERE merchant_id = @merchantId AND environment = @environment AND code_hash = @hash`);
  // Compare-and-set on the hash: a code confirms one change, once.
  const spend = store.prepare(`
    UPDATE agent_approver_codes SET code_hash = NULL, code_salt = NULL, code_expires_at = NULL
    WHERE merchant_id = @merchantId AND environment = @environment AND code_hash = @hash`);
  return { ownRows, dropAll, insert, customer, codeOf, saveCode, countWrong, spend };
}
