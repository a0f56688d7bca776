/**
 * The one-time codes that approving a contract on its authorization page needs. The link is
 * handed to the agent, so the link alone must not approve: the code goes to one of those who may
 * approve (approvers.ts: the business's approvers for SEND, the customer's contacts for
 * COLLECT), the one the person on the page picks, by e-mail or SMS through the message outbox,
 * and only the human who reads it can type it in. Per link: a code lives CODE_TTL_MS of the
 * service's clock and works once; MAX_WRONG_CODES wrong codes lock the link's approval
 * (declining stays open); at most MAX_CODES_SENT codes are sent. Codes are kept as salted
 * SHA-256 hashes, compared in constant time. Declining needs no code: it moves no money and ends
 * the agent's own request.
 *
 * A right code may also open a session for the browser that typed it (VERIFIED_TTL_MS; the
 * database keeps the SHA-256 of its cookie): a COLLECT customer sees and picks their cards in it,
 * after the code and not before, and approves without typing the code again.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { t, type LanguageCode } from '../../shared/i18n';
import type { Clock } from '../kernel/clock';
import type { MessageOutbox } from '../messages';
import type { Store } from '../kernel/store/port';
import type { Recipient } from './approvers';
import type { ContractRow } from './contracts';
import { approvalCodeStatements } from './repo/approval-codes';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_CODES = 5;
export const MAX_CODES_SENT = 5;
/** How long a browser that typed a right code may go on (pick a card, add one, approve). */
export const VERIFIED_TTL_MS = 15 * 60_000;
/** The session's cookie; its path is the link's own (/agents/authorize/{token}). */
export const SESSION_COOKIE = 'agent_approval_session';

export { maskedRecipient, type Recipient } from './approvers';

/**
 * The contract's approver: the one the agent suggested, then whoever approved it. Null when the
 * agent suggested no one and no person approved yet.
 */
export function recipientOf(row: ContractRow): Recipient | null {
  if (row.approver_email) return { channel: 'EMAIL', to: row.approver_email };
  if (row.approver_phone) return { channel: 'SMS', to: row.approver_phone };
  return null;
}

/**
 * A message to the contract's approver, addressed as every message to them is: the contract's
 * merchant and environment, and for a collect contract its customer.
 */
export function toApprover(row: ContractRow, recipient: Recipient) {
  return {
    merchantId: row.merchant_id,
    environment: row.environment,
    ...(row.type === 'COLLECT' && row.service_customer_id
      ? { customerId: row.service_customer_id }
      : {}),
    channel: recipient.channel,
    to: recipient.to,
  };
}

/** What the page needs to know about the link's codes. */
export interface CodeState {
  /** A code was sent and has neither expired nor been used. */
  live: boolean;
  locked: boolean;
  attemptsLeft: number;
  sendsLeft: number;
  /** Where the last code went (the person chose), while it is live. */
  sentTo?: Recipient;
}

export type CodeCheck =
  /** sentTo: where the right code had been sent, the person who typed it. */
  | { ok: true; sentTo: Recipient | null }
  | { ok: false; reason: 'MISSING' | 'NONE_SENT' | 'EXPIRED' | 'LOCKED' }
  | { ok: false; reason: 'WRONG'; attemptsLeft: number };

export type SendOutcome = 'SENT' | 'LOCKED' | 'TOO_MANY' | 'UNDELIVERABLE';

/** The message that carries the code: what it approves, and that the agent must not get it. */
export interface CodeWords {
  businessName: string;
  agentName: string;
  pageUrl: string;
  /** The language of the page the person asked for the code on. */
  lang: LanguageCode;
}

const digest = (salt: string, code: string) =>
  createHash('sha256').update(salt).update(':').update(code).digest();
const sessionHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export function createApprovalCodes(store: Store, clock: Clock, messages: MessageOutbox) {
  const { byToken, saveCode, sentTo, openSession, countFailure, spend } =
    approvalCodeStatements(store);

  async function state(row: ContractRow): Promise<CodeState> {
    const r = row.auth_token ? await byToken.get(row.auth_token) : undefined;
    return {
      live: !!r?.code_hash && r.code_expires_at! > clock.now(row.environment, row.merchant_id),
      locked: (r?.failures ?? 0) >= MAX_WRONG_CODES,
      attemptsLeft: MAX_WRONG_CODES - (r?.failures ?? 0),
      sendsLeft: MAX_CODES_SENT - (r?.sends ?? 0),
      ...(r?.code_hash && r.sent_channel && r.sent_to
        ? { sentTo: { channel: r.sent_channel, to: r.sent_to } }
        : {}),
    };
  }

  /**
   * Makes a new code for the link (the one before stops working) and sends it to `recipient`,
   * one of those who may approve the contract (the caller checks), as the person chose.
   */
  async function send(
    row: ContractRow,
    recipient: Recipient,
    words: CodeWords,
  ): Promise<SendOutcome> {
    // A production code must reach a person; a sandbox one is read from the sandbox outbox.
    if (row.environment === 'production' && !messages.delivers(recipient.channel))
      return 'UNDELIVERABLE';
    return store.tx(async (): Promise<SendOutcome> => {
      const now = await state(row);
      if (now.locked) return 'LOCKED';
      if (now.sendsLeft <= 0) return 'TOO_MANY';
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const salt = randomBytes(16).toString('base64url');
      await saveCode.run({
        token: row.auth_token,
        contractId: row.id,
        salt,
        hash: digest(salt, code).toString('base64url'),
        expiresAt: clock.now(row.environment, row.merchant_id) + CODE_TTL_MS,
        now: clock.now(row.environment, row.merchant_id),
      });
      await sentTo.run(recipient.channel, recipient.to, row.auth_token);
      const values = {
        name: row.name,
        business: words.businessName,
        agent: words.agentName,
        url: words.pageUrl,
        code,
      };
      const email = row.type === 'SEND' ? 'mail.approveSend' : 'mail.approveCollect';
      await messages.add({
        ...toApprover(row, recipient),
        lang: words.lang,
        subject: t(words.lang, 'mail.approveSubject', values),
        body: t(words.lang, recipient.channel === 'EMAIL' ? email : 'mail.approveSms', values),
        link: words.pageUrl,
      });
      return 'SENT';
    });
  }

  /**
   * Checks a typed code against the link's live one. Call inside the transaction that approves,
   * so a right code is spent with the approval (and restored if the approval is refused). A wrong
   * code is counted; nothing typed, or a guess at no code or an expired one, is not a guess.
   */
  async function check(row: ContractRow, typed: string): Promise<CodeCheck> {
    const r = row.auth_token ? await byToken.get(row.auth_token) : undefined;
    if ((r?.failures ?? 0) >= MAX_WRONG_CODES) return { ok: false, reason: 'LOCKED' };
    if (!r?.code_hash || !r.code_salt) return { ok: false, reason: 'NONE_SENT' };
    const code = typed.replace(/[\s-]/g, '');
    if (code === '') return { ok: false, reason: 'MISSING' };
    if (r.code_expires_at! <= clock.now(row.environment, row.merchant_id))
      return { ok: false, reason: 'EXPIRED' };
    const right = timingSafeEqual(
      digest(r.code_salt, code.slice(0, 64)),
      Buffer.from(r.code_hash, 'base64url'),
    );
    if (!right) {
      await countFailure.run(r.auth_token);
      const attemptsLeft = MAX_WRONG_CODES - r.failures - 1;
      return attemptsLeft <= 0
        ? { ok: false, reason: 'LOCKED' }
        : { ok: false, reason: 'WRONG', attemptsLeft };
    }
    await spend.run(r.auth_token);
    return {
      ok: true,
      sentTo: r.sent_channel && r.sent_to ? { channel: r.sent_channel, to: r.sent_to } : null,
    };
  }

  /**
   * A right code typed on its own (the COLLECT page's first step): spends it and opens a session
   * for the typing browser. Answers the check, and with a right code the session's token.
   */
  async function verify(
    row: ContractRow,
    typed: string,
  ): Promise<{ check: CodeCheck; session?: string }> {
    return store.tx(async () => {
      const result = await check(row, typed);
      if (!result.ok) return { check: result };
      const token = randomBytes(32).toString('base64url');
      await openSession.run(
        sessionHash(token),
        clock.now(row.environment, row.merchant_id) + VERIFIED_TTL_MS,
        row.auth_token,
      );
      return { check: result, session: token };
    });
  }

  /**
   * Whether `token` (the browser's cookie) is the link's open session: then the person it was
   * opened for (where the code went), else null.
   */
  async function session(
    row: ContractRow,
    token: string | undefined,
  ): Promise<{ sentTo: Recipient | null } | null> {
    if (!token || !/^[\w-]{43}$/.test(token) || !row.auth_token) return null;
    const r = await byToken.get(row.auth_token);
    if (!r?.session_hash || (r.session_until ?? 0) <= clock.now(row.environment, row.merchant_id))
      return null;
    const same = timingSafeEqual(
      Buffer.from(sessionHash(token), 'base64url'),
      Buffer.from(r.session_hash, 'base64url'),
    );
    if (!same) return null;
    return {
      sentTo: r.sent_channel && r.sent_to ? { channel: r.sent_channel, to: r.sent_to } : null,
    };
  }

  return { state, send, check, verify, session };
}
export type ApprovalCodes = ReturnType<typeof createApprovalCodes>;
