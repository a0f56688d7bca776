/**
 * Stores (docs/merchant.md#stores): the merchant's list, adding one, renaming, re-addressing,
 * archiving and opening one again, and each store's takings for a day and its week.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { routes } from '../../shared/contract/routes';
import type { Store as StoreRecord } from '../../shared/contract/terminals';
import { penceToPounds } from '../../shared/money';
import { dateBounds, weekStart } from '../../shared/shop-day';
import { iso } from '../kernel/clock';
import type { Caller, Environment } from '../kernel/caller';
import type { Area } from '../context';
import { ApiError, notFound } from '../kernel/errors';
import { orderedJoin } from '../kernel/store/port';
import { mount } from '../http/mount';
import { ofEnvironment, sandboxCopyJoin } from '../merchants/profile';
import { createStoreViews, seenIn, storeColumn, storesWithCopy } from './store-model';

interface StoreRow {
  id: string;
  environment: Environment;
  name: string;
  merchant_name: string;
  is_primary: number;
  address: string | null;
  archived_at: number | null;
  created_at: number;
  terminals: number;
}

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

export const storeRoutes: Area = (app, ctx) => {
  const { store, clock } = ctx;
  const views = createStoreViews(store);
  // The stores, their names and the shop's name as the caller's environment sees them (a
  // sandbox secret: the sandbox's copies, store-model.ts). Terminals are counted in the caller's
  // environment too: a sandbox secret sees sandbox tills.
  const select = `
    SELECT s.id, s.environment, s.is_primary, s.created_at, ${storeColumn('name')} AS name,
      ${storeColumn('address')} AS address, ${storeColumn('archived_at')} AS archived_at,
      ${ofEnvironment('name')} AS merchant_name,
      (SELECT count(*) FROM terminals t
       WHERE t.store_id = s.id AND t.environment = @environment AND t.deleted_at IS NULL) AS terminals
    FROM ${storesWithCopy('@environment')}
    JOIN merchants m ON m.id = s.merchant_id ${sandboxCopyJoin('@environment')}
    WHERE s.merchant_id = @merchantId AND ${seenIn('@environment')}`;
  const list = store.prepare<{ merchantId: string; environment: string }, StoreRow>(
    `${select} ORDER BY s.is_primary DESC, s.created_at, s.id`,
  );
  const one = store.prepare<{ merchantId: string; environment: string; id: string }, StoreRow>(
    `${select} AND s.id = @id`,
  );
  // A store added with a sandbox secret is the sandbox's alone.
  const insert = store.prepare(
    `INSERT INTO stores (id, merchant_id, environment, name, is_primary, address, created_at)
     VALUES (?, ?, ?, ?, 0, ?, ?)`,
  );

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
    await insert.run(
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

  // Each store's completed payments and refunds between two instants, in one statement each.
  // Driven by the completed-by-time indexes (migration 20), the merchant's rows picked from those.
  const paidBetween = store.prepare<
    [number, number, string, string],
    { store_id: string; n: number; pence: number }
  >(`
    SELECT r.store_id, count(*) AS n, sum(t.amount_pence + t.tip_pence) AS pence
    FROM transactions t ${orderedJoin(store)} payment_requests r ON r.id = t.payment_request_id
    WHERE t.status = 'COMPLETED' AND t.updated_at >= ? AND t.updated_at < ?
      AND r.merchant_id = ? AND r.environment = ?
    GROUP BY r.store_id`);
  const refundedBetween = store.prepare<
    [string, string, number, number],
    { store_id: string; pence: number }
  >(`
    SELECT r.store_id, sum(f.amount_pence) AS pence
    FROM refunds f ${orderedJoin(store)} payment_requests r ON r.id = f.payment_request_id
    WHERE f.status = 'COMPLETED' AND f.merchant_id = ? AND f.environment = ?
      AND f.updated_at >= ? AND f.updated_at < ?
    GROUP BY r.store_id`);

  async function takingsBetween(caller: Caller, start: number, end: number) {
    const paid = await paidBetween.all(start, end, caller.merchantId, caller.environment);
    const refunded = await refundedBetween.all(caller.merchantId, caller.environment, start, end);
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
