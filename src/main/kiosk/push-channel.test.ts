/**
 * The push channel against the real service on loopback (remote payments, replay after a
 * restart, unpairing) and against tiny fake SSE servers (a silent connection, awkward framing).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pairTerminal } from '../../../test/helpers/kiosk';
import { startService, type Harness } from '../../../test/helpers/service';
import {
  createPushChannel,
  CONNECTING_MESSAGE,
  createSseParser,
  UNPAIRED_MESSAGE,
  type ConnectionDetail,
  type PushChannel,
  type PushChannelOptions,
  type PushEvent,
} from './push-channel';
import type { ConnectionState } from './types';

const wait = { timeout: 10_000, interval: 20 };

/** A channel with an in-memory Last-Event-ID and recorders for everything it says. */
function recordingChannel(
  baseUrl: string,
  secret: string,
  store: { id: string | null } = { id: null },
  extra: Partial<PushChannelOptions> = {},
) {
  const events: PushEvent[] = [];
  const states: { state: ConnectionState; detail?: ConnectionDetail }[] = [];
  const errors: Error[] = [];
  const channel = createPushChannel({
    baseUrl,
    secret,
    lastEventId: { get: () => store.id, set: (id) => (store.id = id) },
    onEvent: (e) => void events.push(e),
    onState: (state, detail) => void states.push({ state, detail }),
    onError: (e) => void errors.push(e),
    ...extra,
  });
  channels.push(channel);
  return { channel, events, states, errors, store };
}
const channels: PushChannel[] = [];
afterEach(async () => {
  await Promise.all(channels.splice(0).map((c) => c.stop()));
});

describe('push channel with the real service', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startService();
  });
  afterAll(() => h.close());

  it('connects and hands over a remote payment pushed from the dashboard', async () => {
    const till = await pairTerminal(h.url, 'Push till');
    const { channel, events, states, store } = recordingChannel(h.url, till.secret);
    channel.start();
    await vi.waitFor(() => expect(channel.state()).toBe('connected'), wait);
    expect(states.map((s) => s.state).slice(0, 2)).toEqual(['connecting', 'connected']);

    const res = await h.call('POST', '/api/terminal/process-remote-payment', {
      id: till.terminal.id,
      amount: 4.5,
      notes: 'Table 4',
      metadata: { table: '4' },
    });
    expect(res.status).toBe(200);
    const id = res.body.paymentRequestId as string;
    await vi.waitFor(
      () => expect(events.some((e) => e.type === 'REMOTE_PAYMENT_REQUEST')).toBe(true),
      wait,
    );
    const pushed = events.find((e) => e.type === 'REMOTE_PAYMENT_REQUEST')!;
    expect(pushed.type === 'REMOTE_PAYMENT_REQUEST' && pushed.body.data).toMatchObject({
      paymentRequestId: id,
      terminalId: till.terminal.id,
      amount: 4.5,
      currency: 'GBP',
      notes: 'Table 4',
      paymentMethod: null,
      status: 'PAYMENT_NOT_INITIATED',
      paymentUrl: `${h.url}/pay/${id}`,
      metadata: { table: '4' },
    });
    expect(store.id).toBe(pushed.id);

    await h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'PAY_BY_BANK',
      outcome: 'COMPLETED',
    });
    await vi.waitFor(
      () =>
        expect(
          events.some((e) => e.type === 'POS_PAYMENT_STATUS' && e.body.data.status === 'COMPLETED'),
        ).toBe(true),
      wait,
    );
    const last = events.at(-1)!;
    expect(last.body).toMatchObject({
      type: 'POS_PAYMENT_STATUS',
      data: { paymentRequestId: id, status: 'COMPLETED', paidAmount: 4.5 },
    });
    expect(store.id).toBe(last.id);
  });

  it('goes offline with the unpaired message when the terminal is unpaired, and stops', async () => {
    const till = await pairTerminal(h.url, 'Doomed till');
    const { channel, states } = recordingChannel(h.url, till.secret);
    channel.start();
    await vi.waitFor(() => expect(channel.state()).toBe('connected'), wait);
    expect((await h.call('DELETE', `/api/terminal/${till.terminal.id}`)).status).toBe(200);
    await vi.waitFor(() => expect(channel.state()).toBe('offline'), wait);
    const offline = states.at(-1)!;
    expect(offline.detail).toMatchObject({ error: UNPAIRED_MESSAGE, nextRetryMs: null });
    expect(states.map((s) => s.state)).toEqual([
      'connecting',
      'connected',
      'reconnecting',
      'offline',
    ]);
  });

  it('goes offline at once with a secret the service never issued', async () => {
    const { channel, states } = recordingChannel(h.url, 'tk_sandbox_not_a_real_secret');
    channel.start();
    await vi.waitFor(() => expect(channel.state()).toBe('offline'), wait);
    expect(states.at(-1)!.detail?.error).toBe(UNPAIRED_MESSAGE);
  });
});

