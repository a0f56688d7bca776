/**
 * GET /api/payment-requests (extension): the merchant's payment requests in the caller's
 * environment, newest first, each as its payment-status record with its transactions. The
 * dashboard polls it to follow payments live.
 */
import { routes } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import type { PaymentsContext } from './context';
import { mount } from '../http/mount';
import { statusRecord } from './model';
import { createListStatements, type ListFilter } from './repo/list';

export const paymentListRoutes: Area<PaymentsContext> = (app, ctx) => {
  const { count, page } = createListStatements(ctx.store);

  mount(app, ctx.auth, routes.listPaymentRequests, async ({ query, caller }) => {
    const filter: ListFilter = {
      merchantId: caller.merchantId,
      environment: caller.environment,
      status: query.status ?? null,
      terminalId: query.terminalId ?? null,
      customerId: query.customerId ?? null,
    };
    const rows = await page.all({ ...filter, limit: query.size, offset: query.page * query.size });
    const data = [];
    for (const row of rows) {
      // As with Get Payment Status, a read never shows an open request past its expiry.
      const current = (await ctx.lifecycle.expireIfDue(row))
        ? (await ctx.payments.get(row.id))!
        : row;
      data.push(
        statusRecord(
          current,
          await ctx.payments.transactions(row.id),
          await ctx.payments.lineItems(current),
        ),
      );
    }
    return {
      data,
      totalCount: (await count.get(filter))?.n ?? 0,
      page: query.page,
      size: query.size,
    };
  });
};
