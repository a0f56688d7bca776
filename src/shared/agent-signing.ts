/**
 * Agent Pay request signing (docs/agent-pay.md, "Signing a request"): the canonical subject
 * string and the detached compact JWS around it. Shared by the service (which verifies) and the
 * TypeScript client (which signs), so both build the very same bytes; digests and signatures
 * themselves are left to the caller's crypto (node:crypto in the service, WebCrypto in the
 * client), which is why this module stays pure.
 */

/** First line of every subject: names the scheme and its version. */
export const SUBJECT_PREFIX = 'AGENTPAY-SIG-V1';

/** Request headers of tier 2 (tier 1 is `Authorization: Bearer <API key>`). */
export const AGENT_HEADERS = {
  agentId: 'x-agent-id',
  timestamp: 'x-agent-timestamp',
  nonce: 'x-agent-nonce',
  signature: 'x-agent-signature',
  /** Response header: the service's (sandbox) clock in Unix seconds, so clients can follow it. */
  serverTime: 'x-agent-server-time',
} as const;

/** A timestamp may be this many seconds before or after the service's clock. */
export const TIMESTAMP_WINDOW_SECONDS = 300;

/** Nonces: 16-128 characters of the base64url alphabet. */
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export interface SubjectParts {
  /** Upper-case HTTP method. */
  method: string;
  /** The request target exactly as sent: path and, when present, `?` and the query. */
  pathWithQuery: string;
  /** base64url (no padding) of SHA-256 over the raw body bytes (of zero bytes when empty). */
  bodyDigest: string;
  /** Unix seconds, decimal. */
  timestamp: number;
  nonce: string;
  /** The agent's id; the empty string when registering a key not yet registered. */
  agentId: string;
}

/** The canonical subject: seven lines joined by "\n", no trailing newline. */
export function canonicalSubject(p: SubjectParts): string {
  return [
    SUBJECT_PREFIX,
    p.method.toUpperCase(),
    p.pathWithQuery,
    p.bodyDigest,
    String(p.timestamp),
    p.nonce,
    p.agentId,
  ].join('\n');
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** RFC 4648 §5 base64url without padding. */
export function base64url(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out +=
      ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]!;
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!;
  }
  return out;
}

/** Decodes unpadded base64url; null on any character outside the alphabet or a bad length. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let o = 0;
  for (const ch of text) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) return null;
    value = (value << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (value >> bits) & 0xff;
    }
  }
  return out.subarray(0, o);
}

export const utf8 = (text: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(new TextEncoder().encode(text));

/** The protected header of a signature: alg ES256 and, when given, kid. */
export function jwsHeader(kid?: string): string {
  return base64url(
    utf8(JSON.stringify(kid === undefined ? { alg: 'ES256' } : { alg: 'ES256', kid })),
  );
}

/** What ES256 signs: base64url(header) "." base64url(subject) (RFC 7515 §5.1). */
export const signingInput = (encodedHeader: string, subject: string) =>
  `${encodedHeader}.${base64url(utf8(subject))}`;

/** The detached compact JWS: header, an empty payload, the 64-byte r||s signature. */
export const detachedJws = (encodedHeader: string, signature: Uint8Array) =>
  `${encodedHeader}..${base64url(signature)}`;
