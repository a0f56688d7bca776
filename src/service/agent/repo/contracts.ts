/** Agent Pay's SQL for contracts (contracts.ts): reads, the compare-and-set, usage and the sweeps. */
import type { z } from 'zod';
import type { Contract } from '../../../shared/contract/agent';
import type { Environment } from '../../kernel/caller';
import type { Store } from '../../kernel/store/port';
import { sweepQuery } from '../../kernel/sweep';

export type ContractStatusName = z.infer<typeof Contract>['status'];

export interface ContractRow {
  id: string;
  merchant_id: string;
  environment: 'sandbox' | 'production';
  agent_id: string;
  type: 'SEND' | 'COLLECT';
  name: string;
  description: string | null;
  status: ContractStatusName;
  limits: string;
  service_customer_id: string | null;
  linked_method: string | null;
  terms_version: number | null;
  pending_limits: string | null;
  pending_requested_at: number | null;
  auth_token: string | null;
  auth_expires_at: number | null;
  approver_email: string | null;
  approver_phone: string | null;
  /** limits.validTo in ms (null only before the contract's first save sets it). */
  valid_to: number | null;
  revoked_at: number | null;
  revoked_by: 'BUSINESS' | 'APPROVER' | null;
  /** SHA-256 (base64url) of the human's revoke link token. */
  revoke_token_hash: string | null;
  created_at: number;
  updated_at: number;
}

export function contractStatements(store: Store) {
  const byId = store.prepare<[string, string, string], ContractRow>(
    'SELECT * FROM contracts WHERE id = ? AND merchant_id = ? AND environment = ?',
  );
  const byToken = store.prepare<[string], ContractRow>(
    'SELECT * FROM contracts WHERE auth_token = ?',
  );
  const byRevokeHash = store.prepare<[string], ContractRow>(
    'SELECT * FROM contracts WHERE revoke_token_hash = ?',
  );
  const customer = store.prepare<[string, string, string], { id: string }>(
    'SELECT id FROM customers WHERE id = ? AND merchant_id = ? AND environment = ?',
  );
  const insert = store.prepare(`
    INSERT INTO contracts (id, merchant_id, environment, agent_id, type, name, description, status,
      limits, service_customer_id, auth_token, auth_expires_at, approver_email, approver_phone,
      valid_to, created_at, updated_at)
    VALUES (@id, @merchantId, @environment, @agentId, @type, @name, @description,
      'PENDING_AUTHORIZATION', @limits, @customerId, @token, @expiresAt, @approverEmail,
      @approverPhone, @validTo, @now, @now)`);
  const cas = store.prepare(`
    UPDATE contracts SET status = @status, limits = @limits, linked_method = @linkedMethod,
      terms_version = @termsVersion, pending_limits = @pendingLimits,
      pending_requested_at = @pendingRequestedAt, auth_token = @authToken,
      auth_expires_at = @authExpiresAt, valid_to = @validTo, revoked_at = @revokedAt,
      revoked_by = @revokedBy, revoke_token_hash = @revokeTokenHash,
      approver_email = @approverEmail, approver_phone = @approverPhone, updated_at = @now
    WHERE id = @id AND status = @fromStatus AND updated_at = @fromUpdatedAt`);
  const usageIn = store.prepare<[string, number, number], { used: number; reserved: number }>(`
    SELECT COALESCE(SUM(CASE WHEN status = 'COMPLETED' THEN amount_pence END), 0) AS used,
           COALESCE(SUM(CASE WHEN status = 'PENDING' THEN amount_pence END), 0) AS reserved
    FROM contract_payments WHERE contract_id = ? AND created_at >= ? AND created_at < ?`);
  // Per environment, with that environment's now (clock.ts).
  const dueLinks = sweepQuery<[number, Environment], ContractRow>(
    store,
    (only) => `
    SELECT * FROM contracts WHERE auth_token IS NOT NULL AND auth_expires_at <= ? AND environment = ?
      ${only('merchant_id')}`,
  );
  // Contracts still usable, or awaiting approval, whose validTo has passed.
  const dueEnds = sweepQuery<[number, Environment], ContractRow>(
    store,
    (only) => `
    SELECT * FROM contracts WHERE status IN ('ACTIVE', 'PENDING_AUTHORIZATION')
      AND valid_to <= ? AND environment = ? ${only('merchant_id')}`,
  );
  return { byId, byToken, byRevokeHash, customer, insert, cas, usageIn, dueLinks, dueEnds };
}

/** A page of a business's contracts, newest first, with the count of all that match. */
export async function contractPage(
  store: Store,
  scope: { merchantId: string; environment: Environment },
  filters: {
    agentId?: string | undefined;
    type?: string | undefined;
    status?: string | undefined;
    page: number;
    size: number;
  },
): Promise<{ data: ContractRow[]; totalCount: number }> {
  const where = ['merchant_id = @merchantId', 'environment = @environment'];
  if (filters.agentId) where.push('agent_id = @agentId');
  if (filters.type) where.push('type = @type');
  if (filters.status) where.push('status = @status');
  const args = {
    merchantId: scope.merchantId,
    environment: scope.environment,
    agentId: filters.agentId ?? null,
    type: filters.type ?? null,
    status: filters.status ?? null,
    limit: filters.size,
    offset: filters.page * filters.size,
  };
  const clause = where.join(' AND ');
  const data = await store
    .prepare<typeof args, ContractRow>(
      `SELECT * FROM contracts WHERE ${clause} ORDER BY created_at DESC, id LIMIT @limit OFFSET @offset`,
    )
    .all(args);
  const { n } = (await store
    .prepare<typeof args, { n: number }>(`SELECT count(*) AS n FROM contracts WHERE ${clause}`)
    .get(args))!;
  return { data, totalCount: n };
}
