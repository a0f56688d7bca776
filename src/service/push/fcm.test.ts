/**
 * Push by FCM: firebase-admin's real HTTP code (OAuth2 token, FCM v1 messages:send) talks to a
 * local HTTPS stand-in through the service's `httpAgent`; the terminals side runs over real HTTP.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PairResponse, Terminal } from '../../shared/contract/terminals';
import { SANDBOX, startService, type Harness } from '../../../test/helpers/service';
import { connectSse } from '../../../test/helpers/sse';
import {
  startFcmStandIn,
  type FcmStandIn,
  type SentMessage,
} from '../../../test/helpers/fcm-stand-in';
import {
  classifyFcmError,
  createFcmPush,
  fcmData,
  fcmOptionsFromEnv,
  FCM_DATA_LIMIT_BYTES,
} from './fcm';

let fcm: FcmStandIn;
let h: Harness;
const logs: string[] = [];
/** Waiting for what a send does in the background; the limit only stops a broken run. */
const WAIT = { timeout: 10_000, interval: 20 };
beforeAll(async () => {
  fcm = await startFcmStandIn();
  h = await startService({
    fcm: { serviceAccount: fcm.serviceAccount, httpAgent: fcm.agent, retryDelaysMs: [5, 5, 5] },
    log: (line) => logs.push(line),
  });
});
afterAll(async () => {
  await h?.close();
  await fcm?.close();
});

async function pairWithToken(name: string, fcmToken: string | null) {
  const code = await h.call('POST', '/api/terminal/pairing-codes', {}, SANDBOX);
  const paired = PairResponse.parse(
    (await h.call('POST', '/api/terminal/pair', { code: code.body.code, name }, null)).body,
  );
  if (fcmToken) {
    const res = await h.call('PUT', '/api/terminal/push-token', { fcmToken }, paired.secret);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tokenMissing: false });
  }
  return paired;
}
const remote = (id: string, amount: number) =>
  h.call('POST', '/api/terminal/process-remote-payment', { id, amount }, SANDBOX);
const terminalOf = async (id: string) =>
  Terminal.array()
    .parse((await h.call('GET', '/api/terminal')).body)
    .find((t) => t.id === id);
const bodyOf = (m: SentMessage) => JSON.parse(m.data?.body ?? 'null');
const forPayment = (token: string, type: string, paymentRequestId: string) => (m: SentMessage) =>
  m.token === token &&
  m.data?.type === type &&
  bodyOf(m)?.data?.paymentRequestId === paymentRequestId;

describe('push by FCM', () => {
  it('sends REMOTE_PAYMENT_REQUEST and then POS_PAYMENT_STATUS to a terminal with a token', async () => {
    const till = await pairWithToken('FCM till', 'device-token-1');
    const res = await remote(till.terminal.id, 12.5);
    expect(res.status).toBe(200);
    const id = res.body.paymentRequestId as string;

    const request = await fcm.next(forPayment('device-token-1', 'REMOTE_PAYMENT_REQUEST', id));
    expect(request.host).toBe('fcm.googleapis.com');
    expect(request.android).toMatchObject({ priority: 'high' });
    expect(Object.values(request.data!).every((v) => typeof v === 'string')).toBe(true);
    expect(request.data!.eventId).toMatch(/^\d+$/);
    expect(bodyOf(request)).toMatchObject({
      type: 'REMOTE_PAYMENT_REQUEST',
      environment: 'sandbox',
      data: {
        paymentRequestId: id,
        terminalId: till.terminal.id,
        amount: 12.5,
        currency: 'GBP',
        paymentUrl: `${h.url}/pay/${id}`,
      },
    });
    // firebase-admin signed in with the service account (the stand-in checked the JWT).
    expect(fcm.tokensIssued).toBeGreaterThan(0);

    await h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
    });
    const completed = await fcm.next(
      (m) =>
        forPayment('device-token-1', 'POS_PAYMENT_STATUS', id)(m) &&
        bodyOf(m).data.status === 'COMPLETED',
    );
    expect(bodyOf(completed).data).toMatchObject({
      status: 'COMPLETED',
      paidAmount: 12.5,
      terminalId: till.terminal.id,
    });
    // One after another, in the order the events happened.
    const mine = fcm.sent.filter(
      (m) => m.token === 'device-token-1' && bodyOf(m).data.paymentRequestId === id,
    );
    expect(mine.map((m) => [m.data!.type, bodyOf(m).data.status])).toEqual([
      ['REMOTE_PAYMENT_REQUEST', 'PAYMENT_NOT_INITIATED'],
      ['POS_PAYMENT_STATUS', 'PENDING'],
      ['POS_PAYMENT_STATUS', 'COMPLETED'],
    ]);
    const seqs = mine.map((m) => Number(m.data!.eventId));
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
  });

  it('forgets a token FCM calls UNREGISTERED: the terminal shows tokenMissing and refuses remote payments', async () => {
    fcm.fail('unregistered-token', 'UNREGISTERED');
    const till = await pairWithToken('Lost phone', 'unregistered-token');
    expect((await remote(till.terminal.id, 3)).status).toBe(200);
    await vi.waitFor(
      async () => expect((await terminalOf(till.terminal.id))?.tokenMissing).toBe(true),
      WAIT,
    );
    expect(fcm.attempts.get('unregistered-token')).toBe(1); // no retry of a dead token
    const refused = await remote(till.terminal.id, 4);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/not set up for push/);
    expect(logs.some((l) => l.includes('token rejected'))).toBe(true);

    // A fresh token brings it back.
    await h.call('PUT', '/api/terminal/push-token', { fcmToken: 'device-token-2' }, till.secret);
    const again = await remote(till.terminal.id, 5);
    expect(again.status).toBe(200);
    await fcm.next(
      forPayment('device-token-2', 'REMOTE_PAYMENT_REQUEST', again.body.paymentRequestId),
    );
  });

  it('forgets a token FCM calls invalid (400 INVALID_ARGUMENT)', async () => {
    fcm.fail('not-a-real-token', 'INVALID_TOKEN');
    const till = await pairWithToken('Typo', 'not-a-real-token');
    expect((await remote(till.terminal.id, 3)).status).toBe(200);
    await vi.waitFor(
      async () => expect((await terminalOf(till.terminal.id))?.tokenMissing).toBe(true),
      WAIT,
    );
  });

  it('retries a send FCM failed for a passing reason, and keeps the token', async () => {
    fcm.fail('flaky-token', 'INTERNAL', 2);
    const till = await pairWithToken('Flaky', 'flaky-token');
    const res = await remote(till.terminal.id, 6);
    await fcm.next(forPayment('flaky-token', 'REMOTE_PAYMENT_REQUEST', res.body.paymentRequestId));
    expect(fcm.attempts.get('flaky-token')).toBe(3);
    expect((await terminalOf(till.terminal.id))?.tokenMissing).toBe(false);
  });

  it('gives up after a few retries without forgetting the token', async () => {
    fcm.fail('down-token', 'INTERNAL');
    const till = await pairWithToken('Down', 'down-token');
    await remote(till.terminal.id, 7);
    await vi.waitFor(
      () =>
        expect(logs.some((l) => l.includes(till.terminal.id) && l.includes('giving up'))).toBe(
          true,
        ),
      WAIT,
    );
    expect(fcm.attempts.get('down-token')).toBe(4); // the first try and three retries
    expect((await terminalOf(till.terminal.id))?.tokenMissing).toBe(false);
  });

  it('uses the SSE stream instead while the terminal has one open', async () => {
    const till = await pairWithToken('Both', 'device-token-3');
    const stream = await connectSse(`${h.url}/api/terminal/events`, till.secret);
    await stream.next((e) => e.event === 'ready');
    const first = (await remote(till.terminal.id, 8)).body.paymentRequestId as string;
    await stream.next((e) => e.event === 'REMOTE_PAYMENT_REQUEST' && e.data.includes(first));
    stream.close();
    await stream.closed;
    await vi.waitFor(
      async () => expect((await terminalOf(till.terminal.id))?.online).toBe(false),
      WAIT,
    );

    const second = (await remote(till.terminal.id, 9)).body.paymentRequestId as string;
    await fcm.next(forPayment('device-token-3', 'REMOTE_PAYMENT_REQUEST', second));
    // Sends to one terminal go in order, so had the first gone by FCM it would be here first.
    const toThree = fcm.sent.filter((m) => m.token === 'device-token-3');
    expect(toThree.map((m) => bodyOf(m).data.paymentRequestId)).toEqual([second]);
  });
});

