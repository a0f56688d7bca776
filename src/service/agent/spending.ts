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
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type {
  CollectChargeBody,
  ContractPayment,
  SendPaymentBody,
} from '../../shared/contract/agent';
import { formatPence, penceToPounds, poundsToPence } from '../../shared/money';
import { ENVIRONMENTS, iso, type Clock, type Sweep } from '../kernel/clock';
import type { Caller, Environment } from '../kernel/caller';
import { ApiError, badField, badRequest, notFound } from '../kernel/errors';
import type { PaymentReader } from '../payments/model';
import type { Store } from '../kernel/store/port';
import type { AgentRow } from './agents';
import type { CollectCards, LinkedMethod } from './collect-cards';
import { limitsOf, type ContractRow, type Contracts, type PeriodUsage } from './contracts';
import type { ReceiptSigner } from './receipt-signer';
import { paymentStatements, type PaymentRow } from './repo/spending';

export type { PaymentRow } from './repo/spending';

/** How long the sandbox bank takes to complete a SEND payment (on the sandbox clock). */
export const SEND_SETTLE_MS = 2000;
/** The sandbox bank refuses payments to this account number (to try the failure path). */
export const FAILING_ACCOUNT_NUMBER = '00000000';

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

/** A payment just accepted, with its signed receipt. */
export interface Accepted {
  payment: PaymentRow;
  receipt: string;
}

