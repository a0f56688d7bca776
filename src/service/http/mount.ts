/**
 * Registers one route of the contract on the Hono app: authenticates, parses path, query and
 * body with the contract's schemas, and answers with the route's status. Every failure leaves
 * in the error envelope, naming the field.
 */
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { validationEnvelope } from '../../shared/contract/errors';
import type { RouteDef } from '../../shared/contract/routes';
import type { Caller } from '../kernel/caller';
import { hashSecret } from '../kernel/secrets';
import { type Authenticator } from './auth';
import type { IncomingMessage } from 'node:http';
import { readJsonBody, refuseHostileText, refuseUndecodableQuery } from './body';
import { readLines } from './lines';
import { ApiError } from '../kernel/errors';
import {
  IDEMPOTENCY_HEADER,
  idempotencyKey,
  idempotencyOwner,
  requestFingerprint,
  type IdempotencyStore,
} from './idempotency';
import type { FailureLimiter } from './rate-limit';

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface Input<R extends RouteDef> {
  params: Infer<R['params']>;
  query: Infer<R['query']>;
  body: Infer<R['body']>;
  /** A newline-delimited body's values, each parsed as it arrives (routes with `lines`). */
  lines: R['lines'] extends z.ZodType ? AsyncIterable<z.output<R['lines']>> : undefined;
  /** Null only on public routes; narrowed to the kind of secret the route takes. */
  caller: R['auth'] extends 'public'
    ? null
    : R['auth'] extends 'terminal'
      ? Extract<Caller, { kind: 'terminal' }>
      : R['auth'] extends 'merchant' | 'sandbox' | 'agent'
        ? Extract<Caller, { kind: 'merchant' }>
        : Caller;
  /** The raw query multimap (for deepObject filters). */
  rawQuery: Record<string, string[]>;
  c: Context;
}

/** The response body; a handler may also answer with its own Response (e.g. another status). */
type Output<R extends RouteDef> = R['response'] extends z.ZodType
  ? z.input<R['response']> | Response
  : Response;

export type Handler<R extends RouteDef> = (input: Input<R>) => Output<R> | Promise<Output<R>>;

/** OpenAPI `{param}` to Hono `:param`. */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  value: unknown,
  where: string,
): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const envelope = validationEnvelope(result.error);
  const errors = (Array.isArray(envelope.errors) ? envelope.errors : []).map((e) => ({
    ...e,
    field: where === 'body' ? e.field : e.field === '(body)' ? where : `${where}.${e.field}`,
  }));
  throw new ApiError(400, errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
}

/**
 * What every route of an app shares beyond authentication: the brute-force limiter and the
 * idempotency store. app.ts configures them once; areas keep calling `mount` as before and opt in
 * to more by flags on their RouteDef (`idempotent`, `guessable`).
 */
export interface MountServices {
  limiter?: FailureLimiter;
  idempotency?: IdempotencyStore;
}
const services = new WeakMap<Hono, MountServices>();
export const configureMount = (app: Hono, config: MountServices) => services.set(app, config);

