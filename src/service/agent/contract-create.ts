/**
 * A contract's creation and its staged updates (contracts.ts): the limits settled on the
 * environment's clock, the approver an agent suggests checked, and a new authorization link.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ContractCreateBody, Limits } from '../../shared/contract/agent';
import { iso, type Clock } from '../kernel/clock';
import type { Caller, Environment } from '../kernel/caller';
import { ApiError, badField, badRequest } from '../kernel/errors';
import type { Store } from '../kernel/store/port';
import type { AgentRow } from './agents';
import { recipientOfApprover, sameRecipient, type Approvers, type Recipient } from './approvers';
import type { ContractState, ContractStatements } from './contract-state';
import type { ContractRow } from './repo/contracts';

type Scope = Pick<Caller, 'merchantId' | 'environment'>;
type LimitsValue = z.infer<typeof Limits>;

/** How long an authorization link (for a new contract or a pending update) stays usable. */
export const AUTHORIZATION_LINK_TTL_MS = 24 * 3600 * 1000;

export function createContractWriter(
  store: Store,
  clock: Clock,
  approvers: Approvers,
  { byId, customer, insert }: ContractStatements,
  { save, getOwn }: ContractState,
) {
  function newLink(environment: Environment, merchantId: string) {
    return {
      token: randomBytes(24).toString('base64url'),
      expiresAt: clock.now(environment, merchantId) + AUTHORIZATION_LINK_TTL_MS,
    };
  }

  /** Fills validFrom (default now) and refuses limits that have already ended. */
  function settleLimits(
    limits: LimitsValue,
    field: string,
    environment: Environment,
    merchantId: string,
  ): LimitsValue {
    const now = clock.now(environment, merchantId);
    if (Date.parse(limits.validTo) <= now)
      throw badField(`${field}.validTo`, 'must be in the future');
    const validFrom = limits.validFrom ?? iso(now);
    if (Date.parse(limits.validTo) <= Date.parse(validFrom))
      throw badField(`${field}.validTo`, 'must be later than validFrom');
    return { ...limits, validFrom };
  }

  /**
   * The approver an agent suggests, checked against those who may approve: the business's
   * approvers for SEND, the customer's own contacts for COLLECT. The page only preselects it.
   */
  async function suggestion(
    scope: Scope,
    body: z.infer<typeof ContractCreateBody>,
    customerId: string | null,
  ): Promise<Recipient> {
    const wanted = recipientOfApprover(body.approver!);
    const allowed = await approvers.recipientsFor(scope, body.type, customerId);
    const found = allowed.find((r) => sameRecipient(r, wanted));
    if (found) return found;
    throw badField(
      'approver',
      body.type === 'COLLECT'
        ? "must be the customer's own e-mail or phone on file (the customer approves charges to their card); leave it out and the customer chooses on the authorization page"
        : allowed.length === 0
          ? "names no one who may approve: the business has no approvers yet (it adds them in the dashboard's Settings); leave it out"
          : "is not one of the business's approvers: leave it out and the person approving chooses on the authorization page",
    );
  }

  async function create(
    agent: AgentRow,
    body: z.infer<typeof ContractCreateBody>,
  ): Promise<ContractRow> {
    const scope = { merchantId: agent.merchant_id, environment: agent.environment };
    const limits = settleLimits(body.limits, 'limits', scope.environment, scope.merchantId);
    const customerId = body.type === 'COLLECT' ? body.serviceCustomerId! : null;
    const payer =
      customerId && (await customer.get(customerId, scope.merchantId, scope.environment));
    if (customerId && !payer)
      throw new ApiError(404, 'serviceCustomerId names no customer of this business', [
        { field: 'serviceCustomerId', message: 'names no customer of this business' },
      ]);
    const suggested = body.approver && (await suggestion(scope, body, customerId));
    const id = `ctr_${randomUUID().replace(/-/g, '')}`;
    const link = newLink(scope.environment, scope.merchantId);
    await insert.run({
      id,
      ...scope,
      agentId: agent.id,
      type: body.type,
      name: body.name,
      description: body.description ?? null,
      limits: JSON.stringify(limits),
      customerId,
      approverEmail: suggested?.channel === 'EMAIL' ? suggested.to : null,
      approverPhone: suggested?.channel === 'SMS' ? suggested.to : null,
      token: link.token,
      expiresAt: link.expiresAt,
      validTo: Date.parse(limits.validTo),
      now: clock.now(scope.environment, scope.merchantId),
    });
    return (await byId.get(id, scope.merchantId, scope.environment))!;
  }

  /** Stages new limits; the current ones stay enforced until the human approves. */
  async function update(agent: AgentRow, id: string, limits: LimitsValue): Promise<ContractRow> {
    return store.tx(async () => {
      const row = await getOwn(agent, id);
      if (row.status !== 'ACTIVE')
        throw badRequest(
          `The contract is ${row.status}; only an ACTIVE contract can be updated (create a new one instead)`,
        );
      const staged = settleLimits(limits, 'limits', row.environment, row.merchant_id);
      const link = newLink(row.environment, row.merchant_id);
      return await save(row, {
        ...row,
        pending_limits: JSON.stringify(staged),
        pending_requested_at: clock.now(row.environment, row.merchant_id),
        auth_token: link.token,
        auth_expires_at: link.expiresAt,
      });
    });
  }

  return { create, update };
}
