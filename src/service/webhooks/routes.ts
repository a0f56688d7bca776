/**
 * Webhook subscriptions, their delivery log and resend, and the sandbox test trigger
 * (operation testWebhook). Subscriptions belong to a merchant and an environment; another
 * merchant's or environment's ids answer 404. docs/webhooks.md describes it for integrators.
 */
import { routes } from '../../shared/contract/routes';
import {
  EventData,
  type WebhookTamper,
  type WebhookTestBody,
} from '../../shared/contract/webhooks';
import type { Area } from '../http/context';
import type { WebhooksContext } from './context';
import type { Caller } from '../kernel/caller';
import { badField, notFound } from '../kernel/errors';
import { mount } from '../http/mount';
import { urlProblem } from './destinations';
import { createSubscriptionStore, subscriptionOut } from './store';
import { testEventData } from './test-event';

const NO_SUBSCRIPTION = 'No webhook subscription found';

/** How a tampered test delivery is forged, in the trigger's answer. */
const TAMPERED: Record<WebhookTamper, string> = {
  signature: 'signed with the wrong key',
  timestamp: 'timestamped ten minutes ago',
};

type MerchantCaller = Extract<Caller, { kind: 'merchant' }>;

export const webhookRoutes: Area<WebhooksContext> = (app, ctx) => {
  const store = createSubscriptionStore(ctx.store, ctx.clock, ctx.outbox);

  mount(app, ctx.auth, routes.createWebhook, async ({ body, caller }) => {
    const problem = urlProblem(body.url, caller.environment);
    if (problem) throw badField('url', problem);
    const row = await store.create(caller, body);
    return { ...subscriptionOut(row), secret: row.secret };
  });

  mount(app, ctx.auth, routes.listWebhooks, async ({ caller }) =>
    (await store.list(caller)).map(subscriptionOut),
  );

  mount(app, ctx.auth, routes.deleteWebhook, async ({ params, caller }) => {
    if (!(await store.remove(caller, params.id))) throw notFound(NO_SUBSCRIPTION);
    return { message: 'Webhook subscription deleted; its pending deliveries will not be sent' };
  });

  mount(app, ctx.auth, routes.listWebhookDeliveries, async ({ params, caller }) => {
    if (!(await store.find(caller, params.id))) throw notFound(NO_SUBSCRIPTION);
    return await store.deliveries(params.id);
  });

  mount(app, ctx.auth, routes.resendWebhookDelivery, async ({ params, caller }) => {
    if (!(await store.find(caller, params.id))) throw notFound(NO_SUBSCRIPTION);
    const delivery = await store.delivery(params.id, params.deliveryId);
    if (!delivery) throw notFound('No delivery found for this webhook subscription');
    const id = await store.resend(caller, delivery);
    await ctx.tick(); // send it now rather than at the next scheduler pass
    return { message: `Delivery ${id} queued: event ${delivery.event_id} will be sent again` };
  });

  const sendTestEvent = async (body: WebhookTestBody, caller: MerchantCaller) => {
    const subscriptionIds = await store.subscribedTo(caller, body.eventType);
    if (subscriptionIds.length === 0)
      throw notFound('No webhook subscription for this merchant and event');
    const data = EventData.parse(testEventData(body));
    await ctx.outbox.tx(
      async () =>
        await ctx.outbox.emit({
          merchantId: caller.merchantId,
          environment: caller.environment,
          type: body.eventType,
          data,
          subscriptionIds,
          ...(body.tamper ? { tamper: body.tamper } : {}),
        }),
    );
    const n = subscriptionIds.length;
    const forged = body.tamper ? `, ${TAMPERED[body.tamper]}: your receiver should refuse it` : '';
    return {
      message: `Test ${body.eventType} event sent to ${n} subscribed endpoint${n === 1 ? '' : 's'}${forged}`,
    };
  };
  mount(app, ctx.auth, routes.testWebhook, async ({ body, caller }) => sendTestEvent(body, caller));
  // Integrators guess the path beside every other webhook route; both answer alike.
  mount(app, ctx.auth, routes.testWebhookAlias, async ({ body, caller }) =>
    sendTestEvent(body, caller),
  );
};
