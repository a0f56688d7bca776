/** Starts a real payments service on loopback for a test, and calls it over HTTP. */
import { request, type Dispatcher } from 'undici';
import { createService, type Service, type ServiceOptions } from '../../src/service/app';
import { PairResponse } from '../../src/shared/contract/terminals';

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

/**
 * The store the service suite runs on: SQLite (in memory) unless COUNTER_TEST_STORE=postgres, as
 * `npm run test:unit` sets for its second pass over the service's tests (vitest.config.ts).
 */
export const TEST_STORE = process.env.COUNTER_TEST_STORE === 'postgres' ? 'postgres' : 'sqlite';

/** The options that put a test's service on the suite's store: a fresh database each time. */
export async function testStore(): Promise<Pick<ServiceOptions, 'dataDir' | 'databaseUrl'>> {
  if (TEST_STORE === 'sqlite') return { dataDir: null };
  const { freshDatabaseUrl } = await import('./postgres');
  return { dataDir: null, databaseUrl: await freshDatabaseUrl() };
}

export async function startService(options: Partial<ServiceOptions> = {}): Promise<Harness> {
  const service = await createService({
    ...(options.dataDir === undefined ? await testStore() : { dataDir: null }),
    secrets: { sandbox: SANDBOX, production: PRODUCTION },
    // A 500 in a test says only "Internal error"; its cause goes to the test's output.
    log: (line) => {
      if (/^(internal error|scheduler)/.test(line)) console.error(line);
    },
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

/** Pairs a terminal as a till does: a pairing code from `secret` (in `storeId`), then the pair call. */
export async function pairTerminal(
  h: Harness,
  name: string,
  { secret = SANDBOX, storeId }: { secret?: string; storeId?: string } = {},
) {
  const code = await h.call(
    'POST',
    '/api/terminal/pairing-codes',
    storeId ? { storeId } : {},
    secret,
  );
  if (code.status !== 201)
    throw new Error(`pairing code: ${code.status} ${JSON.stringify(code.body)}`);
  if (!/^\d{6}$/.test(String(code.body.code)))
    throw new Error(`pairing code: ${String(code.body.code)}`);
  const res = await h.call('POST', '/api/terminal/pair', { code: code.body.code, name }, null);
  if (res.status !== 201) throw new Error(`pair: ${res.status} ${JSON.stringify(res.body)}`);
  return PairResponse.parse(res.body);
}
