/**
 * What a secret opened and keeps open ends once the secret is revoked: the dashboard's change
 * stream (GET /api/merchant/events) and an MCP session, the answer it is streaming included (a
 * refund waiting for the person's confirmation). On the instance that revokes it, on another
 * instance sharing the PostgreSQL database, and, where no announcement arrives (a revocation
 * written straight into the database), at the next periodic check. Both stores.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpPost, mcpSession } from '../helpers/mcp-raw';
import { SANDBOX, TEST_STORE, startService, testStore, type Harness } from '../helpers/service';
import { connectSse, type SseConnection } from '../helpers/sse';

/** Well inside the 30 s periodic check: only the revocation itself can end things this soon. */
const PROMPTLY_MS = 5_000;

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

async function freshSecret(on: Harness) {
  const made = await on.call('POST', '/api/merchant/secrets', { environment: 'sandbox' });
  expect(made.status).toBe(201);
  return { id: made.body.id as string, secret: made.body.secret as string };
}

async function revoke(on: Harness, id: string) {
  expect((await on.call('DELETE', `/api/merchant/secrets/${id}`)).status).toBe(200);
}

/** Whether `ended` settles within `ms`. */
const within = (ended: Promise<unknown>, ms: number) =>
  Promise.race([
    ended.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

async function changeStream(on: Harness, secret: string): Promise<SseConnection> {
  const stream = await connectSse(`${on.url}/api/merchant/events`, secret);
  await stream.next((e) => e.event === 'ready');
  return stream;
}

async function paidPayment(on: Harness) {
  const created = await on.call('POST', '/api/payments/process-payment', {
    customerId: 'c',
    orderId: `ORD-${randomUUID().slice(0, 8)}`,
    amount: 20,
  });
  const id = created.body.paymentRequestId as string;
  const paid = await on.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod: 'PAY_BY_BANK',
    outcome: 'COMPLETED',
  });
  expect(paid.status).toBe(200);
  return id;
}

/**
 * An MCP session asking for a refund, whose answer's stream stays open while the person is asked
 * to confirm (nobody answers here): resolves `ended` when the server ends that stream.
 */
async function refundAwaitingConfirmation(on: Harness, secret: string, paymentRequestId: string) {
  const { status, sessionId } = await mcpSession(on.url, secret, { elicitation: { form: {} } });
  expect(status).toBe(200);
  const call = await mcpPost(
    on.url,
    secret,
    {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: {
        name: 'refund_create',
        arguments: { paymentRequestId, amount: 5, idempotencyKey: randomUUID() },
      },
    },
    sessionId!,
  );
  expect(call.status).toBe(200);
  const reader = call.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let asked = () => {};
  const askedPerson = new Promise<void>((resolve) => (asked = resolve));
  const ended = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      text += decoder.decode(value, { stream: true });
      if (text.includes('elicitation/create')) asked();
    }
  })();
  await askedPerson;
  return { ended, cancel: () => reader.cancel().catch(() => {}) };
}

describe('a revoked secret', () => {
  it('ends the change stream it opened, and only that one', async () => {
    const { id, secret } = await freshSecret(h);
    const stream = await changeStream(h, secret);
    const kept = await changeStream(h, SANDBOX);
    try {
      await revoke(h, id);
      expect(await within(stream.closed, PROMPTLY_MS)).toBe(true);
      expect(await within(kept.closed, 300)).toBe(false);
      expect((await h.call('GET', '/api/merchant/events', undefined, secret)).status).toBe(401);
    } finally {
      stream.close();
      kept.close();
    }
  });

  it('ends the MCP session it opened, with the answer it was streaming, and refunds nothing', async () => {
    const { id, secret } = await freshSecret(h);
    const paymentRequestId = await paidPayment(h);
    const refund = await refundAwaitingConfirmation(h, secret, paymentRequestId);
    try {
      await revoke(h, id);
      expect(await within(refund.ended, PROMPTLY_MS)).toBe(true);
      expect((await h.call('GET', `/api/refund/${paymentRequestId}`)).status).toBe(404);
    } finally {
      await refund.cancel();
    }
  });

  it('ends them at the next periodic check when no announcement arrives', async () => {
    process.env.COUNTER_REVOCATION_CHECK_MS = '200';
    const quick = await startService();
    delete process.env.COUNTER_REVOCATION_CHECK_MS;
    try {
      const { id, secret } = await freshSecret(quick);
      const stream = await changeStream(quick, secret);
      // As another process would: straight into the database, with no call to this instance.
      await quick.service.store
        .prepare('UPDATE access_secrets SET revoked_at = ? WHERE id = ?')
        .run(Date.now(), id);
      expect(await within(stream.closed, 3_000)).toBe(true);
      stream.close();
    } finally {
      await quick.close();
    }
  });

  it.runIf(TEST_STORE === 'postgres')(
    'revoked through one instance, ends what another instance sharing the database holds open',
    async () => {
      const shared = await testStore();
      const a = await startService(shared);
      const b = await startService(shared);
      try {
        const { id, secret } = await freshSecret(a);
        const stream = await changeStream(b, secret);
        const refund = await refundAwaitingConfirmation(b, secret, await paidPayment(a));
        await revoke(a, id);
        expect(await within(stream.closed, PROMPTLY_MS)).toBe(true);
        expect(await within(refund.ended, PROMPTLY_MS)).toBe(true);
        stream.close();
        await refund.cancel();
      } finally {
        await a.close();
        await b.close();
      }
    },
  );
});
