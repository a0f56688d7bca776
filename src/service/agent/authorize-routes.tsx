/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The routes of the hosted authorization page (authorizationUrl): GET shows the contract or its
 * pending update in plain words, POST takes the human's decision. For a new COLLECT contract
 * the customer picks one of their saved cards, or adds one: POST …/card reads the card and hands
 * it to card on file's saving flow (its 3D Secure challenge on /save-card), which comes back here
 * with the new card checked. The agent holds the link as well, so approving also needs the
 * one-time code POST …/code sends to whichever of those who may approve (approvers.ts) the person
 * picks (approval-codes.ts); declining needs none. A COLLECT customer types the code first
 * (POST …/verify), which opens a session for their browser: only then does the page show their
 * cards, take a new card or approve, so the link alone shows nothing of the customer. A used or
 * expired link answers 410. Plain forms (POST → 303 → GET), so all of it works without
 * JavaScript.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { ContractAuthorizeBody } from '../../shared/contract/agent';
import { holdForChallenge, readCardForm } from '../cards/card-entry';
import { createLinkStore } from '../cards/links';
import { iso } from '../kernel/clock';
import type { Area, ServiceContext } from '../context';
import { createCustomerStore } from '../customers/model';
import { ApiError } from '../kernel/errors';
import { guardHostedPages, seeOther, sendPage } from '../ui';
import type { AgentStore } from './agents';
import { businessOf } from './business';
import {
  MAX_WRONG_CODES,
  SESSION_COOKIE,
  VERIFIED_TTL_MS,
  createApprovalCodes,
  maskedRecipient,
  recipientOf,
  type CodeCheck,
  type Recipient,
  type SendOutcome,
} from './approval-codes';
import { sameRecipient, type Approvers } from './approvers';
import { AuthorizePage, OutcomePage, cardWords, type AuthorizeView } from './authorize-page';
import type { CollectCards, LinkedMethod } from './collect-cards';
import { limitsOf, type ContractRow, type Contracts } from './contracts';
import type { Revocation } from './revoke-routes';

/** Why no code was sent, in the approver's words. */
const notSent: Record<Exclude<SendOutcome, 'SENT'>, string> = {
  LOCKED: 'Too many wrong codes: this link can no longer approve.',
  TOO_MANY: 'We have sent as many codes as we can for this link. Ask for a new authorization link.',
  UNDELIVERABLE:
    'We cannot send the code at the moment, so this contract cannot be approved yet. Try again later.',
};

type Refused = Exclude<CodeCheck, { ok: true }>;

/** Why the approval was refused, in the approver's words. */
function codeError(check: Refused): string {
  switch (check.reason) {
    case 'MISSING':
      return 'Type the code we sent you to approve.';
    case 'NONE_SENT':
      return 'Send yourself a code first: approving needs it.';
    case 'EXPIRED':
      return 'That code has expired. Send yourself a new one.';
    case 'LOCKED':
      return `That code is not right, and ${MAX_WRONG_CODES} wrong codes lock this link: it can no longer approve.`;
    case 'WRONG':
      return `That code is not right. ${check.attemptsLeft} ${check.attemptsLeft === 1 ? 'try' : 'tries'} left.`;
  }
}

/** What a page can add to the view: the card checked, an error, a notice. */
type Extras = Pick<AuthorizeView, 'selected' | 'error' | 'cardError' | 'cardValues' | 'notice'>;

/** What the pages read and change. */
export interface AuthorizationParts {
  contracts: Contracts;
  agents: AgentStore;
  cards: CollectCards;
  approvers: Approvers;
}

