/**
 * MCP over Streamable HTTP at /mcp against the real service on loopback, with the real MCP SDK
 * client: the merchant's tools, each called; a refund confirmed, declined, and refused to a client
 * that cannot ask its person; a retried call with one idempotency key paying once; an agent's
 * contract revoked by the business (its next send refused); the secret never in a tool answer.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentPayError } from '../../agent/index';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { PairResponse } from '../../shared/contract/terminals';
import { activeContract, payee, registeredClient } from '../../../test/helpers/agent';
import { httpMcp, type TestMcp } from '../../../test/helpers/mcp';
import { PRODUCTION, SANDBOX, startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
let mcp: TestMcp;
beforeAll(async () => {
  h = await startService();
  mcp = await httpMcp(h.url, SANDBOX);
});
afterAll(async () => {
  await mcp?.close();
  await h.close();
});

const json = (text: string) => JSON.parse(text.slice(text.indexOf('\n') + 1));

async function paidPayment(amount = 20) {
  const created = await mcp.call('payment_request_create', {
    customerId: 'cus-1',
    orderId: `ORD-${randomUUID().slice(0, 8)}`,
    amount,
    idempotencyKey: randomUUID(),
  });
  expect(created.isError).toBe(false);
  const { paymentRequestId } = json(created.text);
  const paid = await h.call('POST', `/api/sandbox/payment-requests/${paymentRequestId}/simulate`, {
    paymentMethod: 'PAY_BY_BANK',
    outcome: 'COMPLETED',
  });
  expect(paid.status).toBe(200);
  return paymentRequestId as string;
}
const refundsOf = (paymentRequestId: string) => h.call('GET', `/api/refund/${paymentRequestId}`);

describe('/mcp', () => {
  it('answers 401 in the error envelope without a secret, or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer sk_sandbox_wrong']) {
      const res = await fetch(`${h.url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(res.status).toBe(401);
      expect(ErrorEnvelope.parse(await res.json()).name).toBe('UNAUTHORIZED');
    }
  });

  it("lists the merchant's tools, with input schemas from the contract", async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'agent_contract_revoke',
      'agent_contracts_list',
      'payment_request_create',
      'payment_request_status',
      'payments_list',
      'refund_create',
      'terminal_push_payment',
      'terminals_list',
    ]);
    const create = tools.find((t) => t.name === 'payment_request_create')!;
    expect(create.inputSchema.required).toEqual(
      expect.arrayContaining(['customerId', 'orderId', 'amount', 'idempotencyKey']),
    );
  });

  it('creates a payment request with its QR link, reads it and lists it; a retry with the same key creates one', async () => {
    const args = {
      customerId: 'cus-1',
      orderId: 'ORD-RETRY',
      amount: 12.5,
      idempotencyKey: randomUUID(),
    };
    const first = await mcp.call('payment_request_create', args);
    expect(first.isError).toBe(false);
    expect(first.text).toMatch(/£12\.50/);
    const created = json(first.text);
    expect(created.qrCodeUrl).toMatch(/\/qr\.svg$/);
    const again = await mcp.call('payment_request_create', args);
    expect(json(again.text).paymentRequestId).toBe(created.paymentRequestId);

    const status = await mcp.call('payment_request_status', {
      paymentRequestId: created.paymentRequestId,
    });
    expect(status.text).toMatch(/PAYMENT_NOT_INITIATED, £12\.50/);
    const list = await mcp.call('payments_list', { size: 100 });
    const orders = json(list.text).data.filter(
      (p: { orderId: string }) => p.orderId === 'ORD-RETRY',
    );
    expect(orders).toHaveLength(1);
  });

  it('names the field of a bad input, as the HTTP API does, and creates nothing', async () => {
    const bad = await mcp.call('payment_request_create', {
      customerId: 'cus-1',
      orderId: 'ORD-BAD',
      amount: -3,
      idempotencyKey: randomUUID(),
    });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/amount/);
    const unknown = await mcp.call('payment_request_status', { paymentRequestId: randomUUID() });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toMatch(/^NOT_FOUND \(404\)/);
  });

  it('pushes a payment to a terminal it lists', async () => {
    const code = await h.call('POST', '/api/terminal/pairing-codes', {});
    const paired = PairResponse.parse(
      (await h.call('POST', '/api/terminal/pair', { code: code.body.code, name: 'Till 1' }, null))
        .body,
    );
    // As the kiosk does on start: it can then be reached by push.
    const token = await h.call(
      'PUT',
      '/api/terminal/push-token',
      { fcmToken: 'fcm-test-token' },
      paired.secret,
    );
    expect(token.status).toBe(200);
    const listed = await mcp.call('terminals_list');
    expect(listed.text).toContain(paired.terminal.id);
    const pushed = await mcp.call('terminal_push_payment', {
      id: paired.terminal.id,
      amount: 7,
      idempotencyKey: randomUUID(),
    });
    expect(pushed.isError).toBe(false);
    const { paymentRequestId } = json(pushed.text);
    const status = await h.call('GET', `/api/payments/v1/payment-status/${paymentRequestId}`);
    expect(status.body.terminalId).toBe(paired.terminal.id);
    // The terminal's own secret never reaches a tool answer.
    expect(mcp.said.join('\n')).not.toContain(paired.secret);
  });
});

describe('/mcp: refunds, revocations and sessions', () => {
  it('refunds only after the person confirms; declined, nothing is refunded', async () => {
    const paymentRequestId = await paidPayment(20);
    mcp.answers.push('no');
    const declined = await mcp.call('refund_create', {
      paymentRequestId,
      amount: 5,
      idempotencyKey: randomUUID(),
    });
    expect(declined.isError).toBe(true);
    expect(declined.text).toMatch(/^DECLINED/);
    expect(mcp.asked.at(-1)).toMatch(/Refund £5\.00 of payment ORD-.* \(£20\.00 paid, COMPLETED\)/);
    expect((await refundsOf(paymentRequestId)).status).toBe(404);

    const key = randomUUID();
    mcp.answers.push('yes', 'yes');
    const refunded = await mcp.call('refund_create', {
      paymentRequestId,
      amount: 5,
      idempotencyKey: key,
    });
    expect(refunded.isError).toBe(false);
    // The same call retried (its answer lost, say): the same refund, not a second one.
    const retried = await mcp.call('refund_create', {
      paymentRequestId,
      amount: 5,
      idempotencyKey: key,
    });
    expect(json(retried.text).refundId).toBe(json(refunded.text).refundId);
    const refunds = await refundsOf(paymentRequestId);
    expect(refunds.body).toHaveLength(1);
  });

  it('refuses a refund to a client that cannot ask its person, and refunds nothing', async () => {
    const paymentRequestId = await paidPayment(15);
    const mute = await httpMcp(h.url, SANDBOX, false);
    try {
      const refused = await mute.call('refund_create', {
        paymentRequestId,
        idempotencyKey: randomUUID(),
      });
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(/^CONFIRMATION_UNAVAILABLE/);
      expect((await refundsOf(paymentRequestId)).status).toBe(404);
    } finally {
      await mute.close();
    }
  });

  it("revokes an agent's contract without asking the person, and the agent's next send is refused", async () => {
    const { client } = await registeredClient(h, 'Buyer');
    const contractId = await activeContract(h, client);
    const listed = await mcp.call('agent_contracts_list', { status: 'ACTIVE' });
    expect(listed.text).toContain(`${contractId} "Supplies" SEND ACTIVE: payments can be made`);

    const asked = mcp.asked.length;
    const revoked = await mcp.call('agent_contract_revoke', { contractId });
    expect(revoked.isError).toBe(false);
    expect(revoked.text).toMatch(
      new RegExp(
        `^Contract ${contractId} is REVOKED by the business at \\S+: nothing more can be paid`,
      ),
    );
    expect(mcp.asked).toHaveLength(asked);
    const { revokedAt } = JSON.parse(revoked.text.slice(revoked.text.indexOf('\n') + 1));

    const refused = await client.contract
      .send(contractId, { amount: 1, payee, reference: 'INV-1' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AgentPayError);
    expect((refused as AgentPayError).code).toBe('CONTRACT_REVOKED');

    // Again: the same contract, revoked when it first was.
    const again = await mcp.call('agent_contract_revoke', { contractId });
    expect(JSON.parse(again.text.slice(again.text.indexOf('\n') + 1)).revokedAt).toBe(revokedAt);
    const after = await mcp.call('agent_contracts_list', { status: 'REVOKED' });
    expect(after.text).toContain(`${contractId} "Supplies" SEND REVOKED by the business at `);
    const unknown = await mcp.call('agent_contract_revoke', { contractId: 'ctr_nope' });
    expect(unknown.text).toMatch(/^NOT_FOUND \(404\)/);
  });

  it('keeps a session to the secret that opened it', async () => {
    const sessionId = (mcp.client.transport as { sessionId?: string }).sessionId!;
    const res = await fetch(`${h.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${PRODUCTION}`,
        'mcp-session-id': sessionId,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
    });
    expect(res.status).toBe(404);
  });

  it('never puts the secret in a tool answer', () => {
    expect(mcp.said.length).toBeGreaterThan(5);
    for (const text of mcp.said) {
      expect(text).not.toContain(SANDBOX);
      expect(text).not.toMatch(/Bearer/i);
    }
  });
});
