/**
 * A newline-delimited JSON body (`application/x-ndjson`) read as it arrives: each line is one
 * value, refused as a JSON body would be (body.ts: UTF-8, depth, what no request may hold, at
 * most MAX_BODY_BYTES a line) and parsed with the route's schema, and handed on before the next
 * line is read. For a client that keeps one request open and writes a value now and then (a
 * kiosk's health reports, docs/fleet.md): a value then costs the service a line, not an HTTP
 * exchange. A refused line ends the request (its connection closes: the rest of the body is
 * never read); the lines before it were handed on already.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { ApiError } from '../kernel/errors';
import { MAX_BODY_BYTES, jsonOfBytes, tooLargeEnvelope } from './body';

const NEWLINE = 0x0a;

const isNdjsonContentType = (header: string | undefined) =>
  header?.split(';')[0]?.trim().toLowerCase() === 'application/x-ndjson';

/**
 * The body's chunks: Node's own request where there is one (no web stream per chunk). Leaving
 * early (a refused line) must not destroy the request, or its answer could not be sent.
 */
function chunksOf(c: Context): AsyncIterable<Uint8Array> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming) return incoming.iterator({ destroyOnReturn: false });
  const body = c.req.raw.body;
  return body ? webChunks(body) : (async function* () {})();
}

async function* webChunks(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** Every refusal ends the request: the rest of the body is never read. */
function refuse(c: Context, error: ApiError): ApiError {
  c.header('Connection', 'close');
  return error;
}

/** The body's lines, each parsed by `parse` (the route's schema), as they arrive. */
export async function* readLines<T>(
  c: Context,
  parse: (json: unknown, field: string) => T,
): AsyncGenerator<T> {
  if (!isNdjsonContentType(c.req.header('content-type')))
    throw refuse(
      c,
      new ApiError(415, 'The request body must be sent as application/x-ndjson', [
        { field: '(body)', message: 'must be sent as application/x-ndjson (a JSON value a line)' },
      ]),
    );
  let pending: Buffer = Buffer.alloc(0);
  let number = 0;
  const take = (bytes: Uint8Array) => {
    const field = `lines.${++number}`;
    try {
      return parse(jsonOfBytes(bytes, field).json, field);
    } catch (error) {
      throw error instanceof ApiError ? refuse(c, error) : error;
    }
  };
  for await (const chunk of chunksOf(c)) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    pending = pending.length ? Buffer.concat([pending, bytes]) : bytes;
    let end: number;
    while ((end = pending.indexOf(NEWLINE)) >= 0) {
      const line = pending.subarray(0, end);
      pending = pending.subarray(end + 1);
      if (line.length > 0) yield take(line);
    }
    if (pending.length > MAX_BODY_BYTES) {
      const { message, errors } = tooLargeEnvelope(MAX_BODY_BYTES);
      throw refuse(c, new ApiError(413, `Line ${number + 1}: ${message}`, errors));
    }
  }
  if (pending.length > 0) yield take(pending);
}
