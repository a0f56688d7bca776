/**
 * Registers one route of the contract on the Hono app: authenticates, parses path, query and
 * body with the contract's schemas, and answers with the route's status. Every failure leaves
 * in the error envelope, naming the field.
 */
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { validationEnvelope } from '../../shared/contract/errors';
import type { RouteDef } from '../../shared/contract/routes';
import type { Authenticator, Caller } from './auth';
import { ApiError } from './errors';

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface Input<R extends RouteDef> {
  params: Infer<R['params']>;
  query: Infer<R['query']>;
  body: Infer<R['body']>;
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
    field: where === 'body' ? e.field : `${where}.${e.field}`,
  }));
  throw new ApiError(400, errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
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
  app.on(def.method.toUpperCase(), honoPath(def.path), async (c) => {
    const caller = auth.authorize(c.req.header('authorization'), def.auth);
    const params = def.params ? parseOrThrow(def.params, c.req.param(), 'path') : undefined;
    const rawQuery = def.query ? c.req.queries() : {};
    const query = def.query
      ? parseOrThrow(
          def.query,
          Object.fromEntries(Object.entries(rawQuery).map(([k, v]) => [k, v[v.length - 1]])),
          'query',
        )
      : undefined;
    let body: unknown;
    if (def.body) {
      const text = await c.req.text();
      let json: unknown = {};
      if (text.trim() !== '') {
        try {
          json = JSON.parse(text);
        } catch {
          throw new ApiError(400, 'The request body is not valid JSON', [
            { field: '(body)', message: 'is not valid JSON' },
          ]);
        }
      }
      body = parseOrThrow(def.body, json, 'body');
    }
    const result = await handler({ params, query, body, caller, rawQuery, c } as Input<R>);
    if (result instanceof Response) return result;
    return c.json(result as object, def.status as 200);
  });
}
