/**
 * The SQL of push: the token a terminal registered, read before each send (fcm.ts). The terminal's
 * row is the terminals area's, which also forgets a token FCM rejected (`pushTokenWrites`).
 */
import type { Store } from '../kernel/store/port';

export interface PushRow {
  fcm_token: string | null;
}

export function pushTokenQuery(store: Store) {
  return store.prepare<[string], PushRow>(
    'SELECT fcm_token FROM terminals WHERE id = ? AND deleted_at IS NULL',
  );
}
