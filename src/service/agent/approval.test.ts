/**
 * Only the human approves a spending contract. The agent holds the authorizationUrl, so the
 * link alone must not approve: approving on the page needs the one-time code the service sends
 * to one of those who may approve (the business's approvers for SEND, the customer for COLLECT),
 * the one the person on the page picks (by e-mail through a real local SMTP server here, or
 * SMS). The agent names no approver; it may only suggest one of them. Over real HTTP against a
 * service on loopback, with the live key as an agent would hold it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentPay, AgentPayError } from '../../agent/index';
import { CODE_TTL_MS, MAX_WRONG_CODES } from './approval-codes';
import { OutboxMessagePage } from '../../shared/contract/messages';
import {
  limits,
  newKey,
  pageRecipients,
  payee,
  postForm,
  registeredClient,
  sandboxCode,
  setApprovers,
} from '../../../test/helpers/agent';
import { startMailbox, type Mailbox } from '../../../test/helpers/mailbox';
import { createMerchant } from '../merchants/bootstrap';
import { PRODUCTION, SANDBOX, startService, type Harness } from '../../../test/helpers/service';

let mailbox: Mailbox;
let h: Harness;

/** The business's approvers of production contracts (set as in its dashboard's Settings). */
const APPROVERS = Array.from({ length: 20 }, (_, i) => `owner${i + 1}@shop.example`);

beforeAll(async () => {
  mailbox = await startMailbox();
  h = await startService({ mail: { smtpUrl: mailbox.url } });
  await setApprovers(
    h,
    APPROVERS.map((email) => ({ email })),
    PRODUCTION,
  );
  await setApprovers(h, [{ email: 'ap@example.com' }, { phone: '+447700900123' }], SANDBOX);
});
afterAll(async () => {
  await h.close();
  await mailbox.close();
});

let n = 0;
/**
 * A live agent (the production key, as the finding's agent held it) with a new SEND contract.
 * It suggests one of the business's approvers, so that the page sends that one the code.
 */
