/**
 * Reading a request body before any parsing (docs/reliability.md, "Input limits"): at most
 * MAX_BODY_BYTES, counted while reading so a missing or false Content-Length (chunked uploads)
 * cannot get round it; JSON only; valid UTF-8 only. Each refusal is an ApiError in the envelope.
 */
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { RouteDef } from '../../shared/contract/routes';
import { errorEnvelope } from '../../shared/contract/errors';
import { hasLoneSurrogate } from '../../shared/contract/common';
import { ApiError } from '../kernel/errors';

/**
 * 64 KiB: a process-payment body with 50 metadata pairs of 40-character keys and 500-character
 * values is about 28 KiB, so every valid request fits with room to spare.
 */
export const MAX_BODY_BYTES = 64 * 1024;

/** The 413 for a body over `limit` bytes, in the envelope. */
export const tooLargeEnvelope = (limit = MAX_BODY_BYTES) => ({
  message: `The request body is larger than ${limit} bytes (${limit / 1024} KiB)`,
  errors: [{ field: '(body)', message: `must be at most ${limit} bytes` }],
});
/** The 413 for a body over `limit`; the rest of it is never read, so the connection closes. */
function tooLarge(c: Context, limit: number) {
  c.header('Connection', 'close');
  const { message, errors } = tooLargeEnvelope(limit);
  return new ApiError(413, message, errors);
}

/** `application/json` or any `application/*+json`, in UTF-8 when a charset is named. */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  if (header === 'application/json') return true; // what nearly every client sends
  const [type = '', ...params] = header.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json' && !/^application\/[\w.+-]+\+json$/.test(type)) return false;
  const charset = params.find((p) => p.startsWith('charset='))?.slice('charset='.length);
  return charset === undefined || charset.replace(/"/g, '') === 'utf-8';
}

/**
 * The body's length when the request states it: Content-Length without Transfer-Encoding (with
 * both, HTTP says the length is to be ignored). Undefined for chunked bodies, which are counted.
 */
export function declaredLength(c: Context): number | undefined {
  // Node's own parsed headers where there are some (a plain object), else Hono's lookup.
  const headers = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.headers;
  const chunked = headers ? headers['transfer-encoding'] : c.req.header('transfer-encoding');
  if (chunked !== undefined) return undefined;
  const length = headers ? headers['content-length'] : c.req.header('content-length');
  if (length === undefined) return undefined;
  const bytes = Number(length);
  return Number.isSafeInteger(bytes) && bytes >= 0 ? bytes : undefined;
}

/** The raw bytes, refusing more than `limit` whatever Content-Length says. */
async function readLimited(c: Context, limit: number): Promise<Uint8Array> {
  const declared = declaredLength(c);
  if (declared !== undefined) {
    if (declared > limit) throw tooLarge(c, limit);
    // Node's parser delivers exactly Content-Length bytes, so the limit holds without counting.
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (incoming && declared > 0) {
      // A body that came in the same read as its headers is pushed into Node's request by the
      // parser only after the handler's first await: past one, it is all there, to take at once.
      // @hono/node-server would listen for it as a stream (a promise, four listeners, the
      // stream's flowing and ending turns, a copy into a new ArrayBuffer): taken this way, a
      // create costs 7-9 % less CPU in paired slices (docs/benchmarks.md).
      await Promise.resolve();
      const bytes =
        !incoming.readableDidRead && incoming.readableLength === declared
          ? (incoming.read(declared) as Buffer | null)
          : null;
      if (bytes) {
        // On to the stream's end: a request not ended when its answer is sent, @hono/node-server
        // drains itself (listeners and a timer).
        incoming.resume();
        return bytes;
      }
    }
    // Not all there yet (a slow client, a large body): @hono/node-server reads it from the socket
    // as it comes, never building the web Request and ReadableStream the stream path below needs
    // (about a tenth of a small POST's CPU).
    return new Uint8Array(await c.req.arrayBuffer());
  }
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array(0);
  // A middleware read it already (Agent Pay's signature check hashes the body): take Hono's copy.
  if (stream.locked || c.req.raw.bodyUsed) {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength > limit) throw tooLarge(c, limit);
    return bytes;
  }
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(c, limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Nesting deeper than this is no request of this interface; refused before parsing. */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of arrays and objects in JSON text, counted without recursion. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) max = Math.max(max, ++depth);
    else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return max;
}

