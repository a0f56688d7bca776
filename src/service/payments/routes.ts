/** Payment requests (docs/payment-states.md): process-payment, cancel and payment status. */
import { routes } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import type { PaymentsContext } from './context';
import { mount } from '../http/mount';
import { requestFor, requestWithTransactionsFor } from './access';
import { paymentLinks } from './links';
import { createCashRecorder } from './cash';
import { createExtender } from './extend';

export const paymentRoutes: Area<PaymentsContext> = (app, ctx) => {
  // A new payment is made under its merchant's settings as they are now: the creator forgets
  // what it kept of them once a change has committed (merchants/profile.ts).
  ctx.profiles.onChange({ committed: (change) => ctx.creator.merchantChanged(change.merchantId) });
  mount(app, ctx.auth, routes.processPayment, async ({ body, caller }) => {
    // A payment started at a terminal is bound to it, so its POS_PAYMENT_STATUS reaches the kiosk.
    const terminalId = caller.kind === 'terminal' ? caller.terminalId : null;
    // With an Idempotency-Key the row is written inside the transaction that records the key's
    // answer (http/idempotency.ts), so a crash cannot keep one without the other; without one,
    // in one INSERT with the other requests of this moment (create.ts).
    const id = await ctx.creator.create(caller, { body, terminalId });
    return paymentLinks(ctx.publicUrl(), id, body.template ?? 'EXTERNAL_DISPLAY');
  });

  // With an Idempotency-Key (the kiosk always sends one), a retried sale is answered as the
  // first was and recorded once (http/idempotency.ts).
  const recordCash = createCashRecorder(ctx);
  mount(app, ctx.auth, routes.recordCashPayment, ({ body, caller }) => recordCash(caller, body));

  mount(app, ctx.auth, routes.cancelPaymentRequest, async ({ params, caller }) => {
    const row = await requestFor(ctx.payments, caller, params.paymentRequestId);
    await ctx.lifecycle.cancel(row);
    return { message: 'Payment request cancelled' };
  });

  // The Idempotency-Key the kiosk sends with each ask replays the first answer (one extension).
  const extend = createExtender(ctx);
  mount(app, ctx.auth, routes.extendPaymentRequest, ({ params, caller }) =>
    extend(caller, params.paymentRequestId),
  );

  mount(app, ctx.auth, routes.getPaymentStatus, async ({ params, caller, c }) => {
    let { row, txs } = await requestWithTransactionsFor(
      ctx.payments,
      caller,
      params.paymentRequestId,
    );
    // A read never shows an open request past its expiry, even between scheduler ticks.
    if (await ctx.lifecycle.expireIfDue(row))
      ({ row, txs } = (await ctx.payments.withTransactions(row.id))!);
    // The record's JSON, kept with the record until the request changes (model.ts, statusJson).
    return c.body(ctx.payments.statusJson(row, txs, await ctx.payments.lineItems(row)), 200, {
      'content-type': 'application/json',
    });
  });
};
