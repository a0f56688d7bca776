/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The human's revoke link: when a contract becomes ACTIVE, its approver (who approved it, or the
 * one the agent suggested when the sandbox control approved; for COLLECT at least the customer's
 * own contact on file) is sent a link
 * of their own (e-mail or SMS, through the message outbox; the approval's outcome page shows it
 * too) on which they can revoke the contract at any time. GET shows the contract and a Revoke
 * button, POST revokes it: REVOKED at once, later sends and collects refused, payments already
 * made kept.
 *
 * Unlike the authorization link, the agent never sees this one (it is in no API answer, and
 * the database keeps only its SHA-256), so the link alone is the human's proof; like Decline,
 * revoking moves no money, so it needs no one-time code. The form is guarded as the
 * authorization page's are: no other site can post it in the human's name. Plain forms, so it
 * works without JavaScript.
 */
import type { Context } from 'hono';
import { limitSentences, when } from '../../shared/agent-words';
import type { Area } from '../http/context';
import type { AgentContext } from './context';
import { iso } from '../kernel/clock';
import { ApiError } from '../kernel/errors';
import { MerchantHeader, PageShell, guardHostedPages, sendPage } from '../ui';
import { recipientOf, toApprover } from './approval-codes';
import type { Approvers } from './approvers';
import { businessOf } from './business';
import { OutcomePage } from './authorize-page';
import { limitsOf, type ContractRow, type Contracts } from './contracts';

export function revocationPages(
  app: Parameters<Area>[0],
  ctx: AgentContext,
  contracts: Contracts,
  approvers: Approvers,
) {
  guardHostedPages(app, ctx, '/agents/revoke/*');
  const business = (row: ContractRow) => businessOf(ctx.profiles, row.merchant_id, row.environment);

  function unknown(c: Context) {
    return sendPage(
      c,
      404,
      <OutcomePage
        heading="This link does not work"
        text="It names no contract. Use the revoke link we sent you when the contract was approved."
      />,
    );
  }

  const outcome = (c: Context, row: ContractRow, status: number) =>
    sendPage(
      c,
      status,
      <OutcomePage
        sandbox={row.environment === 'sandbox'}
        ok={row.status === 'REVOKED'}
        heading={
          row.status === 'REVOKED' ? 'Revoked' : `This contract is ${row.status.toLowerCase()}`
        }
        text={
          row.status === 'REVOKED'
            ? `“${row.name}” is revoked${row.revoked_at !== null ? ` since ${when(iso(row.revoked_at))}` : ''}: no payment can be made under it any more. Payments made before stay as they were.`
            : `“${row.name}” can no longer be used: no payment can be made under it.`
        }
      />,
    );

  app.get('/agents/revoke/:token', async (c) => {
    const row = await contracts.byRevokeToken(c.req.param('token'));
    if (!row) return unknown(c);
    if (row.status !== 'ACTIVE') return outcome(c, row, 200);
    const { name: business, logo } = await businessOf(
      ctx.profiles,
      row.merchant_id,
      row.environment,
    );
    return sendPage(
      c,
      200,
      <PageShell title="Revoke a spending contract" sandbox={row.environment === 'sandbox'}>
        <MerchantHeader merchantName={business} logo={logo} />
        <section class="card">
          <h1>Revoke “{row.name}”</h1>
          <p>
            {row.type === 'SEND'
              ? `An agent of ${business} may send payments from ${business}'s account within these limits:`
              : `${business} may charge your card through its agent within these limits:`}
          </p>
          <ul data-testid="limits">
            {limitSentences(limitsOf(row)).map((line) => (
              <li>{line}</li>
            ))}
          </ul>
          <p>
            Revoking ends it at once: no payment can be made under it any more. Payments already
            made stay as they were. It cannot be undone.
          </p>
          <form method="post" action={`/agents/revoke/${c.req.param('token')}`}>
            <button type="submit" name="decision" value="REVOKE">
              Revoke this contract
            </button>
          </form>
        </section>
      </PageShell>,
    );
  });

  app.post('/agents/revoke/:token', async (c) => {
    const row = await contracts.byRevokeToken(c.req.param('token'));
    if (!row) return unknown(c);
    try {
      return outcome(c, await contracts.revoke(row, 'APPROVER'), 200);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      // DECLINED or EXPIRED meanwhile (409), or changed under us: say what it is now.
      const fresh = await contracts.byRevokeToken(c.req.param('token'));
      return fresh ? outcome(c, fresh, 409) : unknown(c);
    }
  });

  return {
    /**
     * Called in the transaction that decided: a contract that has just become ACTIVE gets its
     * revoke link, sent to its approver. Answers the contract and the link (for the outcome page).
     */
    async afterDecision(
      before: ContractRow,
      after: ContractRow,
    ): Promise<{ row: ContractRow; revokeUrl?: string }> {
      if (before.status === 'ACTIVE' || after.status !== 'ACTIVE') return { row: after };
      const { row, token } = await contracts.newRevokeToken(after);
      const revokeUrl = `${ctx.publicUrl()}/agents/revoke/${token}`;
      const recipient =
        recipientOf(row) ??
        (row.type === 'COLLECT'
          ? ((
              await approvers.recipientsFor(
                { merchantId: row.merchant_id, environment: row.environment },
                'COLLECT',
                row.service_customer_id,
              )
            )[0] ?? null)
          : null);
      if (recipient)
        await ctx.messages.add({
          ...toApprover(row, recipient),
          subject: `${(await business(row)).name}: “${row.name}” is active; how to revoke it`,
          body:
            recipient.channel === 'EMAIL'
              ? `“${row.name}”, which you approved, is now active. To revoke it at any time, open ${revokeUrl}\n\nKeep this link to yourself: it is the only one, and whoever holds it can revoke the contract (it cannot move money).`
              : `“${row.name}” is active. Revoke it at any time: ${revokeUrl}`,
          link: revokeUrl,
        });
      return { row, revokeUrl };
    },
  };
}
export type Revocation = ReturnType<typeof revocationPages>;
