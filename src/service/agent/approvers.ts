/**
 * Who approves a business's Agent Pay contracts: the service decides, never the agent.
 *
 * - SEND (the business's money): one of the business's own approvers, a list of e-mail addresses
 *   and phone numbers it keeps per environment (GET/PUT /api/merchant/approvers, the dashboard's
 *   Settings, `merchant add --approver`). A business with no list of its own in an environment
 *   falls back to the operator's default list (SERVICE_AGENT_APPROVERS); one business's list never
 *   approves another's contracts.
 * - COLLECT (a customer's card): the customer, at their own e-mail or phone on file.
 *
 * The person on the authorization page picks which of these gets the one-time code; the agent may
 * only suggest one of them. An agent holds the business's API key, so the key alone must not be
 * able to add an approver: a change that adds someone who cannot approve now needs a one-time
 * code sent to one of the approvers in effect, bound to that very list. With no approver in
 * effect there is no one to ask, and the first list is set freely.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import {
  approverKey,
  type AgentApprovers,
  type Approver,
  type ApproverList,
} from '../../shared/contract/agent';
import { ENVIRONMENTS, iso, type Clock } from '../kernel/clock';
import type { Environment } from '../kernel/caller';
import { ApiError, badField } from '../kernel/errors';
import type { Store } from '../kernel/store/port';
import type { MessageOutbox } from '../messages';
import { approverStatements, type CodeRow } from './repo/approvers';

type Scope = { merchantId: string; environment: Environment };

/** Where a one-time code goes. */
export interface Recipient {
  channel: 'EMAIL' | 'SMS';
  to: string;
}

/** The operator's default approvers (SERVICE_AGENT_APPROVERS), for businesses with none. */
export interface ApproverPolicy {
  /** E-mail addresses (any case) and international phone numbers. */
  operatorDefault: readonly string[];
}

/** A confirming code lives this long, works once, and this many wrong codes void it. */
export const APPROVERS_CODE_TTL_MS = 10 * 60_000;
export const APPROVERS_MAX_WRONG = 5;
/** At most this many confirming codes per business and environment in an hour. */
export const APPROVERS_MAX_SENDS = 5;
const SEND_WINDOW_MS = 3600_000;

export const recipientOfApprover = (a: z.infer<typeof Approver>): Recipient =>
  a.email !== undefined ? { channel: 'EMAIL', to: a.email } : { channel: 'SMS', to: a.phone! };

export const approverOfRecipient = (r: Recipient) =>
  r.channel === 'EMAIL' ? { email: r.to } : { phone: r.to };

/** The same person: e-mail addresses compare in any case. */
export const sameRecipient = (a: Recipient, b: Recipient) =>
  a.channel === b.channel &&
  approverKey(approverOfRecipient(a)) === approverKey(approverOfRecipient(b));

/** The recipient as a page shows it: enough to recognise, not to copy ("j•••@shop.example"). */
export function maskedRecipient(r: Recipient): string {
  if (r.channel === 'SMS') return `${r.to.slice(0, 3)}•••••${r.to.slice(-3)}`;
  const at = r.to.lastIndexOf('@');
  return `${r.to.slice(0, 1)}•••${r.to.slice(at)}`;
}

/** SERVICE_AGENT_APPROVERS: e-mail addresses and phone numbers, separated by commas. */
export const approversFromEnv = (env: NodeJS.ProcessEnv): string[] =>
  (env.SERVICE_AGENT_APPROVERS ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);

/** One entry of the operator's list: an address with an @ is e-mail, anything else a phone. */
const fromText = (text: string): Recipient =>
  text.includes('@')
    ? { channel: 'EMAIL', to: text.toLowerCase() }
    : { channel: 'SMS', to: text.replace(/[\s().-]/g, '') };

/** A customer's contacts on file, e-mail first: where a COLLECT contract's code may go. */
export function customerRecipients(c: {
  email: string | null;
  phone_country_code: string | null;
  phone_number: string | null;
}): Recipient[] {
  return [
    ...(c.email ? [{ channel: 'EMAIL' as const, to: c.email }] : []),
    ...(c.phone_number
      ? [
          {
            channel: 'SMS' as const,
            to: c.phone_country_code ? `+${c.phone_country_code}${c.phone_number}` : c.phone_number,
          },
        ]
      : []),
  ];
}

/** A list's digest: the code that confirms a change confirms exactly this list. */
const digestOf = (list: Recipient[]) =>
  createHash('sha256')
    .update(
      list
        .map((r) => `${r.channel}:${approverKey(approverOfRecipient(r))}`)
        .sort()
        .join('\n'),
    )
    .digest('base64url');

const codeDigest = (salt: string, code: string) =>
  createHash('sha256').update(salt).update(':').update(code).digest();

/** The business's name, for the message that carries a confirming code. */
export interface ApproversWords {
  businessName: string;
}

