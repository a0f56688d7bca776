/**
 * The Agent Pay client against the real service over loopback: every operation, the three key
 * supplies, the register rules, contract rules and updates, the authorization page and its
 * expiry, awaitActive's two errors, and SEND payments settling on the sandbox clock.
 */
import { randomUUID, sign } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AgentPay, AgentPayError, type Signer } from '../../agent/index';
import { detachedJws, jwsHeader, signingInput } from '../../shared/agent-signing';
import {
  Agent,
  AgentPage,
  Contract,
  ContractPage,
  ContractPayment,
} from '../../shared/contract/agent';
import {
  activeContract,
  approveOnPage,
  setApprovers,
  limits,
  newKey,
  payee,
  registeredClient,
} from '../../../test/helpers/agent';
import { PRODUCTION, SANDBOX, startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const advance = async (ms: number) => {
  const res = await h.call('POST', '/api/sandbox/clock/advance', { ms });
  expect(res.status).toBe(200);
};
const authorize = (contractId: string, decision: 'APPROVE' | 'DECLINE', extra = {}) =>
  h.call('POST', `/api/sandbox/contracts/${contractId}/authorize`, { decision, ...extra });

async function rejects(promise: Promise<unknown>, code: string, text?: RegExp) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AgentPayError);
  expect((error as AgentPayError).code).toBe(code);
  if (text) expect((error as AgentPayError).message).toMatch(text);
  return error as AgentPayError;
}

describe('key supplies', () => {
  const saved = process.env.SERVICE_API_KEY;
  afterEach(() => {
    if (saved === undefined) delete process.env.SERVICE_API_KEY;
    else process.env.SERVICE_API_KEY = saved;
  });

  it('(a) a private key PEM with the API key from SERVICE_API_KEY', async () => {
    process.env.SERVICE_API_KEY = SANDBOX;
    const key = newKey();
    const client = new AgentPay({ baseUrl: h.url, privateKeyPem: key.privateKeyPem });
    const agent = Agent.parse(await client.agent.register({ name: 'Env agent' }));
    expect(agent.environment).toBe('sandbox');
    expect(agent.publicKeyPem).toBe(key.publicKeyPem);
    expect(client.agentId).toBe(agent.agentId);
    expect((await client.agent.me()).status).toBe('ACTIVE');
  });

  it('(b) an explicit API key with the PEM: production is its own environment', async () => {
    const key = newKey();
    const client = new AgentPay({
      baseUrl: h.url,
      apiKey: PRODUCTION,
      privateKeyPem: key.privateKeyPem,
    });
    const agent = await client.agent.register({ name: 'Live agent', description: 'Pays invoices' });
    expect(agent.environment).toBe('production');
    expect(agent.description).toBe('Pays invoices');
    const sandboxList = AgentPage.parse((await h.call('GET', '/api/agents')).body);
    expect(sandboxList.data.map((a) => a.agentId)).not.toContain(agent.agentId);
  });

  it('(c) a custom signer (a KMS) with the public key registered explicitly', async () => {
    const key = newKey();
    const seen: { subject: string; kid?: string }[] = [];
    const kms: Signer = async (subject, kid) => {
      seen.push({ subject, ...(kid ? { kid } : {}) });
      const header = jwsHeader(kid);
      return detachedJws(
        header,
        sign('sha256', Buffer.from(signingInput(header, subject)), {
          key: key.privateKey,
          dsaEncoding: 'ieee-p1363',
        }),
      );
    };
    const client = new AgentPay({ baseUrl: h.url, apiKey: SANDBOX, signer: kms, kid: 'kms/key/1' });
    await rejects(client.agent.register({ name: 'KMS agent' }), 'NO_KEY', /publicKeyPem/);
    const agent = await client.agent.register({
      name: 'KMS agent',
      publicKeyPem: key.publicKeyPem,
    });
    expect((await client.agent.me()).agentId).toBe(agent.agentId);
    expect(seen.at(-1)!.kid).toBe('kms/key/1');
    expect(seen.at(-1)!.subject.split('\n')).toEqual([
      'AGENTPAY-SIG-V1',
      'GET',
      '/api/agents/me',
      '47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU',
      expect.stringMatching(/^\d+$/),
      expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      agent.agentId,
    ]);
  });

  it('without an API key or a key, says what is missing', async () => {
    delete process.env.SERVICE_API_KEY;
    const key = newKey();
    await rejects(
      new AgentPay({ baseUrl: h.url, privateKeyPem: key.privateKeyPem }).agent.register({
        name: 'x',
      }),
      'NO_API_KEY',
    );
    await rejects(
      new AgentPay({ baseUrl: h.url, apiKey: SANDBOX }).agent.register({ name: 'x' }),
      'NO_KEY',
    );
    await rejects(
      new AgentPay({
        baseUrl: h.url,
        apiKey: SANDBOX,
        privateKeyPem: key.privateKeyPem,
      }).agent.me(),
      'NOT_REGISTERED',
    );
  });
});