describe('FCM building blocks', () => {
  it('is off, saying so, without a service account', () => {
    const lines: string[] = [];
    expect(createFcmPush(undefined, (l) => lines.push(l))).toBeNull();
    expect(createFcmPush({}, (l) => lines.push(l))).toBeNull();
    expect(lines[0]).toMatch(/SSE only/);
  });

  it('reads the service account file named by SERVICE_FCM_SERVICE_ACCOUNT', () => {
    expect(fcmOptionsFromEnv({})).toBeUndefined();
    const dir = mkdtempSync(join(tmpdir(), 'fcm-env-'));
    try {
      const file = join(dir, 'account.json');
      writeFileSync(file, JSON.stringify(fcm.serviceAccount));
      expect(fcmOptionsFromEnv({ SERVICE_FCM_SERVICE_ACCOUNT: file })).toEqual({
        serviceAccount: fcm.serviceAccount,
      });
      expect(() =>
        fcmOptionsFromEnv({ SERVICE_FCM_SERVICE_ACCOUNT: join(dir, 'missing.json') }),
      ).toThrow(/SERVICE_FCM_SERVICE_ACCOUNT: cannot read/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a service account without its key', () => {
    expect(() =>
      createFcmPush({ serviceAccount: { project_id: 'p', client_email: 'e' } }, () => {}),
    ).toThrow(/private_key/);
  });

  it('leaves the body out of a data message that would pass FCM’s 4 KB limit', () => {
    const small = fcmData({ seq: 7, type: 'POS_PAYMENT_STATUS', body: '{"a":1}' });
    expect(small).toEqual({ type: 'POS_PAYMENT_STATUS', eventId: '7', body: '{"a":1}' });
    const big = fcmData({
      seq: 8,
      type: 'REMOTE_PAYMENT_REQUEST',
      body: JSON.stringify({ x: 'y'.repeat(FCM_DATA_LIMIT_BYTES) }),
    });
    expect(big).toEqual({ type: 'REMOTE_PAYMENT_REQUEST', eventId: '8', truncated: 'true' });
  });

  it('tells dead tokens from bad payloads and passing failures', () => {
    expect(classifyFcmError({ code: 'messaging/registration-token-not-registered' })).toBe(
      'dead-token',
    );
    expect(classifyFcmError({ code: 'messaging/invalid-registration-token' })).toBe('dead-token');
    expect(
      classifyFcmError({
        code: 'messaging/invalid-argument',
        message: 'The registration token is not a valid FCM registration token',
      }),
    ).toBe('dead-token');
    expect(
      classifyFcmError({ code: 'messaging/invalid-argument', message: 'Invalid JSON payload' }),
    ).toBe('permanent');
    expect(classifyFcmError({ code: 'messaging/server-unavailable' })).toBe('retry');
    expect(classifyFcmError(new Error('socket hang up'))).toBe('retry');
  });
});
