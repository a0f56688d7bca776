/**
 * Signed payment receipts (docs/agent-pay.md, "Receipts"): each send or collect the service
 * accepts is answered with a compact JWS (ES256) of what was paid and what is left of every
 * period cap, which anyone can verify offline with the service's published keys (the JWKS at
 * /.well-known/counter-receipts.json).
 *
 * The keys live in the database (receipt_keys, one row per generation), never in one process:
 * the first instance that needs a key makes generation 1, and `npm run service -- receipt-key
 * rotate` or the operator's schedule (--receipt-key-rotate-days) adds the next one. The newest
 * signs. Every instance re-reads which one that is at least every KEY_REFRESH_MS, and at once
 * when PostgreSQL announces a change of receipt_keys (a trigger), so a superseded key stops
 * signing within a minute. Its private half is erased by the rotation that supersedes it (an
 * instance still signing with it holds it in memory), so the database holds only the newest
 * private key; its public half stays in the JWKS, named by kid (its RFC 7638 thumbprint), until
 * every receipt it can have signed has passed its `exp`.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  type KeyObject,
} from 'node:crypto';
import type { z } from 'zod';
import type { ReceiptClaims, ReceiptJwk, ReceiptJwks } from '../../shared/contract/agent';
import type { Clock } from '../kernel/clock';
import type { Store } from '../kernel/store/port';
import { thumbprint } from './keys';
import { keyRows } from './repo/receipt-keys';

const DAY_MS = 86_400_000;
/**
 * How long a receipt is valid: the signer sets its `exp` this long after it signed, in real time
 * (iat and time are on the environment's clock, which a sandbox may have moved, but whether a
 * signature is still to be trusted is a matter of real time, and so is its key's place in the
 * JWKS). A receipt signed before receipts carried exp counts as valid this long after it too.
 */
export const RECEIPT_VALIDITY_MS = 365 * DAY_MS;
/** How often an instance re-reads which key is the newest, whatever it was told. */
export const KEY_REFRESH_MS = 30_000;
/**
 * How long after a newer key is made an older one may still sign: an instance that read it just
 * before signs with it until its next re-read (KEY_REFRESH_MS); the rest is margin for a paused
 * process and clocks that differ between machines.
 */
const SIGNING_LAG_MS = 5 * 60_000;

/** The order of P-256, and half of it: a signature's s above the half is made n - s (low-S). */
const P256_N = BigInt('0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551');
const P256_HALF_N = P256_N >> 1n;

export interface ReceiptKeyOptions {
  /** Make a new key once the newest is this old (real milliseconds); never when absent. */
  rotateEveryMs?: number;
  /** How often an instance re-reads the newest key (default KEY_REFRESH_MS). */
  refreshMs?: number;
}

type Jwk = z.infer<typeof ReceiptJwk>;

/** A new P-256 key as its receipt_keys row would hold it. */
function newKey(generation: number, now: number) {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const publicKey = createPublicKey(privateKey);
  const { x, y } = publicKey.export({ format: 'jwk' });
  const kid = thumbprint(publicKey);
  const jwk: Jwk = { kty: 'EC', crv: 'P-256', x: x!, y: y!, kid, alg: 'ES256', use: 'sig' };
  return {
    generation,
    kid,
    pem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    jwk: JSON.stringify(jwk),
    now,
  };
}

/**
 * Makes the generation after `after` (the newest when not given: then it always makes one, on
 * top of another instance's if that one won) and erases older private halves, in one
 * transaction. Answers the key made, or undefined when `after` was not the newest any more.
 * `now` is real time (production's clock): a key's age is never the sandbox's.
 */
export async function rotateReceiptKey(
  store: Store,
  now: number,
  after?: number,
): Promise<{ generation: number; kid: string } | undefined> {
  const rows = keyRows(store);
  for (;;) {
    const made = await store.tx(async () => {
      const generation = (after ?? (await rows.newest.get())?.generation ?? 0) + 1;
      const key = newKey(generation, now);
      if ((await rows.insert.run(key)).changes === 0) return undefined;
      await rows.eraseOlder.run(generation);
      return { generation, kid: key.kid };
    });
    if (made || after !== undefined) return made;
  }
}

