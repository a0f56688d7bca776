/**
 * Where the terminal's events go: from the push stream, or the same events read from the event
 * feed by polling (recorded as `poll`), and the refunds a webhook reports. A remote payment joins
 * the display line, a till system's basket goes on the display, a renamed shop is read again, and
 * every status goes to its tracker (a refund's to the refund tracker, never the payment's).
 */
import { displayLinesInPence } from '../../shared/contract/line-items';
import type { WebhookEvent } from '../../shared/contract/webhooks';
import { poundsToPence } from '../../shared/money';
import type { DraftBasketHolder } from './draft-basket';
import type { BasketStore } from './history/basket';
import type { History } from './history/history';
import type { NewPayment } from './history/types';
import type { PushEvent } from './push-channel';
import { refundReportOf, type RefundReport } from './refund-tracker';
import type { Tracker } from './tracker';

export interface EventRouterOptions {
  history: History;
  tracker: Tracker;
  baskets: BasketStore;
  basket: DraftBasketHolder;
  /** A payment for the display (one that has not expired). */
  enqueue(paymentRequestId: string): void;
  reportRefund(report: RefundReport | null): void;
  /** The shop changed: read the terminal's own record again. */
  refreshProfile(): Promise<void>;
  /** The merchant's settings for this kiosk changed, or it asks the kiosk to do something. */
  central?: {
    apply(event: Extract<PushEvent, { type: 'TERMINAL_SETTINGS' }>['body']['data']): void;
    act(event: Extract<PushEvent, { type: 'TERMINAL_ACTION' }>['body']['data']): Promise<void>;
    applyStaff(
      event: Extract<PushEvent, { type: 'TERMINAL_STAFF' }>['body']['data'],
    ): Promise<void>;
  };
  /** The display changed: the windows are told. */
  onChange(): void;
  now(): number;
}

type RemotePaymentEvent = Extract<PushEvent, { type: 'REMOTE_PAYMENT_REQUEST' }>;

export function createEventRouter(options: EventRouterOptions) {
  const { history, tracker, baskets, basket } = options;

  function remotePayment(event: RemotePaymentEvent, source: 'push' | 'poll') {
    const d = event.body.data;
    const known = history.get(d.paymentRequestId) !== null;
    const payment: NewPayment = {
      paymentRequestId: d.paymentRequestId,
      origin: 'remote',
      createdBy: d.createdBy ?? null,
      amountPence: poundsToPence(d.amount),
      currency: d.currency,
      orderId: d.orderId,
      notes: d.notes,
      metadata: d.metadata,
      paymentMethodRestriction: d.paymentMethod,
      paymentUrl: d.paymentUrl,
      qrCodeUrl: d.qrCodeUrl,
      qrCodeUrlPng: d.qrCodeUrlPng,
      templateUrl: d.templateUrl,
      source,
      createdAt: Date.parse(event.body.createdAt),
      expiresAt: Date.parse(d.expiresAt),
    };
    tracker.track(payment);
    // A payment pushed with its own basket keeps that one; otherwise the till system's basket
    // on the display is for the payment it sends next (a replayed one keeps its own).
    if (!known) {
      const till = basket.takeTill();
      const lines = d.lineItems?.length ? displayLinesInPence(d.lineItems) : till;
      if (lines) baskets.save(d.paymentRequestId, lines);
    }
    // A request that expired while the kiosk was away is history, not a customer waiting.
    if (Date.parse(d.expiresAt) > options.now()) options.enqueue(d.paymentRequestId);
    options.onChange();
  }

  return {
    /** An event from the push stream, or the same event read from the feed by polling. */
    async push(event: PushEvent, source: 'push' | 'poll' = 'push'): Promise<void> {
      if (event.type === 'TERMINAL_DISPLAY') {
        const d = event.body.data;
        basket.showTill(displayLinesInPence(d.lineItems), d.currency);
        options.onChange();
        return;
      }
      // The shop was renamed or re-addressed: re-read it now rather than at the next minute.
      if (event.type === 'TERMINAL_PROFILE') return options.refreshProfile();
      if (event.type === 'TERMINAL_SETTINGS') return options.central?.apply(event.body.data);
      if (event.type === 'TERMINAL_ACTION') return options.central?.act(event.body.data);
      if (event.type === 'TERMINAL_STAFF') return options.central?.applyStaff(event.body.data);
      if (event.type === 'REMOTE_PAYMENT_REQUEST') return remotePayment(event, source);
      const d = event.body.data;
      if (!d.paymentRequestId) return;
      // A refund's status (COMPLETED, …) is not the payment's.
      if (d.type === 'REFUND_STATUS')
        return options.reportRefund(refundReportOf(d, event.body.createdAt, source));
      tracker.report({
        paymentRequestId: d.paymentRequestId,
        status: (d.type === 'EXPIRED_STATUS' ? 'EXPIRED' : d.status) as never,
        source,
        at: event.body.createdAt,
        paidAmount: d.paidAmount,
        tipAmount: d.tipAmount,
        paymentMethod: d.paymentMethod ?? null,
        errorDescription: d.errorDescription,
      });
    },
    /** A verified webhook: the receiver reports payments itself; refunds are routed here. */
    webhook(event: WebhookEvent) {
      const kind = event.type === 'POS_PAYMENT_STATUS' ? event.data.type : (event.type as string);
      if (kind === 'REFUND_STATUS')
        options.reportRefund(refundReportOf(event.data, event.createdAt, 'webhook'));
    },
  };
}
export type EventRouter = ReturnType<typeof createEventRouter>;
