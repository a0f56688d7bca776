/**
 * Verifying a payment receipt offline (docs/agent-pay.md, "Receipts"): every send and collect
 * answer carries `receipt`, a compact JWS (ES256) the service signs; with the service's JWKS
 * (AgentPay.receiptKeys, or /.well-known/counter-receipts.json saved earlier) anyone can check
 * that the service issued it and that not a byte of it changed. WebCrypto only, like signing.
 * python/agentpay/receipts.py does the same; test/vectors/agent-receipts.json holds both to it.
 *
 * What is refused besides a signature that does not verify: an alg other than ES256 (whatever
 * the key says), a kid the JWKS does not hold, a high-S signature (ECDSA's (r, n - s) verifies
 * as (r, s) does, so a receipt would have two encodings: the service signs low-S, and only
 * that one is accepted), a receipt past its `exp`, and one issued by another service, business
 * or environment than the caller expects.
 */
import { fromBase64url, utf8 } from '../shared/agent-signing';

/** The JWKS as far as verifying needs it. */
interface Keys {
  keys: {
    kid: string;
    kty: string;
    crv: string;
    x: string;
    y: string;
    alg?: string;
    use?: string;
  }[];
}

/**
 * What the caller expects of a receipt; each one given is checked against its claims.
 * AgentPay.verifyReceipt fills them from the client's own service and business.
 */
export interface ReceiptExpectations {
  /** The service's public URL, as its `iss` (a trailing slash ignored). */
  issuer?: string;
  /** The business (merchant) whose agent paid. */
  businessId?: string;
  environment?: 'sandbox' | 'production';
  /** The time to check `exp` against (default now). */
  now?: Date;
}

type Checked = { ok: true; claims: Record<string, unknown> } | { ok: false; why: string };
const invalid = (why: string): Checked => ({ ok: false, why });

/** Half the order of P-256: a signature's s must be at most this. */
const P256_HALF_N =
  BigInt('0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551') >> 1n;

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const withoutSlash = (url: string) => url.replace(/\/+$/, '');

