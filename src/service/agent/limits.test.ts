/**
 * Contract limits over real HTTP: calendar and anchored periods rolling over on the sandbox
 * clock across month ends and a leap day, and fast-check properties that concurrent payments
 * never exceed any cap and that remaining always equals cap - usedThisPeriod - reserved.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentPay } from '../../agent/index';
import { AgentPayError } from '../../agent/index';
import { activeContract, payee, registeredClient } from '../../../test/helpers/agent';
import { startService, type Harness } from '../../../test/helpers/service';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Moves the sandbox clock to `iso` (forward only; at most a year per call). */
async function moveTo(service: Harness, iso: string) {
  let left =
    Date.parse(iso) -
    service.service.ctx.clock.now('sandbox', service.service.bootstrap.merchantId);
  expect(left).toBeGreaterThan(0);
  while (left > 0) {
    const step = Math.min(left, 365 * 24 * 3600 * 1000);
    const res = await service.call('POST', '/api/sandbox/clock/advance', { ms: step });
    expect(res.status).toBe(200);
    left =
      Date.parse(iso) -
      service.service.ctx.clock.now('sandbox', service.service.bootstrap.merchantId);
  }
}

const usageOf = async (client: AgentPay, id: string) =>
  Object.fromEntries(
    (await client.contract.get(id)).usage!.map((u) => [
      u.period,
      { used: u.usedThisPeriod, reserved: u.reserved, remaining: u.remaining, end: u.periodEnd },
    ]),
  );

const refused = (p: Promise<unknown>) =>
  p.then(
    () => false,
    (e) => e instanceof AgentPayError && e.code === 'BAD_REQUEST',
  );

describe('periods roll over on the sandbox clock', () => {
  it('CALENDAR: a day cap resets at midnight, a month cap at the month end, across 29 February', async () => {
    h = await startService();
    const { client } = await registeredClient(h);
    const id = await activeContract(h, client, {
      maxPerPayment: 100,
      periodLimits: [
        { amount: 100, period: 'DAY' },
        { amount: 250, period: 'MONTH' },
      ],
    });
    await moveTo(h, '2028-02-28T22:00:00.000Z');
    await client.contract.send(id, { amount: 100, payee, reference: '28 Feb' });
    expect(await refused(client.contract.send(id, { amount: 1, payee, reference: 'over' }))).toBe(
      true,
    );
    let u = await usageOf(client, id);
    expect(u.DAY).toEqual({
      used: 0,
      reserved: 100,
      remaining: 0,
      end: '2028-02-29T00:00:00.000Z',
    });
    expect(u.MONTH).toEqual({
      used: 0,
      reserved: 100,
      remaining: 150,
      end: '2028-03-01T00:00:00.000Z',
    });

    await moveTo(h, '2028-02-29T01:00:00.000Z'); // the leap day: a new day, the same month
    u = await usageOf(client, id);
    expect(u.DAY).toEqual({
      used: 0,
      reserved: 0,
      remaining: 100,
      end: '2028-03-01T00:00:00.000Z',
    });
    expect(u.MONTH).toEqual({
      used: 100,
      reserved: 0,
      remaining: 150,
      end: '2028-03-01T00:00:00.000Z',
    });
    await client.contract.send(id, { amount: 100, payee, reference: '29 Feb' });
    await moveTo(h, '2028-02-29T23:30:00.000Z');
    expect(await refused(client.contract.send(id, { amount: 60, payee, reference: 'month' }))).toBe(
      true,
    );

    await moveTo(h, '2028-03-01T00:30:00.000Z'); // a new day and a new month
    u = await usageOf(client, id);
    expect(u.DAY).toMatchObject({ used: 0, remaining: 100, end: '2028-03-02T00:00:00.000Z' });
    expect(u.MONTH).toMatchObject({ used: 0, remaining: 250, end: '2028-04-01T00:00:00.000Z' });
    expect((await client.contract.send(id, { amount: 60, payee, reference: 'March' })).status).toBe(
      'PENDING',
    );
  });

  it('ANCHORED: a month counted from the 31st renews on the last day of February, then the 31st', async () => {
    h = await startService();
    const { client } = await registeredClient(h);
    const id = await activeContract(h, client, {
      maxPerPayment: 100,
      periodLimits: [{ amount: 100, period: 'MONTH', alignment: 'ANCHORED' }],
      validFrom: '2027-01-31T12:00:00.000Z',
      validTo: '2029-01-01T00:00:00.000Z',
    });
    await moveTo(h, '2027-02-01T09:00:00.000Z');
    await client.contract.send(id, { amount: 100, payee, reference: 'Jan' });
    expect((await usageOf(client, id)).MONTH!.end).toBe('2027-02-28T12:00:00.000Z');
    await moveTo(h, '2027-02-28T11:00:00.000Z');
    expect(await refused(client.contract.send(id, { amount: 1, payee, reference: 'early' }))).toBe(
      true,
    );
    await moveTo(h, '2027-02-28T13:00:00.000Z');
    expect(await usageOf(client, id)).toEqual({
      MONTH: { used: 0, reserved: 0, remaining: 100, end: '2027-03-31T12:00:00.000Z' },
    });
    await client.contract.send(id, { amount: 100, payee, reference: 'Feb' });
    await moveTo(h, '2027-03-31T12:00:00.000Z');
    expect((await usageOf(client, id)).MONTH!.end).toBe('2027-04-30T12:00:00.000Z');
  });

  it('ANCHORED: a year from a leap day renews on 28 February', async () => {
    h = await startService();
    const { client } = await registeredClient(h);
    const id = await activeContract(h, client, {
      maxPerPayment: 100,
      periodLimits: [
        { amount: 100, period: 'WEEK', alignment: 'ANCHORED' },
        { amount: 100, period: 'YEAR', alignment: 'ANCHORED' },
      ],
      validFrom: '2028-02-29T00:00:00.000Z',
      validTo: '2031-01-01T00:00:00.000Z',
    });
    await moveTo(h, '2028-03-02T00:00:00.000Z');
    let u = await usageOf(client, id);
    expect(u.WEEK!.end).toBe('2028-03-07T00:00:00.000Z');
    expect(u.YEAR!.end).toBe('2029-02-28T00:00:00.000Z');
    await client.contract.send(id, { amount: 100, payee, reference: 'year' });
    await moveTo(h, '2029-02-27T23:00:00.000Z');
    expect(await refused(client.contract.send(id, { amount: 1, payee, reference: 'x' }))).toBe(
      true,
    );
    await moveTo(h, '2029-02-28T00:00:01.000Z');
    u = await usageOf(client, id);
    expect(u.YEAR).toEqual({
      used: 0,
      reserved: 0,
      remaining: 100,
      end: '2030-02-28T00:00:00.000Z',
    });
  });
});

