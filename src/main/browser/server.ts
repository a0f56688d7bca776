/**
 * Browser kiosk mode: the kiosk's windows served over HTTP and its bridge over a WebSocket, so
 * the same renderer runs in any Chromium (or on a tablet) instead of Electron.
 *
 * Who may do what:
 * - Clients on this machine (loopback) are the staff console and display: every command.
 * - With `lan`, the server also listens on the LAN address it is given (the machine's own by
 *   default; `--lan-address`), and on no other, so a tablet can be the customer display. Whoever
 *   connects to that address is a LAN client, whatever address it comes from. A LAN client first
 *   enters the display code (shown on the staff console; display-access.ts rotates it, locks it
 *   out and ends sessions); it then gets a session cookie and receives the customer display's
 *   share of the state only (`display` events, `getDisplayState`): no customers, cards, history
 *   or takings, and no command at all.
 * - The customer pages of the payments service (customer-pages.ts) are passed through from the
 *   LAN, so the embedded service itself never listens there.
 * - Pages are only served under an IP-literal or `localhost` Host header and sockets are only
 *   accepted from our own origin, so a web page elsewhere (or a DNS-rebinding trick) cannot
 *   reach the bridge through the staff's browser.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { readFile } from 'node:fs/promises';
import { isIP, type AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  displayStateOf,
  isDisplayCommand,
  type BridgeEvent,
  type BridgeReply,
  type KioskState,
} from '../../shared/bridge';
import { BRIDGE_SOCKET_PATH, SocketRequest, type SocketMessage } from '../../shared/bridge-socket';
import { KIOSK_CSP } from '../../shared/kiosk-csp';
import { displayPairingPage } from './pairing-page';
import { forwardCustomerPage, isCustomerPage, originForm } from './customer-pages';
import type { DisplayAccess, Redeemed } from './display-access';

/** What the server needs of the kiosk core (or of a relay to one). */
export interface BridgeHost {
  handle(raw: unknown): Promise<BridgeReply>;
  subscribe(listener: (event: BridgeEvent) => void): () => void;
  state(): KioskState;
  /** A customer display connected (the kiosk's health report); the answer says it went. */
  attachDisplay?(): () => void;
  /** The merchant's "reload the customer display" (docs/fleet.md): each display page reloads. */
  central?: { onReload(reload: () => void): () => void };
}

export interface KioskServerOptions {
  core: BridgeHost;
  /** The built renderer (out/renderer): console.html, display.html, assets/. */
  rendererDir: string;
  port: number;
  /**
   * Also listen on `address` (this machine's LAN address, an IP literal) for a customer display
   * on a tablet, behind the display code; `service` is the payments service on loopback whose
   * customer pages the LAN may open here.
   */
  lan?: { access: DisplayAccess; address: string; service?: () => string | null };
  log?: (line: string) => void;
}

export interface KioskServer {
  url: string;
  consoleUrl: string;
  displayUrl: string;
  close(): Promise<void>;
}

