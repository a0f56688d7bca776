/**
 * `npm run mcp` as a desktop client runs it: the stdio entry in its own process (tsx), with the
 * real MCP SDK client, in front of a real service on loopback. Agent Pay's tools, each called:
 * registering, a contract and the wait for its decision, spends within and beyond the contract's
 * limits (refused with the service's reason), the person asked above the threshold (yes and no),
 * a client that cannot ask refused, a retried send paying once, and no secret or key anywhere.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, newKey, payee, type TestKey } from '../helpers/agent';
import { stdioMcp, type TestMcp } from '../helpers/mcp';
import { SANDBOX, startService, type Harness } from '../helpers/service';

let h: Harness;
let key: TestKey;
let dir: string;
let mcp: TestMcp;
const THRESHOLD_PENCE = 2000;

const env = (extra: Record<string, string> = {}) => ({
  COUNTER_URL: h.url,
  COUNTER_SECRET: SANDBOX,
  COUNTER_AGENT_KEY_FILE: join(dir, 'agent.pem'),
  COUNTER_MCP_CONFIRM_ABOVE: String(THRESHOLD_PENCE),
  ...extra,
});

beforeAll(async () => {
  h = await startService();
  key = newKey();
  dir = mkdtempSync(join(tmpdir(), 'counter-mcp-'));
  writeFileSync(join(dir, 'agent.pem'), key.privateKeyPem, { mode: 0o600 });
  mcp = await stdioMcp(env());
});
afterAll(async () => {
  await mcp?.close();
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

const json = (text: string) => JSON.parse(text.slice(text.indexOf('\n') + 1));
const authorize = (contractId: string) =>
  h.call('POST', `/api/sandbox/contracts/${contractId}/authorize`, { decision: 'APPROVE' });
const paymentsOf = async (contractId: string) =>
  (await h.call('GET', `/api/agent-contracts/${contractId}/payments?size=100`)).body.data as {
    paymentId: string;
    amount: number;
  }[];

let agentId: string;
let contractId: string;
const send = (amount: number, idempotencyKey = randomUUID()) =>
  mcp.call('agent_send', { contractId, amount, payee, reference: 'INV-1', idempotencyKey });

describe('npm run mcp (stdio), Agent Pay', () => {
  it("lists the agent's tools only: the merchant's need COUNTER_MCP_TOOLS", async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'agent_collect',
      'agent_register',
      'agent_send',
      'contract_create',
      'contract_payments_list',
      'contract_wait',
      'contracts_list',
    ]);
    const sendTool = tools.find((t) => t.name === 'agent_send')!;
    expect(sendTool.inputSchema.required).toEqual(
      expect.arrayContaining(['contractId', 'amount', 'payee', 'reference', 'idempotencyKey']),
    );
    expect(JSON.stringify(sendTool.inputSchema)).not.toMatch(/confirm/i);
  });

  it('registers the key (or shows it), asked first when unknown', async () => {
    const before = await mcp.call('contracts_list');
    expect(before.isError).toBe(true);
    expect(before.text).toMatch(/^NOT_REGISTERED/);
    const registered = await mcp.call('agent_register', { name: 'MCP buyer' });
    expect(registered.isError).toBe(false);
    agentId = json(registered.text).agentId;
    const shown = await mcp.call('agent_register');
    expect(shown.text).toContain(`Agent ${agentId} "MCP buyer" (sandbox, ACTIVE)`);
  });

  it('creates a contract for the person to approve, and waits a bounded time for the decision', async () => {
    const created = await mcp.call('contract_create', {
      name: 'Supplies',
      approver: { email: 'finance@example.com' },
      limits: limits(),
    });
    expect(created.isError).toBe(false);
    const contract = json(created.text);
    contractId = contract.contractId;
    expect(created.text).toContain(`Ask finance@example.com to open ${contract.authorizationUrl}`);
    const pending = await mcp.call('contract_wait', { contractId, waitSeconds: 0 });
    expect(pending.text).toMatch(/still waiting for the person/);
    const tooLong = await mcp.call('contract_wait', { contractId, waitSeconds: 3600 });
    expect(tooLong.isError).toBe(true);
    expect(tooLong.text).toMatch(/waitSeconds/);

    const waiting = mcp.call('contract_wait', { contractId, waitSeconds: 10 });
    expect((await authorize(contractId)).status).toBe(200);
    expect((await waiting).text).toMatch(/approved: it may be used now/);
  });

  it('sends within limits at once; a retry with the same key pays once', async () => {
    const idempotencyKey = randomUUID();
    const first = await send(10, idempotencyKey);
    expect(first.isError).toBe(false);
    expect(first.text).toMatch(/PENDING, £10\.00 to Acme Supplies/);
    const retried = await send(10, idempotencyKey);
    expect(json(retried.text).paymentId).toBe(json(first.text).paymentId);
    expect(mcp.asked).toHaveLength(0); // £10 is under the threshold
    expect(await paymentsOf(contractId)).toHaveLength(1);
  });

  it('asks the person above the threshold: declined, nothing is sent; confirmed, it is', async () => {
    mcp.answers.push('no');
    const declined = await send(30);
    expect(declined.isError).toBe(true);
    expect(declined.text).toMatch(/^DECLINED/);
    expect(mcp.asked.at(-1)).toMatch(
      /^Send £30\.00 to Acme Supplies \(sort code 123456, account 12345678\)/,
    );
    expect(await paymentsOf(contractId)).toHaveLength(1);

    mcp.answers.push('yes');
    const sent = await send(30);
    expect(sent.isError).toBe(false);
    expect(await paymentsOf(contractId)).toHaveLength(2);
  });

  it("refuses beyond maxPerPayment and beyond a period's cap, with the service's reason", async () => {
    mcp.answers.push('yes');
    const tooBig = await send(60);
    expect(tooBig.isError).toBe(true);
    expect(tooBig.text).toMatch(/^BAD_REQUEST \(400\): .*50/);
    expect(tooBig.text).toMatch(/\namount: /);

    mcp.answers.push('yes');
    expect((await send(45)).isError).toBe(false); // £85 of the day's £100
    const overDay = await send(20); // at the threshold: not asked
    expect(overDay.isError).toBe(true);
    expect(overDay.text).toMatch(/^BAD_REQUEST \(400\): .*DAY/);
    expect((await paymentsOf(contractId)).map((p) => p.amount)).toEqual([45, 30, 10]);
  });

  it('lists contracts with what is left in each period, and the payments under one', async () => {
    const listed = await mcp.call('contracts_list', { status: 'ACTIVE' });
    expect(listed.text).toContain('DAY: £15.00 left of £100.00');
    expect(listed.text).toContain('MONTH: £315.00 left of £400.00');
    const payments = await mcp.call('contract_payments_list', { contractId });
    expect(payments.text).toMatch(/^3 of 3 payment\(s\)/);
  });

  it("collects from a customer's linked card under a COLLECT contract", async () => {
    const customer = await h.call('POST', '/api/customers', {
      fullName: 'Jo Bloggs',
      email: `jo.${randomUUID().slice(0, 8)}@example.com`,
    });
    expect(customer.status).toBe(201);
    const card = await h.call('POST', `/api/sandbox/customers/${customer.body.id}/cards`, {
      number: '4242424242424242',
    });
    expect(card.status).toBe(201);
    const created = await mcp.call('contract_create', {
      name: 'Gym',
      type: 'COLLECT',
      serviceCustomerId: customer.body.id,
      approver: { email: customer.body.email },
      limits: limits(),
    });
    const gym = json(created.text).contractId;
    expect((await authorize(gym)).status).toBe(200);
    const charged = await mcp.call('agent_collect', {
      contractId: gym,
      amount: 15,
      orderId: 'GYM-1',
      idempotencyKey: randomUUID(),
    });
    expect(charged.isError).toBe(false);
    expect(charged.text).toMatch(/PENDING, £15\.00 for order GYM-1/);
  });

  it('refuses, moving nothing, when the client cannot ask its person', async () => {
    const mute = await stdioMcp(env({ COUNTER_AGENT_ID: agentId }), false);
    try {
      // Under the £20 threshold a send needs no one, so it goes through here too.
      const small = await mute.call('agent_send', {
        contractId,
        amount: 12,
        payee,
        reference: 'INV-2',
        idempotencyKey: randomUUID(),
      });
      expect(small.isError).toBe(false);
      const asked = await mute.call('agent_send', {
        contractId,
        amount: 25,
        payee,
        reference: 'INV-3',
        idempotencyKey: randomUUID(),
      });
      expect(asked.isError).toBe(true);
      expect(asked.text).toMatch(/^CONFIRMATION_UNAVAILABLE/);
      expect(await paymentsOf(contractId)).toHaveLength(4);
      mcp.said.push(...mute.said);
      expect(mute.stderr()).not.toContain(SANDBOX);
    } finally {
      await mute.close();
    }
  });

  it('never shows the secret, the private key or a signature', () => {
    const keyBody = key.privateKeyPem.split('\n').slice(1, 3).join('');
    for (const text of mcp.said) {
      expect(text).not.toContain(SANDBOX);
      expect(text).not.toContain('PRIVATE KEY');
      expect(text).not.toContain(keyBody.slice(0, 40));
      expect(text).not.toMatch(/eyJhbGciOiJFUzI1NiI/); // a JWS header
    }
    expect(mcp.stderr()).not.toContain(SANDBOX);
    expect(mcp.stderr()).not.toContain('PRIVATE KEY');
  });
});

describe('npm run mcp (stdio), the merchant tools', () => {
  it('serves them with COUNTER_MCP_TOOLS=merchant and the secret from a file', async () => {
    writeFileSync(join(dir, 'secret'), `${SANDBOX}\n`, { mode: 0o600 });
    const merchant = await stdioMcp({
      COUNTER_URL: h.url,
      COUNTER_SECRET_FILE: join(dir, 'secret'),
      COUNTER_MCP_TOOLS: 'merchant',
    });
    try {
      const { tools } = await merchant.client.listTools();
      expect(tools.map((t) => t.name)).toContain('refund_create');
      expect(tools.map((t) => t.name)).not.toContain('agent_send');
      const created = await merchant.call('payment_request_create', {
        customerId: 'cus-1',
        orderId: 'ORD-STDIO',
        amount: 4.2,
        idempotencyKey: randomUUID(),
      });
      expect(created.isError).toBe(false);
      expect(created.text).toMatch(/for £4\.20: pay at http/);
      expect(merchant.said.join('\n')).not.toContain(SANDBOX);
    } finally {
      await merchant.close();
    }
  });
});
