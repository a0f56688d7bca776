/** Agents' public keys: parsing the registered PEM and naming a key by its JWK thumbprint. */
import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import { badField } from '../kernel/errors';

/** A P-256 public key from SPKI PEM; a 400 naming publicKeyPem for anything else. */
export function parsePublicKey(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey({ key: pem, format: 'pem' });
  } catch {
    throw badField('publicKeyPem', 'is not a readable SPKI PEM public key');
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw badField('publicKeyPem', 'must be an EC P-256 key (ES256)');
  return key;
}

/** RFC 7638 thumbprint (base64url SHA-256 of the canonical JWK): the same key, the same name. */
export function thumbprint(key: KeyObject): string {
  const jwk = key.export({ format: 'jwk' });
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return createHash('sha256').update(canonical).digest('base64url');
}

/** The PEM as stored and returned: normalised SPKI text. */
export const canonicalPem = (key: KeyObject) =>
  key.export({ format: 'pem', type: 'spki' }).toString();