const PAGES: Record<string, string> = {
  '/console': 'console.html',
  '/display': 'display.html',
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

const COOKIE = 'counter_display';
/** Closing a LAN display's socket when its session ends; the page then reloads to the code form. */
export const SESSION_OVER = 4001;

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/** Only hosts that cannot be re-pointed by DNS: IP literals and localhost. */
function trustedHost(hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  const host = hostHeader.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
  return host === 'localhost' || isIP(host) !== 0;
}

function cookieValue(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

const SECURITY_HEADERS = {
  'Content-Security-Policy': KIOSK_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

function send(res: ServerResponse, status: number, type: string, body: string | Buffer) {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': type,
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

/**
 * Loopback clients are staff; LAN clients need a display session. A connection to the LAN
 * address is a LAN client even from this machine (whose own address, or a loopback alias
 * standing in for it, it may come from).
 */
function roleOf(
  options: KioskServerOptions,
  req: IncomingMessage,
  viaLan: boolean,
): 'staff' | 'display' | null {
  if (!viaLan && isLoopback(req.socket.remoteAddress)) return 'staff';
  return options.lan?.access.sessionEnds(cookieValue(req, COOKIE)) ? 'display' : null;
}

async function serveFile(
  res: ServerResponse,
  rendererDir: string,
  relative: string,
  immutable: boolean,
) {
  const root = normalize(rendererDir + sep);
  const file = normalize(join(root, relative));
  if (!file.startsWith(root)) return send(res, 404, 'text/plain', 'Not found');
  try {
    const body = await readFile(file);
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      // Vite puts a content hash in every asset name; the pages themselves are never cached.
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(body);
  } catch {
    send(res, 404, 'text/plain; charset=utf-8', 'Not found');
  }
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 1_000) break;
  }
  return new URLSearchParams(body);
}

/** A LAN display gives the display code; the right one gets a session cookie. */
async function pairDisplay(
  options: KioskServerOptions,
  req: IncomingMessage,
  res: ServerResponse,
  log: (line: string) => void,
) {
  const code = (await readForm(req)).get('code')?.trim() ?? '';
  const redeemed: Redeemed = options.lan
    ? options.lan.access.redeem(code)
    : { ok: false, locked: false };
  if (!redeemed.ok)
    return redeemed.locked
      ? send(
          res,
          429,
          'text/html; charset=utf-8',
          displayPairingPage('Too many wrong codes. Wait a minute, then try again.'),
        )
      : send(
          res,
          401,
          'text/html; charset=utf-8',
          displayPairingPage(
            'That code is not right. Use the display code shown in the staff console’s Settings.',
          ),
        );
  log(`customer display paired from ${req.socket.remoteAddress ?? 'an unknown address'}`);
  const maxAge = Math.floor((redeemed.expiresAt - Date.now()) / 1000);
  res.writeHead(303, {
    ...SECURITY_HEADERS,
    Location: '/display',
    'Set-Cookie': `${COOKIE}=${redeemed.session}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAge}`,
  });
  res.end();
}

/** One HTTP request, arrived on loopback or (`viaLan`) on the LAN address. */
async function serveRequest(
  options: KioskServerOptions,
  viaLan: boolean,
  req: IncomingMessage,
  res: ServerResponse,
  log: (line: string) => void,
) {
  if (!trustedHost(req.headers.host))
    return send(res, 421, 'text/plain; charset=utf-8', 'Use the address Counter printed');
  // A target naming a host (absolute form, `//host/…`) is a proxy request: refused before
  // anything is matched, so neither the pages nor the passthrough below can be aimed
  // elsewhere.
  const target = originForm(req.url);
  if (!target) return send(res, 400, 'text/plain; charset=utf-8', 'Bad request target');
  const path = target.path;
  const who = roleOf(options, req, viaLan);
  const service = options.lan?.service?.();
  if (service && isCustomerPage(req.method ?? 'GET', path))
    return forwardCustomerPage(req, res, service, target);
  if (req.method === 'POST' && path === '/display/pair') return pairDisplay(options, req, res, log);
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed');
  if (path === '/') {
    res.writeHead(302, {
      ...SECURITY_HEADERS,
      Location: who === 'staff' ? '/console' : '/display',
    });
    return res.end();
  }
  if (path === '/healthz') return send(res, 200, 'application/json', '{"ok":true}');
  const page = PAGES[path];
  if (page) {
    if (who === 'staff' || (who === 'display' && path === '/display'))
      return serveFile(res, options.rendererDir, page, false);
    if (path === '/display' && options.lan)
      return send(res, 200, 'text/html; charset=utf-8', displayPairingPage());
    return send(
      res,
      403,
      'text/plain; charset=utf-8',
      'The staff console opens only on the kiosk itself',
    );
  }
  if (path.startsWith('/assets/') && who)
    return serveFile(res, options.rendererDir, path.slice(1), true);
  // The icon is no secret: every page (the LAN pairing page too) and the browser ask for it.
  if (path === '/favicon.ico' || path === '/favicon.svg')
    return serveFile(res, options.rendererDir, path.slice(1), false);
  return send(res, 404, 'text/plain; charset=utf-8', 'Not found');
}

/**
 * A bridge socket. A display hears the `display` events only: the customer display's share of
 * the state, made field by field (displayStateOf), never the staff's state with parts left out.
 */
function attach(
  core: BridgeHost,
  ws: WebSocket,
  who: 'staff' | 'display',
  sessionEnds: number | null,
) {
  const write = (message: SocketMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const unsubscribe = core.subscribe((event) => {
    if (who === 'staff' || event.type === 'display') write({ event });
  });
  // The session ends on time even for a display that never disconnects.
  const expiry =
    sessionEnds === null
      ? undefined
      : setTimeout(
          () => {
            write({ event: { type: 'displaySessionExpired' } });
            ws.close(SESSION_OVER, 'display session expired');
          },
          Math.max(sessionEnds - Date.now(), 0),
        );
  expiry?.unref();
  // A socket that asks for the display's state is a customer display, until it closes.
  let detachDisplay: (() => void) | undefined;
  // The page reloads on this event, as it does when its session ends.
  const stopReload =
    who === 'display'
      ? core.central?.onReload(() => write({ event: { type: 'displaySessionExpired' } }))
      : undefined;
  ws.on('close', () => {
    clearTimeout(expiry);
    unsubscribe();
    detachDisplay?.();
    stopReload?.();
  });
  ws.on('message', (data) => {
    let request: SocketRequest;
    try {
      request = SocketRequest.parse(JSON.parse(String(data)));
    } catch {
      ws.close(1003, 'Not a bridge request');
      return;
    }
    const type = (request.command as { type?: unknown } | null)?.type;
    // A LAN display reads what it shows (the contract's `display` commands); it never takes,
    // cancels or looks up payments.
    if (who === 'display' && !isDisplayCommand(type)) {
      write({
        id: request.id,
        reply: { ok: false, error: { message: 'A customer display can only show the kiosk' } },
      });
      return;
    }
    if (type === 'getDisplayState') detachDisplay ??= core.attachDisplay?.();
    void core.handle(request.command).then((reply) => write({ id: request.id, reply }));
  });
  const now = core.state();
  if (who === 'staff') write({ event: { type: 'state', state: now } });
  write({ event: { type: 'display', display: displayStateOf(now) } });
}

export async function startKioskServer(options: KioskServerOptions): Promise<KioskServer> {
  const log = options.log ?? (() => {});
  const sockets = new Set<WebSocket>();

  const handle = (viaLan: boolean) => (req: IncomingMessage, res: ServerResponse) => {
    serveRequest(options, viaLan, req, res, log).catch((error: Error) => {
      log(`http: ${error.message}`);
      if (!res.headersSent) send(res, 500, 'text/plain', 'Internal error');
    });
  };

  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const upgrade = (viaLan: boolean) => (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = originForm(req.url)?.path;
    const origin = req.headers.origin;
    // Browsers always send Origin; a local process (the Electron relay) sends none.
    const sameOrigin = origin === undefined || origin === `http://${req.headers.host}`;
    const who = roleOf(options, req, viaLan);
    if (path !== BRIDGE_SOCKET_PATH || !trustedHost(req.headers.host) || !sameOrigin || !who) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    const ends =
      who === 'display' ? options.lan?.access.sessionEnds(cookieValue(req, COOKIE)) : null;
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      attach(options.core, ws, who, ends ?? null);
    });
  };

  // Loopback for staff, and with `lan` the LAN address alone on the same port: never every
  // interface, so the kiosk answers on no other network the machine is on.
  const servers: Server[] = [];
  const close = async () => {
    for (const ws of sockets) ws.terminate();
    wss.close();
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  };
  let port = options.port;
  for (const [viaLan, host] of [
    [false, '127.0.0.1'],
    ...(options.lan ? [[true, options.lan.address] as const] : []),
  ] as const) {
    const server = createServer(handle(viaLan));
    server.on('upgrade', upgrade(viaLan));
    try {
      await listen(server, port, host);
    } catch (error) {
      await close();
      throw error;
    }
    servers.push(server);
    port = (server.address() as AddressInfo).port;
  }
  const url = `http://127.0.0.1:${port}`;
  return { url, consoleUrl: `${url}/console`, displayUrl: `${url}/display`, close };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