/** A fake push stream: `onRequest` decides what each connection gets. */
async function fakeServer(
  onRequest: (req: IncomingMessage, res: ServerResponse, n: number) => void,
) {
  let n = 0;
  const requests: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req);
    onRequest(req, res, ++n);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const sseHead = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };
const posEvent = (id: string) =>
  JSON.stringify({
    id: `evt_${id}`,
    type: 'POS_PAYMENT_STATUS',
    createdAt: '2025-05-01T10:00:00.000Z',
    environment: 'sandbox',
    data: { paymentRequestId: '8f7c1b8e-8a5e-4a57-9d4c-0e4d2b1f6a10', status: 'COMPLETED' },
  });

describe('push channel with a fake stream', () => {
  it('treats a connection silent for 2.5 heartbeats as dead and reconnects', async () => {
    const fake = await fakeServer((_req, res) => {
      res.writeHead(200, sseHead);
      res.write(`event: ready\ndata: {"terminalId":"t","heartbeatMs":100}\n\n`);
      // …and then nothing, while keeping the socket open.
    });
    try {
      const { channel, states } = recordingChannel(fake.url, 'tk_sandbox_x', undefined, {
        backoff: { baseMs: 20, capMs: 100 },
      });
      channel.start();
      await vi.waitFor(() => expect(fake.requests.length).toBeGreaterThanOrEqual(2), wait);
      const seen = states.map((s) => s.state);
      expect(seen.slice(0, 3)).toEqual(['connecting', 'connected', 'reconnecting']);
      expect(states[2]!.detail?.error).toMatch(/No data from the push stream for 250 ms/);
      await vi.waitFor(() => expect(channel.state()).toBe('connected'), wait);
      // Every connection carried the secret.
      expect(fake.requests.every((r) => r.headers.authorization === 'Bearer tk_sandbox_x')).toBe(
        true,
      );
    } finally {
      await fake.close();
    }
  });

  it('parses events split across writes, with comments and CRLF, and sends Last-Event-ID back', async () => {
    const fake = await fakeServer((_req, res, n) => {
      res.writeHead(200, sseHead);
      res.write(':ok\r\n\r\nevent: ready\r\ndata: {"terminalId":"t","heartbeatMs":5000}\r\n\r\n');
      if (n === 1) {
        const body = `id: 7\r\nevent: POS_PAYMENT_STATUS\r\ndata: ${posEvent('7')}\r\n\r\n`;
        const cut = body.indexOf('POS_PAY') + 3;
        res.write(body.slice(0, cut));
        setTimeout(() => {
          res.write(body.slice(cut, -1)); // ends in a lone \r …
          setTimeout(() => {
            res.write('\n: a comment between events\n\n'); // … whose \n arrives later
            res.end(); // the server drops the connection
          }, 20);
        }, 20);
      }
    });
    try {
      const { channel, events, store } = recordingChannel(fake.url, 'tk_sandbox_x', undefined, {
        backoff: { baseMs: 20, capMs: 100 },
      });
      channel.start();
      await vi.waitFor(() => expect(fake.requests.length).toBeGreaterThanOrEqual(2), wait);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ id: '7', type: 'POS_PAYMENT_STATUS' });
      expect(store.id).toBe('7');
      expect(fake.requests[1]!.headers['last-event-id']).toBe('7');
    } finally {
      await fake.close();
    }
  });

  it('skips a malformed event, reports it, and still moves past it', async () => {
    const fake = await fakeServer((_req, res) => {
      res.writeHead(200, sseHead);
      res.write('event: ready\ndata: {"terminalId":"t","heartbeatMs":5000}\n\n');
      res.write('id: 3\nevent: POS_PAYMENT_STATUS\ndata: {"not":"an event"}\n\n');
      res.write(`id: 4\nevent: POS_PAYMENT_STATUS\ndata: ${posEvent('4')}\n\n`);
    });
    try {
      const { channel, events, errors, store } = recordingChannel(fake.url, 'tk_sandbox_x');
      channel.start();
      await vi.waitFor(() => expect(store.id).toBe('4'), wait);
      expect(events.map((e) => e.id)).toEqual(['4']);
      expect(errors).toHaveLength(1);
    } finally {
      await fake.close();
    }
  });

  it('keeps retrying an unreachable service and reports offline after a few attempts', async () => {
    const fake = await fakeServer(() => {});
    const url = fake.url;
    await fake.close(); // nothing listens on this port now
    const { channel, states } = recordingChannel(url, 'tk_sandbox_x', undefined, {
      backoff: { baseMs: 10, capMs: 40 },
      offlineAfter: 2,
      startingGraceMs: 0,
    });
    channel.start();
    await vi.waitFor(
      () => expect(states.filter((s) => s.state === 'offline').length).toBeGreaterThanOrEqual(2),
      wait,
    );
    const seen = states.map((s) => s.state);
    expect(seen.slice(0, 4)).toEqual(['connecting', 'connecting', 'connecting', 'offline']);
    const last = states.at(-1)!.detail!;
    expect(last.error).toMatch(/Cannot reach the payments service/);
    expect(last.attempt).toBeGreaterThanOrEqual(4);
    expect(last.nextRetryMs).not.toBeNull();
    expect(last.nextRetryMs!).toBeLessThanOrEqual(40);
  });
});

