/**
 * ES256 keys for the Agent Pay client, with WebCrypto only (Node 20+ and browsers): a private
 * key PEM becomes a signer, and its public half the SPKI PEM that registration sends.
 */
import {
  base64url,
  detachedJws,
  fromBase64url,
  jwsHeader,
  signingInput,
  utf8,
} from '../shared/agent-signing';

/** Signs the canonical subject; returns the detached compact JWS `header..signature`. */
export type Signer = (subject: string, kid?: string) => string | Promise<string>;

const subtle = () => {
  const s = globalThis.crypto?.subtle;
  if (!s)
    throw new Error('Agent Pay needs WebCrypto (globalThis.crypto.subtle): Node 20+ or a browser');
  return s;
};

/** WebCrypto's key type, named without the DOM library (the client also builds for Node). */
type CryptoKey = Awaited<ReturnType<ReturnType<typeof subtle>['importKey']>>;

const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;

function pemBody(pem: string, label: string): Uint8Array<ArrayBuffer> | null {
  const match = new RegExp(`-----BEGIN ${label}-----([\\s\\S]+?)-----END ${label}-----`).exec(pem);
  if (!match) return null;
  const b64 = match[1]!
    .replace(/\s+/g, '')
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  return fromBase64url(b64);
}

function derLength(n: number): number[] {
  if (n < 0x80) return [n];
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

/** SEC1 (`EC PRIVATE KEY`, as openssl writes it) wrapped as PKCS#8, which WebCrypto imports. */
function sec1ToPkcs8(sec1: Uint8Array): Uint8Array<ArrayBuffer> {
  // AlgorithmIdentifier { id-ecPublicKey, prime256v1 }
  const algorithm = [
    0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x86, 0x48,
    0xce, 0x3d, 0x03, 0x01, 0x07,
  ];
  const octet = [0x04, ...derLength(sec1.length), ...sec1];
  const inner = [0x02, 0x01, 0x00, ...algorithm, ...octet];
  return new Uint8Array([0x30, ...derLength(inner.length), ...inner]);
}

function toPem(der: Uint8Array, label: string): string {
  const b64 = base64url(der).replace(/-/g, '+').replace(/_/g, '/');
  const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
  const lines = padded.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** Imports a P-256 private key from PEM (PKCS#8 `PRIVATE KEY` or SEC1 `EC PRIVATE KEY`). */
export async function importPrivateKey(pem: string): Promise<CryptoKey> {
  const pkcs8 = pemBody(pem, 'PRIVATE KEY');
  const sec1 = pkcs8 ? null : pemBody(pem, 'EC PRIVATE KEY');
  const der = pkcs8 ?? (sec1 ? sec1ToPkcs8(sec1) : null);
  if (!der) throw new Error('privateKeyPem must be a PEM "PRIVATE KEY" or "EC PRIVATE KEY"');
  try {
    return await subtle().importKey('pkcs8', der, EC, true, ['sign']);
  } catch {
    throw new Error('privateKeyPem is not an EC P-256 private key (ES256)');
  }
}

/** The SPKI PEM of a private key's public half. */
export async function publicKeyPemOf(privateKey: CryptoKey): Promise<string> {
  const jwk = await subtle().exportKey('jwk', privateKey);
  const publicKey = await subtle().importKey(
    'jwk',
    { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, ext: true },
    EC,
    true,
    ['verify'],
  );
  return toPem(new Uint8Array(await subtle().exportKey('spki', publicKey)), 'PUBLIC KEY');
}

/** A signer over a WebCrypto key: WebCrypto's ECDSA already gives the 64-byte r||s form. */
export function keySigner(privateKey: CryptoKey): Signer {
  return async (subject, kid) => {
    const header = jwsHeader(kid);
    const signature = await subtle().sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      privateKey,
      utf8(signingInput(header, subject)),
    );
    return detachedJws(header, new Uint8Array(signature));
  };
}

/** base64url SHA-256 of the body bytes: the subject's digest line. */
export async function bodyDigest(body: Uint8Array<ArrayBuffer>): Promise<string> {
  return base64url(new Uint8Array(await subtle().digest('SHA-256', body)));
}

/** 24 random bytes, base64url: a fresh nonce per request. */
export function newNonce(): string {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  return base64url(bytes);
}
