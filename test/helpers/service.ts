/** Starts a real payments service on loopback for a test, and calls it over HTTP. */
import { request, type Dispatcher } from 'undici';
import { createService, type Service, type ServiceOptions } from '../../src/service/app';

export const SANDBOX = 'sk_sandbox_test_secret';
export const PRODUCTION = 'sk_live_test_secret';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type Json = any;

export interface Harness {
  url: string;
  service: Service;
  call(
    method: string,
    path: string,
    body?: unknown,
    secret?: string | null,
  ): Promise<{ status: number; body: Json; headers: Headers }>;
  close(): Promise<void>;
}

export async function startService(options: Partial<ServiceOptions> = {}): Promise<Harness> {
  const service = await createService({
    dataDir: null,
    secrets: { sandbox: SANDBOX, production: PRODUCTION },
    ...options,
  });
  const url = await service.listen(0);
  return {
    url,
    service,
    async call(method, path, body, secret = SANDBOX) {
      const res = await fetch(url + path, {
        method,
        headers: {
          ...(secret ? { authorization: `Bearer ${secret}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body:
          body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
    close: () => service.close(),
  };
}

/**
 * A JSON call over a connection of its own (`reset`: no keep-alive), for tests that restart the
 * service on the same port: a kept-alive connection to the stopped service, reused for the next
 * call, fails that call ("other side closed"), as it once did in CI.
 */
export async function callOnce(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  secret: string | null = SANDBOX,
): Promise<{ status: number; body: Json }> {
  const res = await request(url + path, {
    method: method as Dispatcher.HttpMethod,
    headers: {
      ...(secret ? { authorization: `Bearer ${secret}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    reset: true,
  });
  return { status: res.statusCode, body: await res.body.json() };
}
