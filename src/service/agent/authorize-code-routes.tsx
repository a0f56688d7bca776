/**
 * The code step of the authorization page (authorize-routes.tsx): the person picks which of
 * those who may approve gets the one-time code, and a COLLECT customer types it on its own to
 * open their browser's session on the link.
 */
import { setCookie } from 'hono/cookie';
import type { Area } from '../http/context';
import type { AgentContext } from './context';
import { pageLanguage, seeOther, type Said } from '../ui';
import {
  SESSION_COOKIE,
  VERIFIED_TTL_MS,
  recipientOf,
  type ApprovalCodes,
  type SendOutcome,
} from './approval-codes';
import { sameRecipient } from './approvers';
import { codeError, type AuthorizeKit, type Refused } from './authorize-kit';
import { said } from './words';

/** Why no code was sent, in the approver's words. */
const notSent: Record<Exclude<SendOutcome, 'SENT'>, Said> = {
  LOCKED: said('agent.notSentLocked'),
  TOO_MANY: said('agent.notSentTooMany'),
  UNDELIVERABLE: said('agent.notSentUndeliverable'),
};

export function approverChoiceRoute(
  app: Parameters<Area>[0],
  codes: ApprovalCodes,
  kit: AuthorizeKit,
) {
  const { open, recipientsOf, formFields, recipientId, page, business, agentName, pageUrl } = kit;
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
        error: said(recipients.length === 0 ? 'agent.errNoOne' : 'agent.errChooseWhere'),
      });
    const sent = await codes.send(row, to, {
      businessName: (await business(row)).name,
      agentName: await agentName(row),
      pageUrl: pageUrl(row),
      // In the language the person reads the page in.
      lang: pageLanguage(c).lang,
    });
    if (sent === 'SENT') return seeOther(c, `/agents/authorize/${row.auth_token}?code=sent`);
    return await page(c, row, sent === 'UNDELIVERABLE' ? 503 : 400, { error: notSent[sent] });
  });
}

export function codeStepRoute(
  app: Parameters<Area>[0],
  ctx: AgentContext,
  codes: ApprovalCodes,
  { open, twoStep, sessionOf, formFields, page }: AuthorizeKit,
) {
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
}
