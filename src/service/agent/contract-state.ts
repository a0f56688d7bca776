/**
 * A contract's stored state (contracts.ts): reading it with what time has done applied, and the
 * compare-and-set every change goes through, on its status and updated_at in the shared
 * database, so every instance reads the same status and none keeps one of its own.
 */
import type { z } from 'zod';
import type { Limits } from '../../shared/contract/agent';
import type { Clock, Sweep } from '../kernel/clock';
import type { Caller } from '../kernel/caller';
import { ApiError, notFound } from '../kernel/errors';
import type { AgentRow } from './agents';
import type { contractStatements, ContractRow, ContractStatusName } from './repo/contracts';

type Scope = Pick<Caller, 'merchantId' | 'environment'>;
type LimitsValue = z.infer<typeof Limits>;
export type ContractStatements = ReturnType<typeof contractStatements>;

export const limitsOf = (row: ContractRow): LimitsValue => JSON.parse(row.limits) as LimitsValue;

/** Statuses a contract never leaves. */
export const FINAL: ReadonlySet<ContractStatusName> = new Set(['DECLINED', 'EXPIRED', 'REVOKED']);

export function createContractState(
  clock: Clock,
  { byId, cas, dueLinks, dueEnds }: ContractStatements,
) {
  /** Writes `next` over `row` if nobody changed it meanwhile; returns `next`. */
  async function save(row: ContractRow, next: ContractRow): Promise<ContractRow> {
    const now = Math.max(clock.now(row.environment, row.merchant_id), row.updated_at + 1);
    const changed = (
      await cas.run({
        id: row.id,
        fromStatus: row.status,
        fromUpdatedAt: row.updated_at,
        status: next.status,
        limits: next.limits,
        linkedMethod: next.linked_method,
        termsVersion: next.terms_version,
        pendingLimits: next.pending_limits,
        pendingRequestedAt: next.pending_requested_at,
        authToken: next.auth_token,
        authExpiresAt: next.auth_expires_at,
        validTo: Date.parse(limitsOf(next).validTo),
        revokedAt: next.revoked_at,
        revokedBy: next.revoked_by,
        revokeTokenHash: next.revoke_token_hash,
        approverEmail: next.approver_email,
        approverPhone: next.approver_phone,
        now,
      })
    ).changes;
    if (changed === 0) throw new ApiError(409, 'The contract changed meanwhile; read it again');
    return { ...next, valid_to: Date.parse(limitsOf(next).validTo), updated_at: now };
  }

  /** Whether the contract's validTo has passed on its environment's clock. */
  const ended = (row: ContractRow) =>
    clock.now(row.environment, row.merchant_id) >=
    (row.valid_to ?? Date.parse(limitsOf(row).validTo));

  /**
   * Applies what time has done to the contract: past validTo, an ACTIVE (or still pending)
   * contract is EXPIRED and its link closed; a link past its expiry makes a new contract EXPIRED
   * and drops a pending update.
   */
  async function expireIfDue(row: ContractRow): Promise<ContractRow> {
    if (!FINAL.has(row.status) && ended(row))
      return await save(row, {
        ...row,
        status: 'EXPIRED',
        pending_limits: null,
        pending_requested_at: null,
        auth_token: null,
        auth_expires_at: null,
      });
    if (
      row.auth_token === null ||
      (row.auth_expires_at ?? Infinity) > clock.now(row.environment, row.merchant_id)
    )
      return row;
    return await save(row, {
      ...row,
      status: row.status === 'PENDING_AUTHORIZATION' ? 'EXPIRED' : row.status,
      pending_limits: null,
      pending_requested_at: null,
      auth_token: null,
      auth_expires_at: null,
    });
  }

  /** The agent's own contract (another agent's reads as absent), expired links applied. */
  async function getOwn(agent: AgentRow, id: string): Promise<ContractRow> {
    const row = await byId.get(id, agent.merchant_id, agent.environment);
    if (!row || row.agent_id !== agent.id)
      throw notFound('No contract with this id for this agent');
    return await expireIfDue(row);
  }

  async function get(scope: Scope, id: string): Promise<ContractRow | undefined> {
    const row = await byId.get(id, scope.merchantId, scope.environment);
    return row && (await expireIfDue(row));
  }

  async function expireDueIn(sweep: Sweep) {
    const { now, environment } = sweep;
    for (const row of await dueEnds(sweep, now, environment)) await expireIfDue(row);
    for (const row of await dueLinks(sweep, now, environment)) await expireIfDue(row);
  }

  return { save, expireIfDue, getOwn, get, expireDueIn };
}
export type ContractState = ReturnType<typeof createContractState>;
