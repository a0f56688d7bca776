/** The kiosk's own records as the bridge shows them: pounds and ISO times, as on the wire. */
import type {
  KioskPayment as BridgePayment,
  StatusChange as BridgeChange,
} from '../../shared/bridge';
import { penceToPounds } from '../../shared/money';
import type { KioskPayment, StatusChange } from './history/types';

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());

export function paymentView(p: KioskPayment): BridgePayment {
  return {
    paymentRequestId: p.paymentRequestId,
    origin: p.origin,
    amount: penceToPounds(p.amountPence),
    currency: p.currency,
    orderId: p.orderId ?? '',
    notes: p.notes,
    status: p.status,
    paidAmount: penceToPounds(p.paidPence),
    tipAmount: penceToPounds(p.tipPence),
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
