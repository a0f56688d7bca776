/**
 * The sandbox clock moves sandbox rows only (docs/security.md): a sandbox secret that moves the
 * clock forward ends, settles, retries and forgets the sandbox's rows, and a production row beside
 * each of them stays on real time. Real HTTP on loopback, a real webhook receiver.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentPay, AgentPayError } from '../../src/agent/index';
import { BankFeedPage } from '../../src/shared/contract/bank';
import { CardPayment, SavedCard, SavedCardPage } from '../../src/shared/contract/cards';
import { Customer } from '../../src/shared/contract/customers';
import { PaymentStatusRecord } from '../../src/shared/contract/payments';
import { RefundRecord } from '../../src/shared/contract/refunds';
import { WebhookDeliveryList } from '../../src/shared/contract/webhooks';
import { newKey, payee } from '../helpers/agent';
import { startMailbox, type Mailbox } from '../helpers/mailbox';
import { PRODUCTION, SANDBOX, startService, type Harness } from '../helpers/service';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver';
import { postForm } from '../helpers/form';

/** The advance of the finding: eight days, past a card authorization's seven. */
const EIGHT_DAYS = 691_200_000;
const HOUR = 3_600_000;

let h: Harness;
let receiver: Receiver;
/**
 * Production webhooks go to public https receivers only (docs/security.md), which a test on
 * loopback cannot run: production subscribes to this name, which the service resolves to an
 * address it refuses, so each production attempt fails and is scheduled again, as a receiver that
 * is down would be. That is all these tests need of production: when its attempts happen.
 */
const PRODUCTION_RECEIVER = 'https://hooks.shop.example/counter';

let mailbox: Mailbox;
beforeAll(async () => {
  // Production contracts are approved with the code mailed to their approver.
  mailbox = await startMailbox();
  h = await startService({
    mail: { smtpUrl: mailbox.url },
    agentApprovers: ['owner-p@shop.example'],
    resolveHost: () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]),
  });
  receiver = await startReceiver();
});
afterAll(async () => {
  await h.close();
  await mailbox.close();
  await receiver.close();
});

const ok = <T>(res: { status: number; body: T }, code = 200): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(code);
  return res.body;
};
const advance = async (ms: number) =>
  ok(await h.call('POST', '/api/sandbox/clock/advance', { ms })) as { now: string };

let orders = 0;
const create = async (secret: string, extra: Record<string, unknown> = {}) =>
  ok(
    await h.call(
      'POST',
      '/api/payments/process-payment',
      { customerId: 'walk-in', orderId: `clock-${++orders}`, amount: 5, ...extra },
      secret,
    ),
  ) as { paymentRequestId: string };
const status = async (id: string, secret: string) =>
  PaymentStatusRecord.parse(
    ok(await h.call('GET', `/api/payments/v1/payment-status/${id}`, undefined, secret)),
  );
/** Polls until `read` answers something `done` accepts (real time passing, never a fixed sleep). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
/** Within a minute of real time: not moved by the sandbox clock. */
const isRealTime = (at: string) =>
  expect(Math.abs(Date.parse(at) - Date.now())).toBeLessThan(60_000);

let customers = 0;
const newCustomer = async (secret: string) =>
  Customer.parse(
    ok(
      await h.call(
        'POST',
        '/api/customers',
        { fullName: 'Clock Customer', email: `clock${++customers}@example.com` },
        secret,
      ),
      201,
    ),
  );

/** A customer with a saved test card: the sandbox control, or production's hosted card page. */
async function customerWithCard(secret: string) {
  const customer = await newCustomer(secret);
  if (secret === SANDBOX) {
    const card = SavedCard.parse(
      ok(
        await h.call('POST', `/api/sandbox/customers/${customer.id}/cards`, {
          number: '4242424242424242',
        }),
        201,
      ),
    );
    return { customerId: customer.id, cardId: card.id };
  }
  const link = ok(
    await h.call('POST', `/api/customers/${customer.id}/cards/authorize`, {}, secret),
  ) as { hostedPageUrl: string };
  const card = { name: 'Clock Customer', number: '4242 4242 4242 4242', expiry: '12/39' };
  expect((await postForm(link.hostedPageUrl, { ...card, cvc: '123' })).status).toBe(303);
  const challenged = await postForm(`${link.hostedPageUrl}/challenge`, { decision: 'complete' });
  expect(challenged.status).toBeLessThan(400);
  const saved = SavedCardPage.parse(
    ok(await h.call('GET', `/api/customers/${customer.id}/cards`, undefined, secret)),
  );
  return { customerId: customer.id, cardId: saved.data[0]!.id };
}

