/**
 * The terminals' SQL: their rows (model.ts), pairing codes and pairing, settings, push tokens
 * and unpairing (routes.ts; its secrets are revoked through kernel/secrets.ts, whose table they
 * are), and forgetting a push token FCM rejected (push/fcm.ts).
 */
import type { Store } from '../../kernel/store/port';
import type { Environment } from '../../kernel/caller';

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
  /** Until when (real time) an instance holds a stream of it: see `createPresence`. */
  streaming_until: number | null;
  created_at: number;
  deleted_at: number | null;
  /** 1 for a kiosk the sandbox itself plays (sandbox-kiosks/), else 0. */
  simulated: number;
}

export interface CodeRow {
  code: string;
  merchant_id: string;
  environment: 'sandbox' | 'production';
  store_id: string;
  expires_at: number;
  used_at: number | null;
}

/** The reads every area makes of terminals (model.ts, createTerminalReader and createPresence). */
export function terminalReads(store: Store) {
  return {
    byId: store.prepare<[string], TerminalRow>(
      'SELECT * FROM terminals WHERE id = ? AND deleted_at IS NULL',
    ),
    ofMerchant: store.prepare<[string, string], TerminalRow>(
      'SELECT * FROM terminals WHERE merchant_id = ? AND environment = ? AND deleted_at IS NULL ORDER BY created_at',
    ),
    unpaired: store.prepare<[string], { deleted_at: number | null }>(
      'SELECT deleted_at FROM terminals WHERE id = ?',
    ),
  };
}

/** What routes.ts writes: pairing codes, pairing, settings, push tokens and unpairing. */
export function terminalWrites(store: Store) {
  return {
    setPushToken: store.prepare(
      'UPDATE terminals SET fcm_token = ?, push_registered = CASE WHEN CAST(? AS TEXT) IS NOT NULL THEN 1 ELSE push_registered END, last_seen_at = ? WHERE id = ?',
    ),
    // A live code is compared with its own time: real time in production, its merchant's
    // sandbox clock in the sandbox, so nobody's moved clock takes over another's live code.
    putPairingCode: store.prepare(
      `INSERT INTO pairing_codes (code, merchant_id, environment, store_id, expires_at)
           VALUES (?, ?, ?, ?, ?)
           ON CONFLICT(code) DO UPDATE SET merchant_id = excluded.merchant_id,
             environment = excluded.environment, store_id = excluded.store_id,
             expires_at = excluded.expires_at, used_at = NULL
           WHERE pairing_codes.used_at IS NOT NULL OR pairing_codes.expires_at <= CAST(? AS BIGINT) +
             CASE pairing_codes.environment WHEN 'sandbox' THEN COALESCE((SELECT c.offset_ms
               FROM sandbox_clocks c WHERE c.merchant_id = pairing_codes.merchant_id), 0) ELSE 0 END`,
    ),
    pairingCode: store.prepare<[string], CodeRow>('SELECT * FROM pairing_codes WHERE code = ?'),
    useCode: store.prepare('UPDATE pairing_codes SET used_at = ? WHERE code = ?'),
    insert: store.prepare(
      `INSERT INTO terminals (id, merchant_id, environment, store_id, name, created_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    update: store.prepare(
      `UPDATE terminals SET name = COALESCE(?, name), remote_enabled = COALESCE(?, remote_enabled),
         max_amount_pence = COALESCE(?, max_amount_pence), store_id = COALESCE(?, store_id)
         WHERE id = ?`,
    ),
    remove: store.prepare('UPDATE terminals SET deleted_at = ? WHERE id = ?'),
  };
}

/** What push/fcm.ts writes of a terminal: a push token FCM rejected is forgotten. */
export function pushTokenWrites(store: Store) {
  return {
    // Compare-and-set: a token the terminal replaced meanwhile stays.
    forget: store.prepare<[string, string]>(
      'UPDATE terminals SET fcm_token = NULL, push_registered = 0 WHERE id = ? AND fcm_token = ?',
    ),
  };
}
