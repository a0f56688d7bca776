/**
 * Money moved under a contract (docs/agent-pay.md, "Spending"): a SEND payment to a payee's bank
 * account, or a COLLECT charge of the customer's linked card. Each is checked against the
 * contract in one IMMEDIATE transaction (status, validFrom/validTo, currency, maxPerPayment and
 * the remaining allowance of every period cap) and, when it passes, inserted as PENDING in that
 * same transaction: the amount is reserved from then on, so two payments can never both fit
 * into the same last pounds of a cap, however they interleave. It is released when the payment
 * fails and becomes used when it completes. A REVOKED or EXPIRED contract is refused with 409
 * CONTRACT_REVOKED or CONTRACT_EXPIRED; payments made before stay as they are. Each accepted
 * payment is answered with a receipt the service signs (receipt-signer.ts).
 *
 * The parts: spending-limits.ts (the contract's rules), spending-debit.ts (reserving, sending,
 * charging, the receipt) and spending-settle.ts (the scheduler's tick); their SQL is
 * repo/spending.ts.
 */
import type { z } from 'zod';
import type { ContractPayment } from '../../shared/contract/agent';
import { penceToPounds } from '../../shared/money';
import { iso, type Clock } from '../kernel/clock';
import type { Caller } from '../kernel/caller';
import { isNotFound, notFound } from '../kernel/errors';
import type { PaymentReader } from '../payments';
import type { Store } from '../kernel/store/port';
import type { AgentRow } from './agents';
import type { CollectCards } from './collect-cards';
import type { Contracts } from './contracts';
import { paymentStatements, type PaymentRow } from './repo/spending';
import { createDebits, type Receipts } from './spending-debit';
import { createSettlement } from './spending-settle';

export type { PaymentRow } from './repo/spending';
export { FAILING_ACCOUNT_NUMBER, SEND_SETTLE_MS, type Accepted } from './spending-debit';

type Scope = Pick<Caller, 'merchantId' | 'environment'>;

export function paymentView(row: PaymentRow): z.input<typeof ContractPayment> {
  return {
    paymentId: row.id,
    contractId: row.contract_id,
    type: row.type,
    status: row.status,
    amount: penceToPounds(row.amount_pence),
    currency: row.currency,
    ...(row.payee ? { payee: JSON.parse(row.payee) } : {}),
    ...(row.reference ? { reference: row.reference } : {}),
    ...(row.order_id ? { orderId: row.order_id } : {}),
    ...(row.payment_request_id ? { paymentRequestId: row.payment_request_id } : {}),
    ...(row.status === 'FAILED' && row.error_description
      ? { errorDescription: row.error_description }
      : {}),
    createdAt: iso(row.created_at),
    ...(row.settled_at !== null ? { settledAt: iso(row.settled_at) } : {}),
  };
}

export function createSpending(
  store: Store,
  clock: Clock,
  contracts: Contracts,
  cards: CollectCards,
  payments: PaymentReader,
  receipts: Receipts,
) {
  const statements = paymentStatements(store);
  const { byId, ofContract, countOf } = statements;
  const { send, charge } = createDebits(store, clock, contracts, cards, receipts, statements);
  const { settleDue } = createSettlement(clock, payments, statements);

  async function get(agent: AgentRow, id: string): Promise<PaymentRow> {
    const row = await byId.get(id, agent.merchant_id, agent.environment);
    if (!row || !(await contractOf(agent, row.contract_id)))
      throw notFound('No payment with this id');
    return row;
  }
  const contractOf = async (agent: AgentRow, contractId: string) => {
    try {
      return await contracts.getOwn(agent, contractId);
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  };

  async function list(
    agent: AgentRow,
    contractId: string,
    q: { status?: string; page: number; size: number },
  ) {
    const contract = await contracts.getOwn(agent, contractId);
    const status = q.status ?? null;
    return {
      data: await ofContract.all(contract.id, status, status, q.size, q.page * q.size),
      totalCount: (await countOf.get(contract.id, status, status))!.n,
    };
  }

  /** The business's view (the dashboard's, API key alone) of any of its contracts' payments. */
  async function listOfBusiness(
    scope: Scope,
    contractId: string,
    q: { status?: string; page: number; size: number },
  ) {
    const contract = await contracts.get(scope, contractId);
    if (!contract) throw notFound('No contract with this id');
    const status = q.status ?? null;
    return {
      data: await ofContract.all(contract.id, status, status, q.size, q.page * q.size),
      totalCount: (await countOf.get(contract.id, status, status))!.n,
    };
  }

  return {
    send,
    charge,
    get,
    list,
    listOfBusiness,
    settleDue,
    byId: (scope: Scope, id: string) => byId.get(id, scope.merchantId, scope.environment),
  };
}
export type Spending = ReturnType<typeof createSpending>;
