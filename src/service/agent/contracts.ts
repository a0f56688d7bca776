/**
 * Spending contracts: creation, the human's decision on the authorization link (or the sandbox
 * control), staged updates, link expiry, and the live usage of every period cap
 * (docs/agent-pay.md), and its end: EXPIRED once its environment's clock passes validTo, or
 * REVOKED by its business or its human. Each change is a compare-and-set on the contract's
 * status and updated_at, in the shared database: every instance reads the same status, none
 * keeps one of its own. Contracts emit no events: clients poll contract.get.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type {
  Contract,
  ContractCreateBody,
  ContractListFilters,
  Limits,
} from '../../shared/contract/agent';
import { penceToPounds, poundsToPence } from '../../shared/money';
import { iso, sweepOf, type Clock, type Sweep } from '../kernel/clock';
import type { Caller, Environment } from '../kernel/caller';
import { ApiError, badField, badRequest, notFound } from '../kernel/errors';
import type { Store } from '../kernel/store/port';
import type { AgentRow } from './agents';
import { recipientOfApprover, sameRecipient, type Approvers, type Recipient } from './approvers';
import type { CollectCards, LinkedMethod } from './collect-cards';
import { periodWindow } from './periods';
import {
  contractPage,
  contractStatements,
  type ContractRow,
  type ContractStatusName,
} from './repo/contracts';


type Scope = Pick<Caller, 'merchantId' | 'environment'>;
type LimitsValue = z.infer<typeof Limits>;
export type { ContractRow, ContractStatusName } from './repo/contracts';

/** How long an authorization link (for a new contract or a pending update) stays usable. */
export const AUTHORIZATION_LINK_TTL_MS = 24 * 3600 * 1000;

export interface PeriodUsage {
  period: LimitsValue['periodLimits'][number]['period'];
  capPence: number;
  usedPence: number;
  reservedPence: number;
  remainingPence: number;
  periodEnd: number;
}

export const limitsOf = (row: ContractRow): LimitsValue => JSON.parse(row.limits) as LimitsValue;

export { approversFromEnv, type ApproverPolicy } from './approvers';

/** Who revoked a contract: its business (the API key, the dashboard) or its human (their link). */
export type Revoker = 'BUSINESS' | 'APPROVER';

/** A revoke link's token is kept only as this hash: the database alone cannot revoke. */
export const revokeTokenHash = (token: string) =>
  createHash('sha256').update(token).digest('base64url');

/** A contract's approver columns for a recipient. */
const approverColumns = (r: Recipient) => ({
  approver_email: r.channel === 'EMAIL' ? r.to : null,
  approver_phone: r.channel === 'SMS' ? r.to : null,
});

/** Statuses a contract never leaves. */
const FINAL: ReadonlySet<ContractStatusName> = new Set(['DECLINED', 'EXPIRED', 'REVOKED']);

