/**
 * Answers with caching headers: an ETag, Cache-Control, and 304 Not Modified when the client
 * already holds the same bytes. Used for every image the service serves (QR codes, templates,
 * merchants' logos).
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';

const SVG = 'image/svg+xml';

export interface Image {
  body: string | Buffer;
  etag: string;
}

export const etagOf = (...parts: unknown[]) =>
  `"${createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 27)}"`;

/** RFC 9110 weak comparison over a list of tags, or "*". */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}

/** An image with its caching headers; an SVG also gets a policy that forbids script. */
export function answer(c: Context, type: string, cacheControl: string, image: Image): Response {
  const headers: Record<string, string> = { 'cache-control': cacheControl, etag: image.etag };
  if (matches(c.req.header('if-none-match'), image.etag))
    return new Response(null, { status: 304, headers });
  headers['content-type'] = type;
  headers['x-content-type-options'] = 'nosniff';
  // An SVG opened directly is a document; it must never run script or fetch anything.
  if (type === SVG)
    headers['content-security-policy'] = "default-src 'none'; style-src 'unsafe-inline'";
  const body = typeof image.body === 'string' ? image.body : new Uint8Array(image.body);
  return new Response(body, { status: 200, headers });
}
