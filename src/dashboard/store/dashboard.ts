/**
 * One signed-in session's stores: created at sign-in, dropped at sign-out, so nothing of one
 * session (a list, an error, an answer still in flight) can show in the next.
 */
import { createBankStore } from './bank';
import { createCustomersStore } from './customers';
import { createDevicesStore } from './devices';
import { createPaymentsStore } from './payments';
import { createPaymentPageStore } from './payment-page';
import { createRefundsStore } from './refunds';
import { createTerminalsStore } from './terminals';
import { createWebhooksStore } from './webhooks';
import { createLive } from './live';
import type { SessionApi } from '../lib/api';
import type { MerchantTopic } from '../../shared/contract/merchant-events';

export function createDashboard(options: {
  api: SessionApi;
  isHidden?: () => boolean;
  onUnauthorized: () => void;
  pollMs?: number;
  /** Sandbox-only panels (test cards, the outbox of messages) show only in the sandbox. */
  sandbox?: boolean;
  /** The shop's name as Settings read or saved it (the header shows it). */
  onMerchantName?: (name: string) => void;
}) {
  const terminals = createTerminalsStore(options.api.call);
  const payments = createPaymentsStore(options.api.call);
  const webhooks = createWebhooksStore(options.api.call);
  const refunds = createRefundsStore(options.api.call);
  const paymentPage = createPaymentPageStore(options.api.call);
  // The bank feed is read when the Bank page opens; it has no topic on the change stream.
  const bank = createBankStore(options.api.call);
  const customers = createCustomersStore(options.api.call, { sandbox: options.sandbox ?? false });
  const devices = createDevicesStore(options.api.call);
  const refreshers: Record<MerchantTopic, () => Promise<void>> = {
    // A kiosk connecting or going away is a terminal change; the Devices page shows it too.
    terminals: () =>
      Promise.all([terminals.getState().refresh(), devices.getState().refresh()]).then(
        () => undefined,
      ),
    // A saved-card charge's status changes arrive as payment changes; so do the open payment
    // page's, and a refund or a webhook sent changes what that page shows too.
    payments: () =>
      Promise.all([
        payments.getState().refresh(),
        customers.getState().refreshCharges(),
        paymentPage.getState().refresh(),
      ]).then(() => undefined),
    webhooks: () =>
      Promise.all([webhooks.getState().refresh(), paymentPage.getState().refresh()]).then(
        () => undefined,
      ),
    refunds: () =>
      Promise.all([refunds.getState().refresh(), paymentPage.getState().refresh()]).then(
        () => undefined,
      ),
    customers: () => customers.getState().refresh(),
    devices: () => devices.getState().refresh(),
  };
  const live = createLive({
    open: (signal) => options.api.openEvents(signal),
    refresh: (topics) => topics.forEach((topic) => void refreshers[topic]()),
    onUnauthorized: options.onUnauthorized,
    ...(options.isHidden ? { isHidden: options.isHidden } : {}),
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
  });
  return {
    /** The session's calls, for areas that keep their own store (areas/agents). */
    call: options.api.call,
    terminals,
    payments,
    webhooks,
    refunds,
    paymentPage,
    bank,
    customers,
    devices,
    sandbox: options.sandbox ?? false,
    live,
    /** Settings read or saved the profile: whatever else names the shop follows. */
    merchantShown(name: string) {
      options.onMerchantName?.(name);
    },
    start() {
      void Promise.allSettled(Object.values(refreshers).map((r) => r()));
      live.start();
    },
    stop() {
      live.stop();
      options.api.close();
    },
  };
}
export type Dashboard = ReturnType<typeof createDashboard>;
