/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The decision on the authorization page (authorize-routes.tsx): Approve (with the code, or in
 * the session a COLLECT customer's code opened) or Decline, and the page that says what now
 * holds.
 */
import type { Context } from 'hono';
import { ContractAuthorizeBody } from '../../shared/contract/agent';
import type { Area } from '../http/context';
import type { AgentContext } from './context';
import { ApiError } from '../kernel/errors';
import { sendPage } from '../ui';
import type { ApprovalCodes, Recipient } from './approval-codes';
import { codeError, type AuthorizeKit, type Refused } from './authorize-kit';
import { OutcomePage, cardWords } from './authorize-page';
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
    return outcomePage(c, next, decision === 'APPROVE', wasUpdate, revokeUrl);
  });
}
