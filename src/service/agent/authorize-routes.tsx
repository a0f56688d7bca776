/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The routes of the hosted authorization page (authorizationUrl): GET shows the contract or its
 * pending update in plain words, POST takes the human's decision. The token in the path is the
 * link's only credential; a used or expired link answers 410.
 */
import type { Context } from 'hono';
import { ContractAuthorizeBody } from '../../shared/contract/agent';
import { iso } from '../clock';
import type { Area, ServiceContext } from '../context';
import type { AgentStore } from './agents';
import { AuthorizePage, OutcomePage } from './authorize-page';
import type { CollectCards } from './collect-cards';
import { limitsOf, type Contracts } from './contracts';

export function authorizationPages(
  app: Parameters<Area>[0],
  ctx: ServiceContext,
  contracts: Contracts,
  agents: AgentStore,
  cards: CollectCards,
) {
  const businessName = ctx.db.prepare<[string], { name: string }>(
    'SELECT name FROM merchants WHERE id = ?',
  );
  const noStore = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

  function gone(c: Context) {
    return c.html(
      <OutcomePage
        heading="This link no longer works"
        text="It has expired or has already been used. Ask for a new authorization link."
      />,
      410,
      noStore,
    );
  }

  app.get('/agents/authorize/:token', (c) => {
    const row = contracts.byToken(c.req.param('token'));
    if (!row || row.auth_token === null) return gone(c);
    const agent = agents.get(
      { merchantId: row.merchant_id, environment: row.environment },
      row.agent_id,
    );
    const pending = row.pending_limits !== null ? JSON.parse(row.pending_limits) : undefined;
    return c.html(
      <AuthorizePage
        view={{
          token: row.auth_token,
          businessName: businessName.get(row.merchant_id)?.name ?? 'The business',
          agentName: agent?.name ?? 'An agent',
          contractName: row.name,
          ...(row.description !== null ? { description: row.description } : {}),
          type: row.type,
          ...(pending ? { current: limitsOf(row) } : {}),
          limits: pending ?? limitsOf(row),
          expiresAt: iso(row.auth_expires_at!),
          cards:
            row.type === 'COLLECT'
              ? cards.savedCards(
                  { merchantId: row.merchant_id, environment: row.environment },
                  row.service_customer_id!,
                )
              : [],
        }}
      />,
      200,
      noStore,
    );
  });

  app.post('/agents/authorize/:token', async (c) => {
    const row = contracts.byToken(c.req.param('token'));
    if (!row || row.auth_token === null) return gone(c);
    const form = await c.req.parseBody();
    const parsed = ContractAuthorizeBody.safeParse({
      decision: form.decision,
      ...(typeof form.paymentMethodId === 'string'
        ? { paymentMethodId: form.paymentMethodId }
        : {}),
    });
    if (!parsed.success)
      return c.html(
        <OutcomePage
          heading="Choose Approve or Decline"
          text="Go back and press one of the two buttons."
        />,
        400,
        noStore,
      );
    const wasUpdate = row.pending_limits !== null;
    const next = contracts.decide(row, parsed.data.decision, parsed.data.paymentMethodId);
    const approved = parsed.data.decision === 'APPROVE';
    return c.html(
      <OutcomePage
        heading={approved ? 'Approved' : 'Declined'}
        text={
          approved
            ? wasUpdate
              ? `The new limits of “${next.name}” apply from now.`
              : `“${next.name}” is active: payments within its limits can now be made.`
            : wasUpdate
              ? `The current limits of “${next.name}” stay as they were.`
              : `“${next.name}” was declined: no payment can be made under it.`
        }
      />,
      200,
      noStore,
    );
  });
}