/** The dotted path and text of the first string (key or value) that fails `bad`, or null. */
export function findText(
  value: unknown,
  bad: (s: string, isKey: boolean) => boolean,
  path = '',
): { field: string; text: string; isKey: boolean } | null {
  if (typeof value === 'string')
    return bad(value, false) ? { field: path || '(body)', text: value, isKey: false } : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findText(value[i], bad, path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const field = path ? `${path}.${key}` : key;
      if (bad(key, true)) return { field, text: key, isKey: true };
      const found = findText(item, bad, field);
      if (found) return found;
    }
  }
  return null;
}

/**
 * What no string of any request may hold, whatever its schema: NUL, and the lone surrogate a
 * `\ud800` escape makes (valid JSON, but no valid text; invalid UTF-8 bytes are refused the
 * same way). Fields whose schema uses safeText refuse more (control and bidi characters).
 */
function refusedEverywhere(text: string, isKey: boolean): string | null {
  // JSON.parse makes "__proto__" an own key, but copying it into a fresh object (as a record
  // schema does) sets that object's prototype instead: the pair would vanish or worse.
  if (isKey && text === '__proto__') return 'is not an allowed key (__proto__)';
  if (text.includes('\u0000')) return 'must not contain control characters (found U+0000)';
  return hasLoneSurrogate(text) ? 'must be valid UTF-8 text' : null;
}

/** Throws a 400 naming the first field of `value` that no request may carry. */
export function refuseHostileText(value: unknown, prefix = ''): void {
  const found = findText(value, (s, isKey) => refusedEverywhere(s, isKey) !== null);
  if (!found) return;
  const field = prefix && found.field !== '(body)' ? `${prefix}.${found.field}` : found.field;
  const message = refusedEverywhere(found.text, found.isKey)!;
  throw new ApiError(400, `${field}: ${message}`, [{ field, message }]);
}

const invalidText = (field: string) =>
  new ApiError(400, `${field}: must be valid UTF-8 text`, [
    { field, message: 'must be valid UTF-8 text' },
  ]);

const decoded = (part: string): string | null => {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return null;
  }
};

/**
 * Throws a 400 naming the first query parameter whose percent-encoding is not UTF-8 (`%FF`, or
 * the bytes of half a surrogate pair): Hono hands such a value on still encoded, which would
 * make it a valid string of other text instead of a refusal.
 */
export function refuseUndecodableQuery(url: string): void {
  const at = url.indexOf('?');
  if (at < 0) return;
  for (const pair of url.slice(at + 1).split('&')) {
    const eq = pair.indexOf('=');
    const key = decoded(eq < 0 ? pair : pair.slice(0, eq));
    if (key === null) throw invalidText('query');
    if (eq >= 0 && decoded(pair.slice(eq + 1)) === null) throw invalidText(`query.${key}`);
  }
}

/**
 * The body as text and as parsed JSON (`{}` when empty). An empty body needs no content type;
 * a non-empty one must be JSON (415 otherwise) and valid UTF-8 (400 naming the field holding the
 * bad bytes). The text is left in Hono's body cache so a handler can still read it (signatures).
 */