describe('push channel before its first connection', () => {
  it('says it is connecting while the service may be starting, and cannot reach it only after the grace', async () => {
    const fake = await fakeServer(() => {});
    const url = fake.url;
    await fake.close(); // nothing listens: a service not started yet, then one that never starts
    const { channel, states } = recordingChannel(url, 'tk_sandbox_x', undefined, {
      backoff: { baseMs: 10, capMs: 40 },
      offlineAfter: 2,
      startingGraceMs: 1_000,
    });
    const started = Date.now();
    channel.start();
    await new Promise((resolve) => setTimeout(resolve, 800));
    const starting = [...states];
    expect(new Set(starting.map((s) => s.state))).toEqual(new Set(['connecting']));
    expect(starting.filter((s) => s.detail).map((s) => s.detail!.error)).toEqual([
      CONNECTING_MESSAGE,
    ]);
    // Tried again every quarter second meanwhile.
    expect(starting.length).toBeGreaterThanOrEqual(3);

    await vi.waitFor(() => expect(states.at(-1)!.state).toBe('offline'), wait);
    const said = states.flatMap((s) => (s.detail ? [s.detail.error] : []));
    expect(said.at(-1)).toMatch(/^Cannot reach the payments service/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  });
});

describe('SSE parser', () => {
  const stream = [
    '\uFEFF: comment\n',
    'retry: 1000\n',
    'id: 1\nevent: A\ndata: first\ndata:second\n\n',
    'data: no type\r\n\r\n',
    'event: B\rdata: {"x": "a:b"}\r\r',
    'event: empty\n\n', // no data: dispatches nothing
    'id: 2\nevent: C\ndata\n\n',
  ].join('');
  const expected = [
    { id: '1', type: 'A', data: 'first\nsecond' },
    { type: 'message', data: 'no type' },
    { type: 'B', data: '{"x": "a:b"}' },
    { id: '2', type: 'C', data: '' },
  ];

  it('parses a whole stream', () => {
    expect(createSseParser().push(stream)).toEqual(expected);
  });

  it('gives the same events whatever the chunk boundaries', () => {
    for (const size of [1, 2, 3, 5, 7, 11]) {
      const parser = createSseParser();
      const out = [];
      for (let i = 0; i < stream.length; i += size)
        out.push(...parser.push(stream.slice(i, i + size)));
      expect(out).toEqual(expected);
    }
  });
});
