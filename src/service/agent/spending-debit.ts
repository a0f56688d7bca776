/**
 * Money moved under a contract (spending.ts): a SEND payment to a payee's bank account or a
 * COLLECT charge of the customer's linked card, reserved in the transaction that checks the
 * contract (spending-limits.ts) and answered with the receipt the service signs.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { CollectChargeBody, SendPaymentBody } from '../../shared/contract/agent';
import { penceToPounds, poundsToPence } from '../../shared/money';
import { iso, type Clock } from '../kernel/clock';
import { badRequest } from '../kernel/errors';
import type { Store } from '../kernel/store/port';
import type { AgentRow } from './agents';
import type { CollectCards, LinkedMethod } from './collect-cards';
import type { ContractRow, Contracts, PeriodUsage } from './contracts';
import type { ReceiptSigner } from './receipt-signer';
import type { paymentStatements, PaymentRow } from './repo/spending';
import { checkSpend } from './spending-limits';

/** How long the sandbox bank takes to complete a SEND payment (on the sandbox clock). */
export const SEND_SETTLE_MS = 2000;
/** The sandbox bank refuses payments to this account number (to try the failure path). */
export const FAILING_ACCOUNT_NUMBER = '00000000';

/** A payment just accepted, with its signed receipt. */
export interface Accepted {
  payment: PaymentRow;
  receipt: string;
}

/** Who signs receipts, and the issuer they name. */
export interface Receipts {
  signer: ReceiptSigner;
  issuer: () => string;
}

/** The signed receipt of a payment just accepted (ReceiptClaims). */
async function receiptOf(
  receipts: Receipts,
  clock: Clock,
  payment: PaymentRow,
  left: PeriodUsage[],
): Promise<string> {
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

export function createDebits(
  store: Store,
  clock: Clock,
  contracts: Contracts,
  cards: CollectCards,
  receipts: Receipts,
  { insert, byId, finish, linkRequest }: ReturnType<typeof paymentStatements>,
) {
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
      const limits = await checkSpend(clock, contracts, contract, type, amount, input.currency);
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

  async function send(
    agent: AgentRow,
    contractId: string,
    body: z.infer<typeof SendPaymentBody>,
  ): Promise<Accepted> {
    const { payment, left } = await reserve(agent, contractId, 'SEND', body);
    return { payment, receipt: await receiptOf(receipts, clock, payment, left) };
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
    return { payment: charged, receipt: await receiptOf(receipts, clock, charged, left) };
  }

  return { send, charge };
}
