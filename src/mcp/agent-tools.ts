/**
 * Agent Pay as MCP tools: the agent registers (or shows itself), asks a person for a spending
 * contract and waits a bounded time for their decision, reads its contracts with the usage left
 * in each period, sends, collects and lists payments under them, and revokes one. Every call is
 * signed by the agent's own key through the Agent Pay client; the key comes from the server's
 * configuration, never from a tool argument, and no tool answer carries it. A send or collect
 * answers its receipt verified and said as its claims (receipts.ts), never the JWS.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { AgentPayError, type AgentPay, type ContractRecord } from '../agent/index';
import {
  AgentRegisterBody,
  CollectChargeBody,
  ContractCreateBody,
  ContractListFilters,
  ContractParams,
  ContractPaymentListQuery,
  SendPaymentBody,
} from '../shared/contract/agent';
import { IdempotencyKey } from '../shared/contract/common';
import { formatPence, poundsToPence } from '../shared/money';
import { confirmWithPerson } from './confirm';
import { contractStatusSaid, usageLines } from './contract-status';
import { receiptLines, receiptVerifier, type VerifiedPayment } from './receipts';
import { answer, guarded, ToolRefusal } from './results';

export interface AgentToolOptions {
  /** The Agent Pay client, holding the merchant's API key and the agent's signing key. */
  pay: AgentPay;
  /** Registers the key under this name when a tool needs the agent and none is known yet. */
  agentName?: string;
  /** A send or collect above this many pence asks the person first (0: every one). */
  confirmAbovePence: number;
}

/** The longest a tool waits for a person's decision: under MCP clients' usual 60 s call timeout. */
export const MAX_WAIT_SECONDS = 50;

const idempotencyKey = IdempotencyKey.describe(
  'Your key for this one payment (a fresh UUID): a retry with the same key and input is answered with the first result instead of paying again.',
);
const pounds = (amount: number) => formatPence(poundsToPence(amount));

/** A send or collect's answer: its summary, the verified receipt's claims, the record. */
function paidAnswer(summary: string, verified: VerifiedPayment) {
  return answer(`${summary}\n${receiptLines(verified)}`, {
    ...verified.payment,
    verifiedReceipt: { kid: verified.kid, claims: verified.claims },
  });
}

/** What every tool needs: the server, the client, and the steps the tools share. */
interface Tools {
  server: McpServer;
  pay: AgentPay;
  /** The agent id every signed call needs: known, or registered now under the configured name. */
  ensureAgent(): Promise<void>;
  /** Asks the person when the amount is above the threshold; resolves when it may go ahead. */
  confirmSpend(
    amount: number,
    question: string,
    extra: Parameters<typeof confirmWithPerson>[1],
  ): Promise<void>;
  verify: ReturnType<typeof receiptVerifier>;
}

export function registerAgentTools(server: McpServer, options: AgentToolOptions): void {
  const { pay } = options;
  const verify = receiptVerifier(pay);

  async function ensureAgent(): Promise<void> {
    if (pay.agentId) return;
    if (!options.agentName)
      throw new ToolRefusal(
        'NOT_REGISTERED: this key is not registered yet in this session: call agent_register with a name first (the same key always registers as the same agent), or start the server with COUNTER_AGENT_ID or COUNTER_AGENT_NAME.',
      );
    await pay.agent.register({ name: options.agentName });
  }

  async function confirmSpend(
    amount: number,
    question: string,
    extra: Parameters<typeof confirmWithPerson>[1],
  ) {
    if (poundsToPence(amount) <= options.confirmAbovePence) return;
    await confirmWithPerson(server, extra, question, 'The payment');
  }

  const tools: Tools = { server, pay, ensureAgent, confirmSpend, verify };
  registerSelf(tools);
  registerContractRequests(tools);
  registerSpending(tools);
  registerContractRecords(tools);
}

