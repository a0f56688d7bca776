/**
 * A contract's end, over real HTTP: revoked by its business (API key alone) or by its human on
 * the revoke link sent to them when it became ACTIVE; EXPIRED once the sandbox clock passes
 * validTo. Either way later sends and collects are refused (409 CONTRACT_REVOKED or
 * CONTRACT_EXPIRED) while the payments made before stay; another business cannot revoke (404).
 * On PostgreSQL, a second instance on the same database refuses at once too.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentPay, AgentPayError } from '../../agent/index';
import { createSessionApi } from '../../dashboard/lib/api';
import { createAgentsStore } from '../../dashboard/store/agents';
import { Contract, ContractPage, ContractPaymentPage } from '../../shared/contract/agent';
import { hashSecret } from '../kernel/secrets';
import {
  activeContract,
  approveOnPage,
  limits,
  payee,
  postForm,
  registeredClient,
  setApprovers,
} from '../../../test/helpers/agent';
import {
  PRODUCTION,
  SANDBOX,
  TEST_STORE,
  startService,
  testStore,
  type Harness,
} from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => (e instanceof AgentPayError ? { code: e.code, status: e.status } : e),
  );

const revoke = (id: string, secret: string | null = SANDBOX) =>
  h.call('POST', `/api/agents/contracts/${id}/revoke`, undefined, secret);

/** The newest message the sandbox outbox holds for a link starting with `prefix`. */
async function messageLink(prefix: string): Promise<string> {
  const outbox = (await h.call('GET', '/api/sandbox/messages?size=100')).body as {
    data: { link?: string }[];
  };
  const link = outbox.data.find((m) => m.link?.startsWith(prefix))?.link;
  if (!link) throw new Error(`no message links to ${prefix}`);
  return link;
}

