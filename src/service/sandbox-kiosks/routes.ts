/**
 * Simulated kiosks (docs/fleet.md, Simulated kiosks): POST/GET /api/sandbox/kiosks and
 * PATCH/DELETE /api/sandbox/kiosks/{id}, sandbox secrets only. Each is a real paired terminal of
 * the merchant's sandbox that this service plays (host.ts); every change of what it plays is
 * reported at once, through the same keeper as a real kiosk's reports.
 */
import { routes } from '../../shared/contract/routes';
import type { SimulatedKioskState } from '../../shared/contract/sandbox-kiosks';
import type { Area } from '../http/context';
import { mount } from '../http/mount';
import { ApiError } from '../kernel/errors';
import { createSimulatedTerminals } from '../terminals';
import type { SandboxKiosksContext } from './context';
import { createKioskHost } from './host';
import { kioskView, startingState, stateOf } from './kiosk';
import { kioskStatements } from './repo';

export const sandboxKioskRoutes: Area<SandboxKiosksContext> = (app, ctx) => {
  const { store, clock, presence } = ctx;
  const sql = kioskStatements(store);
  const terminals = createSimulatedTerminals(store, clock);
  const host = createKioskHost(ctx);

  /** The caller's simulated kiosk, or 404 (another merchant's, a real kiosk's or an unknown id). */
  async function own(id: string, merchantId: string) {
    const row = await sql.one.get(id);
    if (!row || row.merchant_id !== merchantId)
      throw new ApiError(404, 'No simulated kiosk with this id for this merchant', [
        { field: 'id', message: 'is not a simulated kiosk of this merchant' },
      ]);
    return row;
  }

  mount(app, ctx.auth, routes.createSimulatedKiosk, async ({ body, caller }) => {
    const { merchantId } = caller;
    const count = Number((await sql.count.get(merchantId))?.n ?? 0);
    const name = body.name ?? `Simulated kiosk ${count + 1}`;
    const state = startingState(body.appVersion ?? '1.0.0');
    const id = await store.tx(async () => {
      const terminalId = await terminals.pair(merchantId, body.storeId, name);
      const now = clock.now('sandbox', merchantId);
      await sql.insert.run(terminalId, merchantId, JSON.stringify(state), Date.now(), now);
      return terminalId;
    });
    const row = (await sql.one.get(id))!;
    await host.sync(row);
    await host.report(row);
    return kioskView((await sql.one.get(id))!);
  });

  mount(app, ctx.auth, routes.listSimulatedKiosks, async ({ caller }) => ({
    kiosks: (await sql.ofMerchant.all(caller.merchantId)).map(kioskView),
  }));

  mount(app, ctx.auth, routes.updateSimulatedKiosk, async ({ params, body, caller }) => {
    const row = await own(params.id, caller.merchantId);
    const state: SimulatedKioskState = { ...stateOf(row), ...body };
    await sql.setState.run(JSON.stringify(state), row.terminal_id);
    const now = (await sql.one.get(row.terminal_id))!;
    await host.sync(now);
    await host.report(now);
    return kioskView((await sql.one.get(row.terminal_id))!);
  });

  mount(app, ctx.auth, routes.deleteSimulatedKiosk, async ({ params, caller }) => {
    const row = await own(params.id, caller.merchantId);
    await store.tx(async () => {
      await terminals.unpair(row.terminal_id, caller.merchantId);
      await sql.remove.run(row.terminal_id);
    });
    presence.disconnect(row.terminal_id); // its stream ends now, here; elsewhere at the next look
    return { message: `Simulated kiosk ${row.name} unpaired` };
  });
};
