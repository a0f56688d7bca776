/**
 * The TypeScript client against the published interface's Agent Pay table, in both
 * environments: every operation called with exactly the parameters the table lists (no
 * extension field, no approver), against a real service on loopback. A person approves: in the
 * sandbox through the sandbox control, in production on the authorization page with the code the
 * service e-mails (a real SMTP server on loopback) to one of the business's approvers (SEND) or
 * to the customer (COLLECT). python/tests/test_conformance.py does the same for the Python client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentPay, AgentPayError, type ContractRecord } from '../../src/agent/index';
import { newKey, pageBrowser, setApprovers } from '../helpers/agent';
import { startMailbox, type Mailbox } from '../helpers/mailbox';
import { PRODUCTION, SANDBOX, startService, type Harness } from '../helpers/service';

let mailbox: Mailbox;
let h: Harness;

/** The business's approver of production SEND contracts (set as in its dashboard's Settings). */
const FINANCE = 'finance@conformance.example';

beforeAll(async () => {
  mailbox = await startMailbox();
  h = await startService({ mail: { smtpUrl: mailbox.url } });
  await setApprovers(h, [{ email: FINANCE }], PRODUCTION);
});
afterAll(async () => {
  await h.close();
  await mailbox.close();
});

/** Limits exactly as the table lists them: maxPerPayment, periodLimits, validTo (required). */
const limits = {
  maxPerPayment: 25,
  periodLimits: [
    { amount: 50, period: 'DAY' as const },
    { amount: 200, period: 'MONTH' as const, alignment: 'ANCHORED' as const },
  ],
  validTo: '2099-01-01T00:00:00Z',
};

/** The failure an awaitActive ends with. */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e instanceof AgentPayError ? e.code : String(e)),
  );

