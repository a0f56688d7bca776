/**
 * Stores (docs/merchant-profile.md#stores): the merchant's list, adding one, renaming, re-addressing,
 * archiving and opening one again, and each store's takings for a day and its week.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { routes } from '../../shared/contract/routes';
import type { Store as StoreRecord } from '../../shared/contract/terminals';
import { penceToPounds } from '../../shared/money';
import { dateBounds, weekStart } from '../../shared/shop-day';
import { iso } from '../kernel/clock';
import type { Caller } from '../kernel/caller';
import type { Area } from '../http/context';
import type { TerminalsContext } from './context';
import { ApiError, notFound } from '../kernel/errors';
import { mount } from '../http/mount';
import { createStoreViews } from '../merchants';
import { storeStatements, type StoreRow } from './repo/stores';

function storeRecord(s: StoreRow): z.input<typeof StoreRecord> {
  return {
    id: s.id,
    name: s.name,
    merchantName: s.merchant_name,
    isPrimary: s.is_primary === 1,
    ...(s.address ? { address: s.address } : {}),
    archived: s.archived_at !== null,
    ...(s.archived_at !== null ? { archivedAt: iso(s.archived_at) } : {}),
    terminals: s.terminals,
    createdAt: iso(s.created_at),
  };
}

export const storeRoutes: Area<TerminalsContext> = (app, ctx) => {
  const { store, clock } = ctx;
  const views = createStoreViews(store);
  const sql = storeStatements(store);
  const { list, one } = sql;

  /** The merchant's store as the wire shows it, or 404 (another merchant's id included). */
  async function owned(caller: Caller, id: string): Promise<StoreRow> {
    const row = await one.get({
      merchantId: caller.merchantId,
      environment: caller.environment,
      id,
    });
    if (!row) throw notFound('No store with this id for this merchant');
    return row;
  }

  mount(app, ctx.auth, routes.listStores, async ({ caller }) =>
    (await list.all({ merchantId: caller.merchantId, environment: caller.environment })).map(
      storeRecord,
    ),
  );

  mount(app, ctx.auth, routes.createStore, async ({ body, caller }) => {
    const id = randomUUID();
    await views.add(
      id,
      caller.merchantId,
      caller.environment,
      body.name,
      body.address || null,
      clock.now('production'),
    );
    return storeRecord(await owned(caller, id));
  });

  mount(app, ctx.auth, routes.updateStore, async ({ params, body, caller }) => {
    const row = await owned(caller, params.id);
    if (body.archived === true && row.is_primary === 1)
      throw new ApiError(
        409,
        `Store ${row.name} is the primary store, which cannot be archived: payments that name no store are taken there`,
        [{ field: 'archived', message: 'the primary store cannot be archived' }],
      );
    // Archiving again keeps the first date; opening again clears it.
    const archivedAt =
      body.archived === undefined
        ? undefined
        : body.archived
          ? (row.archived_at ?? clock.now('production'))
          : null;
    await views.change(row.id, row.environment, caller.environment, {
      name: body.name,
      address: body.address === undefined ? undefined : body.address || null,
      archivedAt,
    });
    return storeRecord(await owned(caller, row.id));
  });

  async function takingsBetween(caller: Caller, start: number, end: number) {
    const paid = await sql.paidBetween.all(start, end, caller.merchantId, caller.environment);
    const refunded = await sql.refundedBetween.all(
      caller.merchantId,
      caller.environment,
      start,
      end,
    );
    return (storeId: string) => {
      const p = paid.find((row) => row.store_id === storeId);
      const paidPence = Number(p?.pence ?? 0);
      const refundedPence = Number(refunded.find((row) => row.store_id === storeId)?.pence ?? 0);
      return {
        payments: Number(p?.n ?? 0),
        paid: penceToPounds(paidPence),
        refunded: penceToPounds(refundedPence),
        net: penceToPounds(paidPence - refundedPence),
      };
    };
  }

  mount(app, ctx.auth, routes.storeTakings, async ({ query, caller }) => {
    const timeZone = query.timeZone ?? 'UTC';
    const day = dateBounds(query.date, timeZone);
    const monday = weekStart(query.date);
    const [stores, ofDay, ofWeek] = await Promise.all([
      list.all({ merchantId: caller.merchantId, environment: caller.environment }),
      takingsBetween(caller, day.start, day.end),
      takingsBetween(caller, dateBounds(monday, timeZone).start, day.end),
    ]);
    return {
      date: query.date,
      timeZone,
      weekStart: monday,
      stores: stores.map((s) => ({
        storeId: s.id,
        name: s.name,
        archived: s.archived_at !== null,
        day: ofDay(s.id),
        week: ofWeek(s.id),
      })),
    };
  });
};
