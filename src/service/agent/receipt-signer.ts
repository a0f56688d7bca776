/**
 * Signed payment receipts (docs/agent-pay.md, "Receipts"): each send or collect the service
 * accepts is answered with a compact JWS (ES256) of what was paid and what is left of every
 * period cap, which anyone can verify offline with the service's published keys (the JWKS at
 * /.well-known/counter-receipts.json).
 *
 * The signing key is made once per database, by the first instance that needs it, and kept in
 * it (receipt_keys, generation 1): every instance on a shared database signs with the same key,
 * and a sandbox moved to PostgreSQL (--import-sqlite) keeps it, so its old receipts still verify.
 * Its private half never leaves the database and this process; the JWKS lists every
 * generation's public half, named by kid (its RFC 7638 thumbprint).
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import type { z } from 'zod';
import type { ReceiptClaims, ReceiptJwk, ReceiptJwks } from '../../shared/contract/agent';
import type { Clock } from '../kernel/clock';
import type { Store } from '../kernel/store/port';
import { thumbprint } from './keys';

interface KeyRow {
  generation: number;
  kid: string;
  private_key_pem: string;
  public_jwk: string;
}

type Jwk = z.infer<typeof ReceiptJwk>;

export function createReceiptSigner(store: Store, clock: Clock) {
  const newest = store.prepare<[], KeyRow>(
    'SELECT * FROM receipt_keys ORDER BY generation DESC LIMIT 1',
  );
  const all = store.prepare<[], Pick<KeyRow, 'public_jwk'>>(
    'SELECT public_jwk FROM receipt_keys ORDER BY generation',
  );
  // Two instances making the first key at once: one insert wins, and both sign with the winner.
  const insertFirst = store.prepare(`
    INSERT INTO receipt_keys (generation, kid, private_key_pem, public_jwk, created_at)
    VALUES (1, @kid, @pem, @jwk, @now) ON CONFLICT (generation) DO NOTHING`);

  // A key row never changes once written, so the parsed key is kept once read committed.
  let current: { kid: string; key: ReturnType<typeof createPrivateKey> } | undefined;

  async function signingKey() {
    if (current) return current;
    let row = await newest.get();
    // Made inside a transaction that may yet roll back: used, not kept, until read again.
    let keep = true;
    if (!row) {
      keep = !store.inTransaction;
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const publicKey = createPublicKey(privateKey);
      const { x, y } = publicKey.export({ format: 'jwk' });
      const kid = thumbprint(publicKey);
      const jwk: Jwk = { kty: 'EC', crv: 'P-256', x: x!, y: y!, kid, alg: 'ES256', use: 'sig' };
      await insertFirst.run({
        kid,
        pem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
        jwk: JSON.stringify(jwk),
        now: clock.now('production'),
      });
      row = (await newest.get())!;
    }
    const key = { kid: row.kid, key: createPrivateKey(row.private_key_pem) };
    if (keep) current = key;
    return key;
  }

  return {
    /** The compact JWS `header.payload.signature` of the claims, signed with the newest key. */
    async sign(claims: z.input<typeof ReceiptClaims>): Promise<string> {
      const { kid, key } = await signingKey();
      const header = Buffer.from(JSON.stringify({ alg: 'ES256', kid, typ: 'JWT' })).toString(
        'base64url',
      );
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      const input = `${header}.${payload}`;
      const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
      return `${input}.${signature.toString('base64url')}`;
    },

    /** Every public key, for the JWKS (made first if there is none yet, so it is never empty). */
    async jwks(): Promise<z.input<typeof ReceiptJwks>> {
      await signingKey();
      return { keys: (await all.all()).map((r) => JSON.parse(r.public_jwk) as Jwk) };
    },
  };
}
export type ReceiptSigner = ReturnType<typeof createReceiptSigner>;
