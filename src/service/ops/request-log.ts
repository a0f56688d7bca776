/**
 * One structured log line per request (pino, JSON), each with a request id: the caller's
 * `X-Request-Id` when it is a sensible token, else a new one; either way echoed back, so a
 * merchant quoting it lets an operator find the line. Only the method, the route's pattern, the
 * status, the duration and the id are logged: never a header, a query or a body, so no secret,
 * card number or signature can reach a log line through here.
 */
import { randomUUID } from 'node:crypto';
import { openSync } from 'node:fs';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import pino, { type Logger } from 'pino';
import { iso } from '../kernel/clock';
import { isUnlogged } from '../http/quiet';
import { createLogSink } from './log-sink';

export type { Logger } from 'pino';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** The `service` field of every line. */
const SERVICE = 'counter';
/** Letters, digits and `._:-`, at most 128: anything else (a log-injection attempt) is replaced. */
const SENSIBLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The service's logger: JSON lines on stderr (or to the file descriptor or file named, or into a
 * stream); `LOG_LEVEL` (default info) sets the level. Lines are buffered and written together
 * (log-sink.ts): a request neither waits for nor pays a write of its own, and what is still
 * buffered is written when the process exits, an uncaught error included; a kill -9 loses at most
 * the last FLUSH_MS of lines.
 */
export function createLogger(destination: pino.DestinationStream | number | string = 2): Logger {
  // Appended to, and private to the service's user, as its data folder is.
  const dest = typeof destination === 'string' ? openSync(destination, 'a', 0o600) : destination;
  const stream = typeof dest === 'object' ? dest : createLogSink(dest);
  return pino(
    {
      level: process.env.LOG_LEVEL ?? 'info',
      base: { service: SERVICE },
      // pino's isoTime formats through Date#toISOString, the slow way (kernel/clock.ts, iso).
      timestamp: () => `,"time":"${iso(Date.now())}"`,
      // Belt and braces: nothing logs these fields today, and nothing ever should.
      redact: {
        paths: ['authorization', '*.authorization', 'secret', '*.secret', 'cardNumber', '*.cvc'],
        censor: '[redacted]',
      },
    },
    stream,
  );
}

export function requestId(header: string | undefined): string {
  return header !== undefined && SENSIBLE_ID.test(header) ? header : randomUUID();
}

/** Called once per request with what metrics count (ops/metrics.ts). */
export type ObserveRequest = (method: string, route: string, status: number, ms: number) => void;

/**
 * Sets the request id on every answer; with a logger, logs each request as it completes; with an
 * observer, counts it. The route is the matched pattern (`/api/refund/:paymentRequestId`), never
 * the path, so ids stay out of metrics' labels.
 */
export function requestLog(logger?: Logger, observe?: ObserveRequest): MiddlewareHandler {
  // The logger's destination (pino keeps it under a symbol): where its own lines go.
  const stream = (logger as unknown as Record<symbol, { write(line: string): void }> | undefined)?.[
    pino.symbols.streamSym
  ];
  /** Each route's pattern as JSON, made once. */
  const routeJson = new Map<string, string>();
  return async (c, next) => {
    const id = requestId(c.req.header(REQUEST_ID_HEADER));
    // Set before the handler, so the answer is built with it: set afterwards, Hono would copy the
    // finished Response (and @hono/node-server loses its fast path for plain answers).
    c.header(REQUEST_ID_HEADER, id);
    if (!logger && !observe) return next();
    const started = performance.now();
    await next();
    const status = c.res.status;
    const route = routePath(c, -1);
    const ms = performance.now() - started;
    observe?.(c.req.method, route, status, ms);
    const level = status >= 500 ? 'error' : 'info';
    if (!stream || !logger!.isLevelEnabled(level)) return;
    if (status < 400 && isUnlogged(c)) return;
    let json = routeJson.get(route);
    if (json === undefined) routeJson.set(route, (json = JSON.stringify(route)));
    // The line pino would write for `logger[level]({ requestId, method, route, status, ms })`,
    // built here: pino's generic formatting of the object was about a microsecond of every
    // request (docs/benchmarks.md). Nothing in it needs escaping but the route, and nothing is
    // secret (so nothing to redact): the id is a sensible token or a UUID, and the method one of
    // the tokens Node's parser accepts.
    stream.write(
      `{"level":${pino.levels.values[level]},"time":"${iso(Date.now())}","service":"${SERVICE}",` +
        `"requestId":"${id}","method":"${c.req.method}","route":${json},"status":${status},` +
        `"ms":${Math.round(ms * 10) / 10}}\n`,
    );
  };
}
