/**
 * `npm run mcp` as a desktop client runs it: the stdio entry in its own process (tsx), with the
 * real MCP SDK client, in front of a real service on loopback. Agent Pay's tools, each called:
 * registering, a contract and the wait for its decision, spends within and beyond the contract's
 * limits (refused with the service's reason), the person asked above the threshold (yes and no),
 * a client that cannot ask refused, a retried send paying once, each receipt shown as its verified
 * claims (and a receipt that does not verify refused, through a proxy serving another key), a
 * contract revoked and the next send refused, and no secret, key or signature anywhere.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeContract,
  limits,
  newKey,
  payee,
  registeredClient,
  type TestKey,
} from '../helpers/agent';
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

/** The record after a tool answer's summary lines. */
const json = (text: string) => JSON.parse(text.slice(text.indexOf('\n{') + 1));
const receiptKid = async () =>
  (await h.call('GET', '/.well-known/counter-receipts.json', undefined, null)).body.keys[0]
    .kid as string;
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
      'contract_revoke',
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
      limits: limits(),
    });
    expect(created.isError).toBe(false);
    const contract = json(created.text);
    contractId = contract.contractId;
    // No approver given: the business's approvers choose on the page.
    expect(created.text).toContain(
      `Ask one of the business's approvers to open ${contract.authorizationUrl}`,
    );
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
    // The receipt verified with the service's published key, and said as what it signs.
    const record = json(first.text);
    expect(first.text).toContain(
      `\nreceipt verified (key ${await receiptKid()}): contract ${contractId}, payment ${record.paymentId}, SEND £10.00 to Acme Supplies (sort code 123456, account 12345678), reference "INV-1", PENDING at ${record.createdAt} (sandbox)\n`,
    );
    expect(first.text).toMatch(
      /\nleft after it: DAY £90\.00 until \S+; MONTH £390\.00 until \S+\n/,
    );
    expect(record.receipt).toBeUndefined();
    expect(record.verifiedReceipt.claims).toMatchObject({
      contractId,
      paymentId: record.paymentId,
      amount: 10,
      usageLeft: [
        { period: 'DAY', remaining: 90 },
        { period: 'MONTH', remaining: 390 },
      ],
    });
    const retried = await send(10, idempotencyKey);
    expect(json(retried.text).paymentId).toBe(record.paymentId);
    expect(retried.text).toContain(`receipt verified (key `);
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
    expect(charged.text).toMatch(
      /\nreceipt verified \(key [\w-]+\): contract ctr_\w+, payment cpm_\w+, COLLECT £15\.00 charged for business \S+, order GYM-1, /,
    );
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

  it("refuses a receipt that does not verify with the service's keys, saying the payment may be made", async () => {
    // A proxy in front of the service serving its JWKS with another key under the same kid, as a
    // service whose keys were swapped would; the first read of each server may serve no key.
    const real = (await h.call('GET', '/.well-known/counter-receipts.json', undefined, null)).body;
    const other = newKey().privateKey.export({ format: 'jwk' });
    let served = 0;
    let jwks: (n: number) => unknown = () => real;
    const proxy = await startProxy(h.url, () => jwks(++served));
    const through = async (amount: number) => {
      const agentMcp = await stdioMcp(env({ COUNTER_URL: proxy.url, COUNTER_AGENT_ID: agentId }));
      try {
        return await agentMcp.call('agent_send', {
          contractId,
          amount,
          payee,
          reference: 'INV-PROXY',
          idempotencyKey: randomUUID(),
        });
      } finally {
        mcp.said.push(...agentMcp.said);
        await agentMcp.close();
      }
    };
    try {
      // An unknown kid reads the keys again: the service added one since they were read.
      jwks = (n) => (n === 1 ? { keys: [] } : real);
      const refetched = await through(1);
      expect(refetched.isError).toBe(false);
      expect(refetched.text).toContain('receipt verified (key ');
      expect(served).toBe(2);

      const swapped = real.keys.map((k: object) => ({ ...k, x: other.x, y: other.y }));
      jwks = () => ({ keys: swapped });
      const refused = await through(1);
      expect(refused.isError).toBe(true);
      const [paid] = await paymentsOf(contractId);
      expect(refused.text).toMatch(
        /^RECEIPT_INVALID: the service answered payment cpm_\w+ \(PENDING, £1\.00\) under contract ctr_\w+, but its receipt did not verify with the service's published keys \(The receipt signature does not verify/,
      );
      // The payment was made all the same: the answer says so and names it.
      expect(refused.text).toContain(`payment ${paid!.paymentId} (PENDING, £1.00)`);
      expect(refused.text).toContain('The payment may still have been made');
      expect(await paymentsOf(contractId)).toHaveLength(6);
    } finally {
      await new Promise((resolve) => proxy.server.close(resolve));
    }
  });

  it('revokes its own contract (not asking the person), and the next send is refused with CONTRACT_REVOKED', async () => {
    const asked = mcp.asked.length;
    const revoked = await mcp.call('contract_revoke', { contractId });
    expect(revoked.isError).toBe(false);
    expect(revoked.text).toMatch(
      new RegExp(
        `^Contract ${contractId} is REVOKED by the business at \\S+: nothing more can be paid`,
      ),
    );
    expect(mcp.asked).toHaveLength(asked);
    const refused = await send(1);
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/^CONTRACT_REVOKED \(409\): The contract was revoked at /);
    expect(await paymentsOf(contractId)).toHaveLength(6);

    const waited = await mcp.call('contract_wait', { contractId, waitSeconds: 0 });
    expect(waited.text).toMatch(/^Contract ctr_\w+ is REVOKED by the business at /);
    const listed = await mcp.call('contracts_list', { status: 'REVOKED' });
    expect(listed.text).toContain(`${contractId} "Supplies" SEND REVOKED by the business at `);

    // Another agent's contract of the same business: not this agent's to revoke.
    const { client } = await registeredClient(h, 'Another agent');
    const theirs = await activeContract(h, client);
    const notOurs = await mcp.call('contract_revoke', { contractId: theirs });
    expect(notOurs.isError).toBe(true);
    expect(notOurs.text).toMatch(/^NOT_FOUND \(404\)/);
    expect((await client.contract.get(theirs)).status).toBe('ACTIVE');
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

/** An HTTP proxy to the service that answers its receipt keys (the JWKS) with `jwks()`. */
async function startProxy(
  target: string,
  jwks: () => unknown,
): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    void (async () => {
      if (req.url === '/.well-known/counter-receipts.json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(jwks()));
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(
          ([name]) => !['host', 'connection', 'content-length'].includes(name),
        ),
      ) as Record<string, string>;
      const upstream = await fetch(target + req.url, {
        method: req.method!,
        headers,
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
      });
      const body = Buffer.from(await upstream.arrayBuffer());
      const answered = Object.fromEntries(
        [...upstream.headers].filter(
          ([name]) =>
            !['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(
              name,
            ),
        ),
      );
      res.writeHead(upstream.status, answered);
      res.end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