describe('agent.register, me, list', () => {
  it('is idempotent for the same key, updates a changed name, keeps the id', async () => {
    const { client, key, agent } = await registeredClient(h, 'Buyer');
    const again = await client.agent.register({ name: 'Buyer' });
    expect(again.agentId).toBe(agent.agentId);
    const renamed = await client.agent.register({
      name: 'Buyer 2',
      description: 'Now with a description',
    });
    expect(renamed).toMatchObject({
      agentId: agent.agentId,
      name: 'Buyer 2',
      description: 'Now with a description',
    });
    // A second client with the same key, not knowing the id, finds the same agent.
    const other = new AgentPay({
      baseUrl: h.url,
      apiKey: SANDBOX,
      privateKeyPem: key.privateKeyPem,
    });
    expect((await other.agent.register({ name: 'Buyer 2' })).agentId).toBe(agent.agentId);
    const me = await client.agent.me();
    expect(me).toMatchObject({ name: 'Buyer 2', status: 'ACTIVE' });
    expect(me.publicKeyPem).toBeUndefined();
    const rows = await h.service.store
      .prepare('SELECT count(*) AS n FROM agents WHERE id = ?')
      .get(agent.agentId);
    expect(rows).toEqual({ n: 1 });
  });

  it('rejects a different key for the same agent with 409', async () => {
    const { agent } = await registeredClient(h);
    const thief = new AgentPay({
      baseUrl: h.url,
      apiKey: SANDBOX,
      privateKeyPem: newKey().privateKeyPem,
      agentId: agent.agentId,
    });
    const error = await rejects(
      thief.agent.register({ name: 'Test agent' }),
      'CONFLICT',
      /different key/,
    );
    expect(error.status).toBe(409);
  });

  it('requires proof of possession: a registration signed by another key is refused', async () => {
    const signerKey = newKey();
    const claimed = newKey();
    const client = new AgentPay({
      baseUrl: h.url,
      apiKey: SANDBOX,
      privateKeyPem: signerKey.privateKeyPem,
    });
    const error = await rejects(
      client.agent.register({ name: 'Impostor', publicKeyPem: claimed.publicKeyPem }),
      'UNAUTHORIZED',
      /does not verify/,
    );
    expect(error.status).toBe(401);
  });

  it('validates the registration body, naming the field', async () => {
    const { client } = await registeredClient(h);
    const error = await rejects(client.agent.register({ name: '  ' }), 'BAD_REQUEST');
    expect(error.errors.map((e) => e.field)).toEqual(['name']);
    const rsa = await rejects(
      new AgentPay({ baseUrl: h.url, apiKey: SANDBOX, signer: () => 'x..y' }).agent.register({
        name: 'RSA',
        publicKeyPem: '-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----',
      }),
      'BAD_REQUEST',
    );
    expect(rsa.errors.map((e) => e.field)).toEqual(['publicKeyPem']);
  });

  it('lists the agents of the business and environment with the API key alone', async () => {
    const { client, agent } = await registeredClient(h, 'Listed');
    const page = AgentPage.parse(await client.agent.list({ size: 100 }));
    const found = page.data.find((a) => a.agentId === agent.agentId);
    expect(found).toMatchObject({ name: 'Listed', status: 'ACTIVE', environment: 'sandbox' });
    expect(page.totalCount).toBeGreaterThanOrEqual(page.data.length);
    const small = await client.agent.list({ page: 0, size: 1 });
    expect(small.data).toHaveLength(1);
    expect(small.size).toBe(1);
  });
});