describe.each([
  ['sandbox', SANDBOX],
  ['production', PRODUCTION],
] as const)('the Agent Pay table, %s', (environment, apiKey) => {
  let pay: AgentPay;
  let customerId: string;
  let customerEmail: string;
  const made: Record<string, ContractRecord> = {};

  /** The person's decision: the sandbox control, or the page with the mailed code. */
  async function decide(contract: ContractRecord, decision: 'APPROVE' | 'DECLINE', to: string) {
    if (environment === 'sandbox') {
      const res = await h.call(
        'POST',
        `/api/sandbox/contracts/${contract.contractId}/authorize`,
        { decision },
        SANDBOX,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return;
    }
    const url = contract.authorizationUrl!;
    const browser = pageBrowser();
    if (decision === 'DECLINE') {
      expect((await browser.post(url, { decision })).status).toBe(200);
      return;
    }
    expect((await browser.post(`${url}/code`, {})).status).toBe(303);
    const code = await mailbox.codeFor(to);
    if (contract.type === 'SEND') {
      expect((await browser.post(url, { decision, code })).status).toBe(200);
      return;
    }
    // COLLECT: the code first; then the customer adds a card (3D Secure) and approves with it.
    expect((await browser.post(`${url}/verify`, { code })).status).toBe(303);
    const typed = await browser.post(`${url}/card`, {
      name: 'Pat Conformance',
      number: '4242 4242 4242 4242',
      expiry: '12/39',
      cvc: '123',
    });
    expect(typed.status).toBe(303);
    const challenge = new URL(typed.headers.get('location')!, h.url).href;
    const done = await browser.post(challenge, { decision: 'complete' });
    const back = new URL(done.headers.get('location')!);
    const paymentMethodId = back.searchParams.get('paymentMethodId')!;
    expect(paymentMethodId).toBeTruthy();
    expect((await browser.post(url, { decision, paymentMethodId })).status).toBe(200);
  }

  beforeAll(async () => {
    pay = new AgentPay({ baseUrl: h.url, apiKey, privateKeyPem: newKey().privateKeyPem });
    customerEmail = `pat.${environment}@conformance.example`;
    const customer = await h.call(
      'POST',
      '/api/customers',
      { fullName: 'Pat Conformance', email: customerEmail },
      apiKey,
    );
    expect(customer.status).toBe(201);
    customerId = customer.body.id;
    // The sandbox control links the customer's newest saved card; in production the customer
    // adds one on the page.
    if (environment === 'sandbox')
      expect(
        (
          await h.call('POST', `/api/sandbox/customers/${customerId}/cards`, {
            number: '4242424242424242',
          })
        ).status,
      ).toBe(201);
  });

  it('agent.register (name, description), agent.me, agent.list', async () => {
    const agent = await pay.agent.register({
      name: 'Conformance bot',
      description: 'Calls every operation',
    });
    expect(agent).toMatchObject({
      agentId: expect.stringMatching(/^agt_/),
      businessId: expect.any(String),
      environment,
      name: 'Conformance bot',
      description: 'Calls every operation',
      publicKeyPem: expect.stringContaining('BEGIN PUBLIC KEY'),
    });
    expect(await pay.agent.me()).toMatchObject({ agentId: agent.agentId, status: 'ACTIVE' });
    const listed = await pay.agent.list();
    expect(listed.data.map((a) => a.agentId)).toContain(agent.agentId);
    expect(listed).toMatchObject({ page: 0, size: 20 });
  });

  it('contract.create SEND (name, type, description, limits): PENDING_AUTHORIZATION with authorizationUrl', async () => {
    made.send = await pay.contract.create({
      name: 'Office supplies',
      type: 'SEND',
      description: 'Paper and toner',
      limits: { ...limits, currency: 'GBP', validFrom: '2026-01-01T00:00:00Z' },
    });
    expect(made.send).toMatchObject({
      type: 'SEND',
      environment,
      status: 'PENDING_AUTHORIZATION',
      authorizationUrl: expect.stringMatching(/\/agents\/authorize\//),
      limits: { maxPerPayment: 25, currency: 'GBP' },
    });
  });

  it('contract.create COLLECT (name, type, serviceCustomerId, limits)', async () => {
    made.collect = await pay.contract.create({
      name: 'Gym membership',
      type: 'COLLECT',
      serviceCustomerId: customerId,
      limits,
    });
    expect(made.collect).toMatchObject({
      type: 'COLLECT',
      serviceCustomerId: customerId,
      status: 'PENDING_AUTHORIZATION',
      authorizationUrl: expect.any(String),
    });
  });

  it('contract.awaitActive: approved (SEND and COLLECT)', async () => {
    for (const [contract, to] of [
      [made.send!, FINANCE],
      [made.collect!, customerEmail],
    ] as const) {
      const waiting = pay.contract.awaitActive(contract.contractId, { timeoutMs: 20_000 });
      await decide(contract, 'APPROVE', to);
      expect(await waiting).toMatchObject({ contractId: contract.contractId, status: 'ACTIVE' });
    }
  });

  it('contract.awaitActive: declined (AUTHORIZATION_FAILED) and timed out (AUTHORIZATION_TIMEOUT)', async () => {
    const declined = await pay.contract.create({ name: 'Declined', limits });
    const waiting = failure(pay.contract.awaitActive(declined.contractId, { timeoutMs: 20_000 }));
    await decide(declined, 'DECLINE', FINANCE);
    expect(await waiting).toBe('AUTHORIZATION_FAILED');
    const pending = await pay.contract.create({ name: 'Waiting', limits });
    expect(await failure(pay.contract.awaitActive(pending.contractId, { timeoutMs: 300 }))).toBe(
      'AUTHORIZATION_TIMEOUT',
    );
  });

  it('contract.get: live usage of every cap', async () => {
    await pay.contract.send(made.send!.contractId, {
      amount: 10,
      payee: { name: 'Paper Co', sortCode: '12-34-56', accountNumber: '12345678' },
      reference: 'CONFORM-1',
    });
    const read = await pay.contract.get(made.send!.contractId);
    expect(read.status).toBe('ACTIVE');
    expect(read.authorizationUrl).toBeUndefined();
    expect(read.usage!.map((u) => [u.period, u.cap, u.usedThisPeriod + u.reserved])).toEqual([
      ['DAY', 50, 10],
      ['MONTH', 200, 10],
    ]);
    for (const u of read.usage!) expect(u.remaining).toBe(u.cap - u.usedThisPeriod - u.reserved);
  });

  it('contract.list and contract.listAll with the type filter', async () => {
    const sends = await pay.contract.list({ type: 'SEND' });
    expect(sends.data.every((c) => c.type === 'SEND')).toBe(true);
    expect(sends.totalCount).toBe(3);
    const collects = await pay.contract.listAll({ type: 'COLLECT' });
    expect(collects.map((c) => c.contractId)).toEqual([made.collect!.contractId]);
    expect(collects[0]).toMatchObject({
      status: 'ACTIVE',
      linkedMethod: { lastFourDigits: '4242' },
    });
  });
});