/** The message that carries the code confirming `list` as the business's approvers. */
function approversCodeMessage(
  scope: Scope,
  list: Recipient[],
  to: Recipient,
  code: string,
  words: ApproversWords,
) {
  const names = list.map((r) => r.to).join(', ');
  const where = scope.environment === 'production' ? '' : ' (sandbox)';
  return {
    channel: to.channel,
    to: to.to,
    subject: `${words.businessName}: your code to change who approves its agents' spending${where}`,
    body:
      to.channel === 'EMAIL'
        ? `Someone with ${words.businessName}'s access secret asks to make these the approvers of its agents' spending contracts${where}: ${names}.\n\nIf you asked for this, the code is:\n\n${code}\n\nIt works once, for 10 minutes, for this list only. If you did not ask for it, give it to no one (no agent included) and tell whoever looks after ${words.businessName}'s access secrets.`
        : `${code} confirms ${names} as ${words.businessName}'s approvers of agent spending${where}. Works once, for 10 minutes. Did not ask? Give it to no one.`,
  };
}

/**
 * Checks `typed` against the code sent for `list` (`row`); answers the code's hash, or throws a
 * 400 naming `code`, counting a wrong one first (`countWrong`).
 */
async function checkApproversCode(
  row: CodeRow | undefined,
  list: Recipient[],
  typed: string | undefined,
  now: number,
  countWrong: (hash: string) => Promise<unknown>,
): Promise<string> {
  if (typed === undefined)
    throw badField(
      'code',
      'is required: the list adds someone who cannot approve now, so one of the approvers in effect confirms it with the code POST /api/merchant/approvers/code sends them',
    );
  if (!row?.code_hash || !row.code_salt || row.list_digest !== digestOf(list))
    throw badField(
      'code',
      row && row.failures >= APPROVERS_MAX_WRONG && row.list_digest === digestOf(list)
        ? `${APPROVERS_MAX_WRONG} wrong codes: ask for a new code`
        : 'no code was sent for this list of approvers: ask for one (POST /api/merchant/approvers/code)',
    );
  if (row.code_expires_at! <= now) throw badField('code', 'has expired: ask for a new one');
  const right = timingSafeEqual(
    codeDigest(row.code_salt, typed.replace(/[\s-]/g, '').slice(0, 64)),
    Buffer.from(row.code_hash, 'base64url'),
  );
  if (!right) {
    await countWrong(row.code_hash);
    const left = APPROVERS_MAX_WRONG - row.failures - 1;
    throw badField(
      'code',
      left > 0
        ? `is not right: ${left} ${left === 1 ? 'try' : 'tries'} left`
        : `is not right, and ${APPROVERS_MAX_WRONG} wrong codes void it: ask for a new code`,
    );
  }
  return row.code_hash;
}

/**
 * The approvers of every business. `messages` sends the codes that confirm a change; without it
 * (the `merchant add` command, which sets a new business's list itself) none can be sent.
 */
