/** Starts a real payments service on loopback for a test, and calls it over HTTP. */
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
  const service = createService({
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
