/**
 * The Agent Pay client against the real service over loopback, with the API key alone: the
 * business's view of every agent's contracts, the merchant's profile and settings, its stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentPay } from '../../agent/index';
import { Contract, ContractPage } from '../../shared/contract/agent';
import { activeContract, limits, payee, registeredClient } from '../../../test/helpers/agent';
import { rejects } from '../../../test/helpers/agent-client';
import { PRODUCTION, SANDBOX, startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

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
