/**
 * The typed HTTP client for the whole interface, driven by the same contract object as the
 * service: `client.call('getPaymentStatus', { params: { paymentRequestId } })`. Requests are
 * validated before they leave, and responses are parsed with the route's schema, so a client
 * never acts on a shape it did not expect.
 */
import { request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import { ErrorEnvelope } from '../shared/contract/errors';
import { routes, type RouteDef, type Routes } from '../shared/contract/routes';

type In<T> = T extends z.ZodType ? z.input<T> : never;
type Out<T> = T extends z.ZodType ? z.output<T> : string;

export type CallInput<R extends RouteDef> = (R['params'] extends z.ZodType
  ? { params: In<R['params']> }
  : { params?: never }) &
  (R['query'] extends z.ZodType ? { query?: In<R['query']> } : { query?: never }) &
  (R['body'] extends z.ZodType ? { body: In<R['body']> } : { body?: never }) & {
    /**
     * Sent as the Idempotency-Key header on routes that create or move money: a retry with the
     * same key and body is answered with the first answer instead of running again.
     */
    idempotencyKey?: string;
  };

/** A failed call: the service's error envelope, or a transport failure (status 0). */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly envelope: ErrorEnvelope | null,
    message: string,
  ) {
    super(message);
  }
}

export interface ClientOptions {
  baseUrl: string;
  secret?: string;
  dispatcher?: Dispatcher;
  timeoutMs?: number;
}

export function createClient(options: ClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');

  async function call<N extends keyof Routes>(
    name: N,
    input: CallInput<Routes[N]> = {} as CallInput<Routes[N]>,
  ): Promise<Out<Routes[N]['response']>> {
    const def: RouteDef = routes[name];
    const { params, query, body, idempotencyKey } = input as {
      params?: object;
      query?: object;
      body?: unknown;
      idempotencyKey?: string;
    };
    let path = def.path;
    if (def.params) {
      const parsed = def.params.parse(params) as Record<string, string>;
      path = path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(parsed[key] ?? ''));
    }
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {}))
      if (value !== undefined) search.set(key, String(value));
    const url = `${base}${path}${search.size ? `?${search}` : ''}`;
    const payload = def.body ? JSON.stringify(def.body.parse(body)) : undefined;
    let res: Dispatcher.ResponseData;
    try {
      res = await request(url, {
        method: def.method.toUpperCase() as 'GET',
        headers: {
          ...(options.secret ? { authorization: `Bearer ${options.secret}` } : {}),
          ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(idempotencyKey !== undefined ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: payload,
        dispatcher: options.dispatcher,
        headersTimeout: options.timeoutMs ?? 10_000,
        bodyTimeout: options.timeoutMs ?? 10_000,
      });
    } catch (error) {
      throw new ApiClientError(0, null, `Cannot reach ${base}: ${(error as Error).message}`);
    }
    const text = await res.body.text();
    if (res.statusCode >= 400) {
      let envelope: ErrorEnvelope | null = null;
      try {
        envelope = ErrorEnvelope.parse(JSON.parse(text));
      } catch {
        /* not an envelope */
      }
      throw new ApiClientError(
        res.statusCode,
        envelope,
        envelope?.message ?? `HTTP ${res.statusCode} from ${def.method.toUpperCase()} ${path}`,
      );
    }
    if (!def.response) return text as Out<Routes[N]['response']>;
    return def.response.parse(JSON.parse(text)) as Out<Routes[N]['response']>;
  }

  return { call, baseUrl: base };
}
export type ApiClient = ReturnType<typeof createClient>;
