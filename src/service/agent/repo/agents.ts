/**
 * Agent Pay's SQL for agents and their request nonces: the agent store's statements (agents.ts),
 * the nonce log (verify.ts) and its purge at every tick (routes.ts).
 */
import type { Store } from '../../kernel/store/port';
import { withMoved } from '../../kernel/sweep';
import './sandbox-reset';

export interface AgentRow {
  id: string;
  merchant_id: string;
  environment: 'sandbox' | 'production';
  name: string;
  description: string | null;
  public_key_pem: string;
  key_thumbprint: string;
  status: string;
  created_at: number;
  updated_at: number;
}

export function agentStatements(store: Store) {
  const byId = store.prepare<[string, string, string], AgentRow>(
    'SELECT * FROM agents WHERE id = ? AND merchant_id = ? AND environment = ?',
  );
  const byKey = store.prepare<[string, string, string], AgentRow>(
    'SELECT * FROM agents WHERE merchant_id = ? AND environment = ? AND key_thumbprint = ?',
  );
  const insert = store.prepare(`
    INSERT INTO agents (id, merchant_id, environment, name, description, public_key_pem,
      key_thumbprint, status, created_at, updated_at)
    VALUES (@id, @merchantId, @environment, @name, @description, @pem, @thumb, 'ACTIVE', @now, @now)`);
  const rename = store.prepare(
    'UPDATE agents SET name = ?, description = ?, updated_at = ? WHERE id = ? AND updated_at = ?',
  );
  const page = store.prepare<[string, string, number, number], AgentRow>(`
    SELECT * FROM agents WHERE merchant_id = ? AND environment = ?
    ORDER BY created_at, id LIMIT ? OFFSET ?`);
  const count = store.prepare<[string, string], { n: number }>(
    'SELECT count(*) AS n FROM agents WHERE merchant_id = ? AND environment = ?',
  );
  return { byId, byKey, insert, rename, page, count };
}

/** Request nonces (verify.ts) and their purge at every tick (routes.ts). */
export function nonceStatements(store: Store) {
  const insert = store.prepare(
    'INSERT INTO agent_nonces (scope, nonce, expires_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  );
  // A nonce is kept until its timestamp could no longer pass the window of its merchant's
  // clock in its environment. Real time is never ahead of any sandbox's, so a nonce past it has
  // gone in either; one past a moved sandbox clock only has gone if it is a sandbox nonce of
  // that clock's merchants (scoped by their sandbox agent's id, or by
  // key:<merchant>:sandbox:<thumbprint> at registration).
  const purgeNonces = store.prepare<[number]>('DELETE FROM agent_nonces WHERE expires_at <= ?');
  const purgeMovedNonces = store.prepare<[string, number]>(`
    ${withMoved(store)} DELETE FROM agent_nonces WHERE expires_at <= ? AND (
      scope IN (SELECT a.id FROM agents a
        WHERE a.environment = 'sandbox' AND a.merchant_id IN (SELECT id FROM moved))
      OR EXISTS (SELECT 1 FROM moved
        WHERE agent_nonces.scope LIKE 'key:' || moved.id || ':sandbox:%'))`);
  return { insert, purgeNonces, purgeMovedNonces };
}