describe('contracts', () => {
  it('creates a SEND contract with defaults, and gets it with live usage', async () => {
    const { client, agent } = await registeredClient(h);
    const created = Contract.parse(
      await client.contract.create({
        name: 'Office supplies',
        limits: {
          maxPerPayment: 25,
          periodLimits: [{ amount: 100, period: 'WEEK' }],
          validTo: '2099-01-01T00:00:00Z',
        },
      }),
    );
    expect(created).toMatchObject({
      agentId: agent.agentId,
      type: 'SEND',
      status: 'PENDING_AUTHORIZATION',
      environment: 'sandbox',
      pendingUpdate: null,
    });
    expect(created.limits.currency).toBe('GBP');
    expect(created.limits.periodLimits[0]!.alignment).toBe('CALENDAR');
    expect(Date.parse(created.limits.validFrom!)).toBeLessThanOrEqual(
      h.service.ctx.clock.now('sandbox', h.service.bootstrap.merchantId),
    );
    expect(created.authorizationUrl).toMatch(new RegExp(`^${h.url}/agents/authorize/[\\w-]{32}$`));
    expect(created.serviceCustomerId).toBeUndefined();
    expect(created.termsVersion).toBeUndefined();
    const got = Contract.parse(await client.contract.get(created.contractId));
    expect(got.authorizationUrl).toBeUndefined();
    expect(got.usage).toEqual([
      {
        period: 'WEEK',
        cap: 100,
        usedThisPeriod: 0,
        reserved: 0,
        remaining: 100,
        periodEnd: expect.stringMatching(/T00:00:00.000Z$/),
      },
    ]);
    expect(new Date(got.usage![0]!.periodEnd).getUTCDay()).toBe(1); // next Monday
  });

  it('validates limits and names the field; nothing is created', async () => {
    const { client } = await registeredClient(h);
    const before = await h.service.store.prepare('SELECT count(*) AS n FROM contracts').get();
    const bad = [
      [{ ...limits(), periodLimits: [] }, 'limits.periodLimits'],
      [
        {
          ...limits(),
          periodLimits: [
            { amount: 100, period: 'DAY' },
            { amount: 50, period: 'WEEK' },
          ],
        },
        'limits.periodLimits.1.amount',
      ],
      [{ ...limits(), maxPerPayment: 0 }, 'limits.maxPerPayment'],
      [{ ...limits(), validTo: undefined }, 'limits.validTo'],
      [{ ...limits(), validTo: '2001-01-01T00:00:00Z' }, 'limits.validTo'],
      [
        { ...limits(), validFrom: '2098-01-01T00:00:00Z', validTo: '2097-01-01T00:00:00Z' },
        'limits.validTo',
      ],
      [{ ...limits(), currency: 'pounds' }, 'limits.currency'],
    ] as const;
    for (const [l, field] of bad) {
      const error = await rejects(
        client.contract.create({
          name: 'x',
          limits: l,
        } as never),
        'BAD_REQUEST',
      );
      expect(error.errors.map((e) => e.field)).toContain(field);
    }
    const collect = await rejects(
      client.contract.create({
        name: 'x',
        type: 'COLLECT',
        limits: limits(),
      } as never),
      'BAD_REQUEST',
    );
    expect(collect.errors.map((e) => e.field)).toEqual(['serviceCustomerId']);
    const unknown = await rejects(
      client.contract.create({
        name: 'x',
        type: 'COLLECT',
        serviceCustomerId: randomUUID(),
        limits: limits(),
      } as never),
      'NOT_FOUND',
    );
    expect(unknown.errors.map((e) => e.field)).toEqual(['serviceCustomerId']);
    expect(await h.service.store.prepare('SELECT count(*) AS n FROM contracts').get()).toEqual(
      before,
    );
  });

  it("lists the agent's own contracts with type and status filters, and listAll across pages", async () => {
    const { client } = await registeredClient(h);
    const customerId = await insertCustomer();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (
          await client.contract.create({
            name: `S${i}`,
            limits: limits(),
          } as never)
        ).contractId,
      );
    const collect = await client.contract.create({
      name: 'Gym',
      type: 'COLLECT',
      serviceCustomerId: customerId,
      limits: limits(),
    } as never);
    await authorize(ids[0]!, 'APPROVE');
    await authorize(ids[1]!, 'DECLINE');
    const all = ContractPage.parse(await client.contract.list());
    expect(all.totalCount).toBe(4);
    expect(all.data[0]!.contractId).toBe(collect.contractId); // newest first
    expect(all.data.every((c) => c.authorizationUrl === undefined && c.usage === undefined)).toBe(
      true,
    );
    expect((await client.contract.list({ type: 'COLLECT' })).data.map((c) => c.contractId)).toEqual(
      [collect.contractId],
    );
    expect((await client.contract.list({ type: 'SEND' })).totalCount).toBe(3);
    expect(
      (await client.contract.list({ status: 'ACTIVE' })).data.map((c) => c.contractId),
    ).toEqual([ids[0]]);
    expect(
      (await client.contract.list({ status: 'DECLINED', type: 'SEND' })).data.map(
        (c) => c.contractId,
      ),
    ).toEqual([ids[1]]);
    const paged = await client.contract.list({ page: 1, size: 3 });
    expect(paged.data).toHaveLength(1);
    expect((await client.contract.listAll()).map((c) => c.contractId).sort()).toEqual(
      [...ids, collect.contractId].sort(),
    );
    expect(
      await client.contract.listAll({ type: 'SEND', status: 'PENDING_AUTHORIZATION' }),
    ).toHaveLength(1);
    await rejects(client.contract.list({ status: 'WAITING' } as never), 'BAD_REQUEST');
    // Another agent sees none of them.
    const other = (await registeredClient(h)).client;
    expect((await other.contract.list()).totalCount).toBe(0);
    await rejects(other.contract.get(ids[0]!), 'NOT_FOUND');
  });

  it('COLLECT: termsVersion 1 on approval and one more per approved update', async () => {
    const { client } = await registeredClient(h);
    const customerId = await insertCustomer();
    const created = await client.contract.create({
      name: 'Gym membership',
      type: 'COLLECT',
      serviceCustomerId: customerId,
      limits: limits({ periodLimits: [{ amount: 60, period: 'MONTH', alignment: 'ANCHORED' }] }),
    } as never);
    expect(created).toMatchObject({ type: 'COLLECT', serviceCustomerId: customerId });
    expect(created.termsVersion).toBeUndefined();
    const approved = Contract.parse((await authorize(created.contractId, 'APPROVE')).body);
    expect(approved.termsVersion).toBe(1);
    expect(approved.linkedMethod).toBeUndefined(); // no saved card in this build
    const updated = await client.contract.update(created.contractId, {
      limits: limits({
        maxPerPayment: 60,
        periodLimits: [{ amount: 120, period: 'MONTH', alignment: 'ANCHORED' }],
      }),
    } as never);
    expect(updated.termsVersion).toBe(1);
    expect(updated.authorizationUrl).toBeDefined();
    await authorize(created.contractId, 'APPROVE');
    const after = await client.contract.get(created.contractId);
    expect(after.termsVersion).toBe(2);
    expect(after.limits.maxPerPayment).toBe(60);
    expect(after.pendingUpdate).toBeNull();
    const charge = await rejects(
      client.contract.collect(created.contractId, { amount: 10, orderId: 'o-1' }),
      'BAD_REQUEST',
      /not linked a card/,
    );
    expect(charge.status).toBe(400);
  });
});

