/** Section 4.3: process-payment, cancel and payment status. */
import { routes } from '../../shared/contract/routes';
import type { Area } from '../context';
import { mount } from '../http/mount';
import { requestFor } from './access';
import { paymentLinks } from './links';
import { statusRecord } from './model';

export const paymentRoutes: Area = (app, ctx) => {
  mount(app, ctx.auth, routes.processPayment, async ({ body, caller }) => {
    // A payment started at a terminal is bound to it, so its POS_PAYMENT_STATUS reaches the kiosk.
    const terminalId = caller.kind === 'terminal' ? caller.terminalId : null;
    const id = await ctx.creator.createCommitted(caller, { body, terminalId });
    return paymentLinks(ctx.publicUrl(), id, body.template ?? 'EXTERNAL_DISPLAY');
  });

  mount(app, ctx.auth, routes.cancelPaymentRequest, ({ params, caller }) => {
    const row = requestFor(ctx.payments, caller, params.paymentRequestId);
    ctx.lifecycle.cancel(row);
    return { message: 'Payment request cancelled' };
  });

  mount(app, ctx.auth, routes.getPaymentStatus, ({ params, caller }) => {
    let row = requestFor(ctx.payments, caller, params.paymentRequestId);
    // A read never shows an open request past its expiry, even between scheduler ticks.
    if (ctx.lifecycle.expireIfDue(row)) row = ctx.payments.get(row.id)!;
    return statusRecord(row, ctx.payments.transactions(row.id));
  });
};