export function createContracts(
  store: Store,
  clock: Clock,
  cards: CollectCards,
  approvers: Approvers,
) {
  const { byId, byToken, byRevokeHash, customer, insert, cas, usageIn, dueLinks, dueEnds } =
    contractStatements(store);

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

  async function usage(
    row: ContractRow,
    now = clock.now(row.environment, row.merchant_id),
  ): Promise<PeriodUsage[]> {
    const limits = limitsOf(row);
    const anchor = Date.parse(limits.validFrom ?? iso(row.created_at));
    return Promise.all(
      limits.periodLimits.map(async (p) => {
        const w = periodWindow(p.period, p.alignment, anchor, now);
        const sums = (await usageIn.get(row.id, w.start, w.end))!;
        const capPence = poundsToPence(p.amount);
        return {
          period: p.period,
          capPence,
          usedPence: sums.used,
          reservedPence: sums.reserved,
          remainingPence: capPence - sums.used - sums.reserved,
          periodEnd: w.end,
        };
      }),
    );
  }

  async function view(
    row: ContractRow,
    opts: { publicUrl?: string; withUsage?: boolean } = {},
  ): Promise<z.input<typeof Contract>> {
    const linked = row.linked_method ? (JSON.parse(row.linked_method) as LinkedMethod) : undefined;
    return {
      contractId: row.id,
      agentId: row.agent_id,
      environment: row.environment,
      type: row.type,
      name: row.name,
      ...(row.description !== null ? { description: row.description } : {}),
      createdAt: iso(row.created_at),
      status: row.status,
      ...(opts.publicUrl && row.auth_token
        ? { authorizationUrl: `${opts.publicUrl}/agents/authorize/${row.auth_token}` }
        : {}),
      ...(row.approver_email !== null || row.approver_phone !== null
        ? {
            approver: row.approver_email
              ? { email: row.approver_email }
              : { phone: row.approver_phone! },
          }
        : {}),
      limits: limitsOf(row),
      ...(opts.withUsage
        ? {
            usage: (await usage(row)).map((u) => ({
              period: u.period,
              cap: penceToPounds(u.capPence),
              usedThisPeriod: penceToPounds(u.usedPence),
              reserved: penceToPounds(u.reservedPence),
              remaining: penceToPounds(u.remainingPence),
              periodEnd: iso(u.periodEnd),
            })),
          }
        : {}),
      ...(row.type === 'COLLECT'
        ? {
            serviceCustomerId: row.service_customer_id ?? undefined,
            ...(linked ? { linkedMethod: linked } : {}),
            ...(row.terms_version !== null ? { termsVersion: row.terms_version } : {}),
          }
        : {}),
      pendingUpdate:
        row.pending_limits !== null
          ? {
              limits: JSON.parse(row.pending_limits) as LimitsValue,
              requestedAt: iso(row.pending_requested_at!),
            }
          : null,
      ...(row.revoked_at !== null
        ? { revokedAt: iso(row.revoked_at), revokedBy: row.revoked_by ?? 'BUSINESS' }
        : {}),
    };
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

  /** The contracts of one agent, or of every agent of the business when agentId is absent. */
  async function list(
    scope: Scope,
    filters: z.infer<typeof ContractListFilters> & { agentId?: string | undefined },
  ) {
    // Expiry is applied before filtering, so a status filter never sees a stale status.
    await expireDueIn(sweepOf(clock, scope.environment, scope.merchantId));
    return await contractPage(store, scope, filters);
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

  /**
   * The human's answer on the authorization link (or the sandbox control). For a new contract:
   * ACTIVE or DECLINED. For a pending update: approval makes its limits the enforced ones (and
   * a COLLECT contract's termsVersion one more); declining drops it and the contract goes on.
   * `approvedBy` is where the code that approved was sent: a new contract's approver from then
   * on (an update keeps the one who approved the contract).
   */
  async function decide(
    row: ContractRow,
    decision: 'APPROVE' | 'DECLINE',
    paymentMethodId?: string,
    approvedBy?: Recipient,
  ): Promise<ContractRow> {
    return store.tx(async () => {
      const current = await expireIfDue(row);
      if (current.auth_token === null)
        throw badRequest(
          current.status === 'EXPIRED'
            ? 'The authorization link has expired'
            : `The contract is ${current.status} and awaits no decision`,
        );
      const closed = { auth_token: null, auth_expires_at: null };
      if (current.pending_limits !== null) {
        if (decision === 'DECLINE')
          return await save(current, {
            ...current,
            ...closed,
            pending_limits: null,
            pending_requested_at: null,
          });
        return await save(current, {
          ...current,
          ...closed,
          limits: current.pending_limits,
          pending_limits: null,
          pending_requested_at: null,
          terms_version: current.type === 'COLLECT' ? (current.terms_version ?? 0) + 1 : null,
        });
      }
      if (decision === 'DECLINE')
        return await save(current, { ...current, ...closed, status: 'DECLINED' });
      let linked: LinkedMethod | undefined;
      if (current.type === 'COLLECT') {
        const saved = await cards.savedCards(
          { merchantId: current.merchant_id, environment: current.environment },
          current.service_customer_id!,
        );
        linked = paymentMethodId
          ? saved.find((c) => c.paymentMethodId === paymentMethodId)
          : saved[0];
        if (paymentMethodId && !linked)
          throw badField('paymentMethodId', "is not one of the customer's saved cards");
      } else if (paymentMethodId)
        throw badField('paymentMethodId', 'applies to COLLECT contracts only');
      return await save(current, {
        ...current,
        ...closed,
        status: 'ACTIVE',
        linked_method: linked ? JSON.stringify(linked) : null,
        terms_version: current.type === 'COLLECT' ? 1 : null,
        ...(approvedBy ? approverColumns(approvedBy) : {}),
      });
    });
  }

  /**
   * Revokes the contract at once: REVOKED, its authorization link closed, and nothing more can
   * be paid under it (spending.ts reads the status in the transaction that reserves). Revoking
   * a REVOKED contract answers it unchanged; a DECLINED or EXPIRED one never moved money and
   * keeps its status (409).
   */
  async function revoke(row: ContractRow, by: Revoker): Promise<ContractRow> {
    return store.tx(async () => {
      const current = await expireIfDue(row);
      if (current.status === 'REVOKED') return current;
      if (FINAL.has(current.status))
        throw new ApiError(
          409,
          `The contract is already ${current.status}: no payment can be made under it, so there is nothing to revoke`,
        );
      return await save(current, {
        ...current,
        status: 'REVOKED',
        pending_limits: null,
        pending_requested_at: null,
        auth_token: null,
        auth_expires_at: null,
        revoked_at: clock.now(current.environment, current.merchant_id),
        revoked_by: by,
      });
    });
  }

  /**
   * A new revoke link for the contract's human, replacing any earlier one: the token is returned
   * once, to be sent to them, and only its hash is kept.
   */
  async function newRevokeToken(row: ContractRow): Promise<{ row: ContractRow; token: string }> {
    const token = randomBytes(24).toString('base64url');
    return { row: await save(row, { ...row, revoke_token_hash: revokeTokenHash(token) }), token };
  }

  async function expireDueIn(sweep: Sweep) {
    const { now, environment } = sweep;
    for (const row of await dueEnds(sweep, now, environment)) await expireIfDue(row);
    for (const row of await dueLinks(sweep, now, environment)) await expireIfDue(row);
  }

  return {
    create,
    get,
    getOwn,
    byToken: async (token: string) => {
      const row = await byToken.get(token);
      return row && (await expireIfDue(row));
    },
    /** The contract a revoke link names, time applied. */
    byRevokeToken: async (token: string) => {
      const row = await byRevokeHash.get(revokeTokenHash(token));
      return row && (await expireIfDue(row));
    },
    revoke,
    newRevokeToken,
    list,
    update,
    decide,
    usage,
    view,
    expireIfDue,
    /** Applies every link expiry whose time has come (the scheduler's tick). */
    expireDue: async () => {
      for (const sweep of clock.sweeps()) await expireDueIn(sweep);
    },
  };
}
export type Contracts = ReturnType<typeof createContracts>;