/** agent_register: registers this key, or shows the agent as registered. */
function registerSelf({ server, pay, ensureAgent }: Tools): void {
  server.registerTool(
    'agent_register',
    {
      title: 'Register or show this agent',
      description:
        "Registers this server's agent key with the business (idempotent: the same key is always the same agent; a new name or description is saved), or with no name shows the agent as registered.",
      inputSchema: AgentRegisterBody.omit({ publicKeyPem: true }).partial({ name: true }),
    },
    ({ name, description }) =>
      guarded(async () => {
        if (name !== undefined) {
          const agent = await pay.agent.register({
            name,
            ...(description !== undefined ? { description } : {}),
          });
          const { publicKeyPem: _public, ...shown } = agent;
          return answer(`Registered as agent ${agent.agentId} (${agent.environment})`, shown);
        }
        await ensureAgent();
        const me = await pay.agent.me();
        return answer(`Agent ${me.agentId} "${me.name}" (${me.environment}, ${me.status})`, me);
      }),
  );
}

/** Asking a person for a contract, waiting for their decision, and reading the contracts. */
function registerContractRequests({ server, pay, ensureAgent }: Tools): void {
  server.registerTool(
    'contract_create',
    {
      title: 'Ask a person for a spending contract',
      description:
        "Creates a spending contract (SEND: pay UK bank accounts; COLLECT: charge a customer's linked card) with limits: the most per payment and caps per period. It starts PENDING_AUTHORIZATION: give the authorizationUrl to a person who may approve it (one of the business's approvers for SEND, the customer for COLLECT); they pick themselves on that page and approve with a one-time code sent to them, then call contract_wait. No approver is needed: `approver` is only a suggestion among those people. Amounts are in pounds.",
      inputSchema: ContractCreateBody.safeExtend({ idempotencyKey: idempotencyKey.optional() }),
    },
    ({ idempotencyKey, ...input }) =>
      guarded(async () => {
        await ensureAgent();
        const contract = await pay.contract.create(input, { idempotencyKey });
        const suggested = contract.approver?.email ?? contract.approver?.phone;
        const to =
          suggested ??
          (contract.type === 'COLLECT' ? 'the customer' : "one of the business's approvers");
        return answer(
          `Contract ${contract.contractId} is ${contract.status}. Ask ${to} to open ${contract.authorizationUrl} and approve it (a one-time code is sent to the person they choose on the page); then call contract_wait.`,
          contract,
        );
      }),
  );

  server.registerTool(
    'contract_wait',
    {
      title: "Wait for the person's decision",
      description: `Polls a contract until the person approves or declines it, for at most waitSeconds (0 reads it once; at most ${MAX_WAIT_SECONDS}). Answers its status and usage; call again to keep waiting.`,
      inputSchema: ContractParams.extend({
        waitSeconds: z
          .number()
          .int('must be a whole number of seconds')
          .min(0, 'must be 0 or more')
          .max(MAX_WAIT_SECONDS, `must be at most ${MAX_WAIT_SECONDS}`)
          .default(30),
      }),
      annotations: { readOnlyHint: true },
    },
    ({ contractId, waitSeconds }) =>
      guarded(async () => {
        await ensureAgent();
        let contract: ContractRecord;
        try {
          contract = await pay.contract.awaitActive(contractId, { timeoutMs: waitSeconds * 1000 });
        } catch (error) {
          if (!(error instanceof AgentPayError) || !error.contract) throw error;
          contract = error.contract;
        }
        const said =
          contract.status === 'ACTIVE'
            ? 'approved: it may be used now'
            : contract.status === 'PENDING_AUTHORIZATION'
              ? `still waiting for the person after ${waitSeconds} s; call contract_wait again`
              : `is ${contractStatusSaid(contract)}`;
        return answer(`Contract ${contract.contractId} ${said}`, contract);
      }),
  );

  server.registerTool(
    'contracts_list',
    {
      title: 'List contracts and what is left',
      description:
        "This agent's contracts, newest first (filter by type and status; paged), each ACTIVE one with the amount left in each period, what is paid and pending, and when the period ends.",
      inputSchema: ContractListFilters,
      annotations: { readOnlyHint: true },
    },
    (filters) =>
      guarded(async () => {
        await ensureAgent();
        const page = await pay.contract.list(filters);
        // The list carries limits, not usage: read each live contract for what is left now.
        const contracts = await Promise.all(
          page.data.map((c) => (c.status === 'ACTIVE' ? pay.contract.get(c.contractId) : c)),
        );
        return answer(
          [
            `${contracts.length} of ${page.totalCount} contract(s), page ${page.page}`,
            ...contracts.map(usageLines),
          ].join('\n'),
          { ...page, data: contracts },
        );
      }),
  );
}