async function liveContract(
  approver: Record<string, string> = { email: `owner${(n++ % APPROVERS.length) + 1}@shop.example` },
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
      const contract = await pay.contract.create({ name: 'Supplies', limits: limits() } as never);
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
    // Checked for the next code: the one the last went to.
    expect((await pageRecipients(url)).map((r) => r.to)).toEqual([
      'a•••@example.com',
      '+44•••••123',
    ]);
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

  it('a suggested approver of the wrong shape is refused naming the field, and nothing is made', async () => {
    const { client } = await registeredClient(h);
    const before = await h.service.store.prepare('SELECT count(*) AS n FROM contracts').get();
    for (const [approver, field] of [
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
  const agent = async (server: Harness, apiKey = PRODUCTION) => {
    const pay = new AgentPay({
      baseUrl: server.url,
      apiKey,
      privateKeyPem: newKey().privateKeyPem,
    });
    await pay.agent.register({ name: 'Self-approving bot' });
    return pay;
  };
  const refusal = (error: unknown) => {
    expect(error).toBeInstanceOf(AgentPayError);
    return (error as AgentPayError).errors;
  };

  it("an agent may suggest one of the business's approvers, never one of its own", async () => {
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
          "is not one of the business's approvers: leave it out and the person approving chooses on the authorization page",
      },
    ]);
    expect((await pay.contract.list()).data).toHaveLength(before);
    // Any case of a listed address is the same person, and the page checks them first.
    const listed = await pay.contract.create({
      name: 'Supplies',
      approver: { email: 'OWNER7@shop.example' },
      limits: limits(),
    } as never);
    expect(listed.status).toBe('PENDING_AUTHORIZATION');
    expect(listed.approver).toEqual({ email: 'owner7@shop.example' });
    await postForm(`${listed.authorizationUrl!}/code`, {});
    expect(await mailbox.codeFor('owner7@shop.example')).toMatch(/^\d{6}$/);
  });

  it('with no approver anywhere, create answers 201 and the page says who adds one and where; nothing approves', async () => {
    const bare = await startService({ mail: { smtpUrl: mailbox.url } });
    try {
      const pay = await agent(bare);
      const created = await pay.contract.create({ name: 'S', limits: limits() } as never);
      expect(created.status).toBe('PENDING_AUTHORIZATION');
      expect(created.approver).toBeUndefined();
      const url = created.authorizationUrl!;
      const html = await (await fetch(url)).text();
      expect(html).toContain('No one can approve this contract yet');
      expect(html).toContain('adds its approvers in its dashboard');
      expect(html).not.toContain('value="APPROVE"');
      const sent = await postForm(`${url}/code`, {});
      expect(sent.status).toBe(400);
      expect((await postForm(url, { decision: 'APPROVE', code: '123456' })).status).toBe(400);
      expect((await pay.contract.get(created.contractId)).status).toBe('PENDING_AUTHORIZATION');
      const suggested = await pay.contract
        .create({ name: 'S', approver: { email: 'me@bot.example' }, limits: limits() } as never)
        .catch((error: unknown) => error);
      expect(refusal(suggested)[0]).toMatchObject({
        field: 'approver',
        message: expect.stringContaining('the business has no approvers yet'),
      });
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
    const collect = (approver?: { email: string }) =>
      pay.contract.create({
        name: 'Subscription',
        type: 'COLLECT',
        serviceCustomerId: customer.body.id,
        ...(approver ? { approver } : {}),
        limits: limits(),
      } as never);
    const other = await collect({ email: 'owner1@shop.example' }).catch((error: unknown) => error);
    expect(refusal(other)[0]).toMatchObject({ field: 'approver' });
    expect((await collect({ email: 'PAT@example.com' })).status).toBe('PENDING_AUTHORIZATION');
    // Named or not, the code can only go to the customer.
    const plain = await collect();
    expect(await pageRecipients(plain.authorizationUrl!)).toEqual([
      { id: expect.any(String), to: 'p•••@example.com' },
    ]);
  });
});

describe("each business's approvers, and the operator's default", () => {
  /** Merchant A (the first, its live key PRODUCTION) and B, with the operator's default list. */
  let s: Harness;
  let other: string;
  const OPS = 'ops@operator.example';
  beforeAll(async () => {
    s = await startService({ mail: { smtpUrl: mailbox.url }, agentApprovers: [OPS] });
    other = (await createMerchant(s.service.store, s.service.ctx.clock, 'Other Shop')).generated
      .production!;
  });
  afterAll(() => s.close());

  const liveAgent = async (apiKey: string) => {
    const pay = new AgentPay({ baseUrl: s.url, apiKey, privateKeyPem: newKey().privateKeyPem });
    await pay.agent.register({ name: 'Procurement bot' });
    return pay;
  };
  const approvers = async (apiKey = PRODUCTION) =>
    (await s.call('GET', '/api/merchant/approvers', undefined, apiKey)).body;
  const put = (body: unknown, apiKey = PRODUCTION) =>
    s.call('PUT', '/api/merchant/approvers', body, apiKey);
  const A_LIST = [
    { email: 'alice@a.example' },
    { email: 'bob@b.example' },
    { phone: '+447700900123' },
  ];

  it("a business with no list of its own falls back to the operator's; adding its own needs the operator's approver to confirm", async () => {
    expect(await approvers()).toEqual({
      environment: 'production',
      approvers: [],
      operatorDefault: true,
      confirmers: [{ id: expect.any(String), to: 'o•••@operator.example' }],
    });
    // The API key alone (an agent holds it) cannot put someone new in.
    const refused = await put({ approvers: A_LIST });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ field: 'code' });
    expect((await approvers()).approvers).toEqual([]);
    const { confirmers } = await approvers();
    const sent = await s.call(
      'POST',
      '/api/merchant/approvers/code',
      {
        approvers: A_LIST,
        confirmer: confirmers[0].id,
      },
      PRODUCTION,
    );
    expect(sent.status).toBe(200);
    expect(sent.body.sentTo).toBe('o•••@operator.example');
    const code = await mailbox.codeFor(OPS);
    // The message names the list it confirms.
    const mail = mailbox.received.filter((m) => m.to.includes(OPS)).at(-1)!.data;
    expect(mail).toContain('alice@a.example');
    const done = await put({ approvers: A_LIST, code });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      approvers: A_LIST,
      operatorDefault: false,
      confirmers: [{ to: 'a•••@a.example' }, { to: 'b•••@b.example' }, { to: '+44•••••123' }],
    });
    // Spent: the same code does not confirm again.
    expect((await put({ approvers: [...A_LIST, { email: 'x@x.example' }], code })).status).toBe(
      400,
    );
  });

  it("the page lists only the business's own approvers, masked; the code goes to the one the person picks", async () => {
    const pay = await liveAgent(PRODUCTION);
    const created = await pay.contract.create({ name: 'Stationery', limits: limits() } as never);
    expect(created.approver).toBeUndefined();
    const url = created.authorizationUrl!;
    const html = await (await fetch(url)).text();
    expect(html).not.toContain('alice@');
    expect(html).not.toContain('operator.example');
    const choices = await pageRecipients(url);
    expect(choices.map((c) => c.to)).toEqual(['a•••@a.example', 'b•••@b.example', '+44•••••123']);
    // A recipient the page did not offer gets nothing.
    const before = mailbox.received.length;
    expect((await postForm(`${url}/code`, { to: 'made-up-recipient' })).status).toBe(400);
    expect((await postForm(`${url}/code`, { to: choices[1]!.id })).status).toBe(303);
    const code = await mailbox.codeFor('bob@b.example');
    expect(mailbox.received.slice(before).flatMap((m) => m.to)).toEqual(['bob@b.example']);
    const approved = await postForm(url, { decision: 'APPROVE', code });
    expect(approved.status).toBe(200);
    const contract = await pay.contract.get(created.contractId);
    expect(contract).toMatchObject({ status: 'ACTIVE', approver: { email: 'bob@b.example' } });
    // The one who approved gets the revoke link (quoted-printable: soft line breaks undone).
    const toBob = () =>
      mailbox.received
        .filter((m) => m.to.includes('bob@b.example'))
        .map((m) => m.data.replace(/=\r?\n/g, ''));
    await expect.poll(() => toBob().some((text) => text.includes('/agents/revoke/'))).toBe(true);
  });

  it("another business's approvers never approve: each suggestion is checked against the contract's own business", async () => {
    const a = await liveAgent(PRODUCTION);
    const b = await liveAgent(other);
    const refused = await b.contract
      .create({ name: 'S', approver: { email: 'alice@a.example' }, limits: limits() } as never)
      .catch((error: unknown) => error);
    expect((refused as AgentPayError).errors[0]).toMatchObject({ field: 'approver' });
    const ops = await a.contract
      .create({ name: 'S', approver: { email: OPS }, limits: limits() } as never)
      .catch((error: unknown) => error);
    expect((ops as AgentPayError).errors[0]).toMatchObject({ field: 'approver' });
    // B has no list of its own: the operator's default approves B's contracts, not A's people.
    const created = await b.contract.create({ name: 'S', limits: limits() } as never);
    expect((await pageRecipients(created.authorizationUrl!)).map((c) => c.to)).toEqual([
      'o•••@operator.example',
    ]);
    expect((await approvers(other)).approvers).toEqual([]);
  });

  it('confirming codes: wrong ones counted, one list only; removing needs none', async () => {
    const { confirmers } = await approvers();
    const grown = [...A_LIST, { email: 'bot@attacker.example' }];
    await s.call(
      'POST',
      '/api/merchant/approvers/code',
      { approvers: grown, confirmer: confirmers[0].id },
      PRODUCTION,
    );
    const code = await mailbox.codeFor('alice@a.example');
    const wrong = code === '111111' ? '222222' : '111111';
    const guess = await put({ approvers: grown, code: wrong });
    expect(guess.body.errors[0]).toEqual({ field: 'code', message: 'is not right: 4 tries left' });
    // The code confirms the list it was sent for, not another.
    const swapped = await put({ approvers: [...A_LIST, { email: 'eve@attacker.example' }], code });
    expect(swapped.status).toBe(400);
    expect((await approvers()).approvers).toEqual(A_LIST);
    // Someone not in effect cannot be asked; nor can the sandbox secret ask production's.
    const stranger = await s.call(
      'POST',
      '/api/merchant/approvers/code',
      { approvers: grown, confirmer: 'nobody' },
      PRODUCTION,
    );
    expect(stranger.body.errors[0]).toMatchObject({ field: 'confirmer' });
    expect((await approvers(SANDBOX)).environment).toBe('sandbox');
    // Removing someone needs no code.
    const fewer = await put({ approvers: A_LIST.slice(0, 2) });
    expect(fewer.status).toBe(200);
    expect(fewer.body.approvers).toEqual(A_LIST.slice(0, 2));
  });
});
