/** Terminals, push to terminals and remote payments (docs/terminals.md) over real HTTP. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { routes, type RouteDef } from '../../shared/contract/routes';
import { PairResponse, Terminal } from '../../shared/contract/terminals';
import {
  PRODUCTION,
  SANDBOX,
  startService,
  type Harness,
  pairTerminal,
} from '../../../test/helpers/service';
import { connectSse, type SseConnection } from '../../../test/helpers/sse';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const pair = (name = 'Till 1', secret = SANDBOX) => pairTerminal(h, name, { secret });
const stream = (secret: string, lastEventId?: string) =>
  connectSse(`${h.url}/api/terminal/events`, secret, lastEventId);
const remote = (body: Record<string, unknown>, secret = SANDBOX) =>
  h.call('POST', '/api/terminal/process-remote-payment', body, secret);
const listTerminals = async () => {
  const res = await h.call('GET', '/api/terminal');
  return Terminal.array().parse(res.body);
};
function expectError(res: { status: number; body: unknown }, status: number, text?: RegExp) {
  expect(res.status).toBe(status);
  const envelope = ErrorEnvelope.parse(res.body);
  if (text) expect(envelope.message).toMatch(text);
  return envelope;
}

describe('pairing', () => {
  it('pairs once with a fresh code and lists the terminal', async () => {
    const code = await h.call('POST', '/api/terminal/pairing-codes', {});
    const paired = await h.call(
      'POST',
      '/api/terminal/pair',
      { code: code.body.code, name: 'Front till' },
      null,
    );
    expect(paired.status).toBe(201);
    const body = PairResponse.parse(paired.body);
    expect(body).toMatchObject({ environment: 'sandbox', merchantName: 'Counter Demo Shop' });
    expect(body.secret).toMatch(/^tk_sandbox_/);
    expect(body.terminal).toMatchObject({
      name: 'Front till',
      tokenMissing: true,
      online: false,
      remotePaymentsEnabled: true,
      lastSeenAt: null,
    });
    const again = await h.call(
      'POST',
      '/api/terminal/pair',
      { code: code.body.code, name: 'Thief' },
      null,
    );
    expectError(again, 400, /already used/);
    expect((await listTerminals()).map((t) => t.name)).toContain('Front till');
    expect((await listTerminals()).map((t) => t.name)).not.toContain('Thief');
  });

  it('refuses an expired code and a malformed one', async () => {
    const code = await h.call('POST', '/api/terminal/pairing-codes', {});
    await h.call('POST', '/api/sandbox/clock/advance', { ms: 11 * 60_000 });
    expectError(
      await h.call('POST', '/api/terminal/pair', { code: code.body.code, name: 'Late' }, null),
      400,
      /expired/,
    );
    const bad = expectError(
      await h.call('POST', '/api/terminal/pair', { code: '12ab', name: 'X' }, null),
      400,
    );
    expect(bad.errors).toEqual([expect.objectContaining({ field: 'code' })]);
  });

  it('renames, switches remote payments and unpairs; the secret dies at once', async () => {
    const { terminal, secret } = await pair('Old name');
    const s = await stream(secret);
    await s.next((e) => e.event === 'ready');
    const renamed = await h.call('PUT', `/api/terminal/${terminal.id}`, {
      name: 'New name',
      remotePaymentsEnabled: false,
    });
    expect(renamed.body).toMatchObject({
      name: 'New name',
      remotePaymentsEnabled: false,
      online: true,
    });
    expectError(await h.call('PUT', `/api/terminal/${terminal.id}`, {}), 400);
    expect((await h.call('DELETE', `/api/terminal/${terminal.id}`)).status).toBe(200);
    await s.closed; // the stream ends with the unpairing
    expectError(
      await h.call('GET', `/api/payments/v1/payment-status/${randomUUID()}`, undefined, secret),
      401,
    );
    expect((await listTerminals()).map((t) => t.id)).not.toContain(terminal.id);
    expectError(await h.call('DELETE', `/api/terminal/${terminal.id}`), 404);
  });
});

describe('push stream and remote payments', () => {
  let till: Awaited<ReturnType<typeof pair>>;
  let s: SseConnection;
  beforeAll(async () => {
    till = await pair('Counter 2');
    s = await stream(till.secret);
    await s.next((e) => e.event === 'ready');
  });
  afterAll(() => s.close());

  it('marks the terminal online with a push channel', async () => {
    const t = (await listTerminals()).find((x) => x.id === till.terminal.id)!;
    expect(t).toMatchObject({ online: true, tokenMissing: false });
    expect(t.lastSeenAt).not.toBeNull();
  });

  it('pushes REMOTE_PAYMENT_REQUEST and then POS_PAYMENT_STATUS to the terminal', async () => {
    const res = await remote({
      id: till.terminal.id,
      amount: 7.25,
      notes: '  Table 9  ',
      paymentMethod: 'CARD',
      metadata: { table: '9' },
      orderId: 'ignored',
      expiresIn: 1,
    });
    expect(res.status).toBe(200);
    const id = res.body.paymentRequestId as string;
    expect(Object.keys(res.body)).toEqual(['paymentRequestId']);
    const pushed = await s.next(
      (e) =>
        e.event === 'REMOTE_PAYMENT_REQUEST' && JSON.parse(e.data).data.paymentRequestId === id,
    );
    expect(pushed.id).toMatch(/^\d+$/);
    const data = JSON.parse(pushed.data).data;
    expect(data).toMatchObject({
      amount: 7.25,
      currency: 'GBP',
      notes: 'Table 9',
      paymentMethod: 'CARD',
      metadata: { table: '9' },
      terminalId: till.terminal.id,
      paymentUrl: `${h.url}/pay/${id}`,
    });
    expect(data.qrCodeUrl).toMatch(/qr\.svg$/);
    expect(data.orderId).toMatch(/^POS-/);
    // The service set expiry (default 180 s) and ignored the body's expiresIn and orderId.
    const status = await h.call('GET', `/api/payments/v1/payment-status/${id}`);
    expect(Date.parse(status.body.expiresAt) - Date.parse(status.body.createdAt)).toBe(180_000);
    expect(status.body).toMatchObject({
      terminalId: till.terminal.id,
      metadata: { table: '9' },
      notes: 'Table 9',
    });

    await h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
    });
    // A card goes to PENDING with the network first; each change is pushed in order.
    const pos = await s.next(
      (e) =>
        e.event === 'POS_PAYMENT_STATUS' && e.data.includes(id) && e.data.includes('"COMPLETED"'),
    );
    const statuses = s.events
      .filter((e) => e.event === 'POS_PAYMENT_STATUS' && e.data.includes(id))
      .map((e) => JSON.parse(e.data).data.status);
    expect(statuses).toEqual(['PENDING', 'COMPLETED']);
    expect(JSON.parse(pos.data)).toMatchObject({
      type: 'POS_PAYMENT_STATUS',
      data: {
        status: 'COMPLETED',
        type: 'PAYMENTS_STATUS',
        paidAmount: 7.25,
        paymentMethod: 'CARD',
        metadata: { table: '9' },
        customFields: expect.arrayContaining([
          { fieldName: 'terminalId', value: till.terminal.id },
        ]),
      },
    });
  });

  it('replays what a terminal missed when it reconnects with Last-Event-ID', async () => {
    const first = await remote({ id: till.terminal.id, amount: 1 });
    const seen = await s.next(
      (e) => e.event === 'REMOTE_PAYMENT_REQUEST' && e.data.includes(first.body.paymentRequestId),
    );
    s.close();
    const missedA = await remote({ id: till.terminal.id, amount: 2 });
    const missedB = await remote({ id: till.terminal.id, amount: 3 });
    s = await stream(till.secret, seen.id);
    const replayed = await s.next((e) => e.data.includes(missedB.body.paymentRequestId));
    const ids = s.events
      .filter((e) => e.event === 'REMOTE_PAYMENT_REQUEST')
      .map((e) => JSON.parse(e.data).data.paymentRequestId);
    expect(ids).toEqual([missedA.body.paymentRequestId, missedB.body.paymentRequestId]);
    expect(Number(replayed.id)).toBeGreaterThan(Number(seen.id));
  });
});

describe('remote payments: consumer details and the rules', () => {
  let till: Awaited<ReturnType<typeof pair>>;
  let s: SseConnection;
  beforeAll(async () => {
    till = await pair('Counter 4');
    s = await stream(till.secret);
    await s.next((e) => e.event === 'ready');
  });
  afterAll(() => s.close());

  it('stores consumerDetails as a consumer record and validates the phone number', async () => {
    const ok = await remote({
      id: till.terminal.id,
      amount: 5,
      consumerDetails: {
        phoneCountryCode: '+44',
        phoneNumber: '7700900123',
        firstName: 'Ada',
        email: 'ada@example.com',
      },
    });
    expect(ok.status).toBe(200);
    const status = await h.call(
      'GET',
      `/api/payments/v1/payment-status/${ok.body.paymentRequestId}`,
    );
    const consumer = (await h.service.store
      .prepare('SELECT * FROM consumers WHERE id = ?')
      .get(status.body.customerId)) as Record<string, unknown>;
    expect(consumer).toMatchObject({
      first_name: 'Ada',
      phone_country_code: '+44',
      phone_number: '7700900123',
    });
    const bad = expectError(
      await remote({
        id: till.terminal.id,
        amount: 5,
        consumerDetails: { phoneCountryCode: '+44', phoneNumber: '77-00' },
      }),
      400,
    );
    expect(bad.errors).toEqual([expect.objectContaining({ field: 'consumerDetails.phoneNumber' })]);
  });

  it('applies every rule of a remote payment', async () => {
    const count = async () =>
      (
        (await h.service.store.prepare('SELECT count(*) AS n FROM payment_requests').get()) as {
          n: number;
        }
      ).n;
    const before = await count();
    expect(expectError(await remote({ amount: 1 }), 400).errors).toEqual([
      expect.objectContaining({ field: 'id' }),
    ]);
    expect(expectError(await remote({ id: till.terminal.id, amount: 1.234 }), 400).errors).toEqual([
      expect.objectContaining({ field: 'amount' }),
    ]);
    expectError(
      await remote({ id: till.terminal.id, amount: 1, notes: ` ${'n'.repeat(31)} ` }),
      400,
      /notes/,
    );
    expectError(await remote({ id: randomUUID(), amount: 1 }), 404, /Terminal not found/);
    expectError(await remote({ id: 'not-a-terminal', amount: 1 }), 404);
    // Another environment's secret cannot push to this sandbox terminal.
    expectError(await remote({ id: till.terminal.id, amount: 1 }, PRODUCTION), 404);
    // A terminal that never opened its stream has no push channel.
    const silent = await pair('Silent');
    expectError(await remote({ id: silent.terminal.id, amount: 1 }), 400, /push notifications/);
    await h.call('PUT', `/api/terminal/${till.terminal.id}`, { remotePaymentsEnabled: false });
    expectError(await remote({ id: till.terminal.id, amount: 1 }), 400, /switched off/);
    await h.call('PUT', `/api/terminal/${till.terminal.id}`, { remotePaymentsEnabled: true });
    await h.service.store.prepare('UPDATE merchants SET remote_enabled = 0').run();
    expectError(
      await remote({ id: till.terminal.id, amount: 1 }),
      400,
      /not enabled for this merchant/,
    );
    await h.service.store.prepare('UPDATE merchants SET remote_enabled = 1').run();
    expect(await count()).toBe(before);
    // Padded notes within 30 characters after trimming are fine.
    expect(
      (await remote({ id: till.terminal.id, amount: 1, notes: `   ${'n'.repeat(30)}   ` })).status,
    ).toBe(200);
  });
});

describe("a terminal's own store's payments, and what its secret is refused", () => {
  let till: Awaited<ReturnType<typeof pair>>;
  let s: SseConnection;
  beforeAll(async () => {
    till = await pair('Counter 3');
    s = await stream(till.secret);
    await s.next((e) => e.event === 'ready');
  });
  afterAll(() => s.close());

  it('lets the terminal create, read and cancel its own store’s payments, bound to it', async () => {
    const created = await h.call(
      'POST',
      '/api/payments/process-payment',
      { customerId: 'walk-in', orderId: 'T-1', amount: 3 },
      till.secret,
    );
    expect(created.status).toBe(200);
    const id = created.body.paymentRequestId as string;
    const read = await h.call(
      'GET',
      `/api/payments/v1/payment-status/${id}`,
      undefined,
      till.secret,
    );
    expect(read.body).toMatchObject({
      terminalId: till.terminal.id,
      storeId: till.terminal.storeId,
    });
    expect(
      (await h.call('POST', `/api/payment-request/cancel/${id}`, undefined, till.secret)).status,
    ).toBe(200);
    const pos = await s.next(
      (e) =>
        e.event === 'POS_PAYMENT_STATUS' && e.data.includes(id) && e.data.includes('CANCELLED'),
    );
    expect(JSON.parse(pos.data).data.type).toBe('PAYMENTS_STATUS');
    expectError(await h.call('GET', `/api/refund/${id}`, undefined, till.secret), 404);
  });

  it("hides another store's payments from the terminal", async () => {
    const storeId = randomUUID();
    await h.service.store
      .prepare(
        "INSERT INTO stores (id, merchant_id, name, is_primary, created_at) VALUES (?, ?, 'Second', 0, 0)",
      )
      .run(storeId, h.service.bootstrap.merchantId);
    const other = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'S2',
      amount: 1,
      storeId,
    });
    expect(other.status).toBe(200);
    expectError(
      await h.call(
        'GET',
        `/api/payments/v1/payment-status/${other.body.paymentRequestId}`,
        undefined,
        till.secret,
      ),
      404,
    );
    expectError(
      await h.call(
        'POST',
        `/api/payment-request/cancel/${other.body.paymentRequestId}`,
        undefined,
        till.secret,
      ),
      404,
    );
    expectError(
      await h.call(
        'POST',
        '/api/payments/process-payment',
        { customerId: 'c', orderId: 'S3', amount: 1, storeId },
        till.secret,
      ),
      400,
      /own store/,
    );
  });

  const fill = (def: RouteDef) =>
    def.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      name === 'template' ? 'RECEIPT' : randomUUID(),
    );
  const refused = (Object.entries(routes) as [string, RouteDef][]).filter(
    ([, def]) => def.auth === 'merchant' || def.auth === 'sandbox',
  );
  it.each(refused)('refuses the terminal secret on %s with 403', async (_, def) => {
    const res = await h.call(
      def.method.toUpperCase(),
      fill(def),
      def.body ? {} : undefined,
      till.secret,
    );
    expectError(res, 403, /terminal secret cannot/);
  });

  it('refuses a merchant secret on the terminal stream', async () => {
    expectError(await h.call('GET', '/api/terminal/events'), 403);
  });
});

describe("a terminal's largest payment (maxAmount)", () => {
  it('defaults to £10,000, is set per terminal and refuses larger payments from the dashboard and the counter', async () => {
    const till = await pair('Limited till');
    expect(till.terminal.maxAmount).toBe(10_000);
    // Its own record, read with its own secret, says the same; a merchant secret may not read it.
    const own = await h.call('GET', '/api/terminal/me', undefined, till.secret);
    expect(Terminal.parse(own.body)).toMatchObject({ id: till.terminal.id, maxAmount: 10_000 });
    expectError(await h.call('GET', '/api/terminal/me'), 403, /merchant secret|terminal/i);

    const set = await h.call('PUT', `/api/terminal/${till.terminal.id}`, { maxAmount: 50 });
    expect(Terminal.parse(set.body).maxAmount).toBe(50);
    expect((await listTerminals()).find((t) => t.id === till.terminal.id)?.maxAmount).toBe(50);
    expect((await h.call('GET', '/api/terminal/me', undefined, till.secret)).body.maxAmount).toBe(
      50,
    );

    // The counter: process-payment with the terminal's secret.
    const counter = (amount: number) =>
      h.call(
        'POST',
        '/api/payments/process-payment',
        { customerId: 'counter', orderId: `LIMIT-${amount}`, amount },
        till.secret,
      );
    const over = expectError(
      await counter(50.01),
      400,
      /^Amount £50\.01 is more than this terminal's largest payment, £50\.00$/,
    );
    expect(over.errors).toEqual([{ field: 'amount', message: over.message }]);
    expect((await counter(50)).status).toBe(200);

    // The dashboard: a remote payment to this terminal (it has a push channel once it polls).
    await h.call('GET', '/api/terminal/events/feed', undefined, till.secret);
    const remoteOver = expectError(
      await remote({ id: till.terminal.id, amount: 75 }),
      400,
      /Amount £75\.00 is more than this terminal's largest payment, £50\.00/,
    );
    expect(remoteOver.errors![0]).toMatchObject({ field: 'amount' });
    // Nothing was created or pushed by the refusals.
    const feed = await h.call('GET', '/api/terminal/events/feed', undefined, till.secret);
    expect(feed.body.events).toEqual([]);
    expect((await remote({ id: till.terminal.id, amount: 50 })).status).toBe(200);

    // A merchant's own payments (no terminal) keep the contract's limit only.
    expect(
      (
        await h.call('POST', '/api/payments/process-payment', {
          customerId: 'web',
          orderId: 'BIG-1',
          amount: 75_000,
        })
      ).status,
    ).toBe(200);
  });

  it('validates maxAmount and names the largest amount the service takes', async () => {
    const till = await pair('Validated till');
    const put = (body: unknown) => h.call('PUT', `/api/terminal/${till.terminal.id}`, body);
    expect(expectError(await put({ maxAmount: 0 }), 400).errors![0]).toMatchObject({
      field: 'maxAmount',
      message: 'must be greater than 0',
    });
    expect(expectError(await put({ maxAmount: 1.234 }), 400).errors![0]).toMatchObject({
      field: 'maxAmount',
    });
    const huge = expectError(await put({ maxAmount: 100_000_000 }), 400);
    expect(huge.errors![0]).toMatchObject({
      field: 'maxAmount',
      message: 'is too large: the largest amount is £99,999,999.99',
    });
    expect((await put({ maxAmount: 99_999_999.99 })).body.maxAmount).toBe(99_999_999.99);
  });
});

describe('GET /api/stores', () => {
  it('lists the merchant’s stores, primary first', async () => {
    const res = await h.call('GET', '/api/stores');
    expect(res.status).toBe(200);
    // The store names its merchant: the shop's name the dashboard's header shows.
    expect(res.body[0]).toMatchObject({
      isPrimary: true,
      name: 'Main Street',
      merchantName: 'Counter Demo Shop',
    });
  });
});
