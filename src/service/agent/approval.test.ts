/**
 * Only the human approves a spending contract. The agent holds the authorizationUrl, so the
 * link alone must not approve: approving on the page needs the one-time code the service sends
 * to the approver the contract names (by e-mail through a real local SMTP server here, or SMS).
 * Over real HTTP against a service on loopback, with the live key as an agent would hold it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentPay, AgentPayError } from '../../agent/index';
import { CODE_TTL_MS, MAX_WRONG_CODES } from './approval-codes';
import { OutboxMessagePage } from '../../shared/contract/messages';
import {
  limits,
  newKey,
  payee,
  postForm,
  registeredClient,
  sandboxCode,
} from '../../../test/helpers/agent';
import { startMailbox, type Mailbox } from '../../../test/helpers/mailbox';
import { PRODUCTION, startService, type Harness } from '../../../test/helpers/service';

let mailbox: Mailbox;
let h: Harness;

/** The approvers the operator listed for production (SERVICE_AGENT_APPROVERS). */
const APPROVERS = Array.from({ length: 40 }, (_, i) => `owner${i + 1}@shop.example`);

beforeAll(async () => {
  mailbox = await startMailbox();
  h = await startService({ mail: { smtpUrl: mailbox.url }, agentApprovers: APPROVERS });
});
afterAll(async () => {
  await h.close();
  await mailbox.close();
});

let n = 0;
/** A live agent (the production key, as the finding's agent held it) with a new SEND contract. */
async function liveContract(
  approver: Record<string, string> = { email: `owner${++n}@shop.example` },
) {
  const key = newKey();
  const pay = new AgentPay({
    baseUrl: h.url,
    apiKey: PRODUCTION,
    privateKeyPem: key.privateKeyPem,
  });
  await pay.agent.register({ name: 'Rogue bot' });
  const contract = await pay.contract.create({
    name: 'Supplies',
    approver,
    limits: limits({ maxPerPayment: 5000, periodLimits: [{ amount: 5000, period: 'DAY' }] }),
  } as never);
  return { pay, contract, url: contract.authorizationUrl!, to: approver.email ?? '' };
}

/** The code in the e-mail the SMTP server received for `to`. */
const emailedCode = (to: string) => mailbox.codeFor(to);

