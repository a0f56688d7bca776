/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The decision on the authorization page (authorize-routes.tsx): Approve (with the code, or in
 * the session a COLLECT customer's code opened) or Decline, and the page that says what now
 * holds.
 */
import type { Context } from 'hono';
import { ContractAuthorizeBody } from '../../shared/contract/agent';
import { t, type LanguageCode } from '../../shared/i18n';
import type { Area } from '../http/context';
import type { AgentContext } from './context';
import { ApiError } from '../kernel/errors';
import { pageLanguage, sendPage } from '../ui';
import type { ApprovalCodes, Recipient } from './approval-codes';
import { codeError, type AuthorizeKit, type Refused } from './authorize-kit';
import { OutcomePage } from './authorize-page';
import { cardIn, said } from './words';
import type { LinkedMethod } from './collect-cards';
import type { ContractRow, Contracts } from './contracts';
import type { Revocation } from './revoke-routes';

/** The page after the decision: what now holds, and the revoke link of a new ACTIVE contract. */
function outcomePage(
  c: Context,
  next: ContractRow,
  approved: boolean,
  wasUpdate: boolean,
  revokeUrl: string | undefined,
) {
  const linked = next.linked_method ? (JSON.parse(next.linked_method) as LinkedMethod) : null;
  const name = next.name;
  const text = (lang: LanguageCode) =>
    !approved
      ? t(lang, wasUpdate ? 'agent.limitsStay' : 'agent.wasDeclined', { name })
      : wasUpdate
        ? t(lang, 'agent.newLimitsApply', { name })
        : next.type === 'COLLECT' && linked
          ? t(lang, 'agent.activeCharges', { name, card: cardIn(lang, linked) })
          : t(lang, 'agent.activePayments', { name });
  return sendPage(
    c,
    200,
    <OutcomePage
      sandbox={next.environment === 'sandbox'}
      ok={approved}
      {...(revokeUrl ? { revokeUrl } : {})}
      heading={said(approved ? 'agent.approved' : 'agent.declined')}
      text={text}
    />,
  );
}

export function decisionRoute(
  app: Parameters<Area>[0],
  ctx: AgentContext,
  {
    contracts,
    codes,
    revocation,
  }: { contracts: Contracts; codes: ApprovalCodes; revocation: Revocation },
  { open, formFields, page, twoStep, sessionOf, needsCard, gone }: AuthorizeKit,
) {
  app.post('/agents/authorize/:token', async (c) => {
    const row = await open(c);
    if (row instanceof Response) return row;
    const form = await formFields(c);
    const parsed = ContractAuthorizeBody.safeParse({
      decision: form.decision,
      ...(form.paymentMethodId ? { paymentMethodId: form.paymentMethodId } : {}),
    });
    if (!parsed.success) return await page(c, row, 400, { error: said('agent.errChoose') });
    const { decision, paymentMethodId } = parsed.data;
    // A COLLECT customer approves in the session their code opened (or with the code itself).
    const session = decision === 'APPROVE' && twoStep(row) ? await sessionOf(c, row) : null;
    if (decision === 'APPROVE' && twoStep(row) && !session && !form.code)
      return await page(c, row, 400, { error: said('agent.errTypeFirst') });
    // On the page a COLLECT customer approves a card they chose (the sandbox control may not).
    if (decision === 'APPROVE' && needsCard(row) && !paymentMethodId)
      return await page(c, row, 400, { error: said('agent.errChooseCard') });
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
            // The revoke link's message is in the language the person approved in.
            pageLanguage(c).lang,
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
            ? said('agent.errNotYourCard')
            : error.message,
      });
    }
    return outcomePage(c, next, decision === 'APPROVE', wasUpdate, revokeUrl);
  });
}