let customerCount = 0;
/** A customer row as card on file's create customer makes it (that API is another area). */
async function insertCustomer(): Promise<string> {
  const id = randomUUID();
  await h.service.store
    .prepare(
      `INSERT INTO customers (id, merchant_id, environment, full_name, email, created_at)
       VALUES (?, ?, 'sandbox', 'Jo Bloggs', ?, ?)`,
    )
    .run(id, h.service.bootstrap.merchantId, `jo${++customerCount}-${id}@example.com`, Date.now());
  return id;
}

describe('updates', () => {
  it('stage pendingUpdate while the current limits stay enforced, until approved', async () => {
    const { client } = await registeredClient(h);
    const id = await activeContract(h, client, { maxPerPayment: 20 });
    const staged = await client.contract.update(id, {
      limits: limits({ maxPerPayment: 45 }),
    } as never);
    expect(staged.status).toBe('ACTIVE');
    expect(staged.limits.maxPerPayment).toBe(20);
    expect(staged.pendingUpdate).toMatchObject({ limits: { maxPerPayment: 45 } });
    expect(staged.authorizationUrl).toBeDefined();
    const over = await rejects(
      client.contract.send(id, { amount: 30, payee, reference: 'r' }),
      'BAD_REQUEST',
      /maxPerPayment of £20.00/,
    );
    expect(over.errors.map((e) => e.field)).toEqual(['amount']);
    // Declining drops the update; the contract goes on.
    await authorize(id, 'DECLINE');
    const declined = await client.contract.get(id);
    expect(declined).toMatchObject({ status: 'ACTIVE', pendingUpdate: null });
    expect(declined.limits.maxPerPayment).toBe(20);
    await client.contract.update(id, { limits: limits({ maxPerPayment: 45 }) } as never);
    await authorize(id, 'APPROVE');
    expect((await client.contract.send(id, { amount: 30, payee, reference: 'r' })).status).toBe(
      'PENDING',
    );
    expect((await client.contract.get(id)).termsVersion).toBeUndefined(); // SEND has no terms version
  });

  it('refuses to update a contract that is not ACTIVE', async () => {
    const { client } = await registeredClient(h);
    const created = await client.contract.create({
      name: 'x',
      limits: limits(),
    } as never);
    await rejects(
      client.contract.update(created.contractId, { limits: limits() } as never),
      'BAD_REQUEST',
      /PENDING_AUTHORIZATION/,
    );
    const bad = await rejects(
      client.contract.update(created.contractId, {
        limits: { ...limits(), periodLimits: [] },
      } as never),
      'BAD_REQUEST',
    );
    expect(bad.errors.map((e) => e.field)).toEqual(['limits.periodLimits']);
  });
});

