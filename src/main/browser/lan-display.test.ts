/**
 * A tablet on the LAN as the customer display, against a real kiosk core paired with a real
 * payments service on loopback: what reaches the tablet's WebSocket (every message, as sent),
 * the display code's rotation and global lockout, the session's end, and the customer pages the
 * kiosk passes through while the service itself stays off the network.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { DisplayPayment, DisplayState } from '../../shared/bridge';
import { SocketMessage } from '../../shared/bridge-socket';
import { SANDBOX, startService, type Harness } from '../../../test/helpers/service';
import type { KioskCore } from '../kiosk/core';
import { startEmbeddedService } from '../launcher/embedded-service';
import { createDisplayAccess, MAX_TRIES, type DisplayAccess } from './display-access';
import { SESSION_OVER, startKioskServer } from './server';
import { ok, onDisplay } from '../../../test/helpers/kiosk-command';
import { pairingCode, PIN, testKiosk, type Cleanups } from '../../../test/helpers/kiosk';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * The tablet's side of the LAN: a loopback alias (Linux answers all of 127.0.0.0/8 with no
 * setup), given to the kiosk as `npm start -- --lan-address 127.0.0.2` would, so no test traffic
 * leaves the machine. Whoever connects to it is a LAN client, as a tablet is.
 */
const LAN_ADDRESS = '127.0.0.2';