describe('approving a production contract', () => {
  it("the agent's own APPROVE on its link, without the code or with a guess, changes nothing", async () => {
    const { pay, contract, url } = await liveContract();
    expect(contract.approver).toEqual({ email: expect.stringMatching(/@shop\.example$/) });
    const bare = await postForm(url, { decision: 'APPROVE' });
    expect(bare.status).toBe(400);
    expect(await bare.text()).toContain('Send yourself a code first');
    expect((await postForm(`${url}/code`, {})).status).toBe(303);
    const noCode = await postForm(url, { decision: 'APPROVE' });
    expect(noCode.status).toBe(400);
    expect(await noCode.text()).toContain('Type the code we sent you');
    const guess = await postForm(url, { decision: 'APPROVE', code: '000000' });
    expect(guess.status).toBe(400);
    expect(await guess.text()).toMatch(/not right/);
    expect((await pay.contract.get(contract.contractId)).status).toBe('PENDING_AUTHORIZATION');
    await expect(
      pay.contract.send(contract.contractId, { amount: 4999, payee, reference: 'r' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // The sandbox control is the sandbox secret's alone.
    const control = await h.call(
      'POST',
      `/api/sandbox/contracts/${contract.contractId}/authorize`,
      { decision: 'APPROVE' },
      PRODUCTION,
    );
    expect(control.status).toBe(400);
    expect((await pay.contract.get(contract.contractId)).status).toBe('PENDING_AUTHORIZATION');
  });

  it('the code reaches the approver by e-mail and no API answer to the agent or the live key', async () => {
    const { pay, contract, url, to } = await liveContract();
    expect((await postForm(`${url}/code`, {})).status).toBe(303);
    const code = await emailedCode(to);

    const answers = [
      JSON.stringify(await pay.contract.get(contract.contractId)),
      JSON.stringify(await pay.contract.list({})),
      JSON.stringify(await pay.agent.me()),
      await (await fetch(url)).text(),
    ];
    for (const path of [
      '/api/agent-contracts',
      `/api/agent-contracts/${contract.contractId}`,
      '/api/sandbox/messages',
    ])
      answers.push(JSON.stringify((await h.call('GET', path, undefined, PRODUCTION)).body));
    // The outbox listing is the sandbox's alone (400 "sandbox secrets only").
    expect((await h.call('GET', '/api/sandbox/messages', undefined, PRODUCTION)).status).toBe(400);
    for (const answer of answers) expect(answer).not.toContain(code);
    // Stored as a salted hash only.
    const rows = await h.service.store.prepare('SELECT * FROM contract_approval_codes').all();
    expect(JSON.stringify(rows)).not.toContain(code);

    const approved = await postForm(url, { decision: 'APPROVE', code });
    expect(approved.status).toBe(200);
    expect(await approved.text()).toContain('is active');
    expect((await pay.contract.get(contract.contractId)).status).toBe('ACTIVE');
    // Single use: the link (and its code) is spent.
    expect((await postForm(url, { decision: 'APPROVE', code })).status).toBe(410);
  });

  it('an update of the limits needs a new code too', async () => {
    const { pay, contract, url, to } = await liveContract();
    await postForm(`${url}/code`, {});
    await postForm(url, { decision: 'APPROVE', code: await emailedCode(to) });
    const staged = await pay.contract.update(contract.contractId, {
      limits: limits({ maxPerPayment: 9000, periodLimits: [{ amount: 9000, period: 'DAY' }] }),
    } as never);
    const bare = await postForm(staged.authorizationUrl!, { decision: 'APPROVE' });
    expect(bare.status).toBe(400);
    expect((await pay.contract.get(contract.contractId)).pendingUpdate).not.toBeNull();
    expect((await pay.contract.get(contract.contractId)).limits.maxPerPayment).toBe(5000);
  });

  it('with no way to deliver the code (no SMTP server), the page says so and sends none', async () => {
    const bare = await startService({ agentApprovers: ['owner@shop.example'] });
    try {
      const key = newKey();
      const pay = new AgentPay({
        baseUrl: bare.url,
        apiKey: PRODUCTION,
        privateKeyPem: key.privateKeyPem,
      });
      await pay.agent.register({ name: 'Bot' });
      const contract = await pay.contract.create({
        name: 'Supplies',
        approver: { email: 'owner@shop.example' },
        limits: limits(),
      } as never);
      const sent = await postForm(`${contract.authorizationUrl!}/code`, {});
      expect(sent.status).toBe(503);
      expect(await sent.text()).toContain('cannot send the code');
      expect(await bare.service.store.prepare('SELECT count(*) AS n FROM messages').get()).toEqual({
        n: 0,
      });
    } finally {
      await bare.close();
    }
  });
});

describe('the code (sandbox: read from the sandbox outbox)', () => {
  const sandboxContract = async (
    approver: Record<string, string> = { email: 'ap@example.com' },
  ) => {
    const { client } = await registeredClient(h);
    const contract = await client.contract.create({
      name: 'Supplies',
      approver,
      limits: limits(),
    } as never);
    return { client, contract, url: contract.authorizationUrl! };
  };

  it(`counts wrong codes: ${MAX_WRONG_CODES} lock the link's approval, even for the right code`, async () => {
    const { client, contract, url } = await sandboxContract();
    const code = await sandboxCode(h, url);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let left = MAX_WRONG_CODES - 1; left >= 1; left--) {
      const res = await postForm(url, { decision: 'APPROVE', code: wrong });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(`${left} ${left === 1 ? 'try' : 'tries'} left`);
    }
    const last = await postForm(url, { decision: 'APPROVE', code: wrong });
    expect(await last.text()).toContain('can no longer approve');
    const right = await postForm(url, { decision: 'APPROVE', code });
    expect(right.status).toBe(400);
    expect(await right.text()).toContain('can no longer approve');
    expect((await client.contract.get(contract.contractId)).status).toBe('PENDING_AUTHORIZATION');
    const html = await (await fetch(url)).text();
    expect(html).toContain('Too many wrong codes');
    expect(html).not.toContain('value="APPROVE"');
    expect((await postForm(`${url}/code`, {})).status).toBe(400);
    // Declining needs no code and stays open.
    expect(await (await postForm(url, { decision: 'DECLINE' })).text()).toContain('was declined');
  });

  it('expires after 10 minutes of the service clock; a new code replaces the old one', async () => {
    const { client, contract, url } = await sandboxContract();
    const first = await sandboxCode(h, url);
    const page = await (await fetch(url)).text();
    expect(page).toContain('Type the code we sent to a•••@example.com');
    expect(page).toContain('value="APPROVE"');
    await h.call('POST', '/api/sandbox/clock/advance', { ms: CODE_TTL_MS });
    const late = await postForm(url, { decision: 'APPROVE', code: first });
    expect(late.status).toBe(400);
    expect(await late.text()).toContain('That code has expired');
    expect((await client.contract.get(contract.contractId)).status).toBe('PENDING_AUTHORIZATION');
    const second = await sandboxCode(h, url);
    if (second !== first) {
      const old = await postForm(url, { decision: 'APPROVE', code: first });
      // An expired code is no guess (not counted); the old code is simply wrong now.
      expect(await old.text()).toContain(`${MAX_WRONG_CODES - 1} tries left`);
    }
    const ok = await postForm(url, {
      decision: 'APPROVE',
      code: ` ${second.slice(0, 3)} ${second.slice(3)} `,
    });
    expect(ok.status).toBe(200);
    expect((await client.contract.get(contract.contractId)).status).toBe('ACTIVE');
  });

  it('goes by SMS to a phone approver; the sandbox outbox shows it to the sandbox secret', async () => {
    const { url } = await sandboxContract({ phone: '+447700900123' });
    const code = await sandboxCode(h, url);
    const list = OutboxMessagePage.parse((await h.call('GET', '/api/sandbox/messages')).body).data;
    expect(list.find((m) => m.link === url)).toMatchObject({
      channel: 'SMS',
      to: '+447700900123',
      status: 'STORED',
      body: expect.stringContaining(code),
    });
    expect(await (await fetch(url)).text()).toContain('+44•••••123');
    // The sandbox reset forgets the codes with the contracts.
    expect((await h.call('POST', '/api/sandbox/reset')).status).toBe(200);
    const orphans = h.service.store.prepare(
      'SELECT count(*) AS n FROM contract_approval_codes WHERE contract_id NOT IN (SELECT id FROM contracts)',
    );
    expect(await orphans.get()).toEqual({ n: 0 });
  });

  it('the create request must name the approver; a bad one is refused naming the field', async () => {
    const { client } = await registeredClient(h);
    const before = await h.service.store.prepare('SELECT count(*) AS n FROM contracts').get();
    for (const [approver, field] of [
      [undefined, 'approver'],
      [{}, 'approver.email'],
      [{ email: 'not an address' }, 'approver.email'],
      [{ phone: '07700900123' }, 'approver.phone'],
      [{ email: 'a@example.com', phone: '+447700900123' }, 'approver.email'],
    ] as const)
      await expect(
        client.contract.create({ name: 'x', approver, limits: limits() } as never),
      ).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        errors: [expect.objectContaining({ field })],
      });
    expect(await h.service.store.prepare('SELECT count(*) AS n FROM contracts').get()).toEqual(
      before,
    );
  });
});

