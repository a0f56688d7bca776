/** Agent Pay's SQL for the codes that approve a contract on its authorization page (approval-codes.ts). */
import type { Store } from '../../kernel/store/port';

export interface CodeRow {
  auth_token: string;
  contract_id: string;
  code_salt: string | null;
  code_hash: string | null;
  code_expires_at: number | null;
  failures: number;
  sends: number;
  sent_channel: 'EMAIL' | 'SMS' | null;
  sent_to: string | null;
  session_hash: string | null;
  session_until: number | null;
}

export function approvalCodeStatements(store: Store) {
  const byToken = store.prepare<[string], CodeRow>(
    'SELECT * FROM contract_approval_codes WHERE auth_token = ?',
  );
  const saveCode = store.prepare(`
    INSERT INTO contract_approval_codes (auth_token, contract_id, code_salt, code_hash,
      code_expires_at, sends, created_at)
    VALUES (@token, @contractId, @salt, @hash, @expiresAt, 1, @now)
    ON CONFLICT (auth_token) DO UPDATE SET code_salt = excluded.code_salt,
      code_hash = excluded.code_hash, code_expires_at = excluded.code_expires_at,
      sends = contract_approval_codes.sends + 1`);
  // Where the code went, kept beside it: whoever types it is that person.
  const sentTo = store.prepare(
    'UPDATE contract_approval_codes SET sent_channel = ?, sent_to = ? WHERE auth_token = ?',
  );
  const openSession = store.prepare(
    'UPDATE contract_approval_codes SET session_hash = ?, session_until = ? WHERE auth_token = ?',
  );
  const countFailure = store.prepare(
    'UPDATE contract_approval_codes SET failures = failures + 1 WHERE auth_token = ?',
  );
  const spend = store.prepare(`
    UPDATE contract_approval_codes SET code_salt = NULL, code_hash = NULL, code_expires_at = NULL
    WHERE auth_token = ?`);
  return { byToken, saveCode, sentTo, openSession, countFailure, spend };
}
