/**
 * The Agent Pay client against the real service over loopback: the three key supplies (a PEM
 * with the API key from SERVICE_API_KEY or given, a custom signer), and the register rules.
 */
import { sign } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AgentPay, type Signer } from '../../agent/index';
import { detachedJws, jwsHeader, signingInput } from '../../shared/agent-signing';
import { Agent, AgentPage } from '../../shared/contract/agent';
import { newKey, registeredClient } from '../../../test/helpers/agent';
import { rejects } from '../../../test/helpers/agent-client';
import { PRODUCTION, SANDBOX, startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

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
