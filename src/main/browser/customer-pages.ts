/**
 * With `--lan`, the embedded payments service stays on loopback: its API, dashboard, sandbox
 * controls and docs are never on the network. What a customer's phone must open is passed
 * through the kiosk's own LAN port instead, and nothing else:
 *
 * - `/pay/{id}` and its steps (pay by bank, card, the 3-D Secure challenge, the page's state);
 * - `/receipt/{id}`, the hosted receipt the display offers once paid;
 * - `/api/payment-requests/{id}/qr.svg|qr.png|template/{T}`, the images the display shows.
 *
 * These are the pages the service serves to anyone holding a payment link; an unknown id gets
 * the service's own 404. The Host header is passed on unchanged, so the service's check that a
 * form was posted from its own page holds for the address the phone used.
 *
 * Only a path is ever passed on, and only to the service: a request target that names a host
 * (`GET http://elsewhere/pay/x`, or `//elsewhere/pay/x`, which URL parsing resolves to another
 * host) is refused before anything is matched (`originForm`), and the address asked for is the
 * service's origin with the checked path and query set on it, so no request can make the kiosk
 * fetch from another host (an open proxy into the shop's network or the kiosk's loopback).
 */
import { request, type IncomingMessage, type ServerResponse } from 'node:http';

const ID = '[A-Za-z0-9-]{1,64}';
const ROUTES: { pattern: RegExp; methods: Set<string> }[] = [
  {
    pattern: new RegExp(`^/pay/${ID}(/[A-Za-z0-9/_-]*)?$`),
    methods: new Set(['GET', 'HEAD', 'POST']),
  },
  { pattern: new RegExp(`^/receipt/${ID}$`), methods: new Set(['GET', 'HEAD']) },
  {
    pattern: new RegExp(`^/api/payment-requests/${ID}/(qr\\.svg|qr\\.png|template/[A-Z_]{1,40})$`),
    methods: new Set(['GET', 'HEAD']),
  },
];

/** A hosted page's form is a few fields; anything larger is not one. */
const MAX_BODY = 64 * 1024;
/** Hop-by-hop headers, and the kiosk's own display cookie, which is no business of the service. */
const DROPPED = new Set([
  'connection',
  'keep-alive',
  'upgrade',
  'proxy-connection',
  'cookie',
  'te',
]);

/** What an origin-form request target (`/path?query`) asks for. */
export interface RequestTarget {
  path: string;
  search: string;
}

const PLACEHOLDER_HOST = 'kiosk.invalid';

/**
 * The path and query of a request target in origin form, or null for anything else: the
 * absolute form (`http://host/…`), `//host/…` and `/\host/…` (both of which a URL parser
 * resolves to another host), or `*`. Browsers send origin form to a server that is not a proxy.
 */
export function originForm(target: string | undefined): RequestTarget | null {
  if (!target || target[0] !== '/' || target[1] === '/' || target[1] === '\\') return null;
  let url: URL;
  try {
    url = new URL(target, `http://${PLACEHOLDER_HOST}`);
  } catch {
    return null;
  }
  if (url.host !== PLACEHOLDER_HOST) return null;
  return { path: url.pathname, search: url.search };
}

/** Whether `path` is a customer page the LAN may reach through the kiosk. */
export function isCustomerPage(method: string, path: string): boolean {
  return ROUTES.some((route) => route.methods.has(method) && route.pattern.test(path));
}

/**
 * Passes one customer-page request (its checked path and query) to the service at `serviceUrl`
 * and its answer back. The address is the service's own, whatever the request named.
 */
export function forwardCustomerPage(
  req: IncomingMessage,
  res: ServerResponse,
  serviceUrl: string,
  asked: RequestTarget,
): Promise<void> {
  const target = new URL(serviceUrl);
  target.pathname = asked.path;
  target.search = asked.search;
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined && !DROPPED.has(name)) headers[name] = value;
  return new Promise((resolve) => {
    const upstream = request(target, { method: req.method, headers, timeout: 30_000 }, (answer) => {
      const out: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers))
        if (value !== undefined && !DROPPED.has(name)) out[name] = value;
      res.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(res);
      answer.on('end', resolve);
      answer.on('error', () => resolve());
    });
    let failed = false;
    const fail = (status: number, text: string) => {
      if (failed) return;
      failed = true;
      if (!res.headersSent) {
        res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(text);
      } else res.destroy();
      resolve();
    };
    upstream.on('timeout', () => upstream.destroy(new Error('timeout')));
    upstream.on('error', () => fail(502, 'The payments service cannot be reached'));
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        upstream.destroy();
        fail(413, 'Too large');
        req.destroy();
      }
    });
    req.pipe(upstream);
  });
}
