/**
 * The transport-independent half of the typed client: how a call by route name becomes a
 * method, a URL and a JSON body (validated before it leaves), and how an answer becomes the
 * route's parsed response or an ApiClientError. The Node client (src/client/http-client.ts,
 * undici) and the browser's (fetch-client.ts) differ only in how they send the bytes.
 */
import type { z } from 'zod';
import { ErrorEnvelope } from './errors';
import { routes, type RouteDef, type RouteName, type Routes } from './routes';

export type { RouteName };

type In<T> = T extends z.ZodType ? z.input<T> : never;
export type Out<T> = T extends z.ZodType ? z.output<T> : string;

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

export type CallOutput<N extends RouteName> = Out<Routes[N]['response']>;

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

export interface PreparedCall {
  def: RouteDef;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query, to be appended to the base URL. */
  pathAndQuery: string;
  /** The path alone, for messages. */
  path: string;
  /** JSON text of the validated body, when the route has one. */
  payload: string | undefined;
  idempotencyKey: string | undefined;
}

/** Validates the input against the route's schemas and builds the request (throws ZodError). */
export function prepareCall<N extends RouteName>(
  name: N,
  input: CallInput<Routes[N]> = {} as CallInput<Routes[N]>,
): PreparedCall {
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
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    // An object is a deepObject filter (metadata[key]=value), as GET /api/customers reads it.
    if (value !== null && typeof value === 'object')
      for (const [k, v] of Object.entries(value as Record<string, unknown>))
        search.set(`${key}[${k}]`, String(v));
    else search.set(key, String(value));
  }
  const text = search.toString();
  return {
    def,
    method: def.method.toUpperCase() as PreparedCall['method'],
    pathAndQuery: `${path}${text ? `?${text}` : ''}`,
    path,
    payload: def.body ? JSON.stringify(def.body.parse(body)) : undefined,
    idempotencyKey,
  };
}

/** Request headers of a call: the bearer secret, with a body its type, and any idempotency key. */
export function callHeaders(
  call: PreparedCall,
  secret: string | undefined,
): Record<string, string> {
  return {
    accept: 'application/json',
    ...(secret ? { authorization: `Bearer ${secret}` } : {}),
    ...(call.payload !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(call.idempotencyKey !== undefined ? { 'idempotency-key': call.idempotencyKey } : {}),
  };
}

/** The answer as the route promises it, or an ApiClientError carrying the service's envelope. */
export function readAnswer<N extends RouteName>(
  call: PreparedCall,
  status: number,
  text: string,
): CallOutput<N> {
  if (status >= 400) {
    let envelope: ErrorEnvelope | null = null;
    try {
      envelope = ErrorEnvelope.parse(JSON.parse(text));
    } catch {
      /* not an envelope */
    }
    throw new ApiClientError(
      status,
      envelope,
      envelope?.message ?? `HTTP ${status} from ${call.method} ${call.path}`,
    );
  }
  if (!call.def.response) return text as CallOutput<N>;
  return call.def.response.parse(JSON.parse(text)) as CallOutput<N>;
}