export function authorizationPages(
  app: Parameters<Area>[0],
  ctx: ServiceContext,
  { contracts, agents, cards, approvers }: AuthorizationParts,
  revocation: Revocation,
) {
  const links = createLinkStore(ctx.store, ctx.clock);
  const customers = createCustomerStore(ctx.store, ctx.clock);
  const codes = createApprovalCodes(ctx.store, ctx.clock, ctx.messages);
  // No other site can post a decision or a card here in the customer's name.
  guardHostedPages(app, ctx, '/agents/authorize/*');

  const savedCards = async (row: ContractRow): Promise<LinkedMethod[]> =>
    row.type === 'COLLECT'
      ? cards.savedCards(
          { merchantId: row.merchant_id, environment: row.environment },
          row.service_customer_id!,
        )
      : [];
  /** The page asks about a new COLLECT contract: it needs a card. */
  const needsCard = (row: ContractRow) => row.type === 'COLLECT' && row.pending_limits === null;
  /** COLLECT: the code comes first; nothing of the customer shows before it. */
  const twoStep = (row: ContractRow) => row.type === 'COLLECT';
  /** Who may get the code: the business's approvers (SEND), the customer's contacts (COLLECT). */
  const recipientsOf = (row: ContractRow) =>
    approvers.recipientsFor(
      { merchantId: row.merchant_id, environment: row.environment },
      row.type,
      row.service_customer_id,
    );
  /** Names a recipient in the page's form without their address, for this link only. */
  const recipientId = (row: ContractRow, r: Recipient) =>
    createHash('sha256')
      .update(`${row.auth_token}:${r.channel}:${r.to.toLowerCase()}`)
      .digest('base64url')
      .slice(0, 16);
  /** This browser's session on the link (it typed a right code), or null. */
  const sessionOf = (c: Context, row: ContractRow) =>
    codes.session(row, getCookie(c, SESSION_COOKIE));
  const pageUrl = (row: ContractRow) => `${ctx.publicUrl()}/agents/authorize/${row.auth_token}`;

  function gone(c: Context) {
    return sendPage(
      c,
      410,
      <OutcomePage
        heading="This link no longer works"
        text="It has expired or has already been used. Ask for a new authorization link."
      />,
    );
  }

  const agentName = async (row: ContractRow) =>
    (await agents.get({ merchantId: row.merchant_id, environment: row.environment }, row.agent_id))
      ?.name ?? 'An agent';
  const business = (row: ContractRow) => businessOf(ctx.profiles, row.merchant_id, row.environment);

  async function page(c: Context, row: ContractRow, status: number, extras: Extras = {}) {
    const pending = row.pending_limits !== null ? JSON.parse(row.pending_limits) : undefined;
    const state = await codes.state(row);
    const verified = twoStep(row) && (await sessionOf(c, row)) !== null;
    // Checked first: where the last code went, else the approver the agent suggested.
    const preferred = state.sentTo ?? recipientOf(row);
    return sendPage(
      c,
      status,
      <AuthorizePage
        view={{
          token: row.auth_token!,
          sandbox: row.environment === 'sandbox',
          business: await business(row),
          agentName: await agentName(row),
          contractName: row.name,
          ...(row.description !== null ? { description: row.description } : {}),
          type: row.type,
          ...(pending ? { current: limitsOf(row) } : {}),
          limits: pending ?? limitsOf(row),
          expiresAt: iso(row.auth_expires_at!),
          // Nothing of the customer before their code: no cards, not even the linked one.
          cards: verified && needsCard(row) ? await savedCards(row) : [],
          linked:
            verified && row.linked_method
              ? (JSON.parse(row.linked_method) as LinkedMethod)
              : undefined,
          approval: {
            recipients: (await recipientsOf(row)).map((r) => ({
              id: recipientId(row, r),
              to: maskedRecipient(r),
              checked: preferred !== null && sameRecipient(r, preferred),
            })),
            sentTo: state.live && state.sentTo ? maskedRecipient(state.sentTo) : undefined,
            live: state.live,
            locked: state.locked,
            sendsLeft: state.sendsLeft,
            twoStep: twoStep(row),
            verified,
          },
          ...extras,
        }}
      />,
    );
  }

  /** The contract behind the link, or the 410 page. */
  async function open(c: Context): Promise<ContractRow | Response> {
    const row = await contracts.byToken(c.req.param('token') ?? '');
    return !row || row.auth_token === null ? gone(c) : row;
  }

  async function formFields(c: Context): Promise<Record<string, string>> {
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(await c.req.parseBody()))
      if (typeof value === 'string') fields[name] = value;
    return fields;
  }

  app.get('/agents/authorize/:token', async (c) => {
    const row = await open(c);
    if (row instanceof Response) return row;
    // Back from the card-saving challenge (its redirect names the outcome); only the browser
    // that typed the customer's code sees which card.
    const outcome = c.req.query('status');
    const added = c.req.query('paymentMethodId');
    const card =
      added && (await sessionOf(c, row))
        ? (await savedCards(row)).find((m) => m.paymentMethodId === added)
        : undefined;
    return await page(c, row, 200, {
      ...(outcome === 'SAVED' && card
        ? {
            selected: card.paymentMethodId,
            notice: `Your ${cardWords(card)} is saved. Approve to let it be charged within these limits.`,
          }
        : {}),
      ...(outcome === 'FAILED' || outcome === 'EXPIRED'
        ? { cardError: 'Your new card was not saved. Try again, or choose a saved card.' }
        : {}),
      ...(c.req.query('code') === 'sent' ? { notice: 'We sent you a code.' } : {}),
    });
  });

  // Sends a one-time code to the one of those who may approve whom the person picked; only the
  // person who reads it can approve. The agent's suggestion (or the first) when none is named.
  app.post('/agents/authorize/:token/code', async (c) => {
    const row = await open(c);
    if (row instanceof Response) return row;
    const recipients = await recipientsOf(row);
    const named = (await formFields(c)).to;
    const suggested = recipientOf(row);
    const to = named
      ? recipients.find((r) => recipientId(row, r) === named)
      : (recipients.find((r) => suggested !== null && sameRecipient(r, suggested)) ??
        recipients[0]);
    if (!to)
      return await page(c, row, 400, {
        error:
          recipients.length === 0
            ? 'There is no one we can send the code to yet.'
            : 'Choose where we send the code.',
      });
    const sent = await codes.send(row, to, {
      businessName: (await business(row)).name,
      agentName: await agentName(row),
      pageUrl: pageUrl(row),
    });
    if (sent === 'SENT') return seeOther(c, `/agents/authorize/${row.auth_token}?code=sent`);
    return await page(c, row, sent === 'UNDELIVERABLE' ? 503 : 400, { error: notSent[sent] });
  });

  // COLLECT: the code typed on its own opens this browser's session; then the cards show.
  app.post('/agents/authorize/:token/verify', async (c) => {
    const row = await open(c);
    if (row instanceof Response) return row;
    if (!twoStep(row) || (await sessionOf(c, row)))
      return seeOther(c, `/agents/authorize/${row.auth_token}`);
    const { check, session } = await codes.verify(row, (await formFields(c)).code ?? '');
    if (!check.ok || !session)
      return await page(c, row, 400, { error: codeError(check as Refused) });
    setCookie(c, SESSION_COOKIE, session, {
      path: `/agents/authorize/${row.auth_token}`,
      httpOnly: true,
      sameSite: 'Strict',
      secure: ctx.publicUrl().startsWith('https:'),
      maxAge: VERIFIED_TTL_MS / 1000,
    });
    return seeOther(c, `/agents/authorize/${row.auth_token}`);
  });

  app.post('/agents/authorize/:token', async (c) => {
    const row = await open(c);
    if (row instanceof Response) return row;
    const form = await formFields(c);
    const parsed = ContractAuthorizeBody.safeParse({
      decision: form.decision,
      ...(form.paymentMethodId ? { paymentMethodId: form.paymentMethodId } : {}),
    });
    if (!parsed.success) return await page(c, row, 400, { error: 'Choose Approve or Decline.' });
    const { decision, paymentMethodId } = parsed.data;
    // A COLLECT customer approves in the session their code opened (or with the code itself).
    const session = decision === 'APPROVE' && twoStep(row) ? await sessionOf(c, row) : null;
    if (decision === 'APPROVE' && twoStep(row) && !session && !form.code)
      return await page(c, row, 400, { error: 'Type the code we sent you first.' });
    // On the page a COLLECT customer approves a card they chose (the sandbox control may not).
    if (decision === 'APPROVE' && needsCard(row) && !paymentMethodId)
      return await page(c, row, 400, { error: 'Choose the card to charge, or add a card first.' });
    const wasUpdate = row.pending_limits !== null;
    let next: ContractRow;
    let revokeUrl: string | undefined;
    try {
      // Approval spends the right code in the transaction that approves; a wrong one is counted.
      // A contract that becomes ACTIVE gets its human's revoke link in the same transaction.
      const decided = await ctx.store.tx(
        async (): Promise<{ row: ContractRow; revokeUrl?: string } | Refused> => {
          let approvedBy: Recipient | null = null;
          if (decision === 'APPROVE' && session) approvedBy = session.sentTo;
          else if (decision === 'APPROVE') {
            const code = await codes.check(row, form.code ?? '');
            if (!code.ok) return code;
            approvedBy = code.sentTo;
          }
          return await revocation.afterDecision(
            row,
            await contracts.decide(row, decision, paymentMethodId, approvedBy ?? undefined),
          );
        },
      );
      if ('ok' in decided) return await page(c, row, 400, { error: codeError(decided) });
      next = decided.row;
      revokeUrl = decided.revokeUrl;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      const fresh = await contracts.byToken(row.auth_token!);
      if (!fresh || fresh.auth_token === null) return gone(c);
      return await page(c, fresh, 400, {
        error:
          error.errors?.[0]?.field === 'paymentMethodId'
            ? 'That card is not one of your saved cards. Choose one of the cards below.'
            : error.message,
      });
    }
    const approved = decision === 'APPROVE';
    const linked = next.linked_method ? (JSON.parse(next.linked_method) as LinkedMethod) : null;
    const charges =
      next.type === 'COLLECT' && linked
        ? `charges within its limits can now be made to your ${cardWords(linked)}`
        : 'payments within its limits can now be made';
    return sendPage(
      c,
      200,
      <OutcomePage
        sandbox={next.environment === 'sandbox'}
        ok={approved}
        {...(revokeUrl ? { revokeUrl } : {})}
        heading={approved ? 'Approved' : 'Declined'}
        text={
          approved
            ? wasUpdate
              ? `The new limits of “${next.name}” apply from now.`
              : `“${next.name}” is active: ${charges}.`
            : wasUpdate
              ? `The current limits of “${next.name}” stay as they were.`
              : `“${next.name}” was declined: no payment can be made under it.`
        }
      />,
    );
  });

  // A new card for a COLLECT contract: checked here, saved by card on file after its 3DS.
  app.post('/agents/authorize/:token/card', async (c) => {
    const row = await open(c);
    if (row instanceof Response) return row;
    if (!needsCard(row)) return seeOther(c, `/agents/authorize/${row.auth_token}`);
    // Only the customer adds a card: the browser that typed their code.
    if (!(await sessionOf(c, row)))
      return await page(c, row, 403, { error: 'Type the code we sent you first.' });
    const fields = await formFields(c);
    const entry = readCardForm(fields, ctx.clock.now(row.environment, row.merchant_id));
    if (!entry.ok)
      return await page(c, row, 400, {
        cardError: entry.declined ? `${entry.error}. Try another card.` : entry.error,
        cardValues: { name: fields.name, expiry: fields.expiry },
      });
    const customer = await customers.get(
      { merchantId: row.merchant_id, environment: row.environment },
      row.service_customer_id!,
    );
    return seeOther(c, await holdForChallenge(links, customer, entry.card, pageUrl(row)));
  });
}
