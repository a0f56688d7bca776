/**
 * Staff per store (docs/kiosk.md, Staff from the dashboard): the merchant lists, adds, changes
 * and removes a store's people (GET/POST/PATCH/DELETE /api/stores/{id}/staff), and each change
 * is pushed, in the transaction that makes it, to that store's kiosks alone (TERMINAL_STAFF,
 * the store's active staff with their PINs' hashes), which sign them in with the PIN the
 * merchant set. A kiosk reads the same on connecting (GET /api/terminal/staff).
 */
import { routes } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import { mount } from '../http/mount';
import type { Caller } from '../kernel/caller';
import { notFound } from '../kernel/errors';
import { createStaffBook, staffRecord } from '../merchants';
import type { TerminalsContext } from './context';
import { storeStatements } from './repo/stores';

export const staffRoutes: Area<TerminalsContext> = (app, ctx) => {
  const { store, clock, terminals, outbox } = ctx;
  const book = createStaffBook(store);
  const stores = storeStatements(store);

  async function ownStore(caller: Caller, id: string) {
    const row = await stores.one.get({
      merchantId: caller.merchantId,
      environment: caller.environment,
      id,
    });
    if (!row) throw notFound('No store with this id for this merchant');
  }

  /** Tells the store's kiosks who its staff are now. */
  async function push(caller: Caller, storeId: string) {
    const { merchantId, environment } = caller;
    const reached = (await terminals.list(merchantId, environment)).filter(
      (t) => t.store_id === storeId,
    );
    const inputs = [];
    for (const t of reached)
      inputs.push({
        merchantId,
        environment,
        type: 'TERMINAL_STAFF' as const,
        terminalId: t.id,
        data: await book.pushOf(caller, storeId, t.id),
      });
    await outbox.emitMany(inputs);
  }

  /** A change and its push, all or none. */
  const change = <T>(caller: Caller, storeId: string, work: () => Promise<T>) =>
    store.tx(async () => {
      const done = await work();
      await push(caller, storeId);
      return done;
    });
  const nowOf = (caller: Caller) => clock.now(caller.environment, caller.merchantId);

  mount(app, ctx.auth, routes.listStaff, async ({ caller, params }) => {
    await ownStore(caller, params.id);
    return { staff: (await book.ofStore(caller, params.id)).map(staffRecord) };
  });
  mount(app, ctx.auth, routes.createStaff, async ({ caller, params, body }) => {
    await ownStore(caller, params.id);
    const row = await book.draft(caller, params.id, body, nowOf(caller));
    return staffRecord(await change(caller, params.id, () => book.insert(row)));
  });
  mount(app, ctx.auth, routes.updateStaff, async ({ caller, params, body }) => {
    await ownStore(caller, params.id);
    const next = await book.revise(caller, params.id, params.staffId, body, nowOf(caller));
    return staffRecord(await change(caller, params.id, () => book.save(next)));
  });
  mount(app, ctx.auth, routes.deleteStaff, async ({ caller, params }) => {
    await ownStore(caller, params.id);
    const row = await change(caller, params.id, () =>
      book.remove(caller, params.id, params.staffId),
    );
    return staffRecord(row);
  });
  mount(app, ctx.auth, routes.getTerminalStaff, async ({ caller }) => {
    const id = caller.terminalId!;
    const t = await terminals.owned(id, caller.merchantId, caller.environment);
    return book.pushOf(caller, t.store_id, t.id);
  });
};
