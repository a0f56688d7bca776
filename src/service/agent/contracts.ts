/**
 * Spending contracts: creation, the human's decision on the authorization link (or the sandbox
 * control), staged updates, link expiry, and the live usage of every period cap
 * (docs/agent-pay.md), and its end: EXPIRED once its environment's clock passes validTo, or
 * REVOKED by its business or its human. Each change is a compare-and-set on the contract's
 * status and updated_at, in the shared database: every instance reads the same status, none
 * keeps one of its own. Contracts emit no events: clients poll contract.get.
 *
 * The parts: contract-state.ts (reads with time applied, the compare-and-set), contract-create.ts
 * (creation, staged updates), contract-approval.ts (the human's decision), contract-revoke.ts
 * (revocation, the revoke link) and contract-view.ts (the answer, the usage of each cap); their
 * SQL is repo/contracts.ts.
 */
import type { z } from 'zod';
import type { ContractListFilters } from '../../shared/contract/agent';
import { sweepOf, type Clock } from '../kernel/clock';
import type { Caller } from '../kernel/caller';
import type { Store } from '../kernel/store/port';
import type { Approvers } from './approvers';
import type { CollectCards } from './collect-cards';
import { createContractApproval } from './contract-approval';
import { createContractWriter } from './contract-create';
import { createContractRevocation, revokeTokenHash } from './contract-revoke';
import { createContractState } from './contract-state';
import { createContractView } from './contract-view';
import { contractPage, contractStatements } from './repo/contracts';

type Scope = Pick<Caller, 'merchantId' | 'environment'>;
export type { ContractRow, ContractStatusName } from './repo/contracts';
export { AUTHORIZATION_LINK_TTL_MS } from './contract-create';
export { revokeTokenHash, type Revoker } from './contract-revoke';
export { limitsOf } from './contract-state';
export type { PeriodUsage } from './contract-view';

export { approversFromEnv, type ApproverPolicy } from './approvers';

export function createContracts(
  store: Store,
  clock: Clock,
  cards: CollectCards,
  approvers: Approvers,
) {
  const statements = contractStatements(store);
  const { byToken, byRevokeHash } = statements;
  const state = createContractState(clock, statements);
  const { expireIfDue, expireDueIn } = state;
  const { create, update } = createContractWriter(store, clock, approvers, statements, state);
  const { decide } = createContractApproval(store, cards, state);
  const { revoke, newRevokeToken } = createContractRevocation(store, clock, state);
  const { usage, view } = createContractView(clock, statements);

  /** The contracts of one agent, or of every agent of the business when agentId is absent. */
  async function list(
    scope: Scope,
    filters: z.infer<typeof ContractListFilters> & { agentId?: string | undefined },
  ) {
    // Expiry is applied before filtering, so a status filter never sees a stale status.
    await expireDueIn(sweepOf(clock, scope.environment, scope.merchantId));
    return await contractPage(store, scope, filters);
  }

  return {
    create,
    get: state.get,
    getOwn: state.getOwn,
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
