/**
 * The Agent Pay client against the real service over loopback: SEND payments reserved, settling
 * on the sandbox clock, refused when they break a rule or fall outside the contract's window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractPayment } from '../../shared/contract/agent';
import { activeContract, payee, registeredClient } from '../../../test/helpers/agent';
import { clientTools, rejects } from '../../../test/helpers/agent-client';
import { startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());
const { advance } = clientTools(() => h);

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
