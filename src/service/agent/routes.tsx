/** @jsxRuntime automatic @jsxImportSource hono/jsx */
/**
 * Agent Pay's area: signed agent identities, spending contracts, the human's authorization page,
 * payments under contracts and the sandbox control that stands in for the human
 * (docs/agent-pay.md).
 */
import type { Context } from 'hono';
import { ContractAuthorizeBody } from '../../shared/contract/agent';
import { routes } from '../../shared/contract/routes';
import { iso } from '../clock';
import type { Area, ServiceContext } from '../context';
import { ApiError, notFound } from '../http/errors';
import { mount } from '../http/mount';
import { agentView, createAgentStore, type AgentRow } from './agents';
import { AuthorizePage, OutcomePage } from './authorize-page';
import { noCards, type CollectCards } from './collect-cards';
import { createContracts, limitsOf, type ContractRow } from './contracts';
import { createSpending, paymentView } from './spending';
import { agentAuth, verifiedOf } from './verify';

/** The signing agent of a request the middleware verified. */
function signer(c: Context): AgentRow {
  const v = verifiedOf(c);
  if (v.kind !== 'agent') throw new ApiError(401, 'This request is not signed by an agent');
  return v.agent;
}

/** Builds the area; `cards` is card on file's side of COLLECT contracts (collect-cards.ts). */
export function agentRoutes(cards: CollectCards = noCards): Area {
  return (app, ctx) => {
    const agents = createAgentStore(ctx.db, ctx.clock);
    const contracts = createContracts(ctx.db, ctx.clock, cards);
    const spending = createSpending(ctx.db, ctx.clock, contracts, cards, ctx.payments);
    const purgeNonces = ctx.db.prepare('DELETE FROM agent_nonces WHERE expires_at <= ?');
    ctx.everyTick(() => {
      contracts.expireDue();
      spending.settleDue();
      purgeNonces.run(ctx.clock.now());
    });

    const verifier = agentAuth(ctx, agents);
    // Hono's '/api/agents/*' also matches '/api/agents' itself.
    app.use('/api/agents/*', verifier);

    mount(app, ctx.auth, routes.registerAgent, ({ body, c }) => {
      const v = verifiedOf(c);
      if (v.kind !== 'registration') throw new ApiError(401, 'Registration must be signed');
      const { row, created } = agents.register(v.caller, {
        claimedAgentId: v.claimedAgentId,
        publicKeyPem: v.publicKeyPem,
        keyThumbprint: v.keyThumbprint,
        name: body.name,
        ...(body.description !== undefined ? { description: body.description } : {}),
      });
      return c.json(agentView(row, 'registered'), created ? 201 : 200);
    });

    mount(app, ctx.auth, routes.getAgentMe, ({ c }) => agentView(signer(c), 'identity'));

    mount(app, ctx.auth, routes.listAgents, ({ caller, query }) => {
      const { data, totalCount } = agents.list(caller, query.page, query.size);
      return {
        data: data.map((row) => agentView(row, 'identity')),
        totalCount,
        page: query.page,
        size: query.size,
      };
    });

    const full = (row: ContractRow) =>
      contracts.view(row, { publicUrl: ctx.publicUrl(), withUsage: true });

    mount(app, ctx.auth, routes.createContract, ({ body, c }) => {
      // authorizationUrl is returned by create and update only (seed section 2).
      return full(contracts.create(signer(c), body));
    });

    mount(app, ctx.auth, routes.getContract, ({ params, c }) =>
      contracts.view(contracts.getOwn(signer(c), params.contractId), { withUsage: true }),
    );

    mount(app, ctx.auth, routes.listContracts, ({ query, c }) => {
      const agent = signer(c);
      const scope = { merchantId: agent.merchant_id, environment: agent.environment };
      const { data, totalCount } = contracts.list(scope, { ...query, agentId: agent.id });
      return {
        data: data.map((row) => contracts.view(row)),
        totalCount,
        page: query.page,
        size: query.size,
      };
    });

    // The business's own view (the dashboard's), with the API key alone.
    mount(app, ctx.auth, routes.listBusinessContracts, ({ query, caller }) => {
      const { data, totalCount } = contracts.list(caller, query);
      return {
        data: data.map((row) => contracts.view(row, { withUsage: true })),
        totalCount,
        page: query.page,
        size: query.size,
      };
    });

    mount(app, ctx.auth, routes.getBusinessContract, ({ params, caller }) => {
      const row = contracts.get(caller, params.contractId);
      if (!row) throw notFound('No contract with this id');
      return contracts.view(row, { withUsage: true });
    });

    mount(app, ctx.auth, routes.updateContract, ({ params, body, c }) =>
      full(contracts.update(signer(c), params.contractId, body.limits)),
    );

    mount(app, ctx.auth, routes.createContractPayment, ({ params, body, c }) =>
      paymentView(spending.send(signer(c), params.contractId, body)),
    );

    mount(app, ctx.auth, routes.createContractCharge, async ({ params, body, c }) =>
      paymentView(await spending.charge(signer(c), params.contractId, body)),
    );

    mount(app, ctx.auth, routes.listContractPayments, ({ params, query, c }) => {
      const { data, totalCount } = spending.list(signer(c), params.contractId, query);
      return { data: data.map(paymentView), totalCount, page: query.page, size: query.size };
    });

    mount(app, ctx.auth, routes.getContractPayment, ({ params, c }) =>
      paymentView(spending.get(signer(c), params.paymentId)),
    );

    mount(app, ctx.auth, routes.authorizeContract, ({ params, body, caller }) => {
      const row = contracts.get(caller, params.contractId);
      if (!row) throw notFound('No contract with this id');
      return contracts.view(contracts.decide(row, body.decision, body.paymentMethodId), {
        withUsage: true,
      });
    });

    authorizationPages(app, ctx, contracts, agents, cards);
  };
}

function authorizationPages(
  app: Parameters<Area>[0],
  ctx: ServiceContext,
  contracts: ReturnType<typeof createContracts>,
  agents: ReturnType<typeof createAgentStore>,
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
