/**
 * Signed payment receipts, over real HTTP: every send and collect answer carries a compact JWS
 * that verifies offline with the JWKS published unauthenticated at
 * /.well-known/counter-receipts.json, says what was paid and what is left of each cap, and
 * fails to verify once changed. The key is made once per database: a restarted service (or a
 * second instance on the same PostgreSQL) signs with it and its old receipts still verify.
 * test/vectors/agent-receipts.json holds the TypeScript client to the Python one.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentPay, AgentPayError, verifyReceipt, type ReceiptKeys } from '../../agent/index';
import { ReceiptClaims, ReceiptJwks } from '../../shared/contract/agent';
import { createMerchant } from '../merchants/bootstrap';
import { createReceiptSigner } from './receipt-signer';
import { activeContract, limits, payee, registeredClient } from '../../../test/helpers/agent';
import {
  PRODUCTION,
  SANDBOX,
  TEST_STORE,
  startService,
  testStore,
  type Harness,
} from '../../../test/helpers/service';

interface Vectors {
  jwks: ReceiptKeys;
  cases: {
    description: string;
    receipt: string;
    valid: boolean;
    claims?: unknown;
    expected?: { issuer?: string; businessId?: string; environment?: Environment; now?: string };
  }[];
}
type Environment = 'sandbox' | 'production';
const vectors = JSON.parse(
  readFileSync(new URL('../../../test/vectors/agent-receipts.json', import.meta.url), 'utf8'),
) as Vectors;

const refusedCode = (p: Promise<unknown>) =>
  p.then(
    () => 'verified',
    (e: unknown) => (e instanceof AgentPayError ? e.code : String(e)),
  );

/** The receipt with its claims replaced (the signature kept). */
function tampered(receipt: string, change: Record<string, unknown>): string {
  const [header, payload, signature] = receipt.split('.') as [string, string, string];
  const claims = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), ...change };
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

/** The JWS with s replaced by n - s: the same signature to plain ECDSA (high-S if it was low). */
function flippedS(receipt: string): string {
  const [header, payload, encoded] = receipt.split('.') as [string, string, string];
  const signature = Buffer.from(encoded, 'base64url');
  const s = BigInt(`0x${signature.subarray(32).toString('hex')}`);
  const flipped = Buffer.from((P256_N - s).toString(16).padStart(64, '0'), 'hex');
  return `${header}.${payload}.${Buffer.concat([signature.subarray(0, 32), flipped]).toString('base64url')}`;
}
const P256_N = BigInt('0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551');
const sOf = (receipt: string) =>
  BigInt(`0x${Buffer.from(receipt.split('.')[2]!, 'base64url').subarray(32).toString('hex')}`);

describe('the shared receipt vectors', () => {
  for (const c of vectors.cases)
    it(`${c.valid ? 'verifies' : 'refuses'} ${c.description}`, async () => {
      const expected = {
        ...c.expected,
        now: c.expected?.now ? new Date(c.expected.now) : undefined,
      };
      if (c.valid) expect(await verifyReceipt(c.receipt, vectors.jwks, expected)).toEqual(c.claims);
      else
        expect(await refusedCode(verifyReceipt(c.receipt, vectors.jwks, expected))).toBe(
          'RECEIPT_INVALID',
        );
    });
});

/** The service of 'receipts from the service': that block starts it and closes it. */
let h: Harness;

const jwks = async () => {
  const res = await h.call('GET', '/.well-known/counter-receipts.json', undefined, null);
  expect(res.status).toBe(200);
  return ReceiptJwks.parse(res.body);
};

