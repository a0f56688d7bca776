/**
 * Refunds (docs/refunds.md): look up a payment request's refunds, initiate one (extension), and the
 * sandbox bank's answer (extension). A terminal secret may do both for its own store's payments.
 */
import { routes } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import type { RefundsContext } from './context';
import type { Caller } from '../kernel/caller';
import { ApiError, isNotFound } from '../kernel/errors';
import { mount } from '../http/mount';
import { requestFor } from '../payments';
import type { RequestRow } from '../payments';
import { createStaffBook } from '../merchants';
import { refundRecord } from './model';

export const refundRoutes: Area<RefundsContext> = (app, ctx) => {
  const staffBook = createStaffBook(ctx.store);
  /** Looking up refunds answers 400 when no payment request is found (not the usual 404). */
  async function paymentOf(caller: Caller, id: string): Promise<RequestRow> {
    try {
      return await requestFor(ctx.payments, caller, id);
    } catch (error) {
      if (isNotFound(error))
        throw new ApiError(400, 'No payment request found with this id', [
          { field: 'path.paymentRequestId', message: 'no payment request found' },
        ]);
      throw error;
    }
  }

  mount(app, ctx.auth, routes.listRefunds, async ({ params, caller }) => {
    const request = await paymentOf(caller, params.paymentRequestId);
    const rows = await ctx.refunds.reader.ofRequest(request.id);
    if (rows.length === 0) throw new ApiError(404, 'This payment request has no refunds');
    return rows.map((row) => refundRecord(row, request));
  });

  mount(app, ctx.auth, routes.createRefund, async ({ params, body, caller }) => {
    const request = await paymentOf(caller, params.paymentRequestId);
    // A terminal names its own store's staff only (its payments are its store's).
    const staff = body.staff
      ? await staffBook.takenBy(
          caller,
          caller.kind === 'terminal' ? request.store_id : null,
          body.staff,
        )
      : undefined;
    const row = await ctx.commit(() =>
      ctx.refunds.lifecycle.initiate(request.id, { ...body, staff }),
    );
    return refundRecord(row, (await ctx.payments.get(request.id))!);
  });

  mount(app, ctx.auth, routes.simulateRefund, async ({ params, body, caller }) => {
    const existing = await ctx.refunds.reader.get(params.refundId);
    if (
      !existing ||
      existing.merchant_id !== caller.merchantId ||
      existing.environment !== caller.environment
    )
      throw new ApiError(404, 'No refund with this id');
    const row = await ctx.refunds.lifecycle.simulate(existing.id, body.outcome);
    return refundRecord(row, (await ctx.payments.get(row.payment_request_id))!);
  });
};
