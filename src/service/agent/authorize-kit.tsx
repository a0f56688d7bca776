/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * What every route of the authorization page (authorize-routes.tsx) shares: the contract behind
 * the link, the page itself with what the browser may see of it, and who may get the code.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { t } from '../../shared/i18n';
import { iso } from '../kernel/clock';
import type { AgentContext } from './context';
import { sendPage, type Said } from '../ui';
import type { AgentStore } from './agents';
import { businessOf } from './business';
import {
  MAX_WRONG_CODES,
  SESSION_COOKIE,
  maskedRecipient,
  recipientOf,
  type ApprovalCodes,
  type CodeCheck,
  type Recipient,
} from './approval-codes';
import { sameRecipient, type Approvers } from './approvers';
import { AuthorizePage, OutcomePage, type AuthorizeView } from './authorize-page';
import type { CollectCards, LinkedMethod } from './collect-cards';
import { limitsOf, type ContractRow, type Contracts } from './contracts';
import { codeRefusal } from './words';

export type Refused = Exclude<CodeCheck, { ok: true }>;

/** Why the approval was refused, in the approver's words and language. */
export const codeError =
  (check: Refused): Said =>
  (lang) =>
    codeRefusal(lang, check, MAX_WRONG_CODES);

/** What a page can add to the view: the card checked, an error, a notice. */
type Extras = Pick<AuthorizeView, 'selected' | 'error' | 'cardError' | 'cardValues' | 'notice'>;

/** What the pages read and change. */
export interface AuthorizationParts {
  contracts: Contracts;
  agents: AgentStore;
  cards: CollectCards;
  approvers: Approvers;
}

export function createAuthorizeKit(
  ctx: AgentContext,
  { contracts, agents, cards, approvers }: AuthorizationParts,
  codes: ApprovalCodes,
) {
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
        heading={(lang) => t(lang, 'agent.goneHeading')}
        text={(lang) => t(lang, 'agent.goneText')}
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

  return {
    savedCards,
    needsCard,
    twoStep,
    recipientsOf,
    recipientId,
    sessionOf,
    pageUrl,
    gone,
    agentName,
    business,
    page,
    open,
    formFields,
  };
}
export type AuthorizeKit = ReturnType<typeof createAuthorizeKit>;