/** Sending and collecting under a contract, asking the person first above the threshold. */
function registerSpending({ server, pay, ensureAgent, confirmSpend, verify }: Tools): void {
  server.registerTool(
    'agent_send',
    {
      title: 'Send a payment under a contract',
      description:
        "Pays a UK bank account (payee name, sort code, account number) under an ACTIVE SEND contract's limits; the service refuses what the contract does not allow and says why. Above the server's confirmation threshold the person at the client is asked first (elicitation). Amount in pounds.",
      inputSchema: ContractParams.extend(SendPaymentBody.shape).safeExtend({ idempotencyKey }),
    },
    ({ contractId, idempotencyKey, ...input }, extra) =>
      guarded(async () => {
        await ensureAgent();
        await confirmSpend(
          input.amount,
          `Send ${pounds(input.amount)} to ${input.payee.name} (sort code ${input.payee.sortCode}, account ${input.payee.accountNumber}), reference "${input.reference}", under contract ${contractId}?`,
          extra,
        );
        const payment = await pay.contract.send(contractId, input, { idempotencyKey });
        return paidAnswer(
          `Payment ${payment.paymentId}: ${payment.status}, ${pounds(payment.amount)} to ${input.payee.name}`,
          await verify(payment),
        );
      }),
  );

  server.registerTool(
    'agent_collect',
    {
      title: "Charge a customer's card under a contract",
      description:
        "Charges the card the customer linked to an ACTIVE COLLECT contract, within its limits; the service refuses what the contract does not allow and says why. Above the server's confirmation threshold the person at the client is asked first (elicitation). Amount in pounds.",
      inputSchema: ContractParams.extend(CollectChargeBody.shape).safeExtend({ idempotencyKey }),
    },
    ({ contractId, idempotencyKey, ...input }, extra) =>
      guarded(async () => {
        await ensureAgent();
        await confirmSpend(
          input.amount,
          `Charge ${pounds(input.amount)} for order ${input.orderId} to the customer's card under contract ${contractId}?`,
          extra,
        );
        const payment = await pay.contract.collect(contractId, input, { idempotencyKey });
        return paidAnswer(
          `Charge ${payment.paymentId}: ${payment.status}, ${pounds(payment.amount)} for order ${input.orderId}`,
          await verify(payment),
        );
      }),
  );
}

/** Revoking a contract and listing the payments made under it. */
function registerContractRecords({ server, pay, ensureAgent }: Tools): void {
  server.registerTool(
    'contract_revoke',
    {
      title: 'Revoke a contract',
      description:
        "Revokes one of this agent's contracts at once: it becomes REVOKED and every later send or collect under it is refused with CONTRACT_REVOKED; payments already made stay. It moves no money, so the person is not asked. Revoking a REVOKED contract answers it unchanged; a DECLINED or EXPIRED one, which can move no money anyway, is refused (409).",
      inputSchema: ContractParams,
      annotations: { destructiveHint: true, idempotentHint: true },
    },
    ({ contractId }) =>
      guarded(async () => {
        await ensureAgent();
        // The service revokes with the business's secret alone, which reaches every agent's
        // contracts; read it signed first, which the service answers for this agent's own only.
        await pay.contract.get(contractId);
        const contract = await pay.contract.revoke(contractId);
        return answer(
          `Contract ${contract.contractId} is ${contractStatusSaid(contract)}`,
          contract,
        );
      }),
  );

  server.registerTool(
    'contract_payments_list',
    {
      title: 'List payments under a contract',
      description:
        'The payments and charges made under a contract, newest first: PENDING, COMPLETED or FAILED (with the reason); filter by status, paged.',
      inputSchema: ContractParams.extend(ContractPaymentListQuery.shape),
      annotations: { readOnlyHint: true },
    },
    ({ contractId, ...query }) =>
      guarded(async () => {
        await ensureAgent();
        const page = await pay.contract.payments(contractId, query);
        return answer(
          `${page.data.length} of ${page.totalCount} payment(s) under ${contractId}, page ${page.page}`,
          page,
        );
      }),
  );
}