async function charge(
  secret: string,
  card: { customerId: string; cardId: string },
  captureType: string,
) {
  const payment = CardPayment.parse(
    ok(
      await h.call(
        'POST',
        '/api/payments/card/process-payment',
        {
          customerId: card.customerId,
          paymentMethodId: card.cardId,
          captureType,
          amount: 50,
          orderId: `hold-${++orders}`,
        },
        secret,
      ),
      201,
    ),
  );
  return payment.paymentRequestId;
}

/** The card network answers after 400 ms of its environment's time. */
async function answered(id: string, secret: string) {
  if (secret === SANDBOX) await advance(1_000);
  return until(
    () => status(id, secret),
    (s) => s.status !== 'PENDING',
  );
}

describe('moving the sandbox clock', () => {
  it('expires sandbox payment requests (with their webhook) and never production ones', async () => {
    const subscriptions: Record<string, string> = {};
    for (const secret of [SANDBOX, PRODUCTION]) {
      const url = secret === PRODUCTION ? PRODUCTION_RECEIVER : receiver.url;
      const created = ok(
        await h.call('POST', '/api/webhooks', { url, eventTypes: ['EXPIRED_STATUS'] }, secret),
        201,
      ) as { id: string };
      subscriptions[secret] = created.id;
    }
    const sandbox = (await create(SANDBOX)).paymentRequestId;
    const production = (await create(PRODUCTION)).paymentRequestId;

    await advance(EIGHT_DAYS);
    expect((await status(sandbox, SANDBOX)).status).toBe('EXPIRED');
    await receiver.waitFor((r) => r.json.data.paymentRequestId === sandbox);
    const live = await status(production, PRODUCTION);
    expect(live.status).toBe('PAYMENT_NOT_INITIATED');
    // No EXPIRED event for production at all: nothing queued for its receiver.
    const queued = ok(
      await h.call(
        'GET',
        `/api/webhooks/${subscriptions[PRODUCTION]}/deliveries`,
        undefined,
        PRODUCTION,
      ),
    );
    expect(queued).toEqual([]);
    // A production payment made now runs on real time, a sandbox one on the moved time.
    const later = await status((await create(PRODUCTION)).paymentRequestId, PRODUCTION);
    isRealTime(later.createdAt);
    const moved = await status((await create(SANDBOX)).paymentRequestId, SANDBOX);
    expect(Date.parse(moved.createdAt) - Date.now()).toBeGreaterThan(EIGHT_DAYS - 60_000);
  });

  it('releases and captures sandbox card holds, and leaves production holds to real time', async () => {
    const holds: Record<string, { manual: string; beforeExpiry: string }> = {};
    for (const secret of [SANDBOX, PRODUCTION]) {
      const card = await customerWithCard(secret);
      const manual = await charge(secret, card, 'MANUAL_CAPTURE');
      const beforeExpiry = await charge(secret, card, 'CAPTURE_BEFORE_EXPIRY');
      expect((await answered(manual, secret)).status).toBe('AUTHORIZED');
      expect((await answered(beforeExpiry, secret)).status).toBe('AUTHORIZED');
      holds[secret] = { manual, beforeExpiry };
    }

    await advance(EIGHT_DAYS);
    const sandbox = holds[SANDBOX]!;
    const released = await status(sandbox.manual, SANDBOX);
    expect(released.status).toBe('CANCELLED');
    expect(released.errorDescription).toMatch(/hold was released/);
    expect((await status(sandbox.beforeExpiry, SANDBOX)).status).toBe('COMPLETED');

    const production = holds[PRODUCTION]!;
    expect((await status(production.manual, PRODUCTION)).status).toBe('AUTHORIZED');
    expect((await status(production.beforeExpiry, PRODUCTION)).status).toBe('AUTHORIZED');
    // The £50 hold is still there to capture.
    ok(
      await h.call(
        'POST',
        `/api/payments/card/payment-request/${production.manual}/capture`,
        {},
        PRODUCTION,
      ),
    );
    const captured = await status(production.manual, PRODUCTION);
    expect(captured).toMatchObject({ status: 'COMPLETED', paidAmount: 50 });
    isRealTime(captured.updatedAt);
  });

  it('settles production card payments and refunds on real time', async () => {
    await advance(HOUR);
    const refunds: Record<string, string> = {};
    for (const secret of [SANDBOX, PRODUCTION]) {
      const id = await charge(secret, await customerWithCard(secret), 'AUTO_CAPTURE');
      const paid = await answered(id, secret);
      expect(paid.status).toBe('COMPLETED');
      if (secret === PRODUCTION) isRealTime(paid.updatedAt);
      refunds[secret] = id;
      ok(await h.call('POST', `/api/refund/${id}`, {}, secret), 201);
    }
    // The sandbox bank answers a refund 1 s then 3 s after it was made, by its environment's
    // clock: moving the sandbox's completes the sandbox refund at once, not production's.
    await advance(10_000);
    const list = async (secret: string) =>
      RefundRecord.array().parse(
        ok(await h.call('GET', `/api/refund/${refunds[secret]}`, undefined, secret)),
      )[0]!;
    expect((await list(SANDBOX)).status).toBe('COMPLETED');
    expect((await list(PRODUCTION)).status).not.toBe('COMPLETED');
    const done = await until(
      () => list(PRODUCTION),
      (r) => r.status === 'COMPLETED',
    );
    expect(done.status).toBe('COMPLETED');
    isRealTime(done.updatedAt);
  });

  it('keeps a production Idempotency-Key for 24 real hours, a sandbox one for 24 sandbox hours', async () => {
    const pay = async (secret: string, key: string) => {
      const res = await fetch(`${h.url}/api/payments/process-payment`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${secret}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify({ customerId: 'walk-in', orderId: `idem-${key}`, amount: 7 }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { paymentRequestId: string };
      return { id: body.paymentRequestId, replayed: res.headers.get('idempotent-replayed') };
    };
    const live = await pay(PRODUCTION, 'clock-live-key');
    const sandbox = await pay(SANDBOX, 'clock-sandbox-key');
    expect((await pay(PRODUCTION, 'clock-live-key')).replayed).toBe('true');

    await advance(25 * HOUR);
    const liveAgain = await pay(PRODUCTION, 'clock-live-key');
    expect(liveAgain).toEqual({ id: live.id, replayed: 'true' }); // no second payment
    const sandboxAgain = await pay(SANDBOX, 'clock-sandbox-key');
    expect(sandboxAgain.replayed).toBeNull(); // its 24 hours are over: a new request
    expect(sandboxAgain.id).not.toBe(sandbox.id);
  });

  it('sends sandbox webhook retries when due and production retries on real time', async () => {
    const refused = await startReceiver();
    try {
      const subscriptions: Record<string, string> = {};
      for (const secret of [SANDBOX, PRODUCTION]) {
        const url = secret === PRODUCTION ? PRODUCTION_RECEIVER : refused.url;
        const created = ok(
          await h.call('POST', '/api/webhooks', { url, eventTypes: ['PAYMENTS_STATUS'] }, secret),
          201,
        ) as { id: string };
        subscriptions[secret] = created.id;
      }
      refused.script.push(500, 500);
      const ids: Record<string, string> = {};
      for (const secret of [SANDBOX, PRODUCTION]) {
        ids[secret] = (await create(secret)).paymentRequestId;
        ok(await h.call('POST', `/api/payment-request/cancel/${ids[secret]}`, {}, secret));
      }
      const attemptsOf = (secret: string) =>
        refused.received.filter((r) => r.json.data.paymentRequestId === ids[secret]).length;
      await until(
        async () => attemptsOf(SANDBOX),
        (n) => n === 1,
      );
      const deliveries = async (secret: string) =>
        WebhookDeliveryList.parse(
          ok(
            await h.call(
              'GET',
              `/api/webhooks/${subscriptions[secret]}/deliveries`,
              undefined,
              secret,
            ),
          ),
        )[0]!;
      await until(
        () => deliveries(PRODUCTION),
        (d) => d.attempts === 1,
      );
      const retry = (await deliveries(PRODUCTION)).nextAttemptAt!;
      isRealTime(retry);

      await advance(HOUR);
      await refused.waitFor(
        (r) =>
          r.json.data.paymentRequestId === ids[SANDBOX] &&
          refused.received.filter((x) => x.json.data.paymentRequestId === ids[SANDBOX]).length ===
            2,
      );
      expect(await deliveries(PRODUCTION)).toMatchObject({
        attempts: 1,
        nextAttemptAt: retry,
        lastError: 'refused: address not allowed',
      });
    } finally {
      await refused.close();
    }
  });

  it("rolls sandbox agents' spending periods and never production's", async () => {
    const contracts: Record<string, { client: AgentPay; id: string }> = {};
    for (const secret of [SANDBOX, PRODUCTION]) {
      const client = new AgentPay({
        baseUrl: h.url,
        apiKey: secret,
        privateKeyPem: newKey().privateKeyPem,
      });
      await client.agent.register({ name: `Clock agent ${secret === SANDBOX ? 'S' : 'P'}` });
      // The operator's default approver (no list of the business's own) gets the code.
      const approver = 'owner-p@shop.example';
      const created = await client.contract.create({
        name: 'Supplies',
        limits: {
          maxPerPayment: 50,
          periodLimits: [{ amount: 50, period: 'DAY' }],
          validTo: '2099-01-01T00:00:00Z',
        },
      } as never);
      // Production's human approves on the hosted page; the sandbox's through its control.
      const approved =
        secret === SANDBOX
          ? await h.call('POST', `/api/sandbox/contracts/${created.contractId}/authorize`, {
              decision: 'APPROVE',
            })
          : await (async () => {
              await postForm(`${created.authorizationUrl!}/code`, {});
              const code = await mailbox.codeFor(approver);
              return postForm(created.authorizationUrl!, { decision: 'APPROVE', code });
            })();
      expect(approved.status).toBeLessThan(400);
      expect((await client.contract.get(created.contractId)).status).toBe('ACTIVE');
      await client.contract.send(created.contractId, { amount: 50, payee, reference: 'day 1' });
      contracts[secret] = { client, id: created.contractId };
    }
    const send = ({ client, id }: { client: AgentPay; id: string }) =>
      client.contract.send(id, { amount: 50, payee, reference: 'day 2' }).then(
        () => 'sent',
        (e: unknown) => (e instanceof AgentPayError ? e.message : String(e)),
      );

    await advance(25 * HOUR);
    expect(await send(contracts[SANDBOX]!)).toBe('sent'); // a new sandbox day
    // Production's day is the real one: its cap stays used up.
    expect(await send(contracts[PRODUCTION]!)).toMatch(/DAY/);
    const usage = (await contracts[PRODUCTION]!.client.contract.get(contracts[PRODUCTION]!.id))
      .usage!;
    expect(usage[0]).toMatchObject({ period: 'DAY', remaining: 0 });
    expect(Date.parse(usage[0]!.periodEnd) - Date.now()).toBeLessThanOrEqual(24 * HOUR);
  });

  it('ends sandbox bank-feed cursors by the sandbox clock and production ones by real time', async () => {
    const accounts: Record<string, string> = {};
    accounts[SANDBOX] = (
      ok(await h.call('POST', '/api/sandbox/bank/consents', {}), 201) as { accountIds: string[] }
    ).accountIds[0]!;
    // Production links through the hosted page, as its account holder would.
    const link = ok(
      await h.call(
        'POST',
        '/api/bank/links',
        { redirectUrl: 'https://shop.example.test/done' },
        PRODUCTION,
      ),
      201,
    ) as { linkUrl: string };
    const step = (path: string, fields: Record<string, string>) =>
      fetch(`${link.linkUrl}${path}`, {
        method: 'POST',
        body: new URLSearchParams(fields),
        redirect: 'manual',
      });
    expect((await step('/bank', { bank: 'harbour' })).status).toBe(303);
    expect((await step('/sign-in', { username: 'jo', password: 'pw' })).status).toBe(303);
    const done = await step('/consent', { decision: 'allow' });
    accounts[PRODUCTION] = new URL(done.headers.get('location')!).searchParams
      .get('accountIds')!
      .split(',')[0]!;

    const next: Record<string, string> = {};
    for (const secret of [SANDBOX, PRODUCTION]) {
      const first = BankFeedPage.parse(
        ok(
          await h.call(
            'GET',
            `/api/bank/accounts/${accounts[secret]}/transactions`,
            undefined,
            secret,
          ),
        ),
      );
      const url = new URL(first.links.next!);
      next[secret] = url.pathname + url.search;
    }
    await advance(HOUR); // past a cursor's 15 minutes in the sandbox only
    expect((await h.call('GET', next[SANDBOX]!, undefined, SANDBOX)).status).toBe(410);
    ok(await h.call('GET', next[PRODUCTION]!, undefined, PRODUCTION));
  });
});
