/**
 * Idempotency-Key on contract payments (SEND and COLLECT) with the agent signature in front of
 * it. The nonce check comes first: the very same signed request sent again is a replay and gets
 * 401. A retry is signed afresh (new nonce, new timestamp) with the same Idempotency-Key, and gets
 * the first answer again (Idempotent-Replayed: true) without paying twice.
 */
import { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentPay, AgentPayError } from '../../agent/index';
import { ContractPayment } from '../../shared/contract/agent';
import { errorEnvelope } from '../../shared/contract/errors';
import { ProcessPaymentBody } from '../../shared/contract/payments';
import type { CollectCards } from './collect-cards';
import { agentRoutes } from './routes';
import { ApiError } from '../kernel/errors';
import { createIdempotencyStore } from '../http/idempotency';
import { configureMount } from '../http/mount';
import {
  activeContract,
  freshNonce,
  limits,
  newKey,
  payee,
  rawSigned,
  registeredClient,
} from '../../../test/helpers/agent';
import { SANDBOX, startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const usedAndReserved = async (client: AgentPay, contractId: string) => {
  const day = (await client.contract.get(contractId)).usage!.find((u) => u.period === 'DAY')!;
  return day.usedThisPeriod + day.reserved;
};

describe('SEND with an Idempotency-Key', () => {
  it('a replayed signature is refused; a retry signed afresh replays the first answer', async () => {
    const { client, key, agent } = await registeredClient(h, 'Retrying agent');
    const contractId = await activeContract(h, client);
    const path = `/api/agents/contracts/${contractId}/payments`;
    const body = JSON.stringify({ amount: 12.5, payee, reference: 'RETRY-1' });
    const headers = { 'idempotency-key': `send-${randomUUID()}` };
    const signed = { method: 'POST', path, body, key: key.privateKey, agentId: agent.agentId };

    const first = await rawSigned(h, { ...signed, headers });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const payment = ContractPayment.parse(first.body);

    // The same signed request again (same nonce and timestamp): the nonce check wins.
    const replay = await rawSigned(h, {
      ...signed,
      headers,
      nonce: first.nonce,
      timestamp: first.timestamp,
    });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toMatch(/X-Agent-Nonce was already used/);

    // Signed afresh with the same key: the first answer, nothing paid twice.
    const retry = await rawSigned(h, { ...signed, headers, nonce: freshNonce() });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect((await client.contract.payments(contractId)).totalCount).toBe(1);
    expect(await usedAndReserved(client, contractId)).toBe(12.5);

    // The same key with another payment: 409 naming the header, and nothing recorded.
    const other = await rawSigned(h, {
      ...signed,
      body: JSON.stringify({ amount: 13, payee, reference: 'RETRY-1' }),
      headers,
    });
    expect(other.status).toBe(409);
    expect(other.body.name).toBe('CONFLICT');
    expect(other.body.errors[0].field).toBe('header.Idempotency-Key');
    expect((await client.contract.payments(contractId)).data.map((p) => p.paymentId)).toEqual([
      payment.paymentId,
    ]);
  });

  it('the TypeScript client passes the key; keys belong to one agent', async () => {
    const a = await registeredClient(h, 'Agent A');
    const b = await registeredClient(h, 'Agent B');
    const contractA = await activeContract(h, a.client);
    const contractB = await activeContract(h, b.client);
    const idempotencyKey = `shared-${randomUUID()}`;
    const input = { amount: 20, payee, reference: 'CLIENT-1' };

    const first = await a.client.contract.send(contractA, input, { idempotencyKey });
    const again = await a.client.contract.send(contractA, input, { idempotencyKey });
    expect(again).toEqual(first);
    expect(await usedAndReserved(a.client, contractA)).toBe(20);
    // A different key is a different payment.
    const second = await a.client.contract.send(contractA, input, {
      idempotencyKey: `${idempotencyKey}-2`,
    });
    expect(second.paymentId).not.toBe(first.paymentId);
    expect(await usedAndReserved(a.client, contractA)).toBe(40);

    // Agent B using the same key string pays on its own: no 409, no answer of A's.
    const ofB = await b.client.contract.send(contractB, input, { idempotencyKey });
    expect(ofB.contractId).toBe(contractB);
    expect(ofB.paymentId).not.toBe(first.paymentId);

    // A malformed key is a 400 naming the header, and pays nothing.
    const bad = await a.client.contract
      .send(contractA, input, { idempotencyKey: 'has spaces' })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(AgentPayError);
    expect((bad as AgentPayError).status).toBe(400);
    expect((bad as AgentPayError).errors[0]?.field).toBe('header.Idempotency-Key');
    expect((await a.client.contract.payments(contractA)).totalCount).toBe(2);
  });
});

describe('COLLECT with an Idempotency-Key', () => {
  it('a retried charge replays the first answer: one card payment', async () => {
    // Card on file is another area: the CollectCards interface is supplied here, its charge a real
    // card payment request (as in agent-collect.test.ts), on an app with the idempotency store.
    const ctx = h.service.ctx;
    let charges = 0;
    const cards: CollectCards = {
      savedCards: async () => [
        {
          paymentMethodId: 'pm_fixture_4242',
          lastFourDigits: '4242',
          brand: 'VISA',
          expiryDate: '12/2030',
        },
      ],
      async charge(scope, input) {
        charges++;
        const id = await ctx.creator.create(
          { kind: 'merchant', ...scope },
          {
            body: ProcessPaymentBody.parse({
              customerId: input.customerId,
              orderId: input.orderId,
              amount: input.amountPence / 100,
              paymentMethod: ['CARD'],
            }),
          },
        );
        return { paymentRequestId: id };
      },
    };
    const app = new Hono();
    configureMount(app, { idempotency: createIdempotencyStore(ctx.store, ctx.clock, ctx.outbox) });
    app.onError((error, c) =>
      error instanceof ApiError
        ? c.json(error.toEnvelope(), error.status as 400)
        : c.json(errorEnvelope(500, error.message), 500),
    );
    agentRoutes(() => cards)(app, ctx);
    const pay = new AgentPay({
      baseUrl: 'http://agent-pay.test',
      apiKey: SANDBOX,
      privateKeyPem: newKey().privateKeyPem,
      fetch: (url, init) => Promise.resolve(app.request(String(url), init)),
    });
    await pay.agent.register({ name: 'Gym billing' });
    const customerId = randomUUID();
    await ctx.store
      .prepare(
        `INSERT INTO customers (id, merchant_id, environment, full_name, email, created_at)
         VALUES (?, ?, 'sandbox', 'Jo Bloggs', ?, ?)`,
      )
      .run(customerId, h.service.bootstrap.merchantId, `${customerId}@example.com`, Date.now());
    const contract = await pay.contract.create({
      name: 'Gym',
      type: 'COLLECT',
      serviceCustomerId: customerId,
      limits: limits(),
    } as never);
    const approved = await app.request(`/api/sandbox/contracts/${contract.contractId}/authorize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SANDBOX}`, 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'APPROVE' }),
    });
    expect(approved.status).toBe(200);

    const idempotencyKey = `collect-${randomUUID()}`;
    const input = { amount: 30, orderId: 'GYM-2027-01' };
    const first = await pay.contract.collect(contract.contractId, input, { idempotencyKey });
    const again = await pay.contract.collect(contract.contractId, input, { idempotencyKey });
    expect(again).toEqual(first);
    expect(first.paymentRequestId).toBeDefined();
    expect(charges).toBe(1);
    expect((await pay.contract.payments(contract.contractId)).totalCount).toBe(1);
  });
});
