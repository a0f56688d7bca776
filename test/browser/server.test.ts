/**
 * Browser mode's server with a real kiosk core behind it: pages with their security headers,
 * the bridge over a real WebSocket (with the Node client the Electron shell uses), and who may
 * connect: loopback is staff, a LAN client only after the display code, and never a foreign
 * origin or a DNS name that could be re-pointed.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startKioskServer } from '../../src/main/browser/server';
import { createDisplayAccess } from '../../src/main/browser/display-access';
import { connectBridge, NOT_CONNECTED } from '../../src/main/browser/bridge-client';
import { SocketMessage } from '../../src/shared/bridge-socket';
import { testKiosk, type Cleanups } from '../helpers/kiosk';

/** The LAN, played by a loopback alias (`--lan-address 127.0.0.2`): no traffic leaves the machine. */
const LAN_ADDRESS = '127.0.0.2';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function rendererDir() {
  const dir = mkdtempSync(join(tmpdir(), 'renderer-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'console.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(dir, 'display.html'), '<!doctype html><title>display</title>');
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  // Vite copies src/renderer/public beside the pages.
  copyFileSync('src/renderer/public/favicon.ico', join(dir, 'favicon.ico'));
  // A file beside the renderer that a path like /assets/../../secret.txt would reach.
  writeFileSync(join(dir, '..', 'secret.txt'), 'not for the kiosk');
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => rmSync(join(dir, '..', 'secret.txt'), { force: true }));
  return dir;
}

async function kiosk(lan = false) {
  // Unpaired: what the server carries and refuses needs no service.
  const core = testKiosk(cleanups);
  await core.start();
  const access = createDisplayAccess();
  cleanups.push(() => access.stop());
  const server = await startKioskServer({
    core,
    rendererDir: rendererDir(),
    port: 0,
    lan: lan ? { access, address: LAN_ADDRESS } : undefined,
  });
  cleanups.push(() => server.close());
  return Object.assign(server, { code: () => access.current().code });
}

