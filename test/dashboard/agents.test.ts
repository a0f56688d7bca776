/**
 * The dashboard's Agents page: its store against a real service over loopback (agents and
 * contracts made with the Agent Pay client, read back with the API key alone, filters, payments
 * under a contract, usage). The page itself is rendered in src/dashboard/areas/agents and in
 * test/e2e/agents.spec.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionApi, type SessionApi } from '../../src/dashboard/lib/api';
import { createAgentsStore } from '../../src/dashboard/store/agents';
import { usagePercent, usageText } from '../../src/dashboard/lib/agents-usage';
import { SEND_SETTLE_MS } from '../../src/service/agent/spending';
import { activeContract, limits, payee, registeredClient } from '../helpers/agent';
import { startService, SANDBOX, type Harness } from '../helpers/service';

let h: Harness;
let api: SessionApi;
beforeAll(async () => {
  h = await startService();
  api = createSessionApi({ baseUrl: h.url, secret: SANDBOX, onUnauthorized: () => {} });
});
afterAll(() => h.close());

describe('usage words', () => {
  const u = {
    period: 'DAY' as const,
    cap: 100,
    usedThisPeriod: 20,
    reserved: 5,
    remaining: 75,
    periodEnd: '2027-01-02T00:00:00.000Z',
  };
  it('says used, reserved and left of the cap, and fills the bar with used + reserved', () => {
    expect(usageText(u, 'GBP')).toBe('£20.00 used, £5.00 reserved, £75.00 left of £100.00');
    expect(usagePercent(u)).toBe(25);
    expect(usagePercent({ ...u, usedThisPeriod: 100, reserved: 0, remaining: 0 })).toBe(100);
    expect(usagePercent({ ...u, usedThisPeriod: 0, reserved: 0, remaining: 100 })).toBe(0);
  });
});

describe('the Agents store and page', () => {
  it('shows agents, contracts with limits, usage, a staged update and payments; filters', async () => {
    const { client, agent } = await registeredClient(h, 'Procurement bot');
    const sendId = await activeContract(h, client);
    const pending = await client.contract.create({
      name: 'Cleaning',
      type: 'SEND',
      limits: limits({ maxPerPayment: 10, periodLimits: [{ amount: 30, period: 'WEEK' }] }),
    } as never);
    await client.contract.send(sendId, { amount: 12.5, payee, reference: 'DASH-1' });
    await client.contract.update(sendId, { limits: limits({ maxPerPayment: 80 }) } as never);

    const store = createAgentsStore(api.call);
    await store.getState().refresh();
    const s = store.getState();
    expect(s.error).toBe('');
    expect(s.agents?.find((a) => a.agentId === agent.agentId)).toMatchObject({
      name: 'Procurement bot',
      status: 'ACTIVE',
    });
    expect(s.agents?.find((a) => a.agentId === agent.agentId)?.createdAt).toMatch(/^\d{4}-/);
    expect(s.contracts?.map((c) => c.contractId)).toEqual([pending.contractId, sendId]);
    const send = s.contracts!.find((c) => c.contractId === sendId)!;
    expect(send.pendingUpdate?.limits.maxPerPayment).toBe(80);
    expect(send.limits.maxPerPayment).toBe(50);
    const day = send.usage!.find((u) => u.period === 'DAY')!;
    expect(day).toMatchObject({ cap: 100, usedThisPeriod: 0, reserved: 12.5, remaining: 87.5 });

    // Filters go to the service.
    store.getState().setStatus('ACTIVE');
    await store.getState().refresh();
    expect(store.getState().contracts?.map((c) => c.contractId)).toEqual([sendId]);
    store.getState().setStatus('');
    store.getState().setType('COLLECT');
    await store.getState().refresh();
    expect(store.getState().contracts).toEqual([]);
    store.getState().setType('');
    await store.getState().refresh();

    // A contract's payments, loaded when shown and kept current by each refresh.
    store.getState().togglePayments(sendId);
    expect(store.getState().payments[sendId]?.data).toBeNull();
    await store.getState().refresh();
    expect(store.getState().payments[sendId]?.data?.map((p) => [p.reference, p.status])).toEqual([
      ['DASH-1', 'PENDING'],
    ]);
    await h.call('POST', '/api/sandbox/clock/advance', { ms: SEND_SETTLE_MS + 500 });
    await store.getState().refresh();
    expect(store.getState().payments[sendId]?.data?.[0]?.status).toBe('COMPLETED');
    const settled = store.getState().contracts!.find((c) => c.contractId === sendId)!;
    expect(settled.usage!.find((u) => u.period === 'DAY')).toMatchObject({
      usedThisPeriod: 12.5,
      reserved: 0,
    });

    store.getState().togglePayments(sendId);
    expect(store.getState().payments[sendId]).toBeUndefined();
  });

  it('says what went wrong when the service refuses, and keeps what it had', async () => {
    const store = createAgentsStore(api.call);
    await store.getState().refresh();
    const before = store.getState().contracts;
    store.getState().togglePayments('no-such-contract');
    await store.getState().refresh();
    expect(store.getState().payments['no-such-contract']?.error).toBe(
      'Could not load payments: No contract with this id',
    );
    expect(store.getState().contracts).toEqual(before);
  });
});
