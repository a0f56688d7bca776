/**
 * The Agent Pay client against the real service over loopback: contract rules (creation with
 * defaults, validation naming the field, lists and their filters, COLLECT terms) and updates.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contract, ContractPage } from '../../shared/contract/agent';
import { activeContract, limits, payee, registeredClient } from '../../../test/helpers/agent';
import { clientTools, rejects } from '../../../test/helpers/agent-client';
import { startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());
const { authorize, insertCustomer } = clientTools(() => h);

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
});

describe("contracts: the agent's list and COLLECT terms", () => {
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