/** What the service signs: a SEND payment's receipt, verified with its keys, and low-S only. */
function signedReceipts() {
  it('a SEND answer carries a receipt that verifies with the published keys, and says what is left', async () => {
    const { client, agent } = await registeredClient(h, 'Receipts');
    const id = await activeContract(h, client);
    await client.contract.send(id, { amount: 10, payee, reference: 'FIRST' });
    const paid = await client.contract.send(id, { amount: 12.5, payee, reference: 'INV-7' });
    expect(paid.receipt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const keys = await jwks();
    expect(keys.keys).toHaveLength(1);
    expect(await client.receiptKeys()).toEqual(keys);
    const claims = ReceiptClaims.parse(await verifyReceipt(paid.receipt!, keys));
    const contract = await client.contract.get(id);
    expect(claims).toMatchObject({
      iss: h.url,
      businessId: agent.businessId,
      environment: 'sandbox',
      contractId: id,
      paymentId: paid.paymentId,
      type: 'SEND',
      status: 'PENDING',
      amount: 12.5,
      currency: 'GBP',
      payee: { name: payee.name, sortCode: '123456', accountNumber: payee.accountNumber },
      reference: 'INV-7',
      time: paid.createdAt,
      usageLeft: contract.usage!.map((u) => ({
        period: u.period,
        remaining: u.remaining,
        periodEnd: u.periodEnd,
      })),
    });
    expect(claims.usageLeft.map((u) => u.remaining)).toEqual([77.5, 377.5]);
    // Valid for a year of real time, which is how long its key stays published.
    expect(claims.exp! - Date.now() / 1000).toBeGreaterThan(365 * 86_400 - 60);
    expect(claims.exp! - Date.now() / 1000).toBeLessThanOrEqual(365 * 86_400);
    const header = JSON.parse(Buffer.from(paid.receipt!.split('.')[0]!, 'base64url').toString());
    expect(header).toEqual({ alg: 'ES256', kid: keys.keys[0]!.kid, typ: 'JWT' });
    expect(agent.agentId).toBeTruthy();

    // Changed by one claim, it no longer verifies.
    expect(await refusedCode(verifyReceipt(tampered(paid.receipt!, { amount: 1250 }), keys))).toBe(
      'RECEIPT_INVALID',
    );
    expect(
      await refusedCode(
        verifyReceipt(
          tampered(paid.receipt!, { payee: { ...payee, accountNumber: '87654321' } }),
          keys,
        ),
      ),
    ).toBe('RECEIPT_INVALID');
    // Nor with someone else's keys.
    expect(await refusedCode(verifyReceipt(paid.receipt!, vectors.jwks))).toBe('RECEIPT_INVALID');
  });

  it('signs low-S only; a high-S copy, which plain ECDSA accepts, is refused', async () => {
    const { client } = await registeredClient(h, 'Low S');
    const id = await activeContract(h, client);
    const paid = await client.contract.send(id, { amount: 1, payee, reference: 'LOW-S' });
    // Signed often enough that half would be high-S unless the service normalises them.
    const signer = createReceiptSigner(h.service.store, h.service.ctx.clock);
    const claims = await verifyReceipt(paid.receipt!, await jwks());
    const signed = [paid.receipt!];
    for (let i = 0; i < 40; i++) signed.push(await signer.sign({ ...claims, paymentId: `p${i}` }));
    for (const receipt of signed) expect(sOf(receipt) <= P256_N >> 1n).toBe(true);

    const keys = await jwks();
    const high = flippedS(paid.receipt!);
    const [header, payload, signature] = high.split('.') as [string, string, string];
    const key = await crypto.subtle.importKey(
      'jwk',
      keys.keys[0]!,
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    const plain = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      Buffer.from(signature, 'base64url'),
      Buffer.from(`${header}.${payload}`),
    );
    expect(plain).toBe(true);
    await expect(verifyReceipt(high, keys)).rejects.toThrow(/low-S/);
    await expect(client.verifyReceipt(high)).rejects.toMatchObject({ code: 'RECEIPT_INVALID' });
  });
}

/** What the client checks of a receipt (service, business, environment); a COLLECT receipt. */
function checkedReceipts() {
  it("the client checks a receipt's service, business and environment against its own", async () => {
    const { client, agent } = await registeredClient(h, 'Claims');
    const id = await activeContract(h, client);
    const paid = await client.contract.send(id, { amount: 2, payee, reference: 'MINE' });
    const claims = await client.verifyReceipt(paid.receipt!);
    expect(claims).toMatchObject({
      iss: h.url,
      businessId: agent.businessId,
      environment: 'sandbox',
    });

    // Another merchant of the same service, and this merchant's production: refused by default.
    const other = await createMerchant(h.service.store, h.service.ctx.clock, 'Other Shop');
    const otherClient = new AgentPay({ baseUrl: h.url, apiKey: other.generated.sandbox });
    await expect(otherClient.verifyReceipt(paid.receipt!)).rejects.toThrow(
      `is of business ${agent.businessId}, not ${other.merchantId}`,
    );
    const live = new AgentPay({ baseUrl: h.url, apiKey: PRODUCTION });
    await expect(live.verifyReceipt(paid.receipt!)).rejects.toThrow(
      'is of the sandbox environment, not production',
    );
    // Another service's receipt (the JWKS said nothing of where it is published): refused.
    await expect(
      client.verifyReceipt(paid.receipt!, { issuer: 'https://pay.elsewhere.example' }),
    ).rejects.toThrow(`was issued by ${h.url}, not by https://pay.elsewhere.example`);
    // The standalone function checks what it is given.
    const keys = await jwks();
    await expect(
      verifyReceipt(paid.receipt!, keys, { businessId: other.merchantId }),
    ).rejects.toMatchObject({ code: 'RECEIPT_INVALID' });
    expect(
      (await verifyReceipt(paid.receipt!, keys, { issuer: `${h.url}/`, environment: 'sandbox' }))
        .paymentId,
    ).toBe(paid.paymentId);
    // What the client expects can be overridden: the other merchant auditing this one's receipt.
    expect(
      (await otherClient.verifyReceipt(paid.receipt!, { businessId: agent.businessId })).paymentId,
    ).toBe(paid.paymentId);
  });

  it('a COLLECT answer carries one too, naming the business as payee', async () => {
    const { client } = await registeredClient(h, 'Collect receipts');
    const customer = await h.call('POST', '/api/customers', {
      fullName: 'Jo Receipt',
      email: `jo.receipt.${Date.now()}@example.com`,
    });
    await h.call('POST', `/api/sandbox/customers/${customer.body.id}/cards`, {
      number: '4242424242424242',
    });
    const created = await client.contract.create({
      name: 'Gym',
      type: 'COLLECT',
      serviceCustomerId: customer.body.id,
      limits: limits({ periodLimits: [{ amount: 60, period: 'MONTH' }] }),
    } as never);
    await h.call('POST', `/api/sandbox/contracts/${created.contractId}/authorize`, {
      decision: 'APPROVE',
    });
    const charged = await client.contract.collect(created.contractId, {
      amount: 40,
      orderId: 'GYM-1',
    });
    const claims = await verifyReceipt(charged.receipt!, await jwks());
    expect(claims).toMatchObject({
      type: 'COLLECT',
      paymentId: charged.paymentId,
      amount: 40,
      orderId: 'GYM-1',
      usageLeft: [{ period: 'MONTH', remaining: 20 }],
    });
    expect(claims.payee).toHaveProperty('businessId');
    // Reading the payment later gives no new receipt: the receipt is the answer's.
    expect((await client.contract.payment(charged.paymentId)).receipt).toBeUndefined();
  });
}

describe('receipts from the service', () => {
  beforeAll(async () => {
    h = await startService();
  });
  afterAll(() => h.close());

  signedReceipts();
  checkedReceipts();
});

describe('the receipt key is made once per database', () => {
  it('a restarted service (or another instance) signs with the same key; old receipts verify', async () => {
    const dir = TEST_STORE === 'sqlite' ? mkdtempSync(join(tmpdir(), 'receipts-')) : undefined;
    const database = dir ? { dataDir: dir } : await testStore();
    try {
      const first = await startService(database);
      const { client, key, agent } = await registeredClient(first, 'Restarts');
      const id = await activeContract(first, client);
      const paid = await client.contract.send(id, { amount: 1, payee, reference: 'OLD' });
      const before = (await first.call('GET', '/.well-known/counter-receipts.json')).body;
      await first.close();

      const second = await startService(database);
      try {
        const after = ReceiptJwks.parse(
          (await second.call('GET', '/.well-known/counter-receipts.json', undefined, null)).body,
        );
        expect(after).toEqual(before);
        expect((await verifyReceipt(paid.receipt!, after)).paymentId).toBe(paid.paymentId);
        const again = new AgentPay({
          baseUrl: second.url,
          apiKey: SANDBOX,
          privateKeyPem: key.privateKeyPem,
          agentId: agent.agentId,
        });
        const next = await again.contract.send(id, { amount: 1, payee, reference: 'NEW' });
        const header = JSON.parse(
          Buffer.from(next.receipt!.split('.')[0]!, 'base64url').toString(),
        );
        expect(header.kid).toBe(after.keys[0]!.kid);
      } finally {
        await second.close();
      }
    } finally {
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  });
});