/** The peer's address (proxies' X-Forwarded-For is not trusted: anyone can send it). */
function clientAddress(c: Context): string {
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/** The contract routes each app has handlers for, so the rest can be answered uniformly. */
const mountedRoutes = new WeakMap<Hono, Set<RouteDef>>();
export const isMounted = (app: Hono, def: RouteDef) => mountedRoutes.get(app)?.has(def) ?? false;

export function mount<R extends RouteDef>(
  app: Hono,
  auth: Authenticator,
  def: R,
  handler: Handler<R>,
): void {
  const mounted = mountedRoutes.get(app) ?? new Set();
  mounted.add(def);
  mountedRoutes.set(app, mounted);
  const guessable = def.guessable === true;
  // The functions a request goes through are made once per route, not once per request, where
  // each would be a closure to allocate (and, under tsx, which keeps functions' names, a name to
  // define): a cached status read about 7 % cheaper in paired slices of the service-http benchmark.
  app.on(def.method.toUpperCase(), honoPath(def.path), answer);

  /** The peer's bucket for one kind of credential (see refuseSecret and the guessable routes). */
  const bucket = (c: Context, kind: 'secret' | 'guess') =>
    kind === 'secret'
      ? `${clientAddress(c)} secret`
      : `${clientAddress(c)} ${def.method} ${def.path}`;

  /**
   * A wrong secret costs a token, or meets 429 once the bucket is spent. Only a failing secret is
   * ever held back: a right one is answered whatever others at this address got wrong. One bucket
   * per address and kind of credential: wrong access secrets on any route, and each guessable
   * route's codes, so failing at one never holds back the other.
   */
  async function refuseSecret(c: Context, error: unknown, header: string | undefined) {
    const { limiter } = services.get(app) ?? {};
    if (!limiter || header === undefined) return error;
    if (!(error instanceof ApiError) || error.status !== 401) return error;
    const wait = await limiter.fail(bucket(c, 'secret'), hashSecret(header));
    return wait > 0 ? tooMany(c, wait) : error;
  }

  async function answer(c: Context) {
    const { limiter, idempotency } = services.get(app) ?? {};
    const header = c.req.header('authorization');
    let caller: Caller | null;
    try {
      const found = auth.authorize(header, def.auth);
      caller = found instanceof Promise ? await found : found;
    } catch (error) {
      throw await refuseSecret(c, error, header);
    }
    const rawParams = def.params ? c.req.param() : {};
    refuseHostileText(rawParams, 'path');
    const params = def.params ? parseOrThrow(def.params, rawParams, 'path') : undefined;
    if (def.query) refuseUndecodableQuery(c.req.url);
    const rawQuery = def.query ? c.req.queries() : {};
    const lastValues = def.query
      ? Object.fromEntries(Object.entries(rawQuery).map(([k, v]) => [k, v[v.length - 1]]))
      : {};
    refuseHostileText(lastValues, 'query');
    const query = def.query ? parseOrThrow(def.query, lastValues, 'query') : undefined;
    let body: unknown;
    let json: unknown;
    if (def.body) {
      json = (await readJsonBody(c, def.maxBodyBytes)).json;
      body = parseOrThrow(def.body, json, 'body');
    }
    const lines = def.lines
      ? readLines(c, (value, field) => parseOrThrow(def.lines!, value, field))
      : undefined;
    const key = def.idempotent ? idempotencyKey(c.req.header(IDEMPOTENCY_HEADER)) : undefined;
    // A guessable route's codes are judged only in a well-formed request: a malformed one (any
    // web page can send a text/plain POST) guesses nothing and costs nothing. Past the limit
    // even the right code waits here, or the 429s would tell a guesser which code is right.
    if (guessable && limiter) {
      const wait = await limiter.retryAfter(bucket(c, 'guess'));
      if (wait > 0) throw tooMany(c, wait);
    }
    const input = { params, query, body, lines, caller, rawQuery, c } as Input<R>;
    let judged = false;
    try {
      if (key === undefined || !idempotency) {
        judged = true;
        return respond(c, await handler(input));
      }
      const run = () => {
        judged = true;
        return handler(input);
      };
      return await respondOnce(c, idempotency, run, key, caller, json, lastValues);
    } catch (error) {
      // Only the handler's own refusal is a wrong guess (the code is unknown, expired, used).
      if (guessable && limiter && judged && error instanceof ApiError && error.status < 500)
        await limiter.fail(bucket(c, 'guess'));
      throw error;
    }
  }

  /** The answer under an Idempotency-Key: the first one, run once, or its replay. */
  async function respondOnce(
    c: Context,
    idempotency: IdempotencyStore,
    run: () => ReturnType<Handler<R>>,
    key: string,
    caller: Caller | null,
    json: unknown,
    lastValues: Record<string, string | undefined>,
  ) {
    const scope = caller
      ? `${caller.merchantId}:${caller.environment}:${caller.kind === 'terminal' ? caller.terminalId : (idempotencyOwner(c.req.raw) ?? 'merchant')}`
      : 'public';
    const fingerprint = requestFingerprint(c.req.method, c.req.path, lastValues, json);
    // A key lives for 24 hours of its environment's clock (the public pages': real time).
    const environment = caller?.environment ?? 'production';
    const outcome = await idempotency.run(environment, scope, key, fingerprint, run, (result) =>
      result instanceof Response
        ? null
        : { status: def.status, body: JSON.stringify(result) ?? 'null' },
    );
    if (!outcome.replayed) return respond(c, outcome.result);
    return c.body(outcome.answer.body, outcome.answer.status as 200, {
      'content-type': 'application/json',
      'Idempotent-Replayed': 'true',
    });
  }

  function respond(c: Context, result: unknown) {
    if (result instanceof Response) return result;
    return c.json(result as object, def.status as 200);
  }
}

function tooMany(c: Context, wait: number) {
  c.header('Retry-After', String(wait));
  return new ApiError(
    429,
    `Too many failed attempts from this address; try again in ${wait} s`,
    [],
    'TOO_MANY_REQUESTS',
  );
}
