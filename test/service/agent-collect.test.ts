/**
 * COLLECT charges through the CollectCards interface. Card on file is another area, so this
 * test supplies the interface itself: its saved card is a fixture, and its charge creates a real
 * card payment request on the service, settled by the service's own sandbox card network. The
 * Agent Pay area is mounted with it on a Hono app over the service's context, and the client
 * calls that app in-process (its `fetch` option).
 */
import { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentPayError } from '../../src/agent/index';
import { AgentPay } from '../../src/agent/index';
import { poundsToPence } from '../../src/shared/money';
import { errorEnvelope } from '../../src/shared/contract/errors';
import { ProcessPaymentBody } from '../../src/shared/contract/payments';
import { agentRoutes } from '../../src/service/agent/routes';
import type { CollectCards } from '../../src/service/agent/collect-cards';
import { ApiError } from '../../src/service/http/errors';
import { limits, newKey } from '../helpers/agent';
import { SANDBOX, startService, type Harness } from '../helpers/service';

let h: Harness;
let pay: AgentPay;
let app: Hono;
const card = {
  paymentMethodId: 'pm_fixture_4242',
  lastFourDigits: '4242',
  brand: 'VISA',
  expiryDate: '12/2030',
};
/** The sandbox card network declines this amount (in pounds). */
const DECLINED = 13.13;

beforeAll(async () => {
  h = await startService();
  const ctx = h.service.ctx;
  const cards: CollectCards = {
    savedCards: () => [card],
    async charge(scope, input) {
      const caller = { kind: 'merchant' as const, ...scope };
      const id = ctx.creator.create(caller, {
        body: ProcessPaymentBody.parse({
          customerId: input.customerId,
          orderId: input.orderId,
          amount: input.amountPence / 100,
          paymentMethod: ['CARD'],
        }),
      });
      const declined = input.amountPence === poundsToPence(DECLINED);
      ctx.lifecycle.startAttempt(id, {
        method: 'CARD',
        status: 'PENDING',
        card: { brand: 'VISA', last4: '4242', type: 'CREDIT' },
        settle: declined
          ? { outcome: 'FAILED', errorDescription: 'Card declined' }
          : { outcome: 'COMPLETED' },
      });
      return { paymentRequestId: id };
    },
  };
  app = new Hono();
  app.onError((error, c) =>
    error instanceof ApiError
      ? c.json(error.toEnvelope(), error.status as 400)
      : c.json(errorEnvelope(500, error.message), 500),
  );
  agentRoutes(() => cards)(app, ctx);
  pay = new AgentPay({
    baseUrl: 'http://agent-pay.test',
    apiKey: SANDBOX,
    privateKeyPem: newKey().privateKeyPem,
    fetch: (url, init) => Promise.resolve(app.request(String(url), init)),
  });
  await pay.agent.register({ name: 'Gym billing' });
});
afterAll(() => h.close());

function customer(): string {
  const id = randomUUID();
  h.service.db
    .prepare(
      `INSERT INTO customers (id, merchant_id, environment, full_name, email, created_at)
       VALUES (?, ?, 'sandbox', 'Jo Bloggs', ?, ?)`,
    )
    .run(id, h.service.bootstrap.merchantId, `${id}@example.com`, Date.now());
  return id;
}

const decide = async (contractId: string, body: object) =>
  app.request(`/api/sandbox/contracts/${contractId}/authorize`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SANDBOX}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('COLLECT through CollectCards', () => {
  it('approval links the chosen saved card; charges are card payments that settle the reservation', async () => {
    const created = await pay.contract.create({
      name: 'Gym membership',
      type: 'COLLECT',
      serviceCustomerId: customer(),
      limits: limits({ maxPerPayment: 40, periodLimits: [{ amount: 60, period: 'MONTH' }] }),
    } as never);
    expect(
      (await decide(created.contractId, { decision: 'APPROVE', paymentMethodId: 'pm_other' }))
        .status,
    ).toBe(400);
    expect(
      (
        await decide(created.contractId, {
          decision: 'APPROVE',
          paymentMethodId: card.paymentMethodId,
        })
      ).status,
    ).toBe(200);
    const active = await pay.contract.get(created.contractId);
    expect(active).toMatchObject({ status: 'ACTIVE', termsVersion: 1, linkedMethod: card });

    const charge = await pay.contract.collect(created.contractId, { amount: 35, orderId: 'GYM-1' });
    expect(charge).toMatchObject({
      type: 'COLLECT',
      status: 'PENDING',
      amount: 35,
      orderId: 'GYM-1',
    });
    expect((await pay.contract.get(created.contractId)).usage![0]).toMatchObject({
      reserved: 35,
      remaining: 25,
    });
    const over = await pay.contract
      .collect(created.contractId, { amount: 30, orderId: 'GYM-2' })
      .catch((e: unknown) => e);
    expect((over as AgentPayError).code).toBe('BAD_REQUEST');

    // The card payment is a payment request like any other, readable with payment status.
    const status = await h.call(
      'GET',
      `/api/payments/v1/payment-status/${charge.paymentRequestId}`,
    );
    expect(status.status).toBe(200);
    await h.call('POST', '/api/sandbox/clock/advance', { ms: 1000 }); // the card network answers
    const settled = await pay.contract.payment(charge.paymentId);
    expect(settled.status).toBe('COMPLETED');
    expect((await pay.contract.get(created.contractId)).usage![0]).toMatchObject({
      usedThisPeriod: 35,
      reserved: 0,
      remaining: 25,
    });
  });

  it('a declined card payment releases the reservation', async () => {
    const created = await pay.contract.create({
      name: 'Gym extras',
      type: 'COLLECT',
      serviceCustomerId: customer(),
      limits: limits({ maxPerPayment: 40, periodLimits: [{ amount: 60, period: 'MONTH' }] }),
    } as never);
    await decide(created.contractId, { decision: 'APPROVE' }); // links the newest card
    const charge = await pay.contract.collect(created.contractId, {
      amount: DECLINED,
      orderId: 'GYM-X',
    });
    await h.call('POST', '/api/sandbox/clock/advance', { ms: 1000 });
    expect(await pay.contract.payment(charge.paymentId)).toMatchObject({
      status: 'FAILED',
      errorDescription: 'Card declined',
    });
    expect((await pay.contract.get(created.contractId)).usage![0]).toMatchObject({
      usedThisPeriod: 0,
      reserved: 0,
      remaining: 60,
    });
  });
});