describe('revoking a contract', () => {
  it('the business revokes with its API key: sends are refused at once, earlier payments stay', async () => {
    const { client } = await registeredClient(h, 'Revoked by business');
    const id = await activeContract(h, client);
    const before = await client.contract.send(id, { amount: 7, payee, reference: 'BEFORE' });

    const res = await revoke(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const revoked = Contract.parse(res.body);
    expect(revoked).toMatchObject({ status: 'REVOKED', revokedBy: 'BUSINESS' });
    expect(Date.parse(revoked.revokedAt!)).toBeLessThanOrEqual(
      h.service.ctx.clock.now('sandbox', h.service.bootstrap.merchantId),
    );

    expect(
      await refusal(client.contract.send(id, { amount: 1, payee, reference: 'AFTER' })),
    ).toEqual({ code: 'CONTRACT_REVOKED', status: 409 });
    expect((await client.contract.get(id)).status).toBe('REVOKED');

    // Idempotent: the same contract, revokedAt unchanged.
    const again = await revoke(id);
    expect(again.status).toBe(200);
    expect(again.body.revokedAt).toBe(revoked.revokedAt);

    // The payment made before is kept and still settles.
    await h.call('POST', '/api/sandbox/clock/advance', { ms: 3000 });
    const payments = ContractPaymentPage.parse(
      (await h.call('GET', `/api/agent-contracts/${id}/payments`)).body,
    );
    expect(payments.data.map((p) => [p.paymentId, p.status])).toEqual([
      [before.paymentId, 'COMPLETED'],
    ]);
    const listed = ContractPage.parse(
      (await h.call('GET', '/api/agent-contracts?status=REVOKED&size=100')).body,
    );
    expect(listed.data.map((c) => c.contractId)).toContain(id);
  });

  it('the TypeScript client revokes too; a pending contract can be revoked before approval', async () => {
    const { client } = await registeredClient(h, 'Client revokes');
    const created = await client.contract.create({
      name: 'Never approved',
      limits: limits(),
    } as never);
    const revoked = await client.contract.revoke(created.contractId);
    expect(revoked.status).toBe('REVOKED');
    expect(revoked.authorizationUrl).toBeUndefined();
    // Its authorization link is closed.
    expect((await fetch(created.authorizationUrl!)).status).toBe(410);
  });

  it('another business, another environment, no key or an unknown id: nothing is revoked', async () => {
    const { client } = await registeredClient(h, 'Not theirs');
    const id = await activeContract(h, client);
    const other = randomUUID();
    await h.service.store
      .prepare("INSERT INTO merchants (id, name, created_at) VALUES (?, 'Other Shop', 0)")
      .run(other);
    await h.service.store
      .prepare(
        "INSERT INTO access_secrets (hash, merchant_id, environment, kind, created_at) VALUES (?, ?, 'sandbox', 'merchant', 0)",
      )
      .run(hashSecret('sk_sandbox_other_business'), other);

    const theirs = await revoke(id, 'sk_sandbox_other_business');
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ name: 'NOT_FOUND', status: 404 });
    expect((await revoke(id, PRODUCTION)).status).toBe(404);
    expect((await revoke(id, null)).status).toBe(401);
    expect((await revoke('ctr_nope')).status).toBe(404);
    expect((await client.contract.get(id)).status).toBe('ACTIVE');
    expect((await client.contract.send(id, { amount: 1, payee, reference: 'STILL' })).status).toBe(
      'PENDING',
    );
  });

  it('the human revokes on the link sent to them when they approved; the agent never sees it', async () => {
    const { client } = await registeredClient(h, 'Revoked by human');
    await setApprovers(h, [{ email: 'owner@example.com' }]);
    const created = await client.contract.create({
      approver: { email: 'owner@example.com' },
      name: 'Human revokes',
      limits: limits(),
    } as never);
    const approved = await approveOnPage(h, created.authorizationUrl!);
    expect(approved.status).toBe(200);
    const outcome = await approved.text();
    const link = await messageLink(`${h.url}/agents/revoke/`);
    expect(outcome).toContain(link);
    const paid = await client.contract.send(created.contractId, {
      amount: 5,
      payee,
      reference: 'BY HUMAN',
    });
    // No API answer carries the link.
    expect(JSON.stringify(await client.contract.get(created.contractId))).not.toContain(
      '/agents/revoke/',
    );

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Revoke this contract');
    // Another site cannot post the form in the human's name.
    const forged = await fetch(link, {
      method: 'POST',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'decision=REVOKE',
    });
    expect(forged.status).toBe(403);
    expect((await client.contract.get(created.contractId)).status).toBe('ACTIVE');

    const done = await postForm(link, { decision: 'REVOKE' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Revoked');
    const contract = await client.contract.get(created.contractId);
    expect(contract).toMatchObject({ status: 'REVOKED', revokedBy: 'APPROVER' });
    expect(
      await refusal(client.contract.send(created.contractId, { amount: 1, payee, reference: 'X' })),
    ).toEqual({ code: 'CONTRACT_REVOKED', status: 409 });
    const payments = await client.contract.payments(created.contractId);
    expect(payments.data.map((p) => p.paymentId)).toEqual([paid.paymentId]);
    // The link now only says so; a made-up one names nothing.
    expect(await (await fetch(link)).text()).toContain('Revoked');
    expect((await fetch(`${h.url}/agents/revoke/not-a-token`)).status).toBe(404);
  });

  it('a COLLECT contract revoked by its business refuses the next charge', async () => {
    const { client } = await registeredClient(h, 'Collect revoked');
    const customer = await h.call('POST', '/api/customers', {
      fullName: 'Jo Revoked',
      email: `jo.${randomUUID()}@example.com`,
    });
    await h.call('POST', `/api/sandbox/customers/${customer.body.id}/cards`, {
      number: '4242424242424242',
    });
    const created = await client.contract.create({
      name: 'Gym',
      type: 'COLLECT',
      serviceCustomerId: customer.body.id,
      limits: limits(),
    } as never);
    await h.call('POST', `/api/sandbox/contracts/${created.contractId}/authorize`, {
      decision: 'APPROVE',
    });
    const charged = await client.contract.collect(created.contractId, {
      amount: 5,
      orderId: 'G-1',
    });
    expect((await revoke(created.contractId)).status).toBe(200);
    expect(
      await refusal(client.contract.collect(created.contractId, { amount: 5, orderId: 'G-2' })),
    ).toEqual({ code: 'CONTRACT_REVOKED', status: 409 });
    expect((await client.contract.payment(charged.paymentId)).paymentId).toBe(charged.paymentId);
  });
});

describe('the dashboard', () => {
  it('revokes a contract and shows it REVOKED, by the business', async () => {
    const { client } = await registeredClient(h, 'Dashboard revokes');
    const id = await activeContract(h, client);
    const api = createSessionApi({ baseUrl: h.url, secret: SANDBOX, onUnauthorized: () => {} });
    const store = createAgentsStore(api.call);
    await store.getState().refresh();
    expect(store.getState().contracts!.find((c) => c.contractId === id)?.status).toBe('ACTIVE');
    expect(await store.getState().revoke(id)).toBe('');
    const shown = store.getState().contracts!.find((c) => c.contractId === id)!;
    expect(shown).toMatchObject({ status: 'REVOKED', revokedBy: 'BUSINESS' });
    expect((await client.contract.get(id)).status).toBe('REVOKED');
    // A second revoke from a stale page changes nothing and says nothing went wrong.
    expect(await store.getState().revoke(id)).toBe('');
  });
});

describe('a contract past validTo', () => {
  it('reads EXPIRED on the sandbox clock, refuses payments, and cannot be revoked (409)', async () => {
    const { client } = await registeredClient(h, 'Expires');
    const validTo = new Date(
      h.service.ctx.clock.now('sandbox', h.service.bootstrap.merchantId) + 3600_000,
    ).toISOString();
    const id = await activeContract(h, client, { validTo });
    const before = await client.contract.send(id, { amount: 2, payee, reference: 'IN TIME' });

    await h.call('POST', '/api/sandbox/clock/advance', { ms: 3600_000 });
    expect((await client.contract.get(id)).status).toBe('EXPIRED');
    const error = await client.contract
      .send(id, { amount: 1, payee, reference: 'LATE' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentPayError);
    expect(error).toMatchObject({ code: 'CONTRACT_EXPIRED', status: 409 });
    expect((error as Error).message).toContain(validTo.replace('.000Z', ''));
    const listed = ContractPage.parse(
      (await h.call('GET', '/api/agent-contracts?status=EXPIRED&size=100')).body,
    );
    expect(listed.data.map((c) => c.contractId)).toContain(id);
    const res = await revoke(id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ name: 'CONFLICT' });
    expect((await client.contract.payments(id)).data.map((p) => p.paymentId)).toEqual([
      before.paymentId,
    ]);
  });

  it('the scheduler marks it EXPIRED without anyone reading it', async () => {
    const { client } = await registeredClient(h, 'Swept');
    const validTo = new Date(
      h.service.ctx.clock.now('sandbox', h.service.bootstrap.merchantId) + 60_000,
    ).toISOString();
    const id = await activeContract(h, client, { validTo });
    await h.call('POST', '/api/sandbox/clock/advance', { ms: 61_000 });
    await expect
      .poll(
        async () =>
          (
            await h.service.store
              .prepare<[string], { status: string }>('SELECT status FROM contracts WHERE id = ?')
              .get(id)
          )?.status,
      )
      .toBe('EXPIRED');
  });
});

describe.runIf(TEST_STORE === 'postgres')('two instances on one PostgreSQL database', () => {
  it('a contract revoked on one is refused by the other at once', async () => {
    const database = await testStore();
    const first = await startService(database);
    const second = await startService(database);
    try {
      const { client, key, agent } = await registeredClient(first, 'Two instances');
      const id = await activeContract(first, client);
      const viaSecond = new AgentPay({
        baseUrl: second.url,
        apiKey: SANDBOX,
        privateKeyPem: key.privateKeyPem,
        agentId: agent.agentId,
      });
      await viaSecond.contract.send(id, { amount: 1, payee, reference: 'ON SECOND' });
      expect((await first.call('POST', `/api/agents/contracts/${id}/revoke`)).status).toBe(200);
      expect(
        await refusal(viaSecond.contract.send(id, { amount: 1, payee, reference: 'REFUSED' })),
      ).toEqual({ code: 'CONTRACT_REVOKED', status: 409 });
    } finally {
      await second.close();
      await first.close();
    }
  });
});
