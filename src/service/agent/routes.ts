/**
 * Agent Pay's area: signed agent identities, spending contracts, the human's authorization page,
 * payments under contracts and the sandbox control that stands in for the human
 * (docs/agent-pay.md).
 */
import type { Context } from 'hono';
import { routes } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import type { AgentContext } from './context';
import { ApiError, notFound } from '../kernel/errors';
import { mount } from '../http/mount';
import { agentView, createAgentStore, type AgentRow } from './agents';
import { approverRoutes } from './approver-routes';
import { createApprovers } from './approvers';
import { authorizationPages } from './authorize-routes';
import { noCards, type CollectCards } from './collect-cards';
import { createContracts, type ContractRow } from './contracts';
import { createReceiptSigner } from './receipt-signer';
import { revocationPages } from './revoke-routes';
import { createSpending, paymentView, type Accepted } from './spending';
import { agentAuth, verifiedOf } from './verify';
import { nonceStatements } from './repo/agents';

/** The signing agent of a request the middleware verified. */
function signer(c: Context): AgentRow {
  const v = verifiedOf(c);
  if (v.kind !== 'agent') throw new ApiError(401, 'This request is not signed by an agent');
  return v.agent;
}

/**
 * Builds the area. `cardsOf` gives card on file's side of COLLECT contracts (collect-cards.ts)
 * for the service's context; app.ts passes card on file's (cards/collect.ts), the default none.
 */