/** A raw HTTP request, so tests can set Host and read every header. */
function get(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function socket(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ ws: WebSocket; first: SocketMessage }>((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    cleanups.push(() => ws.close());
    ws.once('message', (data) =>
      resolve({ ws, first: SocketMessage.parse(JSON.parse(String(data))) }),
    );
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

function ask(ws: WebSocket, id: number, command: unknown): Promise<SocketMessage> {
  return new Promise((resolve) => {
    const onMessage = (data: unknown) => {
      const message = SocketMessage.parse(JSON.parse(String(data)));
      if ('id' in message && message.id === id) {
        ws.off('message', onMessage);
        resolve(message);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ id, command }));
  });
}

describe('browser mode server', () => {
  it('serves the console and display pages with a strict policy, and nothing outside them', async () => {
    const server = await kiosk();
    const page = await get(server.consoleUrl);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>console</title>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect((await get(server.displayUrl)).body).toContain('<title>display</title>');
    const asset = await get(`${server.url}/assets/app-1234.js`);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await get(`${server.url}/assets/..%2f..%2fsecret.txt`)).status).toBe(404);
    expect((await get(`${server.url}/assets/../../secret.txt`)).status).toBe(404);
    expect((await get(`${server.url}/`)).headers.location).toBe('/console');
  });

  it('serves the kiosk icon at /favicon.ico, to the LAN pairing page too', async () => {
    const server = await kiosk(true);
    const res = await get(`${server.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    // An ICO header (reserved 0, type 1) with three images.
    const bytes = Buffer.from(res.body, 'latin1');
    expect([...bytes.subarray(0, 6)]).toEqual([0, 0, 1, 0, 3, 0]);
  });

  it('refuses a Host name that DNS could re-point at it', async () => {
    const server = await kiosk();
    const res = await get(server.consoleUrl, { host: `evil.example:${new URL(server.url).port}` });
    expect(res.status).toBe(421);
    await expect(
      socket(`${server.url.replace('http', 'ws')}/bridge`, {
        origin: 'http://evil.example',
        host: 'evil.example',
      }),
    ).rejects.toThrow(/403/);
  });

  it('carries the bridge: state first, replies by id, errors naming the field', async () => {
    const server = await kiosk();
    const { ws, first } = await socket(`${server.url.replace('http', 'ws')}/bridge`, {
      origin: server.url,
    });
    expect(first).toMatchObject({
      event: { type: 'state', state: { pairing: { paired: false } } },
    });
    expect(await ask(ws, 7, { type: 'getState' })).toMatchObject({ id: 7, reply: { ok: true } });
    const bad = await ask(ws, 8, { type: 'startPayment', amountPence: -100 });
    expect(bad).toMatchObject({ id: 8, reply: { ok: false, error: { field: 'amountPence' } } });
    const unpaired = await ask(ws, 9, { type: 'startPayment', amountPence: 500 });
    expect(unpaired).toMatchObject({ reply: { ok: false, error: { message: /Pair this kiosk/ } } });
  });

  it('refuses a socket from another origin, as a web page elsewhere would open it', async () => {
    const server = await kiosk();
    await expect(
      socket(`${server.url.replace('http', 'ws')}/bridge`, { origin: 'http://127.0.0.1:1' }),
    ).rejects.toThrow(/403/);
  });

  it('the Node client (the Electron relay) commands the core and hears its events', async () => {
    const server = await kiosk();
    const client = connectBridge(`${server.url.replace('http', 'ws')}/bridge`);
    cleanups.push(() => client.close());
    const events: string[] = [];
    client.subscribe((e) => events.push(e.type));
    await client.ready;
    expect(await client.handle({ type: 'getState' })).toMatchObject({ ok: true });
    expect(events).toContain('state');
    await server.close();
    // The kiosk went away: once the client has seen its socket close, commands answer at once
    // with what is happening, not hang (how soon it sees the close depends on the machine's load).
    await expect
      .poll(() => client.handle({ type: 'getState' }), { timeout: 10_000 })
      .toEqual({ ok: false, error: { message: NOT_CONNECTED } });
  });

  it('on the LAN, a tablet is a display only after the display code, and may only read', async () => {
    const address = LAN_ADDRESS;
    const server = await kiosk(true);
    const port = new URL(server.url).port;
    const base = `http://${address}:${port}`;
    // From the LAN, the console is never served and the display asks for the code first.
    expect((await get(`${base}/console`)).status).toBe(403);
    const form = await get(`${base}/display`);
    expect(form.body).toContain('Display code');
    await expect(socket(`ws://${address}:${port}/bridge`, { origin: base })).rejects.toThrow(/403/);

    const wrong = await get(
      `${base}/display/pair`,
      { 'content-type': 'application/x-www-form-urlencoded' },
      'POST',
      'code=000000',
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain('That code is not right');
    const paired = await get(
      `${base}/display/pair`,
      { 'content-type': 'application/x-www-form-urlencoded' },
      'POST',
      `code=${server.code()}`,
    );
    expect(paired.status).toBe(303);
    const cookie = String(paired.headers['set-cookie']).split(';')[0]!;
    expect(String(paired.headers['set-cookie'])).toContain('HttpOnly');
    expect((await get(`${base}/display`, { cookie })).body).toContain('<title>display</title>');
    expect((await get(`${base}/console`, { cookie })).status).toBe(403);

    const { ws, first } = await socket(`ws://${address}:${port}/bridge`, { origin: base, cookie });
    // A display hears only what it shows (src/main/browser/lan-display.test.ts has the rest).
    expect(first).toMatchObject({ event: { type: 'display' } });
    expect(await ask(ws, 1, { type: 'getDisplayState' })).toMatchObject({ reply: { ok: true } });
    expect(await ask(ws, 2, { type: 'unpair', pin: '2468' })).toMatchObject({
      reply: { ok: false, error: { message: /only show/ } },
    });
  });

  it('on the LAN, listens on the LAN address and loopback only, never on every interface', async () => {
    const server = await kiosk(true);
    const port = Number(new URL(server.url).port);
    const reaches = (host: string) =>
      new Promise<boolean>((resolve) => {
        const socket = connect(port, host);
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
    expect(await reaches('127.0.0.1')).toBe(true);
    expect(await reaches(LAN_ADDRESS)).toBe(true);
    // Another address of the machine (here another loopback alias) is not the kiosk's.
    expect(await reaches('127.0.0.3')).toBe(false);
  });

  it('locks the display code out after five wrong tries', async () => {
    const address = LAN_ADDRESS;
    const server = await kiosk(true);
    const url = `http://${address}:${new URL(server.url).port}/display/pair`;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (let i = 0; i < 5; i++)
      expect((await get(url, form, 'POST', 'code=111111')).status).toBe(401);
    // Even the right code waits now.
    expect((await get(url, form, 'POST', `code=${server.code()}`)).status).toBe(429);
  });
});
