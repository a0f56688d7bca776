/**
 * GET /api/payment-requests (extension): the merchant's payment requests in the caller's
 * environment, newest first, each as its payment-status record with its transactions. The
 * dashboard polls it to follow payments live.
 */
import { routes } from '../../shared/contract/routes';
import type { Area } from '../context';
import { mount } from '../http/mount';
import { statusRecord, type RequestRow } from './model';
import { insertionOrder } from '../kernel/store/port';

export const paymentListRoutes: Area = (app, ctx) => {
  const { store } = ctx;
  // Optional filters are written as `? IS NULL OR column = ?` so one statement serves them all
  // (the CAST tells PostgreSQL the type of a parameter it sees only compared with NULL).
  const where = `merchant_id = @merchantId AND environment = @environment
    AND (CAST(@status AS TEXT) IS NULL OR status = @status)
    AND (CAST(@terminalId AS TEXT) IS NULL OR terminal_id = @terminalId)
    AND (CAST(@customerId AS TEXT) IS NULL OR customer_ref = @customerId)`;
  interface Filter {
    merchantId: string;
    environment: string;
    status: string | null;
    terminalId: string | null;
    customerId: string | null;
  }
  const count = store.prepare<[Filter], { n: number }>(
    `SELECT count(*) AS n FROM payment_requests WHERE ${where}`,
  );
  // Insertion order breaks ties between requests made in the same millisecond, newest first.
  const page = store.prepare<[Filter & { limit: number; offset: number }], RequestRow>(
    `SELECT * FROM payment_requests WHERE ${where}
     ORDER BY created_at DESC, ${insertionOrder(store)} DESC LIMIT @limit OFFSET @offset`,
  );

  mount(app, ctx.auth, routes.listPaymentRequests, async ({ query, caller }) => {
    const filter: Filter = {
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
