/**
 * The one-time codes that approving a contract on its authorization page needs. The link is
 * handed to the agent, so the link alone must not approve: the code goes to the approver the
 * contract names (e-mail or SMS, through the message outbox) and only the human who reads it
 * can type it in. Per link: a code lives CODE_TTL_MS of the service's clock and works once;
 * MAX_WRONG_CODES wrong codes lock the link's approval (declining stays open); at most
 * MAX_CODES_SENT codes are sent. Codes are kept as salted SHA-256 hashes, compared in constant
 * time. Declining needs no code: it moves no money and ends the agent's own request.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../kernel/clock';
import type { MessageOutbox } from '../messages/outbox';
import type { Store } from '../kernel/store/port';
import type { ContractRow } from './contracts';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_CODES = 5;
export const MAX_CODES_SENT = 5;

interface CodeRow {
  auth_token: string;
  contract_id: string;
  code_salt: string | null;
  code_hash: string | null;
  code_expires_at: number | null;
  failures: number;
  sends: number;
}

export interface Recipient {
  channel: 'EMAIL' | 'SMS';
  to: string;
}

/** Where the contract's code goes, or null for a contract made before approvers were named. */
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

/** The recipient as the page shows it: enough to recognise, not to copy ("j•••@shop.example"). */
export function maskedRecipient(r: Recipient): string {
  if (r.channel === 'SMS') return `${r.to.slice(0, 3)}•••••${r.to.slice(-3)}`;
  const at = r.to.lastIndexOf('@');
  return `${r.to.slice(0, 1)}•••${r.to.slice(at)}`;
}

/** What the page needs to know about the link's codes. */
export interface CodeState {
  /** A code was sent and has neither expired nor been used. */
  live: boolean;
  locked: boolean;
  attemptsLeft: number;
  sendsLeft: number;
}

export type CodeCheck =
  | { ok: true }
  | { ok: false; reason: 'MISSING' | 'NONE_SENT' | 'EXPIRED' | 'LOCKED' }
  | { ok: false; reason: 'WRONG'; attemptsLeft: number };

export type SendOutcome = 'SENT' | 'LOCKED' | 'TOO_MANY' | 'NO_APPROVER' | 'UNDELIVERABLE';

/** The message that carries the code: what it approves, and that the agent must not get it. */
export interface CodeWords {
  businessName: string;
  agentName: string;
  pageUrl: string;
}

const digest = (salt: string, code: string) =>
  createHash('sha256').update(salt).update(':').update(code).digest();

export function createApprovalCodes(store: Store, clock: Clock, messages: MessageOutbox) {
  const byToken = store.prepare<[string], CodeRow>(
    'SELECT * FROM contract_approval_codes WHERE auth_token = ?',
  );
  const saveCode = store.prepare(`
    INSERT INTO contract_approval_codes (auth_token, contract_id, code_salt, code_hash,
      code_expires_at, sends, created_at)
    VALUES (@token, @contractId, @salt, @hash, @expiresAt, 1, @now)
    ON CONFLICT (auth_token) DO UPDATE SET code_salt = excluded.code_salt,
      code_hash = excluded.code_hash, code_expires_at = excluded.code_expires_at,
      sends = contract_approval_codes.sends + 1`);
  const countFailure = store.prepare(
    'UPDATE contract_approval_codes SET failures = failures + 1 WHERE auth_token = ?',
  );
  const spend = store.prepare(`
    UPDATE contract_approval_codes SET code_salt = NULL, code_hash = NULL, code_expires_at = NULL
    WHERE auth_token = ?`);

  async function state(row: ContractRow): Promise<CodeState> {
    const r = row.auth_token ? await byToken.get(row.auth_token) : undefined;
    return {
      live: !!r?.code_hash && r.code_expires_at! > clock.now(row.environment, row.merchant_id),
      locked: (r?.failures ?? 0) >= MAX_WRONG_CODES,
      attemptsLeft: MAX_WRONG_CODES - (r?.failures ?? 0),
      sendsLeft: MAX_CODES_SENT - (r?.sends ?? 0),
    };
  }

  /** Makes a new code for the link (the one before stops working) and sends it to the approver. */
  async function send(row: ContractRow, words: CodeWords): Promise<SendOutcome> {
    const recipient = recipientOf(row);
    if (!recipient) return 'NO_APPROVER';
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
      const what =
        row.type === 'SEND'
          ? `lets ${words.agentName}, an agent, send payments from ${words.businessName}'s account`
          : `lets ${words.businessName} charge your card through its agent ${words.agentName}`;
      await messages.add({
        ...toApprover(row, recipient),
        subject: `${words.businessName}: your code to approve “${row.name}”`,
        body:
          recipient.channel === 'EMAIL'
            ? `Your code to approve “${row.name}”, which ${what} within the limits shown on the approval page, is:\n\n${code}\n\nType it on ${words.pageUrl} if you agree. It works once, for 10 minutes. Give it to no one, the agent included: with it, anyone holding the link could approve. If you did not expect this, ignore it.`
            : `${code} is your code to approve “${row.name}” for ${words.businessName}. It works once, for 10 minutes. Give it to no one, the agent included.`,
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
    return { ok: true };
  }

  return { state, send, check };
}
export type ApprovalCodes = ReturnType<typeof createApprovalCodes>;