/** base64url JSON as an object, or null. */
function jsonObject(part: string): Record<string, unknown> | null {
  const bytes = fromBase64url(part);
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The kid a receipt's header names, or undefined when it names none readably. */
export function receiptKid(receipt: string): string | undefined {
  const kid = jsonObject(receipt.trim().split('.')[0] ?? '')?.kid;
  return typeof kid === 'string' ? kid : undefined;
}

/** Why the verified claims are not what the caller expects, or null when they are. */
function unexpected(claims: Record<string, unknown>, expected: ReceiptExpectations): string | null {
  const now = (expected.now ?? new Date()).getTime() / 1000;
  if (claims.exp !== undefined && (typeof claims.exp !== 'number' || !(now < claims.exp)))
    return `expired at ${typeof claims.exp === 'number' ? new Date(claims.exp * 1000).toISOString() : String(claims.exp)}`;
  if (
    expected.issuer !== undefined &&
    (typeof claims.iss !== 'string' || withoutSlash(claims.iss) !== withoutSlash(expected.issuer))
  )
    return `was issued by ${String(claims.iss)}, not by ${withoutSlash(expected.issuer)}`;
  if (expected.businessId !== undefined && claims.businessId !== expected.businessId)
    return `is of business ${String(claims.businessId ?? '(none named)')}, not ${expected.businessId}`;
  if (expected.environment !== undefined && claims.environment !== expected.environment)
    return `is of the ${String(claims.environment)} environment, not ${expected.environment}`;
  return null;
}

/** Whether an ES256 r||s signature verifies with the key, on the signing input. */
async function verifies(
  key: Keys['keys'][number],
  signature: Uint8Array<ArrayBuffer>,
  input: string,
) {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return 'cannot be checked: WebCrypto is missing (Node 20+ or a browser)';
  try {
    const publicKey = await subtle.importKey(
      'jwk',
      { kty: 'EC', crv: 'P-256', x: key.x, y: key.y },
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    return await subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      publicKey,
      signature,
      utf8(input),
    );
  } catch {
    return false;
  }
}

/**
 * The receipt's claims once its signature verifies with the key of the JWKS its header names
 * and they are what `expected` says; otherwise why not. index.ts's verifyReceipt turns a refusal
 * into AgentPayError.
 */
export async function checkReceipt(
  receipt: string,
  jwks: Keys,
  expected: ReceiptExpectations = {},
): Promise<Checked> {
  const parts = receipt.trim().split('.');
  if (parts.length !== 3 || parts.some((p) => p === ''))
    return invalid('is not a compact JWS (header.payload.signature)');
  const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
  const header = jsonObject(encodedHeader);
  if (!header) return invalid('header is not base64url JSON');
  if (header.alg !== 'ES256') return invalid('is not signed with ES256');
  const key = (jwks.keys ?? []).find((k) => k.kid === header.kid);
  if (
    typeof header.kid !== 'string' ||
    !key ||
    key.kty !== 'EC' ||
    key.crv !== 'P-256' ||
    (key.alg !== undefined && key.alg !== 'ES256') ||
    (key.use !== undefined && key.use !== 'sig')
  )
    return invalid(`names a key (kid ${String(header.kid)}) that is not in these receipt keys`);
  const signature = fromBase64url(encodedSignature);
  if (!signature || signature.length !== 64)
    return invalid('signature is not a 64-byte ES256 signature');
  if (BigInt(`0x${hex(signature.subarray(32))}`) > P256_HALF_N)
    return invalid('signature is not in low-S form (s above n/2): the service never signs so');
  const ok = await verifies(key, signature, `${encodedHeader}.${encodedPayload}`);
  if (typeof ok === 'string') return invalid(ok);
  if (!ok)
    return invalid('signature does not verify: this service did not issue it, or it was changed');
  const claims = jsonObject(encodedPayload);
  if (!claims) return invalid('payload is not base64url JSON');
  const why = unexpected(claims, expected);
  return why ? invalid(why) : { ok: true, claims };
}

/** A read kept once it succeeds; `again` reads anew (a failed read is never kept). */
function kept<T>(read: () => Promise<T>) {
  let value: Promise<T> | undefined;
  const again = () => {
    const p = read();
    value = p;
    p.catch(() => {
      if (value === p) value = undefined;
    });
    return p;
  };
  return { get: () => value ?? again(), again };
}

/** The environment of a merchant's API key, by its prefix (sk_sandbox_…, sk_live_…). */
const environmentOfKey = (apiKey: string | undefined) =>
  apiKey?.startsWith('sk_live_')
    ? ('production' as const)
    : apiKey?.startsWith('sk_sandbox_')
      ? ('sandbox' as const)
      : undefined;

/**
 * AgentPay.verifyReceipt: a receipt checked against the client's own service (`iss`), business
 * and environment (its agent's, or else its API key's) unless `expected` names others. The keys
 * are read once, and again when a receipt names a key they do not hold (the service rotated its
 * key); who the client is, once.
 */
export function clientReceipts(client: {
  issuer: () => string;
  keys: () => Promise<Keys>;
  /** The signing agent (agent.me), or undefined when the client has none. */
  agent: () => Promise<{ businessId: string; environment: 'sandbox' | 'production' }> | undefined;
  /** The API key's business (merchant.get). */
  merchant: () => Promise<{ id: string }>;
  apiKey: () => string | undefined;
}) {
  const keys = kept(client.keys);
  const identity = kept(async (): Promise<ReceiptExpectations> => {
    const agent = client.agent();
    if (agent) {
      const { businessId, environment } = await agent;
      return { businessId, environment };
    }
    const environment = environmentOfKey(client.apiKey());
    return { businessId: (await client.merchant()).id, ...(environment ? { environment } : {}) };
  });
  return async function check(receipt: string, expected: ReceiptExpectations): Promise<Checked> {
    let jwks = await keys.get();
    const kid = receiptKid(receipt);
    if (kid !== undefined && !jwks.keys.some((k) => k.kid === kid)) jwks = await keys.again();
    const given = Object.fromEntries(
      Object.entries(expected).filter(([, v]) => v !== undefined),
    ) as ReceiptExpectations;
    const who =
      given.businessId === undefined || given.environment === undefined ? await identity.get() : {};
    return await checkReceipt(receipt, jwks, { issuer: client.issuer(), ...who, ...given });
  };
}