export function agentRoutes<C extends AgentContext = AgentContext>(
  cardsOf: (ctx: C) => CollectCards = () => noCards,
): Area<C> {
  return (app, ctx) => {
    const cards = cardsOf(ctx);
    const agents = createAgentStore(ctx.store, ctx.clock);
    const approvers = createApprovers(ctx.store, ctx.clock, ctx.messages, ctx.approvers);
    const contracts = createContracts(ctx.store, ctx.clock, cards, approvers);
    const receiptSigner = createReceiptSigner(ctx.store, ctx.clock, ctx.receiptKeys);
    const spending = createSpending(ctx.store, ctx.clock, contracts, cards, ctx.payments, {
      signer: receiptSigner,
      issuer: () => ctx.publicUrl(),
    });
    const accepted = ({ payment, receipt }: Accepted) => ({ ...paymentView(payment), receipt });
    const { purgeNonces, purgeMovedNonces } = nonceStatements(ctx.store);
    ctx.everyTick(async () => {
      await contracts.expireDue();
      await spending.settleDue();
      await receiptSigner.rotateIfDue();
      for (const sweep of ctx.clock.sweeps())
        if (sweep.merchants !== undefined) await purgeMovedNonces.run(sweep.merchants, sweep.now);
      await purgeNonces.run(ctx.clock.now('production'));
    });

    const verifier = agentAuth(ctx, agents);
    // Hono's '/api/agents/*' also matches '/api/agents' itself.
    app.use('/api/agents/*', verifier);

    mount(app, ctx.auth, routes.registerAgent, async ({ body, c }) => {
      const v = verifiedOf(c);
      if (v.kind !== 'registration') throw new ApiError(401, 'Registration must be signed');
      const { row, created } = await agents.register(v.caller, {
        claimedAgentId: v.claimedAgentId,
        publicKeyPem: v.publicKeyPem,
        keyThumbprint: v.keyThumbprint,
        name: body.name,
        ...(body.description !== undefined ? { description: body.description } : {}),
      });
      return c.json(agentView(row, 'registered'), created ? 201 : 200);
    });

    mount(app, ctx.auth, routes.getAgentMe, async ({ c }) => agentView(signer(c), 'identity'));

    mount(app, ctx.auth, routes.listAgents, async ({ caller, query }) => {
      const { data, totalCount } = await agents.list(caller, query.page, query.size);
      return {
        data: data.map((row) => agentView(row, 'identity')),
        totalCount,
        page: query.page,
        size: query.size,
      };
    });

    const full = (row: ContractRow) =>
      contracts.view(row, { publicUrl: ctx.publicUrl(), withUsage: true });

    mount(app, ctx.auth, routes.createContract, async ({ body, c }) => {
      // authorizationUrl is returned by create and update only (docs/agent-pay.md).
      return full(await contracts.create(signer(c), body));
    });

    mount(
      app,
      ctx.auth,
      routes.getContract,
      async ({ params, c }) =>
        await contracts.view(await contracts.getOwn(signer(c), params.contractId), {
          withUsage: true,
        }),
    );

    mount(app, ctx.auth, routes.listContracts, async ({ query, c }) => {
      const agent = signer(c);
      const scope = { merchantId: agent.merchant_id, environment: agent.environment };
      const { data, totalCount } = await contracts.list(scope, { ...query, agentId: agent.id });
      return {
        data: await Promise.all(data.map((row) => contracts.view(row))),
        totalCount,
        page: query.page,
        size: query.size,
      };
    });

    // The business's own view (the dashboard's), with the API key alone.
    mount(app, ctx.auth, routes.listBusinessContracts, async ({ query, caller }) => {
      const { data, totalCount } = await contracts.list(caller, query);
      return {
        data: await Promise.all(data.map((row) => contracts.view(row, { withUsage: true }))),
        totalCount,
        page: query.page,
        size: query.size,
      };
    });

    mount(app, ctx.auth, routes.getBusinessContract, async ({ params, caller }) => {
      const row = await contracts.get(caller, params.contractId);
      if (!row) throw notFound('No contract with this id');
      return await contracts.view(row, { withUsage: true });
    });

    mount(app, ctx.auth, routes.listBusinessContractPayments, async ({ params, query, caller }) => {
      const { data, totalCount } = await spending.listOfBusiness(caller, params.contractId, query);
      return { data: data.map(paymentView), totalCount, page: query.page, size: query.size };
    });

    mount(app, ctx.auth, routes.updateContract, async ({ params, body, c }) =>
      full(await contracts.update(signer(c), params.contractId, body.limits)),
    );

    mount(app, ctx.auth, routes.createContractPayment, async ({ params, body, c }) =>
      accepted(await spending.send(signer(c), params.contractId, body)),
    );

    mount(app, ctx.auth, routes.createContractCharge, async ({ params, body, c }) =>
      accepted(await spending.charge(signer(c), params.contractId, body)),
    );

    // The business (its API key, the dashboard) revokes any of its contracts; its human revokes
    // on the link sent to them (revoke-routes.tsx). Another business's contract reads as absent.
    mount(app, ctx.auth, routes.revokeContract, async ({ params, caller }) => {
      const row = await contracts.get(caller, params.contractId);
      if (!row) throw notFound('No contract with this id');
      return await contracts.view(await contracts.revoke(row, 'BUSINESS'), { withUsage: true });
    });

    mount(app, ctx.auth, routes.receiptKeys, async () => await receiptSigner.jwks());

    mount(app, ctx.auth, routes.listContractPayments, async ({ params, query, c }) => {
      const { data, totalCount } = await spending.list(signer(c), params.contractId, query);
      return { data: data.map(paymentView), totalCount, page: query.page, size: query.size };
    });

    mount(app, ctx.auth, routes.getContractPayment, async ({ params, c }) =>
      paymentView(await spending.get(signer(c), params.paymentId)),
    );

    const revocation = revocationPages(app, ctx, contracts, approvers);

    mount(app, ctx.auth, routes.authorizeContract, async ({ params, body, caller }) => {
      const row = await contracts.get(caller, params.contractId);
      if (!row) throw notFound('No contract with this id');
      const decided = await ctx.store.tx(async () =>
        revocation.afterDecision(
          row,
          await contracts.decide(row, body.decision, body.paymentMethodId),
        ),
      );
      return await contracts.view(decided.row, { withUsage: true });
    });

    authorizationPages(app, ctx, { contracts, agents, cards, approvers }, revocation);
    approverRoutes(app, ctx, approvers);
  };
}