// One decoder for every request: decode() without { stream } starts afresh each call.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export async function readJsonBody(
  c: Context,
  limit = MAX_BODY_BYTES,
): Promise<{ text: string; json: unknown }> {
  const bytes = await readLimited(c, limit);
  if (bytes.byteLength > 0 && !isJsonContentType(c.req.header('content-type')))
    throw new ApiError(
      415,
      'The request body must be JSON: send it with Content-Type: application/json',
      [{ field: '(body)', message: 'must be sent as application/json' }],
    );
  const { text, json } = jsonOfBytes(bytes);
  (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
  return { text, json };
}

/**
 * The JSON value of a body's bytes, or of one line of a newline-delimited body (`field`
 * `lines.N`), refused as above: not UTF-8, nested too deep, not JSON, or holding what no request
 * may. Empty text is `{}` (a POST without a body).
 */
export function jsonOfBytes(bytes: Uint8Array, field = '(body)'): { text: string; json: unknown } {
  const whole = field === '(body)';
  const named = (inner: string) =>
    whole ? inner : inner === '(body)' ? field : `${field}.${inner}`;
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    // Name the field: decode leniently (bad bytes become U+FFFD) and find the string holding one.
    const lenient = new TextDecoder('utf-8').decode(bytes);
    let inner = '(body)';
    try {
      inner = findText(JSON.parse(lenient), (s) => s.includes('\uFFFD'))?.field ?? '(body)';
    } catch {
      /* not JSON either: the body as a whole */
    }
    throw invalidText(named(inner));
  }
  if (text.trim() === '') return { text, json: {} };
  const what = whole ? 'The request body' : `${field}`;
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    throw new ApiError(400, `${what} is nested more than ${MAX_JSON_DEPTH} levels deep`, [
      { field, message: `must not be nested more than ${MAX_JSON_DEPTH} levels deep` },
    ]);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError(400, `${what} is not valid JSON`, [{ field, message: 'is not valid JSON' }]);
  }
  // Valid UTF-8 text holds no lone surrogate and JSON no raw NUL: only a `\u` escape can put
  // either into a string, and only the text `__proto__` such a key, so without both in the
  // text (nearly every body) there is nothing to look for.
  if (text.includes('\\u') || text.includes('__proto__'))
    refuseHostileText(json, whole ? '' : field);
  return { text, json };
}

/**
 * Every body's limit, not only the contract's JSON ones (mount reads those itself, counting as
 * it reads): the hosted pages' form posts and anything an area serves by hand get the same limit;
 * the few contract routes that take a larger body (a logo upload) theirs, by method and path.
 */
export function bodyLimits(table: Record<string, RouteDef>): MiddlewareHandler {
  const countedLimit = (limit: number) =>
    bodyLimit({
      maxSize: limit,
      onError: (c) => {
        c.header('Connection', 'close');
        const { message, errors } = tooLargeEnvelope(limit);
        return c.json(errorEnvelope(413, message, errors), 413);
      },
    });
  const defaultLimit = countedLimit(MAX_BODY_BYTES);
  const largeBodies = new Map(
    Object.values(table)
      .filter((def) => def.maxBodyBytes !== undefined && !def.path.includes('{'))
      .map((def) => [
        `${def.method.toUpperCase()} ${def.path}`,
        { limit: def.maxBodyBytes!, check: countedLimit(def.maxBodyBytes!) },
      ]),
  );
  // A newline-delimited body is limited per line as it is read (lines.ts), not as a whole.
  const streamed = Object.values(table)
    .filter((def) => def.lines !== undefined)
    .map((def) => ({
      method: def.method.toUpperCase(),
      path: new RegExp(`^${def.path.replace(/\{\w+\}/g, '[^/]+')}$`),
    }));
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (streamed.some((r) => r.method === c.req.method && r.path.test(c.req.path))) return next();
    const large = largeBodies.get(`${c.req.method} ${c.req.path}`);
    const limit = large?.limit ?? MAX_BODY_BYTES;
    // A stated length decides at once; hono's bodyLimit would first build the web Request and
    // its body stream (costly on every POST) even though it then only reads the header too.
    const declared = declaredLength(c);
    if (declared !== undefined && declared <= limit) return next();
    return (large?.check ?? defaultLimit)(c, next);
  };
}