export function createApprovers(
  store: Store,
  clock: Clock,
  messages?: MessageOutbox,
  policy: ApproverPolicy = { operatorDefault: [] },
) {
  const operator = policy.operatorDefault
    .map(fromText)
    .filter((r, i, all) => all.findIndex((o) => sameRecipient(o, r)) === i);
  const { ownRows, dropAll, insert, customer, codeOf, saveCode, countWrong, spend } =
    approverStatements(store);

  async function own(scope: Scope): Promise<Recipient[]> {
    return (await ownRows.all(scope.merchantId, scope.environment)).map((r) => ({
      channel: r.channel,
      to: r.address,
    }));
  }

  /** The approvers in effect: the business's own, else the operator's default list. */
  async function inEffect(scope: Scope): Promise<{ list: Recipient[]; operatorDefault: boolean }> {
    const mine = await own(scope);
    if (mine.length > 0) return { list: mine, operatorDefault: false };
    return { list: [...operator], operatorDefault: operator.length > 0 };
  }

  /** A stable id for one approver in effect, naming them without their address. */
  const confirmerId = (scope: Scope, r: Recipient) =>
    createHash('sha256')
      .update(`${scope.merchantId}:${scope.environment}:${r.channel}:${r.to.toLowerCase()}`)
      .digest('base64url')
      .slice(0, 16);

  async function view(scope: Scope): Promise<z.input<typeof AgentApprovers>> {
    const mine = await own(scope);
    const effect = await inEffect(scope);
    return {
      environment: scope.environment,
      approvers: mine.map(approverOfRecipient),
      operatorDefault: effect.operatorDefault,
      confirmers: effect.list.map((r) => ({
        id: confirmerId(scope, r),
        to: maskedRecipient(r),
      })),
    };
  }

  /** Replaces the business's list (in the caller's transaction, if any). */
  async function replace(scope: Scope, list: Recipient[]): Promise<void> {
    await store.tx(async () => {
      await dropAll.run(scope.merchantId, scope.environment);
      const now = clock.now(scope.environment, scope.merchantId);
      // Created one millisecond apart, so the list reads back in the order it was given.
      for (const [i, r] of list.entries())
        await insert.run(
          scope.merchantId,
          scope.environment,
          r.channel,
          r.channel === 'EMAIL' ? r.to.toLowerCase() : r.to,
          now + i,
        );
    });
  }

  /** Who of `list` cannot approve now: adding them needs an approver in effect to confirm. */
  async function newcomers(scope: Scope, list: Recipient[]) {
    const effect = await inEffect(scope);
    return {
      effect,
      added: list.filter((r) => !effect.list.some((e) => sameRecipient(e, r))),
    };
  }

  /**
   * Sends `confirmer` (one of the approvers in effect) the code that confirms `approvers` as the
   * new list. The message names every approver of it, so the person knows what they confirm.
   */
  async function sendCode(
    scope: Scope,
    approvers: z.infer<typeof ApproverList>,
    confirmer: string,
    words: ApproversWords,
  ): Promise<{ sentTo: string; expiresAt: string }> {
    const list = approvers.map(recipientOfApprover);
    const { effect, added } = await newcomers(scope, list);
    if (effect.list.length === 0 || added.length === 0)
      throw badField(
        'approvers',
        effect.list.length === 0
          ? 'needs no confirming: no one approves yet, so the first approvers are set without a code'
          : 'adds no one: save it without a code',
      );
    const to = effect.list.find((r) => confirmerId(scope, r) === confirmer);
    if (!to)
      throw badField(
        'confirmer',
        'is not one of the approvers in effect (GET /api/merchant/approvers lists them)',
      );
    // A production code must reach a person; a sandbox one is read from the sandbox outbox.
    if (!messages || (scope.environment === 'production' && !messages.delivers(to.channel)))
      throw new ApiError(
        503,
        'We cannot send the code at the moment: the service has no way to deliver it to that approver',
      );
    const now = clock.now(scope.environment, scope.merchantId);
    return store.tx(async () => {
      const row = await codeOf.get(scope.merchantId, scope.environment);
      const fresh = !row || now - row.window_started_at >= SEND_WINDOW_MS;
      const sends = fresh ? 0 : row.sends;
      if (sends >= APPROVERS_MAX_SENDS)
        throw new ApiError(
          429,
          `At most ${APPROVERS_MAX_SENDS} codes an hour confirm changes of approvers; try again later`,
        );
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const salt = randomBytes(16).toString('base64url');
      const expiresAt = now + APPROVERS_CODE_TTL_MS;
      await saveCode.run({
        ...scope,
        digest: digestOf(list),
        salt,
        hash: codeDigest(salt, code).toString('base64url'),
        expiresAt,
        sends: sends + 1,
        window: fresh ? now : row.window_started_at,
      });
      await messages.add({ ...scope, ...approversCodeMessage(scope, list, to, code, words) });
      return { sentTo: maskedRecipient(to), expiresAt: iso(expiresAt) };
    });
  }

  /** Checks the code that confirms `list`; a wrong one is counted (and not undone by a throw). */
  async function confirm(scope: Scope, list: Recipient[], typed: string | undefined) {
    const row = await codeOf.get(scope.merchantId, scope.environment);
    const now = clock.now(scope.environment, scope.merchantId);
    return checkApproversCode(row, list, typed, now, (hash) =>
      countWrong.run({ ...scope, hash, max: APPROVERS_MAX_WRONG }),
    );
  }

  /**
   * Replaces the business's list. Removing is free; adding someone who cannot approve now needs
   * the code sent for this list to an approver in effect (400 naming `code`, nothing changed).
   */
  async function update(
    scope: Scope,
    approvers: z.infer<typeof ApproverList>,
    code: string | undefined,
  ): Promise<void> {
    const list = approvers.map(recipientOfApprover);
    const { effect, added } = await newcomers(scope, list);
    if (effect.list.length === 0 || added.length === 0) return replace(scope, list);
    const hash = await confirm(scope, list, code);
    await store.tx(async () => {
      if ((await spend.run({ ...scope, hash })).changes !== 1)
        throw badField('code', 'was already used: ask for a new one');
      await replace(scope, list);
    });
  }

  /** The operator's own setting (`merchant add --approver`): both environments, no code. */
  async function setByOperator(merchantId: string, list: Recipient[]): Promise<void> {
    for (const environment of ENVIRONMENTS) await replace({ merchantId, environment }, list);
  }

  /**
   * Where a contract's code may go: SEND the business's approvers in effect, COLLECT the
   * customer's own e-mail and phone on file. Empty when there is no one.
   */
  async function recipientsFor(
    scope: Scope,
    type: 'SEND' | 'COLLECT',
    customerId: string | null,
  ): Promise<Recipient[]> {
    if (type === 'SEND') return (await inEffect(scope)).list;
    const payer =
      customerId && (await customer.get(customerId, scope.merchantId, scope.environment));
    return payer ? customerRecipients(payer) : [];
  }

  return { view, update, sendCode, setByOperator, recipientsFor, inEffect };
}
export type Approvers = ReturnType<typeof createApprovers>;
