/** The kiosk's own records as the bridge shows them: amounts in pence, times as ISO text. */
import type {
  KioskRefund as BridgeRefund,
  KioskPayment as BridgePayment,
  StatusChange as BridgeChange,
} from '../../shared/bridge';
import type { BasketStore } from './history/basket';
import type { CardCharge, CardCharges } from './history/card-charges';
import type { RefundChange, RefundHistory, StoredRefund } from './history/refunds';
import type { KioskPayment, StatusChange } from './history/types';

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());

/** The hosted receipt page lives beside the payment page: {publicUrl}/receipt/{id}. */
export function receiptUrlOf(p: KioskPayment): string | undefined {
  if (!p.paymentUrl) return undefined;
  try {
    return new URL(`/receipt/${p.paymentRequestId}`, p.paymentUrl).toString();
  } catch {
    return undefined;
  }
}

export function paymentView(p: KioskPayment, refundedPence = 0): BridgePayment {
  const receiptUrl = receiptUrlOf(p);
  return {
    paymentRequestId: p.paymentRequestId,
    origin: p.origin,
    ...(p.createdBy ? { createdBy: p.createdBy } : {}),
    amountPence: p.amountPence,
    currency: p.currency,
    orderId: p.orderId ?? '',
    notes: p.notes,
    status: p.status,
    paidPence: p.paidPence,
    tipPence: p.tipPence,
    paymentMethod: p.paidMethod ?? p.paymentMethodRestriction,
    errorDescription: p.errorDescription,
    paymentUrl: p.paymentUrl ?? '',
    qrCodeUrl: p.qrCodeUrl ?? '',
    qrCodeUrlPng: p.qrCodeUrlPng ?? '',
    templateUrl: p.templateUrl ?? '',
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
    expiresAt: iso(p.expiresAt),
    final: p.final,
    refundedPence,
    ...(receiptUrl ? { receiptUrl } : {}),
    ...cashOf(p),
    ...tipChosenOf(p),
  };
}

/** The tip the customer chose on the display (kept with the payment when it was created). */
function tipChosenOf(p: KioskPayment): { tipChosenPence?: number } {
  const chosen = Number(p.metadata.tipChosenPence);
  return Number.isSafeInteger(chosen) && chosen > 0 ? { tipChosenPence: chosen } : {};
}

/** A cash sale's tender (kept with it when it was taken) and the change given from it. */
function cashOf(p: KioskPayment): { cash?: { tenderedPence: number; changePence: number } } {
  const tendered = Number(p.metadata.tenderedPence);
  if (p.paidMethod !== 'CASH' || !Number.isSafeInteger(tendered)) return {};
  return { cash: { tenderedPence: tendered, changePence: Math.max(tendered - p.amountPence, 0) } };
}

export function refundView(r: StoredRefund, changes: RefundChange[]): BridgeRefund {
  return {
    refundId: r.refundId,
    paymentRequestId: r.paymentRequestId,
    amountPence: r.amountPence,
    currency: r.currency,
    refundType: r.refundType,
    status: r.status,
    final: r.final,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    changes: changes.map((c) => ({
      from: c.from,
      to: c.to,
      source: c.source,
      occurredAt: iso(c.occurredAt),
      recordedAt: iso(c.recordedAt),
    })),
  };
}

export function changeView(c: StatusChange): BridgeChange {
  return {
    from: c.from,
    to: c.to,
    source: c.source,
    occurredAt: iso(c.occurredAt),
    recordedAt: iso(c.recordedAt),
  };
}

/** The card charged at this counter, as the payment's detail names it (never the card itself). */
function cardChargeView(c: CardCharge) {
  return {
    customerId: c.customerId,
    customerName: c.customerName,
    paymentMethodId: c.paymentMethodId,
    cardLabel: c.cardLabel,
    captureType: c.captureType,
  };
}

/** The views that read the kiosk's other stores beside the payment or refund itself. */
export function createViews(stores: {
  refundHistory: RefundHistory;
  cardCharges: CardCharges;
  baskets: BasketStore;
}) {
  const { refundHistory, cardCharges, baskets } = stores;
  return {
    /** A payment as the windows see it, with its refunded total, its basket and any card charged. */
    payment(p: KioskPayment): BridgePayment {
      const charge = cardCharges.ofPayment(p.paymentRequestId);
      const lines = baskets.of(p.paymentRequestId);
      return {
        ...paymentView(p, refundHistory.refundedOf(p.paymentRequestId)),
        ...(lines.length ? { lines } : {}),
        ...(charge ? { cardCharge: cardChargeView(charge) } : {}),
      };
    },
    refund: (refundId: string): BridgeRefund =>
      refundView(refundHistory.get(refundId)!, refundHistory.changes(refundId)),
  };
}
