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

/** Whether `path` is a customer page the LAN may reach through the kiosk. */
export function isCustomerPage(method: string, path: string): boolean {
  return ROUTES.some((route) => route.methods.has(method) && route.pattern.test(path));
}

/** Passes one customer-page request to the service at `serviceUrl` and its answer back. */
export function forwardCustomerPage(
  req: IncomingMessage,
  res: ServerResponse,
  serviceUrl: string,
): Promise<void> {
  const target = new URL(req.url ?? '/', serviceUrl);
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