/** s of an r||s signature made at most n/2: (r, n - s) verifies as (r, s) does. */
function lowS(signature: Buffer): Buffer {
  const s = BigInt(`0x${signature.subarray(32).toString('hex')}`);
  if (s <= P256_HALF_N) return signature;
  const flipped = Buffer.from((P256_N - s).toString(16).padStart(64, '0'), 'hex');
  return Buffer.concat([signature.subarray(0, 32), flipped]);
}

interface SigningKey {
  generation: number;
  kid: string;
  key: KeyObject;
  createdAt: number;
  /** When it was last read as the newest (real ms). */
  readAt: number;
}

export function createReceiptSigner(store: Store, clock: Clock, options: ReceiptKeyOptions = {}) {
  const rows = keyRows(store);
  const refreshMs = options.refreshMs ?? KEY_REFRESH_MS;
  let current: SigningKey | undefined;
  // Announcements heard (a rotation on PostgreSQL, or a lost announcement connection): a read
  // that overlapped one may predate it and is used, not kept.
  let heard = 0;
  store.onChange('receipt_keys', () => {
    heard++;
    current = undefined;
  });

  async function signingKey(): Promise<SigningKey> {
    const readAt = Date.now();
    if (current && readAt - current.readAt < refreshMs) return current;
    const seen = heard;
    let row = await rows.newest.get();
    let keep = heard === seen;
    if (!row) {
      // Made inside a transaction that may yet roll back: used, not kept, until read again.
      keep &&= !store.inTransaction;
      const first = newKey(1, clock.now('production'));
      await rows.insert.run(first);
      row = (await rows.newest.get())!;
    }
    const next: SigningKey =
      current?.generation === row.generation
        ? { ...current, readAt }
        : {
            generation: row.generation,
            kid: row.kid,
            key: createPrivateKey(row.private_key_pem),
            createdAt: row.created_at,
            readAt,
          };
    if (keep) current = next;
    return next;
  }

  return {
    /**
     * The compact JWS `header.payload.signature` of the claims with their `exp`, signed with
     * the newest key.
     */
    async sign(claims: Omit<z.input<typeof ReceiptClaims>, 'exp'>): Promise<string> {
      const { kid, key } = await signingKey();
      const header = Buffer.from(JSON.stringify({ alg: 'ES256', kid, typ: 'JWT' })).toString(
        'base64url',
      );
      const exp = Math.floor((clock.now('production') + RECEIPT_VALIDITY_MS) / 1000);
      const payload = Buffer.from(JSON.stringify({ ...claims, exp })).toString('base64url');
      const input = `${header}.${payload}`;
      const signature = lowS(
        sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }),
      );
      return `${input}.${signature.toString('base64url')}`;
    },

    /**
     * Every public key a receipt still within its validity may name, newest first (made first
     * if there is none yet, so it is never empty): a superseded key stays until the longest
     * validity has passed since it last signed.
     */
    async jwks(): Promise<z.input<typeof ReceiptJwks>> {
      await signingKey();
      const keepAfter = clock.now('production') - SIGNING_LAG_MS - RECEIPT_VALIDITY_MS;
      return {
        keys: (await rows.published.all())
          .filter((r) => r.superseded_at === null || r.superseded_at > keepAfter)
          .map((r) => JSON.parse(r.public_jwk) as Jwk),
      };
    },

    /** On the operator's schedule: a new key once the newest is rotateEveryMs old. */
    async rotateIfDue(): Promise<void> {
      if (!options.rotateEveryMs) return;
      const key = await signingKey();
      const now = clock.now('production');
      if (now - key.createdAt < options.rotateEveryMs) return;
      await rotateReceiptKey(store, now, key.generation);
      current = undefined;
    },
  };
}
export type ReceiptSigner = ReturnType<typeof createReceiptSigner>;