function rendererDir() {
  const dir = mkdtempSync(join(tmpdir(), 'renderer-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'display.html'), '<!doctype html><title>display</title>');
  writeFileSync(join(dir, 'console.html'), '<!doctype html><title>console</title>');
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function http(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** A kiosk paired with a service on loopback, its server on the LAN passing customer pages on. */
async function lanKiosk(access: DisplayAccess = createDisplayAccess()) {
  const address = LAN_ADDRESS;
  let service: Harness | null = null;
  const core: KioskCore = testKiosk(cleanups, {
    pollFastMs: 200,
    pollSlowMs: 15_000,
    finishedHoldMs: 60_000,
  });
  await core.start();
  cleanups.push(() => access.stop());
  const server = await startKioskServer({
    core,
    rendererDir: rendererDir(),
    port: 0,
    lan: { access, address, service: () => service?.url ?? null },
  });
  cleanups.push(() => server.close());
  const lan = `http://${address}:${new URL(server.url).port}`;
  // As `npm start -- --lan` does: the service's links name the kiosk's LAN address.
  service = await startService({ publicUrl: lan });
  cleanups.push(() => service!.close());
  await core.pairInProcess({
    baseUrl: service.url,
    code: await pairingCode(service.url),
    name: 'Till',
  });
  return { core, server, service, lan, access, address };
}

async function pairDisplay(lan: string, code: string) {
  const paired = await http(`${lan}/display/pair`, {
    method: 'POST',
    headers: form,
    body: `code=${code}`,
  });
  expect(paired.status).toBe(303);
  return String(paired.headers['set-cookie']).split(';')[0]!;
}

/** The tablet's socket: every frame it receives, parsed as the renderer would. */
function displaySocket(lan: string, cookie: string) {
  const frames: string[] = [];
  const ws = new WebSocket(`${lan.replace('http', 'ws')}/bridge`, {
    headers: { origin: lan, cookie },
  });
  cleanups.push(() => ws.close());
  ws.on('message', (data) => frames.push(String(data)));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
  return { ws, frames, opened, closed };
}

/** One request written as raw bytes (any request target), and the whole answer as text. */
function raw(host: string, port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(`GET ${target} HTTP/1.1\r\nHost: ${host}:${port}\r\nConnection: close\r\n\r\n`);
  });
}

/** A second server on loopback that no request to the kiosk may ever reach. */
async function decoy(): Promise<{ port: number; heard: string[] }> {
  const heard: string[] = [];
  const server: Server = createServer((req, res) => {
    heard.push(`${req.method} ${req.url}`);
    res.end('the decoy answered');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { port: (server.address() as { port: number }).port, heard };
}

async function until(check: () => boolean, what: string, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('a LAN customer display', () => {
  it('receives what the display shows and nothing staff-only, whatever staff do', async () => {
    const { core, service, lan, access } = await lanKiosk();
    const cookie = await pairDisplay(lan, access.current().code);
    const tablet = displaySocket(lan, cookie);
    await tablet.opened;
    const staffEvents: string[] = [];
    core.subscribe((event) => staffEvents.push(JSON.stringify(event)));

    // Staff charge a returning customer's saved card (names, card, customer id at the kiosk)...
    const customer = await service.call('POST', '/api/customers', {
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      phoneCountryCode: '44',
      phoneNumber: '7700900123',
    });
    const card = await service.call('POST', `/api/sandbox/customers/${customer.body.id}/cards`, {
      number: '4242 4242 4242 4242',
    });
    await ok(core, { type: 'lookupCustomer', pin: PIN, query: { email: 'ada@example.com' } });
    await ok(core, {
      type: 'chargeSavedCard',
      pin: PIN,
      customerId: customer.body.id,
      paymentMethodId: card.body.id,
      captureType: 'AUTO_CAPTURE',
      amountPence: 3000,
    });
    // ...and take a payment at the counter, which the customer pays: takings, history, order id.
    const started = onDisplay(
      await ok(core, { type: 'startPayment', amountPence: 1250, notes: 'Thank you' }),
    );
    const id = started.paymentRequestId;
    await service.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
    });
    await until(
      () => tablet.frames.some((f) => f.includes('"status":"COMPLETED"')),
      'the display to hear the payment completed',
    );
    await until(() => core.state().takings.count >= 1, 'takings');
    await until(
      () => staffEvents.some((e) => e.includes('Ada Lovelace')),
      'the charge at the kiosk',
    );

    // The staff side did hear all of it: there was something to leak.
    const staffText = staffEvents.join('\n');
    for (const secret of ['Ada Lovelace', 'VISA ending 4242', started.orderId])
      expect(staffText).toContain(secret);

    const text = tablet.frames.join('\n');
    for (const secret of [
      'Ada Lovelace',
      'ada@example.com',
      'VISA ending 4242',
      customer.body.id as string,
      card.body.id as string,
      started.orderId,
      'takings',
      'cardCharge',
      'pairing',
      'lanDisplay',
      access.current().code,
    ])
      expect(text, secret).not.toContain(secret);
    // Every frame is a display event whose every object has only the display's own fields.
    const displayKeys = Object.keys(DisplayState.shape).sort();
    const paymentKeys = Object.keys(DisplayPayment.shape);
    for (const frame of tablet.frames) {
      const message = SocketMessage.parse(JSON.parse(frame));
      if (!('event' in message)) continue;
      expect(message.event.type).toBe('display');
      const raw = JSON.parse(frame).event.display;
      // Only what the display's own state names (its optional keys when set), nothing else.
      for (const key of Object.keys(raw)) expect(displayKeys).toContain(key);
      DisplayState.parse(raw);
      for (const p of [raw.active, ...raw.queue].filter(Boolean))
        for (const key of Object.keys(p)) expect(paymentKeys).toContain(key);
    }
    const last = JSON.parse(tablet.frames.at(-1)!).event.display;
    expect(last).toMatchObject({
      shopName: expect.any(String),
      active: { paymentRequestId: id, amountPence: 1250, notes: 'Thank you', status: 'COMPLETED' },
    });
    // The link the customer scans names the kiosk's LAN address.
    expect(last.active.paymentUrl).toBe(`${lan}/pay/${id}`);
  });

  it('may ask for the display state and nothing else', async () => {
    const { lan, access } = await lanKiosk();
    const tablet = displaySocket(lan, await pairDisplay(lan, access.current().code));
    await tablet.opened;
    const ask = (id: number, command: unknown) =>
      new Promise<SocketMessage>((resolve) => {
        tablet.ws.on('message', (data) => {
          const message = SocketMessage.parse(JSON.parse(String(data)));
          if ('id' in message && message.id === id) resolve(message);
        });
        tablet.ws.send(JSON.stringify({ id, command }));
      });
    expect(await ask(1, { type: 'getDisplayState' })).toMatchObject({ reply: { ok: true } });
    for (const [n, command] of [
      { type: 'getState' },
      { type: 'listHistory', query: {} },
      { type: 'checkStaffPin', pin: PIN },
      { type: 'startPayment', amountPence: 100 },
    ].entries())
      expect(await ask(n + 2, command)).toMatchObject({
        reply: { ok: false, error: { message: /only show/ } },
      });
  });
});

describe('more time from a display on the LAN', () => {
  it('is given for the payment on the display only, extended by the service', async () => {
    const { core, service, lan, access } = await lanKiosk();
    const id = onDisplay(
      await ok(core, { type: 'startPayment', amountPence: 250 }),
    ).paymentRequestId;
    const status = async () =>
      (await service.call('GET', `/api/payments/v1/payment-status/${id}`, undefined, SANDBOX))
        .body as { expiresAt: string };
    const before = Date.parse((await status()).expiresAt);
    const tablet = displaySocket(lan, await pairDisplay(lan, access.current().code));
    await tablet.opened;
    const ask = (n: number, paymentRequestId: string) =>
      new Promise<SocketMessage>((resolve) => {
        tablet.ws.on('message', (data) => {
          const message = SocketMessage.parse(JSON.parse(String(data)));
          if ('id' in message && message.id === n) resolve(message);
        });
        tablet.ws.send(
          JSON.stringify({ id: n, command: { type: 'askMoreTime', paymentRequestId } }),
        );
      });
    expect(await ask(1, id)).toMatchObject({
      reply: { ok: true, result: { paymentRequestId: id, extensionsLeft: 1 } },
    });
    expect(Date.parse((await status()).expiresAt)).toBe(before + 120_000);
    // Another payment's id (one the tablet might have seen earlier) is refused before the service.
    expect(await ask(2, '7d3f1c2e-9b4a-4c1d-8e2f-0a1b2c3d4e5f')).toMatchObject({
      reply: { ok: false, error: { message: /only for the payment on the display/ } },
    });
    expect(Date.parse((await status()).expiresAt)).toBe(before + 120_000);
  });
});

describe('the kiosk on the LAN address', () => {
  it('passes the customer pages through, and nothing else of the service', async () => {
    const { core, service, lan } = await lanKiosk();
    const started = onDisplay(await ok(core, { type: 'startPayment', amountPence: 300 }));
    const id = started.paymentRequestId;
    const page = await http(`${lan}/pay/${id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('£3.00');
    expect((await http(`${lan}/api/payment-requests/${id}/qr.svg`)).body).toContain('<svg');
    // The API, the dashboard, the docs and the sandbox are not on the LAN.
    for (const path of ['/api/stores', '/dashboard', '/docs', '/api/openapi.json'])
      expect((await http(`${lan}${path}`)).status, path).toBe(404);
    const signed = await http(`${lan}/api/payments/v1/payment-status/${id}`, {
      headers: { authorization: `Bearer ${SANDBOX}` },
    });
    expect(signed.status).toBe(404);
    // The service answers on loopback only.
    expect(new URL(service.url).hostname).toBe('127.0.0.1');
  });

  it('passes on a path, to the service only: a request target naming a host fetches nothing', async () => {
    const { core, lan, address } = await lanKiosk();
    const id = onDisplay(
      await ok(core, { type: 'startPayment', amountPence: 300 }),
    ).paymentRequestId;
    const other = await decoy();
    const port = Number(new URL(lan).port);
    const elsewhere = `127.0.0.1:${other.port}`;
    // Absolute form and protocol-relative targets, as an open proxy's client sends them, from the
    // LAN and from this machine, with and without a display session: refused, nothing fetched.
    for (const host of [address, '127.0.0.1'])
      for (const target of [
        `//${elsewhere}/pay/${id}`,
        `http://${elsewhere}/receipt/${id}`,
        `//${elsewhere}/api/payment-requests/${id}/qr.svg`,
        `/\\${elsewhere}/pay/${id}`,
        `http://${elsewhere}/display`,
      ]) {
        const answer = await raw(host, port, target);
        expect(answer, `${host} ${target}`).toMatch(/^HTTP\/1\.1 400 /);
        expect(answer).not.toContain('the decoy answered');
      }
    expect(other.heard).toEqual([]);
    // The same page asked for by its path is the service's.
    const page = await raw(address, port, `/pay/${id}`);
    expect(page).toMatch(/^HTTP\/1\.1 200 /);
    expect(page).toContain('£3.00');
  });

  it('the embedded service of `npm start -- --lan` listens on loopback only', async () => {
    const address = LAN_ADDRESS;
    const dir = mkdtempSync(join(tmpdir(), 'embedded-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const embedded = await startEmbeddedService({
      dataDir: dir,
      port: 0,
      publicUrl: `http://${address}:5180`,
      env: { SERVICE_SANDBOX_SECRET: SANDBOX },
    });
    cleanups.push(() => embedded.service.close());
    expect(embedded.publicUrl).toBe(`http://${address}:5180`);
    const port = Number(new URL(embedded.url).port);
    const reached = await new Promise<boolean>((resolve) => {
      const socket = connect(port, address);
      socket.once('connect', () => resolve(true));
      socket.once('error', () => resolve(false));
    });
    expect(reached).toBe(false);
  });
});

describe('pairing a LAN customer display', () => {
  it('a code works once, and wrong codes from any address count towards one lockout', async () => {
    const { lan, access, server } = await lanKiosk();
    const first = access.current().code;
    await pairDisplay(lan, first);
    // Used: a second tablet needs the new code the console now shows.
    expect(access.current().code).not.toBe(first);
    const reuse = await http(`${lan}/display/pair`, {
      method: 'POST',
      headers: form,
      body: `code=${first}`,
    });
    expect(reuse.status).toBe(401);
    // Four more wrong codes, some from loopback, some from the LAN: five in a row.
    for (let i = 0; i < MAX_TRIES - 1; i++) {
      const base = i % 2 ? server.url : lan;
      const wrong = await http(`${base}/display/pair`, {
        method: 'POST',
        headers: form,
        body: 'code=abcdef',
      });
      expect(wrong.status).toBe(401);
    }
    const locked = await http(`${lan}/display/pair`, {
      method: 'POST',
      headers: form,
      body: `code=${access.current().code}`,
    });
    expect(locked.status).toBe(429);
  });

  it('a session ends on time: the socket is told and closed, and the code is asked again', async () => {
    const access = createDisplayAccess({ sessionMs: 600 });
    const { lan } = await lanKiosk(access);
    const cookie = await pairDisplay(lan, access.current().code);
    expect((await http(`${lan}/display`, { headers: { cookie } })).body).toContain(
      '<title>display</title>',
    );
    const tablet = displaySocket(lan, cookie);
    await tablet.opened;
    expect(await tablet.closed).toBe(SESSION_OVER);
    expect(tablet.frames.at(-1)).toContain('displaySessionExpired');
    expect((await http(`${lan}/display`, { headers: { cookie } })).body).toContain('Display code');
    await expect(displaySocket(lan, cookie).opened).rejects.toThrow(/403/);
  });
});

describe('the display code', () => {
  it('rotates on its own and an expired code is refused', () => {
    let t = 0;
    const heard: string[] = [];
    const access = createDisplayAccess({
      now: () => t,
      codeMs: 1_000,
      onCode: (c) => heard.push(c.code),
    });
    cleanups.push(() => access.stop());
    const first = access.current();
    expect(first.code).toMatch(/^\d{6}$/);
    expect(first.expiresAt).toBe(1_000);
    t = 1_000;
    const second = access.current();
    expect(heard).toEqual([second.code]);
    expect(access.redeem(first.code).ok).toBe(first.code === second.code);
  });
});
