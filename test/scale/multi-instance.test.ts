/**
 * Two instances of the service on one PostgreSQL database, as a load balancer would spread a
 * shop's requests over them: whatever one instance does, the other sees at once, and the
 * guarantees one instance gives hold across both (docs/scaling.md).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PairResponse } from '../../src/shared/contract/terminals';
import { rawSigned, registeredClient } from '../helpers/agent';
import { freshDatabaseUrl } from '../helpers/postgres';
import { SANDBOX, startService, type Harness } from '../helpers/service';
import { connectSse } from '../helpers/sse';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver';

let a: Harness;
let b: Harness;
let receiver: Receiver;
let databaseUrl: string;
const listening = `SELECT pid FROM pg_stat_activity WHERE query = 'LISTEN "counter_changes"'`;

beforeAll(async () => {
  databaseUrl = await freshDatabaseUrl();
  // The first to start makes the merchant and its secrets; the second finds them.
  a = await startService({ dataDir: null, databaseUrl });
  b = await startService({ dataDir: null, databaseUrl });
  receiver = await startReceiver();
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await receiver?.close();
});

async function pairOn(h: Harness, name: string) {
  const code = await h.call('POST', '/api/terminal/pairing-codes', {});
  expect(code.status).toBe(201);
  const paired = await h.call('POST', '/api/terminal/pair', { code: code.body.code, name }, null);
  expect(paired.status).toBe(201);
  return PairResponse.parse(paired.body);
}

async function paidOn(h: Harness, amount: number, orderId: string): Promise<string> {
  const created = await h.call('POST', '/api/payments/process-payment', {
    amount,
    customerId: 'c-1',
    orderId,
  });
  expect(created.status).toBe(200);
  const id = created.body.paymentRequestId as string;
  const paid = await h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    outcome: 'COMPLETED',
    paymentMethod: 'PAY_BY_BANK',
  });
  expect(paid.status).toBe(200);
  return id;
}

describe('two instances on one PostgreSQL database', () => {
  it('reads on one what the other wrote, also after the other had read it', async () => {
    const created = await a.call('POST', '/api/payments/process-payment', {
      amount: 4,
      customerId: 'c-1',
      orderId: 'MI-READ',
    });
    const id = created.body.paymentRequestId as string;
    const status = (h: Harness) => h.call('GET', `/api/payments/v1/payment-status/${id}`);
    // B reads (and keeps) the new request, then A completes it: B's next read says so.
    expect((await status(b)).body).toMatchObject({ status: 'PAYMENT_NOT_INITIATED' });
    expect((await status(b)).body).toMatchObject({ status: 'PAYMENT_NOT_INITIATED' });
    const paid = await a.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      outcome: 'COMPLETED',
      paymentMethod: 'PAY_BY_BANK',
    });
    expect(paid.status).toBe(200);
    // B forgets its copy when the database announces the change: by the time a client can ask
    // (the announcement travels no further than the answer), in practice at once.
    await expect
      .poll(async () => (await status(b)).body.status, { timeout: 1000 })
      .toBe('COMPLETED');
    const seen = await status(b);
    expect(seen.body).toMatchObject({ paymentRequestId: id, status: 'COMPLETED', amount: 4 });
  });

  it('sees a change written to the database by anyone, and forgets what it kept when it may have missed one', async () => {
    const id = await paidOn(a, 6, 'MI-OUTSIDE');
    const status = async (h: Harness) =>
      (await h.call('GET', `/api/payments/v1/payment-status/${id}`)).body.status as string;
    const sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    try {
      const setStatus = (value: string) =>
        sql.query('UPDATE payment_requests SET status = $1 WHERE id = $2', [value, id]);
      expect(await status(a)).toBe('COMPLETED');
      expect(await status(b)).toBe('COMPLETED');
      // An operator's UPDATE (no service involved): the database announces it to both.
      await setStatus('FAILED');
      await expect.poll(() => status(b), { timeout: 2000 }).toBe('FAILED');
      await expect.poll(() => status(a), { timeout: 2000 }).toBe('FAILED');
      // Read once more, the record is kept (on its second read since it changed, at the latest).
      expect(await status(a)).toBe('FAILED');

      // A change whose announcement is lost (replica mode fires no trigger): both still serve
      // what they kept...
      await sql.query("SET session_replication_role = 'replica'");
      await setStatus('COMPLETED');
      await sql.query("SET session_replication_role = 'origin'");
      expect(await status(a)).toBe('FAILED');
      // ...until the connections that hear announcements drop, as they do when announcements can
      // be missed: both forget everything they kept, and read the change once they are back.
      await sql.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE query = 'LISTEN "counter_changes"' AND pid <> pg_backend_pid()`,
      );
      await expect.poll(() => status(a), { timeout: 5000 }).toBe('COMPLETED');
      await expect.poll(() => status(b), { timeout: 5000 }).toBe('COMPLETED');

      // Back (they reconnect by themselves), they hear every change again.
      await expect
        .poll(async () => (await sql.query(listening)).rows.length, { timeout: 5000 })
        .toBe(2);
      await setStatus('FAILED');
      await expect.poll(() => status(b), { timeout: 2000 }).toBe('FAILED');
      await expect.poll(() => status(a), { timeout: 2000 }).toBe('FAILED');
    } finally {
      await sql.end();
    }
  });

  it("applies a merchant's settings changed through one to the next payment made on the other", async () => {
    const lifetime = async (orderId: string) => {
      const made = await b.call('POST', '/api/payments/process-payment', {
        amount: 1,
        customerId: 'c-1',
        orderId,
      });
      const id = made.body.paymentRequestId as string;
      const { body } = await b.call('GET', `/api/payments/v1/payment-status/${id}`);
      return (Date.parse(body.expiresAt) - Date.parse(body.createdAt)) / 1000;
    };
    const before = await lifetime('MI-SETTINGS-1'); // B has read (and kept) the settings
    const changed = await a.call('PATCH', '/api/merchant', {
      settings: { defaultExpirySeconds: before + 600 },
    });
    expect(changed.status).toBe(200);
    let n = 1;
    await expect.poll(() => lifetime(`MI-SETTINGS-${++n}`), { timeout: 1000 }).toBe(before + 600);
  });

  it('pushes a remote payment made through one to a terminal streaming from the other, and resumes there', async () => {
    const till = await pairOn(a, 'Till on B');
    const stream = await connectSse(`${b.url}/api/terminal/events`, till.secret);
    try {
      await stream.next((e) => e.event === 'ready');
      const sent = await a.call('POST', '/api/terminal/process-remote-payment', {
        id: till.terminal.id,
        amount: 2.5,
      });
      expect(sent.status).toBe(200);
      const id = sent.body.paymentRequestId as string;
      const request = await stream.next(
        (e) => e.event === 'REMOTE_PAYMENT_REQUEST' && e.data.includes(id),
      );
      // Its status changes, made through A, reach the terminal on B too.
      expect((await a.call('POST', `/api/payment-request/cancel/${id}`)).status).toBe(200);
      await stream.next((e) => e.event === 'POS_PAYMENT_STATUS' && e.data.includes('CANCELLED'));
      stream.close();

      // Missed while away, replayed by the other instance from the last id seen.
      const missed = await b.call('POST', '/api/terminal/process-remote-payment', {
        id: till.terminal.id,
        amount: 3,
      });
      const again = await connectSse(`${a.url}/api/terminal/events`, till.secret, request.id);
      try {
        const replayed = await again.next((e) =>
          e.data.includes(missed.body.paymentRequestId as string),
        );
        expect(Number(replayed.id)).toBeGreaterThan(Number(request.id));
      } finally {
        again.close();
      }
    } finally {
      stream.close();
    }
  });

  it("brings a payment's changes made through one to the dashboard's live events on the other", async () => {
    const stream = await connectSse(`${b.url}/api/merchant/events`, SANDBOX);
    try {
      await stream.next((e) => e.event === 'ready');
      await paidOn(a, 7, 'MI-DASHBOARD');
      // The dashboard is told which lists changed and reads them again (the data is not sent).
      // Under load the payment and its webhook may come as two change events, so gather them.
      const topics = new Set<string>();
      await stream.next((e) => {
        if (e.event === 'change') for (const t of JSON.parse(e.data).topics) topics.add(t);
        return topics.has('payments') && topics.has('webhooks');
      });
      expect([...topics]).toEqual(expect.arrayContaining(['payments', 'webhooks']));
    } finally {
      stream.close();
    }
  });

  it('refuses a terminal unpaired through one on the other at once, and ends its stream there', async () => {
    const till = await pairOn(b, 'Till to unpair');
    const own = (h: Harness) => h.call('GET', '/api/terminal/me', undefined, till.secret);
    expect((await own(a)).status).toBe(200);
    const stream = await connectSse(`${b.url}/api/terminal/events`, till.secret);
    try {
      await stream.next((e) => e.event === 'ready');
      expect((await a.call('DELETE', `/api/terminal/${till.terminal.id}`)).status).toBe(200);
      expect((await own(b)).status).toBe(401);
      expect((await own(a)).status).toBe(401);
      // B ends the stream it held once the revocation is announced.
      await Promise.race([
        stream.closed,
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('the stream on B stayed open')), 5_000),
        ),
      ]);
    } finally {
      stream.close();
    }
  });

  it('shows a terminal online on both while one holds its stream, offline on both once it ends', async () => {
    const till = await pairOn(a, 'Till online');
    const online = async (h: Harness) =>
      ((await h.call('GET', '/api/terminal')).body as { id: string; online: boolean }[]).find(
        (t) => t.id === till.terminal.id,
      )!.online;
    expect([await online(a), await online(b)]).toEqual([false, false]);
    const stream = await connectSse(`${b.url}/api/terminal/events`, till.secret);
    await stream.next((e) => e.event === 'ready');
    expect([await online(a), await online(b)]).toEqual([true, true]);
    stream.close();
    await expect.poll(async () => [await online(a), await online(b)]).toEqual([false, false]);
  });

  it('pays many payments at once through both: transactions that collide are run again, none answered 500', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const made = await a.call('POST', '/api/payments/process-payment', {
        amount: 3,
        customerId: 'c-busy',
        orderId: `MI-BUSY-${i}`,
      });
      ids.push(made.body.paymentRequestId as string);
    }
    const paid = await Promise.all(
      ids.map((id, i) =>
        (i % 2 ? a : b).call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
          outcome: 'COMPLETED',
          paymentMethod: i % 4 < 2 ? 'CARD' : 'PAY_BY_BANK',
        }),
      ),
    );
    expect(paid.map((r) => r.status)).toEqual(ids.map(() => 200));
  });

  it('runs one Idempotency-Key sent to both at once exactly once', async () => {
    const send = (h: Harness) =>
      fetch(`${h.url}/api/payments/process-payment`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer sk_sandbox_test_secret',
          'content-type': 'application/json',
          'idempotency-key': 'mi-key-1',
        },
        body: JSON.stringify({ amount: 6, customerId: 'c-2', orderId: 'MI-IDEM' }),
      }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { paymentRequestId: string },
      }));
    const answers = await Promise.all([send(a), send(b), send(a), send(b)]);
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(new Set(answers.map((x) => x.body.paymentRequestId)).size).toBe(1);
    const listed = await a.call('GET', '/api/payment-requests?size=100');
    const made = (listed.body.data as { orderId: string }[]).filter((p) => p.orderId === 'MI-IDEM');
    expect(made).toHaveLength(1);
  });

  it('never over-refunds when refunds of one payment go to both at once', async () => {
    const id = await paidOn(a, 10, 'MI-REFUND');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? a : b).call('POST', `/api/refund/${id}`, { amount: 1 }),
      ),
    );
    const made = answers.filter((r) => r.status === 201).length;
    for (const r of answers) expect([201, 400]).toContain(r.status);
    expect(made).toBe(10);
    const refunds = await b.call('GET', `/api/refund/${id}`);
    const total = (refunds.body as { refundAmount: number }[]).reduce(
      (sum, r) => sum + Number(r.refundAmount),
      0,
    );
    expect(total).toBe(10);
  });

  it('moves the one sandbox clock for both, and expires a payment once', async () => {
    const created = await a.call('POST', '/api/payments/process-payment', {
      amount: 1,
      customerId: 'c-3',
      orderId: 'MI-CLOCK',
      expiresIn: 60_000,
    });
    const id = created.body.paymentRequestId as string;
    expect((await b.call('POST', '/api/sandbox/clock/advance', { ms: 120_000 })).status).toBe(200);
    await expect
      .poll(
        async () => (await a.call('GET', `/api/payments/v1/payment-status/${id}`)).body.status,
        {
          timeout: 5_000,
        },
      )
      .toBe('EXPIRED');
    // Both instances' schedulers run the expiry sweep; it happens once: one EXPIRED event.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    try {
      const { rows } = await sql.query<{ n: string }>(
        `SELECT count(*) AS n FROM events WHERE payment_request_id = $1 AND body LIKE '%"EXPIRED"%'`,
        [id],
      );
      expect(Number(rows[0]!.n)).toBe(1);
    } finally {
      await sql.end();
    }
  });

  it('counts wrong secrets across both: spread over two instances, they meet the same 429', async () => {
    const wrong = (h: Harness, i: number) =>
      h.call('GET', '/api/terminal', undefined, `sk_sandbox_wrong_${i}`);
    const answers: number[] = [];
    // The default burst is 20 wrong secrets a client address, refilled over the minute; the
    // revoked terminal secret above may have spent one, which a slow run has refilled since.
    // Here 30 alternate between A and B: counted apart, neither would reach 20.
    for (let i = 0; i < 30; i++) answers.push((await wrong(i % 2 ? a : b, i)).status);
    const refused = answers.filter((s) => s === 401).length;
    expect(refused).toBeGreaterThanOrEqual(19);
    expect(refused).toBeLessThanOrEqual(20);
    expect(answers).toEqual([
      ...Array<number>(refused).fill(401),
      ...Array<number>(30 - refused).fill(429),
    ]);
    // The right secret is never held back.
    expect((await a.call('GET', '/api/terminal')).status).toBe(200);
  });

  it('takes a pairing code, a bank-feed cursor and an Agent Pay nonce once, whichever instance sees it first and next', async () => {
    // A pairing code made on A pairs once on B; A then refuses it.
    const code = (await a.call('POST', '/api/terminal/pairing-codes', {})).body.code as string;
    const pair = (h: Harness) => h.call('POST', '/api/terminal/pair', { code, name: 'Once' }, null);
    expect((await pair(b)).status).toBe(201);
    expect((await pair(a)).status).not.toBe(201);

    // A bank-feed cursor from A's page is used on B, and is gone on A.
    const consent = await a.call('POST', '/api/sandbox/bank/consents', {});
    expect(consent.status).toBe(201);
    const accountId = (consent.body.accountIds as string[])[0]!;
    const first = await a.call('GET', `/api/bank/accounts/${accountId}/transactions`);
    const next = (first.body.links.next as string).replace(/^https?:\/\/[^/]+/, '');
    expect((await b.call('GET', next)).status).toBe(200);
    const reused = await a.call('GET', next);
    expect(reused.status).toBe(410);

    // A signed Agent Pay request accepted by A is a replay on B.
    const { key, agent } = await registeredClient(a);
    const me = (h: Harness, over: { nonce?: string; timestamp?: number } = {}) =>
      rawSigned(h, {
        method: 'GET',
        path: '/api/agents/me',
        key: key.privateKey,
        agentId: agent.agentId,
        ...over,
      });
    const accepted = await me(a);
    expect(accepted.status).toBe(200);
    const replay = await me(b, { nonce: accepted.nonce, timestamp: accepted.timestamp });
    expect(replay.status).toBe(401);
    expect(JSON.stringify(replay.body)).toMatch(/already used/);
  });

  it('delivers each webhook once with both instances sending', async () => {
    const sub = await a.call('POST', '/api/webhooks', {
      url: receiver.url,
      eventTypes: ['PAYMENTS_STATUS'],
    });
    expect(sub.status).toBe(201);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const h = i % 2 ? a : b;
      const created = await h.call('POST', '/api/payments/process-payment', {
        amount: 1,
        customerId: 'c-4',
        orderId: `MI-HOOK-${i}`,
      });
      ids.push(created.body.paymentRequestId as string);
      await h.call('POST', `/api/payment-request/cancel/${ids[i]}`);
    }
    const mine = () =>
      receiver.received.filter((r) => ids.includes(r.json.data.paymentRequestId as string));
    // One PAYMENTS_STATUS (CANCELLED) a payment.
    await expect.poll(() => mine().length, { timeout: 10_000 }).toBe(6);
    // Another second: nothing is sent twice.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const webhookIds = mine().map((r) => r.headers['webhook-id']);
    expect(new Set(webhookIds).size).toBe(webhookIds.length);
    expect(webhookIds).toHaveLength(6);
  });
});
