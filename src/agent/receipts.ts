/**
 * Verifying a payment receipt offline (docs/agent-pay.md, "Receipts"): every send and collect
 * answer carries `receipt`, a compact JWS (ES256) the service signs; with the service's JWKS
 * (AgentPay.receiptKeys, or /.well-known/counter-receipts.json saved earlier) anyone can check
 * that the service issued it and that not a byte of it changed. WebCrypto only, like signing.
 * python/agentpay/receipts.py does the same; test/vectors/agent-receipts.json holds both to it.
 */
import { fromBase64url, utf8 } from '../shared/agent-signing';

/** The JWKS as far as verifying needs it. */
interface Keys {
  keys: { kid: string; kty: string; crv: string; x: string; y: string }[];
}

type Checked = { ok: true; claims: Record<string, unknown> } | { ok: false; why: string };
const invalid = (why: string): Checked => ({ ok: false, why });

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

/**
 * The receipt's claims once its signature verifies with the key of the JWKS its header names;
 * otherwise why not (malformed, unknown kid, not ES256, or any byte of header, claims or
 * signature changed). index.ts's verifyReceipt turns a refusal into AgentPayError.
 */
export async function checkReceipt(receipt: string, jwks: Keys): Promise<Checked> {
  const parts = receipt.trim().split('.');
  if (parts.length !== 3 || parts.some((p) => p === ''))
    return invalid('is not a compact JWS (header.payload.signature)');
  const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
  const header = jsonObject(encodedHeader);
  if (!header) return invalid('header is not base64url JSON');
  if (header.alg !== 'ES256') return invalid('is not signed with ES256');
  const key = (jwks.keys ?? []).find((k) => k.kid === header.kid);
  if (typeof header.kid !== 'string' || !key || key.kty !== 'EC' || key.crv !== 'P-256')
    return invalid(`names a key (kid ${String(header.kid)}) that is not in these receipt keys`);
  const signature = fromBase64url(encodedSignature);
  if (!signature || signature.length !== 64)
    return invalid('signature is not a 64-byte ES256 signature');
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return invalid('cannot be checked: WebCrypto is missing (Node 20+ or a browser)');
  let ok: boolean;
  try {
    const publicKey = await subtle.importKey(
      'jwk',
      { kty: 'EC', crv: 'P-256', x: key.x, y: key.y },
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    ok = await subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      publicKey,
      signature,
      utf8(`${encodedHeader}.${encodedPayload}`),
    );
  } catch {
    ok = false;
  }
  if (!ok)
    return invalid('signature does not verify: this service did not issue it, or it was changed');
  const claims = jsonObject(encodedPayload);
  if (!claims) return invalid('payload is not base64url JSON');
  return { ok: true, claims };
}
