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
import type { FC } from 'hono/jsx';
import { languageOf, t, type LanguageCode } from '../../shared/i18n';
import type { Area } from '../http/context';
import type { AgentContext } from './context';
import { iso } from '../kernel/clock';
import { ApiError } from '../kernel/errors';
import { MerchantHeader, PageShell, guardHostedPages, sendPage, usePageWords } from '../ui';
import { recipientOf, toApprover } from './approval-codes';
import type { Approvers } from './approvers';
import { businessOf, type Business } from './business';
import { OutcomePage } from './authorize-page';
import { limitsOf, type ContractRow, type Contracts } from './contracts';
import { customersLanguage, limitLines, said, whenIn } from './words';

/** The page of an ACTIVE contract: what it allows, and the button that revokes it. */
const RevokePage: FC<{ row: ContractRow; business: Business; token: string }> = (props) => {
  const { row, token } = props;
  const business = props.business.name;
  const { say, lang } = usePageWords();
  return (
    <PageShell
      title={(l) => t(l, 'agent.revokeTitle')}
      sandbox={row.environment === 'sandbox'}
      translated
    >
      <MerchantHeader merchantName={business} logo={props.business.logo} />
      <section class="card">
        <h1>{say('agent.revokeHeading', { name: row.name })}</h1>
        <p>{say(row.type === 'SEND' ? 'agent.revokeSend' : 'agent.revokeCollect', { business })}</p>
        <ul data-testid="limits">
          {limitLines(lang, limitsOf(row)).map((line) => (
            <li>{line}</li>
          ))}
        </ul>
        <p>{say('agent.revokeWarning')}</p>
        <form method="post" action={`/agents/revoke/${token}`}>
          <button type="submit" name="decision" value="REVOKE">
            {say('agent.revokeButton')}
          </button>
        </form>
      </section>
    </PageShell>
  );
};

/** What a contract that is no longer ACTIVE says on its revoke page. */
function endedText(row: ContractRow) {
  const name = row.name;
  return (lang: LanguageCode) =>
    row.status !== 'REVOKED'
      ? t(lang, 'agent.noLongerUsed', { name })
      : row.revoked_at !== null
        ? t(lang, 'agent.revokedSince', { name, when: whenIn(lang, iso(row.revoked_at)) })
        : t(lang, 'agent.revokedText', { name });
}

export function revocationPages(
  app: Parameters<Area>[0],
  ctx: AgentContext,
  contracts: Contracts,
  approvers: Approvers,
) {
  guardHostedPages(app, ctx, '/agents/revoke/*');
  customersLanguage(app, ctx, 'revoke', (token) => contracts.byRevokeToken(token));
  const business = (row: ContractRow) => businessOf(ctx.profiles, row.merchant_id, row.environment);

  function unknown(c: Context) {
    return sendPage(
      c,
      404,
      <OutcomePage heading={said('agent.unknownHeading')} text={said('agent.unknownText')} />,
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
          row.status === 'REVOKED'
            ? said('agent.revoked')
            : (lang) => t(lang, 'agent.contractIs', { status: row.status })
        }
        text={endedText(row)}
      />,
    );

  app.get('/agents/revoke/:token', async (c) => {
    const row = await contracts.byRevokeToken(c.req.param('token'));
    if (!row) return unknown(c);
    if (row.status !== 'ACTIVE') return outcome(c, row, 200);
    return sendPage(
      c,
      200,
      <RevokePage row={row} business={await business(row)} token={c.req.param('token')} />,
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
      lang?: LanguageCode,
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
      if (recipient) {
        // The page's language, or (approved by the sandbox control) the merchant's, or English.
        const inLang =
          lang ??
          languageOf(
            await ctx.shopLanguage({ ...toPlace(row), store_id: null, terminal_id: null }),
          ) ??
          'en';
        const values = { business: (await business(row)).name, name: row.name, url: revokeUrl };
        await ctx.messages.add({
          ...toApprover(row, recipient),
          lang: inLang,
          subject: t(inLang, 'mail.revokeSubject', values),
          body: t(
            inLang,
            recipient.channel === 'EMAIL' ? 'mail.revokeEmail' : 'mail.revokeSms',
            values,
          ),
          link: revokeUrl,
        });
      }
      return { row, revokeUrl };
    },
  };
}
export type Revocation = ReturnType<typeof revocationPages>;

const toPlace = (row: ContractRow) => ({
  merchant_id: row.merchant_id,
  environment: row.environment,
});
