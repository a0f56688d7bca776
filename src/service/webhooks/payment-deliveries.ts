/**
 * GET /api/payment-requests/{id}/webhook-deliveries (extension, merchant secret): every webhook
 * sent for one payment (its status changes, its refunds), oldest first, each with the endpoint's
 * URL and its attempts, for the dashboard's payment page. Read-only.
 */
import { routes } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import { mount } from '../http/mount';
import { notFound } from '../kernel/errors';
import type { WebhooksContext } from './context';
import { createPaymentDeliveryQueries } from './repo';
import { createSubscriptionStore, deliveryOut } from './store';

/** A payment's events go to a few endpoints each, a few times at most; more is not read. */
const PAYMENT_DELIVERY_LIMIT = 500;

export const paymentWebhookRoutes: Area<WebhooksContext> = (app, ctx) => {
  const sql = createPaymentDeliveryQueries(ctx.store);
  const subscriptions = createSubscriptionStore(ctx.store, ctx.clock, ctx.outbox);

  mount(app, ctx.auth, routes.listPaymentWebhookDeliveries, async ({ params, caller }) => {
    const scope = [params.paymentRequestId, caller.merchantId, caller.environment] as const;
    if (!(await sql.payment.get(...scope))) throw notFound('No payment request with this id');
    const rows = await sql.deliveries.all(...scope, PAYMENT_DELIVERY_LIMIT);
    const attempts = await subscriptions.attemptsOf(rows.map((r) => r.id));
    return rows.map((row) => ({
      ...deliveryOut(row, attempts.get(row.id) ?? []),
      subscriptionId: row.subscription_id,
      url: row.url,
    }));
  });
};
