/**
 * GET and PUT /api/merchant/approvers, POST /api/merchant/approvers/code: the business's own
 * approvers of its agents' SEND contracts, per environment (the secret's), and the code that
 * confirms a change adding someone (approvers.ts says why).
 */
import { routes } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import type { AgentContext } from './context';
import { mount } from '../http/mount';
import type { Approvers } from './approvers';
import { businessOf } from './business';

export function approverRoutes(
  app: Parameters<Area<AgentContext>>[0],
  ctx: Parameters<Area<AgentContext>>[1],
  approvers: Approvers,
) {
  mount(app, ctx.auth, routes.getAgentApprovers, async ({ caller }) => approvers.view(caller));

  mount(app, ctx.auth, routes.updateAgentApprovers, async ({ caller, body }) => {
    await approvers.update(caller, body.approvers, body.code);
    return await approvers.view(caller);
  });

  mount(app, ctx.auth, routes.sendApproversCode, async ({ caller, body }) =>
    approvers.sendCode(caller, body.approvers, body.confirmer, {
      businessName: (await businessOf(ctx.profiles, caller.merchantId, caller.environment)).name,
    }),
  );
}
