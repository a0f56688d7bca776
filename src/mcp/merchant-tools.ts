/**
 * The merchant's payment tools, over the payments interface with the merchant's access secret:
 * payment requests (with their QR codes), their status, pushing a payment to a terminal, the
 * list, refunds, and the business's Agent Pay contracts (listed, and revoked). Inputs are the
 * contract's own schemas; every call that creates or moves money carries the caller's idempotency
 * key to the service as Idempotency-Key, and a refund waits for the person's yes.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { BusinessContractListQuery, ContractParams } from '../shared/contract/agent';
import { IdempotencyKey } from '../shared/contract/common';
import {
  PaymentListQuery,
  PaymentRequestParams,
  ProcessPaymentBody,
} from '../shared/contract/payments';
import { RefundCreateBody } from '../shared/contract/refunds';
import { RemotePaymentBody } from '../shared/contract/terminals';
import type { FetchClient } from '../shared/contract/fetch-client';
import { formatPence, poundsToPence } from '../shared/money';
import { confirmWithPerson } from './confirm';
import { contractStatusSaid, usageLines } from './contract-status';
import { answer, guarded } from './results';

const idempotencyKey = IdempotencyKey.describe(
  'Your key for this one payment (a fresh UUID): a retry with the same key and input is answered with the first result instead of running again.',
);

const pounds = (amount: number) => formatPence(poundsToPence(amount));

export function registerMerchantTools(server: McpServer, client: FetchClient): void {
  // In this order, which is the order tools/list names them.
  registerPaymentRequestTools(server, client);
  registerTerminalTools(server, client);
  registerTakenPaymentTools(server, client);
  registerContractTools(server, client);
}

/** A new payment request (QR code and link) and where one stands. */
function registerPaymentRequestTools(server: McpServer, client: FetchClient): void {
  server.registerTool(
    'payment_request_create',
    {
      title: 'Create a payment request',
      description:
        'Creates a payment request the customer pays by scanning its QR code or opening its link (pay by bank or card). Answers the paymentUrl and the QR code links (SVG and PNG). Amounts are in pounds.',
      inputSchema: ProcessPaymentBody.safeExtend({ idempotencyKey }),
    },
    ({ idempotencyKey, ...body }) =>
      guarded(async () => {
        const created = await client.call('processPayment', { body, idempotencyKey });
        return answer(
          `Payment request ${created.paymentRequestId} for ${pounds(body.amount)}: pay at ${created.paymentUrl} (QR code: ${created.qrCodeUrl})`,
          created,
        );
      }),
  );

  server.registerTool(
    'payment_request_status',
    {
      title: 'Read a payment request',
      description:
        'Where a payment request stands now: status (PENDING, COMPLETED, FAILED, EXPIRED, ...), amount, tip, paid and refunded amounts, and its transactions.',
      inputSchema: PaymentRequestParams,
      annotations: { readOnlyHint: true },
    },
    ({ paymentRequestId }) =>
      guarded(async () => {
        const record = await client.call('getPaymentStatus', { params: { paymentRequestId } });
        return answer(
          `Payment request ${record.paymentRequestId}: ${record.status}, ${pounds(record.amount)}`,
          record,
        );
      }),
  );
}

/** The paired terminals, and a payment pushed to one's customer display. */
function registerTerminalTools(server: McpServer, client: FetchClient): void {
  server.registerTool(
    'terminals_list',
    {
      title: 'List terminals',
      description:
        'The paired terminals (kiosks): id, name, whether remote payments are on, online now. The id is what terminal_push_payment takes.',
      annotations: { readOnlyHint: true },
    },
    () =>
      guarded(async () => {
        const terminals = await client.call('listTerminals');
        return answer(`${terminals.length} terminal(s)`, terminals);
      }),
  );

  server.registerTool(
    'terminal_push_payment',
    {
      title: 'Push a payment to a terminal',
      description:
        'Creates a payment request and pushes it to a terminal (id from terminals_list): its customer display shows the amount and QR code at once. Follow it with payment_request_status.',
      inputSchema: RemotePaymentBody.safeExtend({ idempotencyKey }),
    },
    ({ idempotencyKey, ...body }) =>
      guarded(async () => {
        const pushed = await client.call('processRemotePayment', { body, idempotencyKey });
        return answer(
          `Pushed ${pounds(body.amount)} to terminal ${body.id}: payment request ${pushed.paymentRequestId}`,
          pushed,
        );
      }),
  );
}