describe('who may approve a production contract', () => {
  const agent = async (server: Harness) => {
    const pay = new AgentPay({
      baseUrl: server.url,
      apiKey: PRODUCTION,
      privateKeyPem: newKey().privateKeyPem,
    });
    await pay.agent.register({ name: 'Self-approving bot' });
    return pay;
  };
  const refusal = (error: unknown) => {
    expect(error).toBeInstanceOf(AgentPayError);
    return (error as AgentPayError).errors;
  };

  it('a SEND contract names one of the approvers the operator listed, never one of its own', async () => {
    const pay = await agent(h);
    const before = (await pay.contract.list()).data.length;
    const own = await pay.contract
      .create({
        name: 'Supplies',
        approver: { email: 'bot-inbox@attacker.example' },
        limits: limits(),
      } as never)
      .catch((error: unknown) => error);
    expect(refusal(own)).toEqual([
      {
        field: 'approver',
        message:
          'is not one of the approvers the operator set for production contracts (SERVICE_AGENT_APPROVERS)',
      },
    ]);
    expect((await pay.contract.list()).data).toHaveLength(before);
    // Any case of a listed address is the same person.
    const listed = await pay.contract.create({
      name: 'Supplies',
      approver: { email: 'OWNER7@shop.example' },
      limits: limits(),
    } as never);
    expect(listed.status).toBe('PENDING_AUTHORIZATION');
  });

  it('with no approvers listed, no production contract can be made, and the error says why', async () => {
    const bare = await startService();
    try {
      const pay = await agent(bare);
      const refused = await pay.contract
        .create({
          name: 'S',
          approver: { email: 'owner1@shop.example' },
          limits: limits(),
        } as never)
        .catch((error: unknown) => error);
      expect(refusal(refused)[0]!.message).toMatch(/SERVICE_AGENT_APPROVERS/);
    } finally {
      await bare.close();
    }
  });

  it('a COLLECT contract is approved by the paying customer, at their contact on file', async () => {
    const customer = await h.call(
      'POST',
      '/api/customers',
      { fullName: 'Pat Payer', email: 'pat@example.com' },
      PRODUCTION,
    );
    expect(customer.status).toBe(201);
    const pay = await agent(h);
    const collect = (email: string) =>
      pay.contract.create({
        name: 'Subscription',
        type: 'COLLECT',
        serviceCustomerId: customer.body.id,
        approver: { email },
        limits: limits(),
      } as never);
    const other = await collect('owner1@shop.example').catch((error: unknown) => error);
    expect(refusal(other)[0]).toMatchObject({ field: 'approver' });
    expect((await collect('PAT@example.com')).status).toBe('PENDING_AUTHORIZATION');
  });
});