describe('authorization', () => {
  it('awaitActive resolves once the human approves on the hosted page', async () => {
    const { client } = await registeredClient(h);
    // The business's approver, who gets the code (none is set before: no code needed).
    await setApprovers(h, [{ email: 'finance@example.com' }]);
    const created = await client.contract.create({
      name: 'Cloud bills',
      description: 'Pays the monthly cloud invoice',
      limits: limits({
        periodLimits: [
          { amount: 100, period: 'DAY' },
          { amount: 300, period: 'MONTH', alignment: 'ANCHORED' },
        ],
      }),
    } as never);
    const waiting = client.contract.awaitActive(created.contractId, {
      timeoutMs: 15_000,
      intervalMs: 50,
    });
    const page = await fetch(created.authorizationUrl!);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('Test agent');
    expect(html).toContain('Counter Demo Shop');
    expect(html).toContain('At most £50.00 in any one payment.');
    expect(html).toContain('At most £100.00 in total each calendar day (from midnight UTC).');
    expect(html).toContain('At most £300.00 in total each month counted from');
    expect(html).toContain('Pays the monthly cloud invoice');
    const posted = await approveOnPage(h, created.authorizationUrl!);
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain('is active');
    const active = await waiting;
    expect(active.status).toBe('ACTIVE');
    // The link is single-use.
    expect((await fetch(created.authorizationUrl!)).status).toBe(410);
  });

  it('escapes what the agent wrote on the page', async () => {
    const { client } = await registeredClient(h, '<script>alert(1)</script>');
    const created = await client.contract.create({
      name: '<b>x</b>',
      limits: limits(),
    } as never);
    const html = await (await fetch(created.authorizationUrl!)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('declining makes awaitActive fail with AUTHORIZATION_FAILED (status DECLINED)', async () => {
    const { client } = await registeredClient(h);
    const created = await client.contract.create({
      name: 'x',
      limits: limits(),
    } as never);
    const posted = await fetch(created.authorizationUrl!, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'DECLINE' }),
    });
    expect(await posted.text()).toContain('was declined');
    const error = await rejects(
      client.contract.awaitActive(created.contractId, { timeoutMs: 5000 }),
      'AUTHORIZATION_FAILED',
    );
    expect(error.contract?.status).toBe('DECLINED');
    await rejects(
      client.contract.send(created.contractId, { amount: 1, payee, reference: 'r' }),
      'BAD_REQUEST',
      /DECLINED/,
    );
  });

  it('the link expires after 24 hours on the sandbox clock: EXPIRED, AUTHORIZATION_FAILED', async () => {
    const { client } = await registeredClient(h);
    const created = await client.contract.create({
      name: 'x',
      limits: limits(),
    } as never);
    await advance(24 * 3600 * 1000 - 60_000);
    expect((await fetch(created.authorizationUrl!)).status).toBe(200);
    await advance(60_000);
    expect((await fetch(created.authorizationUrl!)).status).toBe(410);
    const error = await rejects(
      client.contract.awaitActive(created.contractId, { timeoutMs: 5000 }),
      'AUTHORIZATION_FAILED',
    );
    expect(error.contract?.status).toBe('EXPIRED');
    const late = await authorize(created.contractId, 'APPROVE');
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/expired/);
  });

  it('awaitActive gives up with AUTHORIZATION_TIMEOUT', async () => {
    const { client } = await registeredClient(h);
    const created = await client.contract.create({
      name: 'x',
      limits: limits(),
    } as never);
    const error = await rejects(
      client.contract.awaitActive(created.contractId, { timeoutMs: 300, intervalMs: 50 }),
      'AUTHORIZATION_TIMEOUT',
    );
    expect(error.contract?.status).toBe('PENDING_AUTHORIZATION');
  });

  it('the sandbox control: sandbox secrets only, validated, 404 for unknown contracts', async () => {
    const { client } = await registeredClient(h);
    const created = await client.contract.create({
      name: 'x',
      limits: limits(),
    } as never);
    expect(
      (
        await h.call('POST', `/api/sandbox/contracts/${created.contractId}/authorize`, {
          decision: 'MAYBE',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await h.call(
          'POST',
          `/api/sandbox/contracts/${created.contractId}/authorize`,
          { decision: 'APPROVE' },
          PRODUCTION,
        )
      ).status,
    ).toBe(400);
    expect((await authorize('ctr_nope', 'APPROVE')).status).toBe(404);
    expect((await client.contract.get(created.contractId)).status).toBe('PENDING_AUTHORIZATION');
    const sendWithCard = await authorize(created.contractId, 'APPROVE', {
      paymentMethodId: 'pm_1',
    });
    expect(sendWithCard.status).toBe(400);
    expect((await authorize(created.contractId, 'APPROVE')).body.status).toBe('ACTIVE');
    expect((await authorize(created.contractId, 'APPROVE')).status).toBe(400); // nothing awaits a decision
  });
});

describe('SEND payments', () => {
  it('reserve, then complete on the sandbox clock; usage follows', async () => {
    const { client } = await registeredClient(h);
    const id = await activeContract(h, client);
    const paid = ContractPayment.parse(
      await client.contract.send(id, { amount: 40, payee, reference: 'INV-1' }),
    );
    expect(paid).toMatchObject({
      status: 'PENDING',
      amount: 40,
      currency: 'GBP',
      type: 'SEND',
      reference: 'INV-1',
    });
    expect(paid.payee).toEqual({
      name: 'Acme Supplies',
      sortCode: '123456',
      accountNumber: '12345678',
    });
    let usage = (await client.contract.get(id)).usage!;
    expect(usage.map((u) => [u.period, u.usedThisPeriod, u.reserved, u.remaining])).toEqual([
      ['DAY', 0, 40, 60],
      ['MONTH', 0, 40, 360],
    ]);
    await advance(2000);
    expect((await client.contract.payment(paid.paymentId)).status).toBe('COMPLETED');
    usage = (await client.contract.get(id)).usage!;
    expect(usage.map((u) => [u.usedThisPeriod, u.reserved, u.remaining])).toEqual([
      [40, 0, 60],
      [40, 0, 360],
    ]);
  });

  it('a failed payment releases its reservation', async () => {
    const { client } = await registeredClient(h);
    const id = await activeContract(h, client);
    const failing = await client.contract.send(id, {
      amount: 50,
      payee: { ...payee, accountNumber: '00000000' },
      reference: 'closed',
    });
    await advance(2000);
    const settled = await client.contract.payment(failing.paymentId);
    expect(settled).toMatchObject({
      status: 'FAILED',
      errorDescription: expect.stringMatching(/refused/),
    });
    expect((await client.contract.get(id)).usage![0]).toMatchObject({
      usedThisPeriod: 0,
      reserved: 0,
      remaining: 100,
    });
    const list = await client.contract.payments(id, { status: 'FAILED' });
    expect(list.data.map((p) => p.paymentId)).toEqual([failing.paymentId]);
  });

  it('refuses what breaks a rule, naming it, and records nothing', async () => {
    const { client } = await registeredClient(h);
    const id = await activeContract(h, client);
    await client.contract.send(id, { amount: 50, payee, reference: 'a' });
    await client.contract.send(id, { amount: 30, payee, reference: 'b' });
    const cap = await rejects(
      client.contract.send(id, { amount: 25, payee, reference: 'c' }),
      'BAD_REQUEST',
      /DAY cap: £20.00 of £100.00/,
    );
    expect(cap.errors.map((e) => e.field)).toEqual(['amount']);
    await rejects(
      client.contract.send(id, { amount: 20, currency: 'EUR', payee, reference: 'c' }),
      'BAD_REQUEST',
      /currency/,
    );
    const bad = await rejects(
      client.contract.send(id, {
        amount: 1,
        payee: { name: 'x', sortCode: '1234', accountNumber: '1' },
        reference: 'c',
      }),
      'BAD_REQUEST',
    );
    expect(bad.errors.map((e) => e.field)).toEqual(['payee.sortCode', 'payee.accountNumber']);
    await rejects(
      client.contract.collect(id, { amount: 5, orderId: 'o' }),
      'BAD_REQUEST',
      /SEND contract/,
    );
    expect((await client.contract.payments(id)).totalCount).toBe(2);
    expect((await client.contract.send(id, { amount: 20, payee, reference: 'd' })).amount).toBe(20);
  });

  it('is refused before validFrom and from validTo on', async () => {
    const { client } = await registeredClient(h);
    const start = h.service.ctx.clock.now('sandbox', h.service.bootstrap.merchantId) + 3600_000;
    const id = await activeContract(h, client, {
      validFrom: new Date(start).toISOString(),
      validTo: new Date(start + 2 * 3600_000).toISOString(),
    });
    await rejects(
      client.contract.send(id, { amount: 1, payee, reference: 'early' }),
      'BAD_REQUEST',
      /valid from/,
    );
    await advance(3600_000);
    expect((await client.contract.send(id, { amount: 1, payee, reference: 'ok' })).status).toBe(
      'PENDING',
    );
    await advance(2 * 3600_000);
    await rejects(
      client.contract.send(id, { amount: 1, payee, reference: 'late' }),
      'CONTRACT_EXPIRED',
      /ended/,
    );
  });

  it('the client follows the sandbox clock when it moves past the window', async () => {
    const { client } = await registeredClient(h);
    await advance(7 * 24 * 3600 * 1000);
    expect((await client.agent.me()).status).toBe('ACTIVE');
  });
});

describe("the business's view (API key alone)", () => {
  it("lists every agent's contracts with usage, filters by agent, and reads one", async () => {
    const a = await registeredClient(h, 'A');
    const b = await registeredClient(h, 'B');
    const idA = await activeContract(h, a.client);
    await a.client.contract.send(idA, { amount: 12.5, payee, reference: 'x' });
    const idB = (
      await b.client.contract.create({
        name: 'B',
        limits: limits(),
      } as never)
    ).contractId;
    const mine = ContractPage.parse(
      (await h.call('GET', `/api/agent-contracts?agentId=${a.agent.agentId}`)).body,
    );
    expect(mine.data.map((c) => c.contractId)).toEqual([idA]);
    expect(mine.data[0]!.usage![0]).toMatchObject({ reserved: 12.5, remaining: 87.5 });
    const pending = ContractPage.parse(
      (await h.call('GET', '/api/agent-contracts?status=PENDING_AUTHORIZATION&size=100')).body,
    );
    expect(pending.data.map((c) => c.contractId)).toContain(idB);
    expect(pending.data.every((c) => c.status === 'PENDING_AUTHORIZATION')).toBe(true);
    const one = Contract.parse((await h.call('GET', `/api/agent-contracts/${idB}`)).body);
    expect(one).toMatchObject({ agentId: b.agent.agentId, status: 'PENDING_AUTHORIZATION' });
    expect(one.authorizationUrl).toBeUndefined();
    expect((await h.call('GET', `/api/agent-contracts/${idB}`, undefined, PRODUCTION)).status).toBe(
      404,
    );
    expect((await h.call('GET', '/api/agent-contracts?type=BOTH')).status).toBe(400);
    expect((await h.call('GET', `/api/agent-contracts/${idB}`, undefined, null)).status).toBe(401);
  });
});

describe('merchant (the API key alone)', () => {
  it('reads and changes the profile and settings; a refused field names itself', async () => {
    const pay = new AgentPay({ baseUrl: h.url, apiKey: SANDBOX });
    const before = await pay.merchant.get();
    expect(before).toMatchObject({ settings: { cardPayments: true } });
    const changed = await pay.merchant.update({
      supportEmail: 'help@client.example',
      settings: { defaultExpirySeconds: 300 },
    });
    expect(changed).toMatchObject({
      name: before.name,
      supportEmail: 'help@client.example',
      settings: { defaultExpirySeconds: 300, tips: true },
    });
    // An SVG naming a file of the service's machine: refused, never drawn.
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="/etc/hostname"/></svg>',
    ).toString('base64');
    const refused = await rejects(
      pay.merchant.update({ name: 'Never', logo: `data:image/svg+xml;base64,${svg}` }),
      'BAD_REQUEST',
    );
    expect(refused.errors.map((e) => e.field)).toEqual(['logo']);
    expect(await pay.merchant.get()).toEqual(changed);
    await pay.merchant.update({ supportEmail: null, settings: { defaultExpirySeconds: 180 } });
  });
});

describe('stores (the API key alone)', () => {
  it('lists, adds, renames and archives a store; the primary one cannot be archived (409)', async () => {
    const pay = new AgentPay({ baseUrl: h.url, apiKey: SANDBOX });
    const [primary] = await pay.stores.list();
    expect(primary).toMatchObject({ isPrimary: true, archived: false });
    const added = await pay.stores.create({ name: 'Client Street', address: '9 Client Street' });
    expect(added).toMatchObject({ name: 'Client Street', archived: false, terminals: 0 });
    const archived = await pay.stores.update(added.id, { name: 'Client St', archived: true });
    expect(archived).toMatchObject({ name: 'Client St', archived: true });
    expect((await pay.stores.list()).find((s) => s.id === added.id)).toEqual(archived);
    const refused = await rejects(pay.stores.update(primary!.id, { archived: true }), 'CONFLICT');
    expect(refused.errors.map((e) => e.field)).toEqual(['archived']);
    const bad = await rejects(pay.stores.create({ name: ' ' }), 'BAD_REQUEST');
    expect(bad.errors.map((e) => e.field)).toEqual(['name']);
  });
});
