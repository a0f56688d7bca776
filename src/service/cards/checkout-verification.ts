/**
 * Proving, on a payment link, that the browser is the customer's before their saved cards are
 * shown or charged. Anyone holding a payment link (a QR code on a counter, a forwarded message)
 * could otherwise pay with the customer's cards. The browser asks for a one-time code, which is
 * sent to the customer's email address (or phone, without one), and types it back:
 *
 * - the browser holds a random session token in a cookie scoped to this payment request; the
 *   database keeps only its SHA-256, so a copy of the database opens no session;
 * - the code is 6 random digits, kept only as an HMAC keyed by that token: it is bound to the
 *   browser that asked for it, and a copy of the database cannot be searched for it;
 * - it works once, for CODE_TTL_MS, with MAX_CODE_ATTEMPTS tries (compared in constant time),
 *   and at most MAX_CODES_PER_REQUEST codes are sent for one payment request, so at most
 *   25 guesses at a million codes are ever possible, and the customer gets at most 5 messages;
 * - a right code opens the session for VERIFIED_TTL_MS, for this payment request and customer.
 *
 * Times are the service clock's, so the sandbox can move past an expiry.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../kernel/clock';
import type { Environment } from '../kernel/caller';
import type { Store } from '../kernel/store/port';
import { verificationStatements } from './repo';

/** The payment request a browser is verifying for: its id, and whose clock its codes run on. */
type PaymentOf = { id: string; environment: Environment; merchant_id: string };

export const CODE_TTL_MS = 10 * 60_000;
export const VERIFIED_TTL_MS = 15 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_CODES_PER_REQUEST = 5;
/** The cookie's name; its path is the payment request's own (/pay/{id}). */
export const SESSION_COOKIE = 'saved_card_session';
/** How long the browser keeps the cookie: a code's life and the session it opens. */
export const SESSION_COOKIE_SECONDS = (CODE_TTL_MS + VERIFIED_TTL_MS) / 1000;

export interface VerificationRow {
  session_hash: string;
  payment_request_id: string;
  customer_id: string;
  recipient: string;
  code_hash: string | null;
  attempts: number;
  code_expires_at: number;
  verified_until: number | null;
}

/** What this browser may do with the saved cards of this payment request's customer. */
export type Verification =
  | { state: 'none' }
  | { state: 'pending'; recipient: string; attemptsLeft: number }
  | { state: 'verified' };

export type CheckResult =
  | { ok: true }
  | { ok: false; reason: 'wrong'; attemptsLeft: number }
  | { ok: false; reason: 'expired' | 'used-up' | 'none' };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const codeHashOf = (token: string, code: string) =>
  createHmac('sha256', token).update(code).digest('hex');

/** "j•••@example.com", or the last three digits of a phone number: enough to recognise. */
export function maskRecipient(channel: 'EMAIL' | 'SMS', to: string): string {
  if (channel === 'EMAIL') {
    const at = to.lastIndexOf('@');
    return at > 0 ? `${to[0]}•••${to.slice(at)}` : '•••';
  }
  const digits = to.replace(/\D/g, '');
  return `your phone number ending ${digits.slice(-3)}`;
}

export function createVerificationStore(store: Store, clock: Clock) {
  const { bySession, sentFor, insert, close, wrong, verify } = verificationStatements(store);

  /** The row of this browser's session, if it belongs to this request and customer. */
  async function rowOf(token: string | undefined, requestId: string, customerId: string) {
    if (!token || !/^[\w-]{43}$/.test(token)) return undefined;
    const row = await bySession.get(sha256(token));
    return row && row.payment_request_id === requestId && row.customer_id === customerId
      ? row
      : undefined;
  }

  return {
    async state(
      token: string | undefined,
      request: PaymentOf,
      customerId: string,
    ): Promise<Verification> {
      const row = await rowOf(token, request.id, customerId);
      const now = clock.now(request.environment, request.merchant_id);
      if (!row) return { state: 'none' };
      if (row.verified_until !== null && row.verified_until > now) return { state: 'verified' };
      if (row.code_hash !== null && row.code_expires_at > now)
        return {
          state: 'pending',
          recipient: row.recipient,
          attemptsLeft: MAX_CODE_ATTEMPTS - row.attempts,
        };
      return { state: 'none' };
    },

    /**
     * A new code and session for this browser (its earlier one, if any, ends), or null when
     * this payment request has had its MAX_CODES_PER_REQUEST codes. Call inside the
     * transaction that stores the message carrying the code.
     */
    async start(
      previousToken: string | undefined,
      request: PaymentOf,
      customerId: string,
      recipient: string,
    ): Promise<{ token: string; code: string } | null> {
      const requestId = request.id;
      if ((await sentFor.get(requestId))!.n >= MAX_CODES_PER_REQUEST) return null;
      if (previousToken && /^[\w-]{43}$/.test(previousToken))
        await close.run(sha256(previousToken));
      const token = randomBytes(32).toString('base64url');
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const now = clock.now(request.environment, request.merchant_id);
      await insert.run(
        sha256(token),
        requestId,
        customerId,
        recipient,
        codeHashOf(token, code),
        now + CODE_TTL_MS,
        now,
      );
      return { token, code };
    },

    /** Checks a typed code: a right one opens the session; a wrong one uses up a try. */
    async check(
      token: string | undefined,
      request: PaymentOf,
      customerId: string,
      code: string,
    ): Promise<CheckResult> {
      const row = await rowOf(token, request.id, customerId);
      if (!row || !token) return { ok: false, reason: 'none' };
      if (row.code_hash === null) return { ok: false, reason: 'used-up' };
      const now = clock.now(request.environment, request.merchant_id);
      if (row.code_expires_at <= now) return { ok: false, reason: 'expired' };
      const given = Buffer.from(codeHashOf(token, code), 'hex');
      const stored = Buffer.from(row.code_hash, 'hex');
      const session = row.session_hash;
      if (given.length === stored.length && timingSafeEqual(given, stored)) {
        const opened = await verify.run({
          session,
          hash: row.code_hash,
          until: now + VERIFIED_TTL_MS,
        });
        return opened.changes === 1 ? { ok: true } : { ok: false, reason: 'used-up' };
      }
      await wrong.run({ session, hash: row.code_hash, max: MAX_CODE_ATTEMPTS });
      return { ok: false, reason: 'wrong', attemptsLeft: MAX_CODE_ATTEMPTS - row.attempts - 1 };
    },
  };
}
export type VerificationStore = ReturnType<typeof createVerificationStore>;
