/**
 * The kiosk settings' SQL (migration 0036): each level's document, the record of every change,
 * and the remote actions asked of kiosks. It reads the stores' and terminals' rows (other areas'
 * tables) to tell whose they are, and writes only its own.
 */
import type { Store } from '../kernel/store/port';
import { registerSandboxReset } from '../kernel/sandbox-reset';
import { seenIn } from '../merchants';

export type Level = 'merchant' | 'store' | 'terminal';

export interface DocumentRow {
  level: Level;
  target_id: string;
  settings: string;
  locked: string;
  updated_at: number;
}

export interface ChangeRow {
  id: string;
  level: Level;
  target_id: string;
  changed_by: string;
  changed_at: number;
  before_doc: string;
  after_doc: string;
}

export interface ActionRow {
  id: string;
  terminal_id: string;
  action: string;
  status: string;
  message: string;
  requested_by: string;
  requested_at: number;
  done_at: number | null;
}

/** How many changes the history answers with. */
export const CHANGES_LISTED = 200;
/** How many of a kiosk's actions its list answers with. */
export const ACTIONS_LISTED = 50;

export function settingsStatements(store: Store) {
  return {
    one: store.prepare<[string, string, Level, string], DocumentRow>(
      `SELECT * FROM kiosk_settings
       WHERE merchant_id = ? AND environment = ? AND level = ? AND target_id = ?`,
    ),
    /** The merchant's document, its store's and its own, for one terminal's settings in force. */
    forTerminal: store.prepare<[string, string, string, string], DocumentRow>(
      `SELECT * FROM kiosk_settings WHERE merchant_id = ? AND environment = ?
       AND ((level = 'merchant' AND target_id = '') OR (level = 'store' AND target_id = ?)
         OR (level = 'terminal' AND target_id = ?))`,
    ),
    put: store.prepare<[string, string, Level, string, string, string, number]>(
      `INSERT INTO kiosk_settings
         (merchant_id, environment, level, target_id, settings, locked, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (merchant_id, environment, level, target_id) DO UPDATE SET
         settings = excluded.settings, locked = excluded.locked, updated_at = excluded.updated_at`,
    ),
    record: store.prepare<[string, string, string, Level, string, string, number, string, string]>(
      `INSERT INTO kiosk_settings_changes (id, merchant_id, environment, level, target_id,
         changed_by, changed_at, before_doc, after_doc) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    changes: store.prepare<[string, string], ChangeRow>(
      `SELECT id, level, target_id, changed_by, changed_at, before_doc, after_doc
       FROM kiosk_settings_changes WHERE merchant_id = ? AND environment = ?
       ORDER BY changed_at DESC, id DESC LIMIT ${CHANGES_LISTED}`,
    ),
    /** The merchant's store with this id as the environment sees it, if any. */
    storeOf: store.prepare<[string, string, string], { id: string }>(
      `SELECT s.id FROM stores s WHERE s.id = ? AND s.merchant_id = ? AND ${seenIn('?')}`,
    ),
  };
}

export function actionStatements(store: Store) {
  return {
    add: store.prepare<[string, string, string, string, string, string, number]>(
      `INSERT INTO terminal_actions (id, terminal_id, merchant_id, environment, action, status,
         message, requested_by, requested_at) VALUES (?, ?, ?, ?, ?, 'PENDING', '', ?, ?)`,
    ),
    one: store.prepare<[string, string], ActionRow>(
      'SELECT * FROM terminal_actions WHERE id = ? AND terminal_id = ?',
    ),
    /** The kiosk's answer; only a pending action takes one. */
    settle: store.prepare<[string, string, number, string, string]>(
      `UPDATE terminal_actions SET status = ?, message = ?, done_at = ?
       WHERE id = ? AND terminal_id = ? AND status = 'PENDING'`,
    ),
    /** Those still waiting for the kiosk's answer, oldest first (a kiosk back online does them). */
    pending: store.prepare<[string], ActionRow>(
      `SELECT * FROM terminal_actions WHERE terminal_id = ? AND status = 'PENDING'
       ORDER BY requested_at, id`,
    ),
    ofTerminal: store.prepare<[string], ActionRow>(
      `SELECT * FROM terminal_actions WHERE terminal_id = ?
       ORDER BY requested_at DESC, id DESC LIMIT ${ACTIONS_LISTED}`,
    ),
  };
}

registerSandboxReset({
  area: 'kiosk-config',
  prepare(store) {
    const clear = [
      store.prepare<[string]>(
        "DELETE FROM kiosk_settings WHERE merchant_id = ? AND environment = 'sandbox'",
      ),
      store.prepare<[string]>(
        "DELETE FROM kiosk_settings_changes WHERE merchant_id = ? AND environment = 'sandbox'",
      ),
      store.prepare<[string]>(
        "DELETE FROM terminal_actions WHERE merchant_id = ? AND environment = 'sandbox'",
      ),
    ];
    return async (merchantId) => {
      for (const s of clear) await s.run(merchantId);
    };
  },
});
