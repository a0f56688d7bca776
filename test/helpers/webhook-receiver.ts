/**
 * Helpers for the webhook tests: a real HTTP receiver on 127.0.0.1 that records what arrives
 * and answers with scripted statuses, a service started over real HTTP, and polling (never
 * fixed sleeps) for asynchronous deliveries.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Service } from '../../src/service/app';
import { startService as startHarness } from './service';

export const SANDBOX = 'sk_sandbox_test';
export const PRODUCTION = 'sk_live_test';

export interface Received {
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as sent. */
  body: string;
  json: { id: string; type: string; environment: string; data: Record<string, unknown> };
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Statuses for the next requests, in order; 200 once they run out. */
  script: number[];
  /** Holds every webhook's answer (not other requests) until the returned function is called. */
  hold(): () => void;
  /** Resolves with the first request matching `predicate`, polling until `timeoutMs`. */
  waitFor(predicate: (r: Received) => boolean, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
}

export async function startReceiver(port = 0): Promise<Receiver> {
  const received: Received[] = [];
  const script: number[] = [];
  let gate: Promise<void> | null = null;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body, json: JSON.parse(body) as Received['json'] });
      const status = script.shift() ?? 200;
      const wait = req.headers['webhook-id'] ? gate : null;
      void (wait ?? Promise.resolve()).then(() => {
        res.statusCode = status;
        res.end('ok');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}/hooks`,
    port: actual,
    received,
    script,
    hold() {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
      return release;
    },
    waitFor: (predicate, timeoutMs = 10_000) =>
      poll(() => received.find(predicate), timeoutMs, 'a matching webhook'),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Polls `probe` until it returns something (or true), failing after `timeoutMs`. */
export async function poll<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 10_000,
  what = 'the condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export interface Running {
  service: Service;
  base: string;
  call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    secret?: string,
  ): Promise<{ status: number; json: T }>;
}

export async function startService(dataDir: string | null = null): Promise<Running> {
  const h = await startHarness({ dataDir, secrets: { sandbox: SANDBOX, production: PRODUCTION } });
  return {
    service: h.service,
    base: h.url,
    async call(method, path, body, secret = SANDBOX) {
      const res = await h.call(method, path, body, secret);
      return { status: res.status, json: res.body as never };
    },
  };
}

/** The standardwebhooks package wants a plain string record of the headers. */
export const headerRecord = (headers: IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
  );
