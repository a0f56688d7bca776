/**
 * The Agent Pay client against the real service over loopback: the authorization page and its
 * expiry, awaitActive's two errors, and the sandbox control.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveOnPage,
  setApprovers,
  limits,
  payee,
  registeredClient,
} from '../../../test/helpers/agent';
import { clientTools, rejects } from '../../../test/helpers/agent-client';
import { PRODUCTION, startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());
const { advance, authorize } = clientTools(() => h);

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
