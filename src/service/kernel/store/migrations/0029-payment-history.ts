import type { Migration } from './migration';

/**
 * A payment's page in the dashboard: its status changes are its events in the outbox, and the
 * webhooks sent for it are the deliveries of those events. Both are read by the payment, which
 * without these indexes is a scan of the whole outbox and delivery log per page view. The
 * events index skips the events of no payment (terminal displays, profiles, test events). Who
 * took a payment is Agent Pay when a contract's payment names it.
 */
const migration: Migration = {
  name: 'payment-history',
  sql: `
  CREATE INDEX events_payment ON events(payment_request_id, seq) WHERE payment_request_id IS NOT NULL;
  CREATE INDEX webhook_deliveries_event ON webhook_deliveries(event_id);
  CREATE INDEX contract_payments_request ON contract_payments(payment_request_id)
    WHERE payment_request_id IS NOT NULL;
  `,
};
export default migration;
