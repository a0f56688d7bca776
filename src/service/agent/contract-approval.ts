/**
 * The human's decision on a contract (contracts.ts), on the authorization link or the sandbox
 * control: a new contract becomes ACTIVE (a COLLECT one linked to a saved card) or DECLINED; a
 * pending update's limits become the enforced ones, or are dropped.
 */
import type { Store } from '../kernel/store/port';
import { badField, badRequest } from '../kernel/errors';
import type { Recipient } from './approvers';
import type { CollectCards, LinkedMethod } from './collect-cards';
import type { ContractState } from './contract-state';
import type { ContractRow } from './repo/contracts';

/** A contract's approver columns for a recipient. */
const approverColumns = (r: Recipient) => ({
  approver_email: r.channel === 'EMAIL' ? r.to : null,
  approver_phone: r.channel === 'SMS' ? r.to : null,
});

export function createContractApproval(
  store: Store,
  cards: CollectCards,
  { save, expireIfDue }: ContractState,
) {
  /** The card a new COLLECT contract is approved with: the one named, else the first saved. */
  async function cardToLink(
    current: ContractRow,
    paymentMethodId: string | undefined,
  ): Promise<LinkedMethod | undefined> {
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
    return linked;
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
      const linked = await cardToLink(current, paymentMethodId);
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

  return { decide };
}