export function createSpending(
  store: Store,
  clock: Clock,
  contracts: Contracts,
  cards: CollectCards,
  payments: PaymentReader,
  receipts: { signer: ReceiptSigner; issuer: () => string },
) {
  const { insert, byId, finish, linkRequest, dueSends, openCharges, ofContract, countOf } =
    paymentStatements(store);

  /** Every rule of the contract, checked against its state inside the caller's transaction. */
  async function check(
    row: ContractRow,
    type: 'SEND' | 'COLLECT',
    amount: number,
    currency?: string,
  ) {
    if (row.type !== type)
      throw badRequest(
        `This is a ${row.type} contract: ${row.type === 'SEND' ? 'send payments with POST …/payments' : 'charge the card with POST …/charges'}`,
      );
    const limits = limitsOf(row);
    const now = clock.now(row.environment, row.merchant_id);
    if (row.status === 'REVOKED')
      throw new ApiError(
        409,
        `The contract was revoked${row.revoked_at !== null ? ` at ${iso(row.revoked_at)}` : ''}: no payment can be made under it`,
        [],
        'CONTRACT_REVOKED',
      );
    if (row.status === 'EXPIRED' || now >= Date.parse(limits.validTo))
      throw new ApiError(
        409,
        row.status === 'EXPIRED' && now < Date.parse(limits.validTo)
          ? 'The contract expired before it was approved: no payment can be made under it'
          : `The contract ended at ${limits.validTo}: no payment can be made under it`,
        [],
        'CONTRACT_EXPIRED',
      );
    if (row.status !== 'ACTIVE')
      throw badRequest(`The contract is ${row.status}; payments need an ACTIVE contract`);
    if (limits.validFrom && now < Date.parse(limits.validFrom))
      throw badRequest(`The contract is valid from ${limits.validFrom}`);
    if (currency !== undefined && currency !== limits.currency)
      throw badField('currency', `must be the contract's currency, ${limits.currency}`);
    const max = poundsToPence(limits.maxPerPayment);
    if (amount > max)
      throw badField(
        'amount',
        `exceeds the contract's maxPerPayment of ${formatPence(max, limits.currency)}`,
      );
    for (const u of await contracts.usage(row, now))
      if (amount > u.remainingPence)
        throw badField(
          'amount',
          `exceeds what is left of the ${u.period} cap: ${formatPence(Math.max(u.remainingPence, 0), limits.currency)} of ${formatPence(u.capPence, limits.currency)} until ${iso(u.periodEnd)}`,
        );
    return limits;
  }

  async function reserve(
    agent: AgentRow,
    contractId: string,
    type: 'SEND' | 'COLLECT',
    input: {
      amount: number;
      currency?: string;
      payee?: z.infer<typeof SendPaymentBody>['payee'];
      reference?: string;
      orderId?: string;
    },
  ): Promise<{ payment: PaymentRow; contract: ContractRow; left: PeriodUsage[] }> {
    return store.tx(async () => {
      const contract = await contracts.getOwn(agent, contractId);
      const amount = poundsToPence(input.amount);
      const limits = await check(contract, type, amount, input.currency);
      const now = clock.now(contract.environment, contract.merchant_id);
      const failing = input.payee?.accountNumber === FAILING_ACCOUNT_NUMBER;
      const id = `cpm_${randomUUID().replace(/-/g, '')}`;
      await insert.run({
        id,
        contractId: contract.id,
        merchantId: contract.merchant_id,
        environment: contract.environment,
        type,
        amount,
        currency: limits.currency,
        payee: input.payee ? JSON.stringify(input.payee) : null,
        reference: input.reference ?? null,
        orderId: input.orderId ?? null,
        // SEND settles on the sandbox bank's clock; COLLECT follows its card payment.
        settleAt: type === 'SEND' ? now + SEND_SETTLE_MS : null,
        settleOutcome: type === 'SEND' ? (failing ? 'FAILED' : 'COMPLETED') : null,
        error: failing ? 'The payee’s bank refused the payment (account closed)' : null,
        now,
      });
      return {
        payment: (await byId.get(id, contract.merchant_id, contract.environment))!,
        contract,
        // What is left with this payment counted, read in the transaction that counted it.
        left: await contracts.usage(contract, now),
      };
    });
  }

  /** The signed receipt of a payment just accepted (ReceiptClaims). */
  async function receiptOf(payment: PaymentRow, left: PeriodUsage[]): Promise<string> {
    return await receipts.signer.sign({
      iss: receipts.issuer(),
      businessId: payment.merchant_id,
      iat: Math.floor(clock.now(payment.environment, payment.merchant_id) / 1000),
      environment: payment.environment,
      contractId: payment.contract_id,
      paymentId: payment.id,
      type: payment.type,
      status: payment.status,
      amount: penceToPounds(payment.amount_pence),
      currency: payment.currency,
      payee: payment.payee
        ? (JSON.parse(payment.payee) as { name: string; sortCode: string; accountNumber: string })
        : { businessId: payment.merchant_id },
      ...(payment.reference ? { reference: payment.reference } : {}),
      ...(payment.order_id ? { orderId: payment.order_id } : {}),
      time: iso(payment.created_at),
      usageLeft: left.map((u) => ({
        period: u.period,
        remaining: penceToPounds(Math.max(u.remainingPence, 0)),
        periodEnd: iso(u.periodEnd),
      })),
    });
  }

  async function send(
    agent: AgentRow,
    contractId: string,
    body: z.infer<typeof SendPaymentBody>,
  ): Promise<Accepted> {
    const { payment, left } = await reserve(agent, contractId, 'SEND', body);
    return { payment, receipt: await receiptOf(payment, left) };
  }

  async function charge(
    agent: AgentRow,
    contractId: string,
    body: z.infer<typeof CollectChargeBody>,
  ): Promise<Accepted> {
    const precheck = await contracts.getOwn(agent, contractId);
    if (precheck.type === 'COLLECT' && precheck.status === 'ACTIVE' && !precheck.linked_method)
      throw badRequest('The customer has not linked a card to this contract yet');
    const { payment, contract, left } = await reserve(agent, contractId, 'COLLECT', body);
    const linked = JSON.parse(contract.linked_method!) as LinkedMethod;
    try {
      const { paymentRequestId } = await cards.charge(
        { merchantId: contract.merchant_id, environment: contract.environment },
        {
          customerId: contract.service_customer_id!,
          paymentMethodId: linked.paymentMethodId,
          amountPence: payment.amount_pence,
          orderId: body.orderId,
          ...(body.notes !== undefined ? { notes: body.notes } : {}),
        },
      );
      await linkRequest.run(paymentRequestId, payment.id);
    } catch (error) {
      // The charge never started: release the reservation at once.
      await finish.run({
        id: payment.id,
        status: 'FAILED',
        error: (error as Error).message,
        now: clock.now(contract.environment, contract.merchant_id),
      });
      throw error;
    }
    const charged = (await byId.get(payment.id, contract.merchant_id, contract.environment))!;
    return { payment: charged, receipt: await receiptOf(charged, left) };
  }

  async function get(agent: AgentRow, id: string): Promise<PaymentRow> {
    const row = await byId.get(id, agent.merchant_id, agent.environment);
    if (!row || !(await contractOf(agent, row.contract_id)))
      throw notFound('No payment with this id');
    return row;
  }
  const contractOf = async (agent: AgentRow, contractId: string) => {
    try {
      return await contracts.getOwn(agent, contractId);
    } catch {
      return undefined;
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

  /**
   * The scheduler's tick: SEND payments whose time has come complete or fail on the sandbox
   * bank; COLLECT charges follow the final status of their card payment. A completed SEND
   * payment becomes a DEBIT of the merchant's settlement account: the bank feed's ledger reads
   * it from contract_payments when it next catches the account up (src/service/bank/ledger.ts),
   * as it does the CREDITs of pay-by-bank payments, so the feed stays append-only in date order.
   */
  async function settleDue(): Promise<number> {
    let count = 0;
    for (const sweep of clock.sweeps()) count += await settleSendsIn(sweep);
    for (const environment of ENVIRONMENTS) count += await followChargesIn(environment);
    return count;
  }

  async function settleSendsIn(sweep: Sweep): Promise<number> {
    let count = 0;
    const { now } = sweep;
    for (const p of await dueSends(sweep, now, sweep.environment)) {
      const status = p.settle_outcome === 'FAILED' ? 'FAILED' : 'COMPLETED';
      count += (await finish.run({ id: p.id, status, error: p.error_description, now })).changes;
    }
    return count;
  }

  async function followChargesIn(environment: Environment): Promise<number> {
    let count = 0;
    for (const p of await openCharges.all(environment)) {
      const request = await payments.get(p.payment_request_id!);
      const status = request?.status;
      const now = clock.now(p.environment, p.merchant_id);
      if (status === 'COMPLETED')
        count += (await finish.run({ id: p.id, status: 'COMPLETED', error: null, now })).changes;
      else if (status === 'FAILED' || status === 'CANCELLED' || status === 'EXPIRED')
        count += (
          await finish.run({
            id: p.id,
            status: 'FAILED',
            error: request?.error_description ?? `The card payment is ${status}`,
            now,
          })
        ).changes;
    }
    return count;
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
