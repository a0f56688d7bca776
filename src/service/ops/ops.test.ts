/**
 * What operators rely on: liveness and readiness without a secret, metrics only for their token,
 * a request id on every answer and in every log line (and nothing secret in one), and a shutdown
 * that lets requests in flight finish and tells event streams to reconnect.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX, pairTerminal, startService, type Harness } from '../../../test/helpers/service';
import { connectSse } from '../../../test/helpers/sse';
import { createLogger } from './request-log';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A logger whose lines the test can read. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger(sink), lines };
}

describe('the log file', () => {
  it('gets every line whole, written behind the requests, and the rest when the process exits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'counter-log-'));
    const file = join(dir, 'service.log');
    const logger = createLogger(file);
    for (let i = 0; i < 2000; i++) logger.info({ requestId: `r${i}`, route: '/x'.repeat(i % 50) });
    const written = () => readFileSync(file, 'utf8').trimEnd().split('\n').filter(Boolean);
    await expect.poll(() => written().length).toBe(2000);
    expect(written().map((line) => JSON.parse(line).requestId)).toEqual(
      Array.from({ length: 2000 }, (_, i) => `r${i}`),
    );
    // A process that logs and exits at once still writes its lines.
    const script = `const { createLogger } = require(${JSON.stringify(join(__dirname, 'request-log.ts'))});
      const logger = createLogger(${JSON.stringify(join(dir, 'exiting.log'))});
      for (let i = 0; i < 500; i++) logger.info({ n: i });
      process.exit(0);`;
    execFileSync(process.execPath, ['--import', 'tsx', '-e', script]);
    expect(readFileSync(join(dir, 'exiting.log'), 'utf8').trimEnd().split('\n')).toHaveLength(500);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('health and readiness', () => {
  it('answer without a secret and reveal nothing', async () => {
    h = await startService();
    const live = await h.call('GET', '/healthz', undefined, null);
    expect(live).toMatchObject({ status: 200, body: { status: 'ok' } });
    const ready = await h.call('GET', '/readyz', undefined, null);
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready' } });
  });

  it('readiness is 503 in the error envelope once the database is gone', async () => {
    h = await startService();
    await h.service.store.close();
    const ready = await h.call('GET', '/readyz', undefined, null);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 503, message: 'The database cannot be reached' });
    // Liveness stays: the process answers; a restart would not fix the database.
    expect((await h.call('GET', '/healthz', undefined, null)).status).toBe(200);
    h = undefined; // its database is closed; nothing more to close cleanly
  });
});

describe('GET /metrics', () => {
  it('is off without a metrics token', async () => {
    h = await startService();
    expect((await h.call('GET', '/metrics', undefined, 'anything')).status).toBe(404);
  });

  it('answers its token only, with requests counted by route pattern, never by id', async () => {
    h = await startService({ metricsToken: 'metrics-token-1' });
    const created = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'm-1',
      amount: 3,
    });
    const id = created.body.paymentRequestId as string;
    await h.call('GET', `/api/payments/v1/payment-status/${id}`);
    expect((await h.call('GET', '/metrics', undefined, null)).status).toBe(401);
    expect((await h.call('GET', '/metrics', undefined, SANDBOX)).status).toBe(401);
    const res = await fetch(`${h.url}/metrics`, {
      headers: { authorization: 'Bearer metrics-token-1' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain(
      'counter_http_requests_total{method="GET",route="/api/payments/v1/payment-status/:paymentRequestId",status="200"} 1',
    );
    expect(text).toContain(
      'counter_http_requests_total{method="POST",route="/api/payments/process-payment",status="200"} 1',
    );
    expect(text).not.toContain(id);
    expect(text).toMatch(/counter_http_request_duration_seconds_bucket\{/);
    expect(text).toMatch(/^counter_webhook_backlog 0$/m);
    expect(text).toMatch(/^counter_open_event_streams 0$/m);
  });

  it('shows the webhook backlog and the open event streams', async () => {
    h = await startService({ metricsToken: 't' });
    // A receiver that is never there: the delivery stays pending.
    await h.call('POST', '/api/webhooks', {
      url: 'http://127.0.0.1:1/hooks',
      eventTypes: ['PAYMENTS_STATUS'],
    });
    const created = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'm-2',
      amount: 3,
    });
    await h.call('POST', `/api/payment-request/cancel/${created.body.paymentRequestId as string}`);
    const stream = await connectSse(`${h.url}/api/merchant/events`, SANDBOX);
    try {
      await stream.next((e) => e.event === 'ready');
      const text = await (
        await fetch(`${h.url}/metrics`, { headers: { authorization: 'Bearer t' } })
      ).text();
      expect(Number(/^counter_webhook_backlog (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
      expect(text).toMatch(/^counter_open_event_streams 1$/m);
    } finally {
      stream.close();
    }
  });
});

describe('request ids and logs', () => {
  it('echoes a sensible X-Request-Id, makes one otherwise, and logs it with no secret', async () => {
    const { logger, lines } = capturedLogger();
    h = await startService({ logger });
    const given = await fetch(`${h.url}/api/payments/process-payment`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${SANDBOX}`,
        'content-type': 'application/json',
        'x-request-id': 'till-7.req-42',
      },
      body: JSON.stringify({
        customerId: 'c',
        orderId: 'o',
        amount: 1,
        notes: '4242424242424242',
      }),
    });
    expect(given.headers.get('x-request-id')).toBe('till-7.req-42');
    const made = await h.call('GET', '/healthz', undefined, null);
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const injected = await fetch(`${h.url}/healthz`, {
      headers: { 'x-request-id': 'a b\tinjected' },
    });
    expect(injected.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // Refusals carry it too: the envelope of a 404 and of a validation error.
    const unknown = await fetch(`${h.url}/api/nowhere`, { headers: { 'x-request-id': 'r-404' } });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('x-request-id')).toBe('r-404');
    const refused = await fetch(`${h.url}/api/payments/process-payment`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${SANDBOX}`,
        'content-type': 'application/json',
        'x-request-id': 'r-400',
      },
      body: '{}',
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('x-request-id')).toBe('r-400');

    const line = lines.find((l) => l.requestId === 'till-7.req-42');
    expect(line).toMatchObject({
      level: 30,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      service: 'counter',
      method: 'POST',
      route: '/api/payments/process-payment',
      status: 200,
    });
    const all = JSON.stringify(lines);
    expect(all).not.toContain(SANDBOX);
    expect(all).not.toContain('4242424242424242');
    // The lines are those of pino (level, time, service first), each a JSON object.
    expect(Object.keys(line!)).toEqual([
      'level',
      'time',
      'service',
      'requestId',
      'method',
      'route',
      'status',
      'ms',
    ]);
    expect(lines.find((l) => l.requestId === 'r-404')).toMatchObject({ status: 404, level: 30 });
  });

  it('logs no request line below the logger’s level, and a 5xx at error', async () => {
    const { logger, lines } = capturedLogger();
    logger.level = 'warn';
    h = await startService({ logger });
    await h.call('GET', '/healthz', undefined, null);
    await h.service.store.close();
    expect((await h.call('GET', '/readyz', undefined, null)).status).toBe(503);
    h = undefined; // its database is closed
    expect(lines.map((l) => [l.route, l.status, l.level])).toEqual([['/readyz', 503, 50]]);
  });
});

describe("a kiosk's health reports in the log", () => {
  it('logs a report that says something new, and leaves out an unchanged one', async () => {
    const { logger, lines } = capturedLogger();
    h = await startService({ logger });
    const till = await pairTerminal(h, 'Front till');
    const route = '/api/terminals/:id/health';
    const send = (printer: string, uptimeSeconds: number, id: string) =>
      fetch(`${h!.url}/api/terminals/${till.terminal.id}/health`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${till.secret}`,
          'content-type': 'application/json',
          'x-request-id': id,
        },
        body: JSON.stringify({
          appVersion: '0.1.0',
          uptimeSeconds,
          display: { attached: true, showing: true },
          printer: { state: printer, jobsWaiting: 0 },
          offlineWork: { waiting: 0, oldestAt: null },
          lastSyncAt: null,
          diskFreeBytes: null,
        }),
      });
    for (const [printer, uptime, id] of [
      ['READY', 10, 'first'],
      ['READY', 40, 'unchanged'],
      ['OFFLINE', 70, 'printer-away'],
      ['OFFLINE', 100, 'unchanged-again'],
    ] as const)
      expect((await send(printer, uptime, id)).status).toBe(200);
    expect((await send('NOPE', 130, 'refused')).status).toBe(400);
    expect(lines.filter((l) => l.route === route).map((l) => [l.requestId, l.status])).toEqual([
      ['first', 200],
      ['printer-away', 200],
      ['refused', 400],
    ]);
  }, 60_000);
});

describe('shutdown', () => {
  it('lets a request in flight finish, turns readiness 503, and tells streams to reconnect', async () => {
    h = await startService();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // A handler that answers only when the test says so: a request still in flight at shutdown.
    let arrived = false;
    h.service.app.get('/test/slow', async (c) => {
      arrived = true;
      await held;
      return c.json({ finished: true });
    });
    const stream = await connectSse(`${h.url}/api/merchant/events`, SANDBOX);
    await stream.next((e) => e.event === 'ready');
    const inFlight = fetch(`${h.url}/test/slow`);
    // In flight only once the handler holds it (a loaded machine takes longer than any fixed pause).
    await vi.waitFor(() => expect(arrived).toBe(true), { timeout: 10_000 });

    const closed = h.service.close();
    const reconnect = await stream.next((e) => e.event === 'reconnect');
    expect(JSON.parse(reconnect.data)).toEqual({ retryMs: 1000 });
    expect(h.service.ctx.streams.draining()).toBe(true);
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ finished: true });
    await closed;
    await expect(fetch(`${h.url}/healthz`)).rejects.toThrow();
    stream.close();
    h = undefined;
  });
});
