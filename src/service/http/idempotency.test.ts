/**
 * Idempotency keys (docs/reliability.md) over real HTTP: replay, conflict, scope, concurrency,
 * expiry by the sandbox clock; and the store's handling of slow handlers and interrupted keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { PairResponse } from '../../shared/contract/terminals';
import { SANDBOX, startService, type Harness } from '../../../test/helpers/service';
import { createClock } from '../kernel/clock';
import { createOutbox } from '../kernel/events/outbox';
import { openDb } from '../kernel/store/db';
import { createSqliteStore } from '../kernel/store/sqlite-store';
import { createIdempotencyStore } from './idempotency';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const count = async (table: string) =>
  (
    (await h.service.store.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get()) as {
      n: number;
    }
  ).n;

async function post(path: string, body: unknown, key?: string, secret = SANDBOX) {
  const res = await fetch(h.url + path, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${secret}`,
      'content-type': 'application/json',
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text(), headers: res.headers };
}
const pay = (key: string | undefined, orderId = 'idem-1', secret = SANDBOX) =>
  post('/api/payments/process-payment', { customerId: 'c', orderId, amount: 3 }, key, secret);

function conflict(res: { status: number; text: string }, text: RegExp) {
  expect(res.status).toBe(409);
  const envelope = ErrorEnvelope.parse(JSON.parse(res.text));
  expect(envelope.name).toBe('CONFLICT');
  expect(envelope.message).toMatch(text);
  expect(Array.isArray(envelope.errors) && envelope.errors[0]?.field).toBe(
    'header.Idempotency-Key',
  );
}

describe('Idempotency-Key', () => {
  it('replays the first answer, status and body, and creates one payment', async () => {
    const before = await count('payment_requests');
    const first = await pay('key-replay');
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await pay('key-replay');
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // Key order and whitespace do not make it a different request.
    const reordered = await post(
      '/api/payments/process-payment',
      { amount: 3, orderId: 'idem-1', customerId: 'c' },
      'key-replay',
    );
    expect(reordered.text).toBe(first.text);
    expect(await count('payment_requests')).toBe(before + 1);
  });

  it('answers 409 for the same key with a different body, and changes nothing', async () => {
    await pay('key-conflict', 'order-a');
    const before = await count('payment_requests');
    conflict(await pay('key-conflict', 'order-b'), /different request/);
    expect(await count('payment_requests')).toBe(before);
  });

  it('runs two concurrent requests with one key once', async () => {
    const before = await count('payment_requests');
    const answers = await Promise.all(Array.from({ length: 8 }, () => pay('key-race', 'race')));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(await count('payment_requests')).toBe(before + 1);
  });

  it('keeps keys apart per caller: a terminal and its merchant do not share them', async () => {
    const code = await h.call('POST', '/api/terminal/pairing-codes', {});
    const paired = PairResponse.parse(
      (
        await h.call(
          'POST',
          '/api/terminal/pair',
          { code: code.body.code, name: 'Idem till' },
          null,
        )
      ).body,
    );
    const merchant = await pay('key-shared', 'shared');
    const terminal = await pay('key-shared', 'shared', paired.secret);
    expect(terminal.status).toBe(200);
    expect(JSON.parse(terminal.text).paymentRequestId).not.toBe(
      JSON.parse(merchant.text).paymentRequestId,
    );
  });

  it('does not remember a refused request, and replays a cancel', async () => {
    const created = JSON.parse((await pay(undefined, 'to-cancel')).text);
    const path = `/api/payment-request/cancel/${created.paymentRequestId}`;
    const cancelled = await post(path, {}, 'cancel-1');
    expect(cancelled.status).toBe(200);
    const replayed = await post(path, {}, 'cancel-1');
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    // A new key runs again: the request is already cancelled, which is refused...
    const refused = await post(path, {}, 'cancel-2');
    expect(refused.status).toBeGreaterThanOrEqual(400);
    // ...and a refusal is not stored: the same key runs again (and is refused again).
    const again = await post(path, {}, 'cancel-2');
    expect(again.status).toBe(refused.status);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });

  it('refuses a malformed key with 400 naming the header', async () => {
    const res = await pay('has space');
    expect(res.status).toBe(400);
    const envelope = ErrorEnvelope.parse(JSON.parse(res.text));
    expect(Array.isArray(envelope.errors) && envelope.errors[0]?.field).toBe(
      'header.Idempotency-Key',
    );
    expect((await pay('x'.repeat(256))).status).toBe(400);
  });

  it('forgets a key after 24 hours of the sandbox clock', async () => {
    const first = await pay('key-expiry', 'expiry');
    const advanced = await h.call('POST', '/api/sandbox/clock/advance', { ms: 24 * 3600_000 + 1 });
    expect(advanced.status).toBe(200);
    const later = await pay('key-expiry', 'expiry');
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(JSON.parse(later.text).paymentRequestId).not.toBe(
      JSON.parse(first.text).paymentRequestId,
    );
  });

  it('is ignored on routes that do not create or move money', async () => {
    const a = await post('/api/terminal/pairing-codes', {}, 'not-idempotent');
    const b = await post('/api/terminal/pairing-codes', {}, 'not-idempotent');
    expect(JSON.parse(a.text).code).not.toBe(undefined);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('the idempotency store', () => {
  const setup = () => {
    const db = createSqliteStore(openDb(null));
    const clock = createClock();
    return { db, store: createIdempotencyStore(db, clock, createOutbox(db, clock)) };
  };
  const answer = (result: string) => ({ status: 201, body: JSON.stringify(result) });

  it('makes a second request wait for a slow first one and replay its answer', async () => {
    const { db, store } = setup();
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = async () => {
      runs++;
      await gate;
      return `done-${runs}`;
    };
    const first = store.run('sandbox', 's', 'k', 'f', slow, answer);
    const second = store.run('sandbox', 's', 'k', 'f', slow, answer);
    release();
    expect(await first).toEqual({ replayed: false, result: 'done-1' });
    expect(await second).toEqual({ replayed: true, answer: answer('done-1') });
    expect(runs).toBe(1);
    await db.close();
  });

  it('releases the key when the handler fails, so a retry runs', async () => {
    const { db, store } = setup();
    await expect(
      store.run('sandbox', 's', 'k', 'f', () => Promise.reject(new Error('down')), answer),
    ).rejects.toThrow('down');
    await expect(
      store.run(
        'sandbox',
        's',
        'k',
        'f',
        () => {
          throw new Error('sync');
        },
        answer,
      ),
    ).rejects.toThrow('sync');
    expect(await store.run('sandbox', 's', 'k', 'f', () => 'ok', answer)).toEqual({
      replayed: false,
      result: 'ok',
    });
    await db.close();
  });

  it('answers 409 for a key whose first request was cut short by a restart', async () => {
    const { db, store } = setup();
    await db
      .prepare(
        "INSERT INTO idempotency_keys (scope, key, fingerprint, boot, created_at) VALUES ('s', 'k', 'f', 'old-process', ?)",
      )
      .run(Date.now());
    await expect(store.run('sandbox', 's', 'k', 'f', () => 'again', answer)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/interrupted by a restart/),
    });
    await db.close();
  });
});