/** The payments taken (listed and filtered), and a refund of one once the person says yes. */
function registerTakenPaymentTools(server: McpServer, client: FetchClient): void {
  server.registerTool(
    'payments_list',
    {
      title: 'List payments',
      description:
        'Payment requests, newest first, each with its status and transactions; filter by status, terminalId or customerId (paged: page, size up to 100).',
      inputSchema: PaymentListQuery,
      annotations: { readOnlyHint: true },
    },
    (query) =>
      guarded(async () => {
        const page = await client.call('listPaymentRequests', { query });
        return answer(
          `${page.data.length} of ${page.totalCount} payment request(s), page ${page.page}`,
          page,
        );
      }),
  );

  server.registerTool(
    'refund_create',
    {
      title: 'Refund a payment',
      description:
        'Refunds a COMPLETED payment request, in full when no amount is given. Always asks the person at the client to confirm first (their MCP client must support elicitation); declined, nothing is refunded.',
      inputSchema: PaymentRequestParams.extend(RefundCreateBody.shape).safeExtend({
        idempotencyKey,
      }),
      annotations: { destructiveHint: true },
    },
    ({ paymentRequestId, idempotencyKey, ...body }, extra) =>
      guarded(async () => {
        const payment = await client.call('getPaymentStatus', { params: { paymentRequestId } });
        const how = body.amount === undefined ? 'in full' : pounds(body.amount);
        await confirmWithPerson(
          server,
          extra,
          `Refund ${how} of payment ${payment.orderId} (${pounds(payment.paidAmount)} paid, ${payment.status})?`,
          'The refund',
        );
        const refund = await client.call('createRefund', {
          params: { paymentRequestId },
          body,
          idempotencyKey,
        });
        return answer(
          `Refund ${refund.refundId}: ${refund.status}, ${String(refund.refundAmount)} ${refund.currency} of payment request ${paymentRequestId}`,
          refund,
        );
      }),
  );
}

/** The business's Agent Pay contracts: listed with what is left, and revoked. */
function registerContractTools(server: McpServer, client: FetchClient): void {
  server.registerTool(
    'agent_contracts_list',
    {
      title: "List the agents' contracts",
      description:
        "Every Agent Pay contract of the business's agents, newest first (filter by agentId, type, status; paged), each with its status (REVOKED and EXPIRED said as such) and what is left in each period. The id is what agent_contract_revoke takes.",
      inputSchema: BusinessContractListQuery,
      annotations: { readOnlyHint: true },
    },
    (query) =>
      guarded(async () => {
        const page = await client.call('listBusinessContracts', { query });
        return answer(
          [
            `${page.data.length} of ${page.totalCount} contract(s), page ${page.page}`,
            ...page.data.map(usageLines),
          ].join('\n'),
          page,
        );
      }),
  );

  server.registerTool(
    'agent_contract_revoke',
    {
      title: "Revoke an agent's contract",
      description:
        "Revokes one of the business's Agent Pay contracts at once: it becomes REVOKED and the agent's every later send or collect under it is refused with CONTRACT_REVOKED; payments already made stay. It moves no money, so the person is not asked. Revoking a REVOKED contract answers it unchanged; a DECLINED or EXPIRED one is refused (409).",
      inputSchema: ContractParams,
      annotations: { destructiveHint: true, idempotentHint: true },
    },
    ({ contractId }) =>
      guarded(async () => {
        const contract = await client.call('revokeContract', { params: { contractId } });
        return answer(
          `Contract ${contract.contractId} is ${contractStatusSaid(contract)}`,
          contract,
        );
      }),
  );
}