describe('properties', () => {
  it('concurrent payments never exceed any cap; remaining = cap - used - reserved', async () => {
    h = await startService();
    const service = h;
    const { client } = await registeredClient(service);
    const step = fc.oneof(
      // A burst of concurrent payments (some to the failing account).
      fc.record({
        kind: fc.constant('burst' as const),
        payments: fc.array(
          fc.record({ pence: fc.integer({ min: 1, max: 6000 }), fail: fc.boolean() }),
          { minLength: 1, maxLength: 12 },
        ),
      }),
      // Time passes: payments settle, and days may roll over.
      fc.record({
        kind: fc.constant('advance' as const),
        ms: fc.constantFrom(1000, 2500, 6 * 3600_000, 25 * 3600_000),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          maxPerPayment: fc.integer({ min: 10, max: 50 }),
          day: fc.integer({ min: 50, max: 120 }),
        }),
        fc.array(step, { minLength: 1, maxLength: 8 }),
        async (caps, steps) => {
          const capsPounds = { DAY: caps.day, WEEK: caps.day * 2, MONTH: caps.day * 3 };
          const id = await activeContract(service, client, {
            maxPerPayment: caps.maxPerPayment,
            periodLimits: [
              { amount: capsPounds.DAY, period: 'DAY' },
              { amount: capsPounds.WEEK, period: 'WEEK', alignment: 'ANCHORED' },
              { amount: capsPounds.MONTH, period: 'MONTH' },
            ],
          });
          for (const s of steps) {
            if (s.kind === 'advance')
              await moveTo(
                service,
                new Date(
                  service.service.ctx.clock.now('sandbox', service.service.bootstrap.merchantId) +
                    s.ms,
                ).toISOString(),
              );
            else {
              const results = await Promise.allSettled(
                s.payments.map((p) =>
                  client.contract.send(id, {
                    amount: p.pence / 100,
                    payee: p.fail ? { ...payee, accountNumber: '00000000' } : payee,
                    reference: 'prop',
                  }),
                ),
              );
              for (const r of results) {
                if (r.status === 'rejected')
                  expect((r.reason as AgentPayError).code).toBe('BAD_REQUEST');
                else
                  expect(Math.round(r.value.amount * 100)).toBeLessThanOrEqual(
                    caps.maxPerPayment * 100,
                  );
              }
            }
            const contract = await client.contract.get(id);
            for (const u of contract.usage!) {
              expect(Math.round((u.cap - u.usedThisPeriod - u.reserved) * 100)).toBe(
                Math.round(u.remaining * 100),
              );
              expect(u.usedThisPeriod + u.reserved).toBeLessThanOrEqual(u.cap + 1e-9);
              expect(u.cap).toBe(capsPounds[u.period as keyof typeof capsPounds]);
            }
          }
          // Independently of the usage report: every window's accepted payments fit its cap.
          const all = await client.contract.payments(id, { size: 100 });
          const counted = all.data.filter((p) => p.status !== 'FAILED');
          const byDay = new Map<string, number>();
          for (const p of counted)
            byDay.set(
              p.createdAt.slice(0, 10),
              (byDay.get(p.createdAt.slice(0, 10)) ?? 0) + Math.round(p.amount * 100),
            );
          for (const total of byDay.values())
            expect(total).toBeLessThanOrEqual(capsPounds.DAY * 100);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('sandbox reset', () => {
  it("deletes the sandbox's agents, contracts, payments and nonces", async () => {
    h = await startService();
    const { client } = await registeredClient(h);
    const id = await activeContract(h, client);
    await client.contract.send(id, { amount: 5, payee, reference: 'r' });
    expect((await h.call('POST', '/api/sandbox/reset')).status).toBe(200);
    for (const table of ['agents', 'contracts', 'contract_payments', 'agent_nonces'])
      expect(await h.service.store.prepare(`SELECT count(*) AS n FROM ${table}`).get()).toEqual({
        n: 0,
      });
    expect((await h.call('GET', '/api/agents')).body.totalCount).toBe(0);
    const gone = await client.agent.me().catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(AgentPayError);
    expect((gone as AgentPayError).code).toBe('UNAUTHORIZED');
  });
});
