/**
 * Remote actions (docs/fleet.md, Remote actions): the merchant asks one kiosk to reload its
 * customer display or print a test page; the request is recorded PENDING and pushed to that kiosk
 * alone (a TERMINAL_ACTION event), and the kiosk answers with how it went (DONE or FAILED, its
 * words), once.
 */
import type { z } from 'zod';
import type { TerminalAction } from '../../shared/contract/kiosk-settings';
import { routes } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import { mount } from '../http/mount';
import { iso } from '../kernel/clock';
import { ApiError, notFound } from '../kernel/errors';
import { newId } from '../kernel/ids';
import type { KioskConfigContext } from './context';
import { actionStatements, type ActionRow } from './repo';

const actionOf = (r: ActionRow): z.input<typeof TerminalAction> => ({
  id: r.id,
  terminalId: r.terminal_id,
  action: r.action as TerminalAction['action'],
  status: r.status as TerminalAction['status'],
  message: r.message,
  requestedBy: r.requested_by,
  requestedAt: iso(r.requested_at),
  doneAt: r.done_at === null ? null : iso(r.done_at),
});

export const terminalActionRoutes: Area<KioskConfigContext> = (app, ctx) => {
  const { store, clock, terminals, outbox } = ctx;
  const sql = actionStatements(store);

  mount(app, ctx.auth, routes.requestTerminalAction, async ({ c, caller, params, body }) => {
    const { merchantId, environment } = caller;
    const terminal = await terminals.owned(params.id, merchantId, environment);
    const id = newId();
    const by = c.req.header('x-counter-client') === 'dashboard' ? 'dashboard' : 'merchant secret';
    await store.tx(async () => {
      await sql.add.run(
        id,
        terminal.id,
        merchantId,
        environment,
        body.action,
        `${by} (${environment})`,
        clock.now(environment, merchantId),
      );
      await outbox.emit({
        merchantId,
        environment,
        type: 'TERMINAL_ACTION',
        terminalId: terminal.id,
        data: { terminalId: terminal.id, actionId: id, action: body.action },
      });
    });
    return actionOf((await sql.one.get(id, terminal.id))!);
  });

  mount(app, ctx.auth, routes.listTerminalActions, async ({ caller, params }) => {
    const terminal = await terminals.owned(params.id, caller.merchantId, caller.environment);
    return { actions: (await sql.ofTerminal.all(terminal.id)).map(actionOf) };
  });

  mount(app, ctx.auth, routes.acknowledgeTerminalAction, async ({ caller, params, body }) => {
    // A kiosk answers for its own actions only: another's is not found, as a stranger's would be.
    const row =
      params.id === caller.terminalId ? await sql.one.get(params.actionId, params.id) : undefined;
    if (!row) throw notFound('No action with this id for this terminal');
    const now = clock.now(caller.environment, caller.merchantId);
    const done = await sql.settle.run(body.status, body.message, now, row.id, row.terminal_id);
    if (done.changes === 0)
      throw new ApiError(409, 'The action was answered already', [
        { field: 'actionId', message: 'was answered already' },
      ]);
    return actionOf((await sql.one.get(row.id, row.terminal_id))!);
  });
};
