/**
 * What the customer display shows for the kiosk's active payment. Pure, so every status has a
 * tested answer and the display component only lays it out.
 */
import type { DisplayPayment } from '../../../shared/bridge';

export type DisplayKind = 'idle' | 'awaiting' | 'completed' | 'failed' | 'expired' | 'cancelled';

/** Within `awaiting`: what the customer should be doing now. */
export type AwaitingStage = 'scan' | 'approve' | 'confirming';

export interface DisplayView {
  kind: DisplayKind;
  paymentRequestId: string;
  stage: AwaitingStage | null;
  /** Whether the QR code (or template) is on screen: the customer can still pay by scanning. */
  showCode: boolean;
  amountPence: number;
  tipPence: number;
  currency: string;
  notes: string | null;
  expiresAt: string;
  /** What the QR code encodes; the display draws it. */
  paymentUrl: string;
  qrCodeUrl: string;
  templateUrl: string;
}

const IDLE: DisplayView = {
  kind: 'idle',
  paymentRequestId: '',
  stage: null,
  showCode: false,
  amountPence: 0,
  tipPence: 0,
  currency: 'GBP',
  notes: null,
  expiresAt: '',
  paymentUrl: '',
  qrCodeUrl: '',
  templateUrl: '',
};

export function displayView(active: DisplayPayment | null): DisplayView {
  if (!active) return IDLE;
  const base: DisplayView = {
    ...IDLE,
    paymentRequestId: active.paymentRequestId,
    amountPence: active.amountPence,
    tipPence: active.tipPence,
    currency: active.currency || 'GBP',
    notes: active.notes?.trim() ? active.notes.trim() : null,
    expiresAt: active.expiresAt,
    paymentUrl: active.paymentUrl,
    qrCodeUrl: active.qrCodeUrl,
    templateUrl: active.templateUrl,
  };
  switch (active.status) {
    case 'PAYMENT_NOT_INITIATED':
      return { ...base, kind: 'awaiting', stage: 'scan', showCode: true };
    case 'AWAITING_AUTHORIZATION':
      return { ...base, kind: 'awaiting', stage: 'approve', showCode: true };
    case 'PENDING':
    case 'AUTHORIZED':
      return { ...base, kind: 'awaiting', stage: 'confirming', showCode: false };
    case 'COMPLETED':
      return { ...base, kind: 'completed' };
    // A failed attempt that allows a retry keeps its code on screen: the customer can scan again.
    case 'FAILED':
      return { ...base, kind: 'failed', showCode: !active.final };
    case 'EXPIRED':
      return { ...base, kind: 'expired' };
    case 'CANCELLED':
      return { ...base, kind: 'cancelled' };
  }
}

/** `?template=1` shows the EXTERNAL_DISPLAY template image instead of the bare QR code. */
export function prefersTemplate(search: string): boolean {
  const value = new URLSearchParams(search).get('template');
  return value === '1' || value === 'true';
}

/** The image the display shows for the code, falling back to the QR when there is no template. */
export function codeImage(view: DisplayView, template: boolean): string {
  if (template && view.templateUrl) return view.templateUrl;
  return view.qrCodeUrl;
}
