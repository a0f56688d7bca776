/**
 * GET /api/merchant/events: the merchant's change stream (Server-Sent Events) that keeps the
 * dashboard live without polling every list. It sends `change` with the topics that changed:
 * at once for anything written to the outbox (payment status changes, remote payments, webhook
 * deliveries queued, refunds made or moved: `refunds`), and within `WATCH_MS` for what the outbox does not carry (a payment created
 * at the counter, a terminal connecting, renamed or unpaired, a delivery attempted), found by
 * comparing fingerprints (watch.ts). The data is never in the event: the dashboard re-reads it
 * through the ordinary routes, so it sees exactly what the API shows.
 */
import { streamSSE } from 'hono/streaming';
import { sayReconnect } from '../ops';
import type { MerchantTopic } from '../../shared/contract/merchant-events';
import { routes } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import type { MerchantEventsContext } from './context';
import { presentedSecretHash } from '../http/auth';
import { mount } from '../http/mount';
import { HEARTBEAT_MS } from '../terminals';
import { changedTopics, createWatcher } from './watch';

export const WATCH_MS = Number(process.env.COUNTER_MERCHANT_WATCH_MS ?? 500);

export const merchantEventRoutes: Area<MerchantEventsContext> = (app, ctx) => {
  const fingerprints = createWatcher(ctx.store, ctx.presence);

  mount(app, ctx.auth, routes.merchantEvents, async ({ caller, c }) => {
    const { merchantId, environment } = caller;
    const secretHash = presentedSecretHash(c.req.header('authorization'))!;
    return streamSSE(c, async (stream) => {
      let open = true;
      let wake: (() => void) | null = null;
      const pending = new Set<MerchantTopic>();
      // A nudge while the loop is busy writing must not be lost: it leaves `signalled` set.
      let signalled = false;
      const nudge = () => {
        signalled = true;
        wake?.();
      };
      const unsubscribe = ctx.outbox.subscribe((event) => {
        if (event.merchantId !== merchantId || event.environment !== environment) return;
        pending.add('payments'); // a refund moves the payment's refundedAmount too
        if (event.type !== 'REMOTE_PAYMENT_REQUEST') pending.add('webhooks');
        if (event.type === 'REFUND_STATUS') pending.add('refunds');
        nudge();
      });
      stream.onAbort(() => {
        open = false;
        nudge();
      });
      // The secret that opened it revoked, on any instance: the stream ends (a reconnect is then
      // refused with 401), rather than going on telling what changes to whoever still holds it.
      const letGo = ctx.auth.untilRevoked(secretHash, () => {
        open = false;
        nudge();
      });
      let reconnectMs: number | null = null;
      const unregister = ctx.streams.open({
        drain(retryMs) {
          reconnectMs = retryMs;
          open = false;
          nudge();
        },
      });
      const ticker = setInterval(nudge, WATCH_MS);
      const heartbeat = setInterval(() => {
        void stream.writeSSE({
          event: 'heartbeat',
          data: JSON.stringify({ at: new Date().toISOString() }),
        });
      }, HEARTBEAT_MS);

      try {
        let last = await fingerprints(
          merchantId,
          environment,
          ctx.clock.now(environment, merchantId),
        );
        await stream.writeSSE({
          event: 'ready',
          data: JSON.stringify({ heartbeatMs: HEARTBEAT_MS }),
        });
        while (open && ctx.store.open) {
          if (!signalled) await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
          signalled = false;
          if (!open || !ctx.store.open) break;
          const now = await fingerprints(
            merchantId,
            environment,
            ctx.clock.now(environment, merchantId),
          );
          for (const topic of changedTopics(last, now)) pending.add(topic);
          last = now;
          if (pending.size === 0) continue;
          const topics = [...pending];
          pending.clear();
          await stream.writeSSE({ event: 'change', data: JSON.stringify({ topics }) });
        }
        if (reconnectMs !== null) await sayReconnect(stream, reconnectMs);
      } finally {
        clearInterval(ticker);
        clearInterval(heartbeat);
        unsubscribe();
        unregister();
        letGo();
      }
    });
  });
};
