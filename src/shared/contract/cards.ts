/** Saved cards, saved-card charges, capture and cancel (docs/customers.md). */
import { z } from 'zod';
import {
  CancelReasonCode,
  CaptureType,
  CardPaymentStatus,
  Currency,
  HttpUrl,
  Metadata,
  Notes,
  PageQuery,
  Pounds,
  Timestamp,
  Uuid,
  nonBlank,
  safeText,
  offsetPage,
} from './common';

export const PaymentMethodId = z
  .string()
  .min(1, 'must be 1-64 characters')
  .max(64, 'must be 1-64 characters');

export const SavedCard = z.object({
  id: PaymentMethodId,
  name: z.string(),
  type: z.string(),
  lastFourDigits: z.string().regex(/^\d{4}$/),
  category: z.string(),
  cardType: z.string(),
  brand: z.string(),
  country: z.string(),
  expiryDate: z.string().regex(/^(0[1-9]|1[0-2])\/\d{4}$/, 'must be MM/YYYY'),
  metadata: z.record(z.string(), z.string()),
  createdAt: Timestamp,
});
export type SavedCard = z.infer<typeof SavedCard>;
export const SavedCardPage = offsetPage(SavedCard);
export const SavedCardListQuery = PageQuery;

export const CardAuthorizeBody = z.object({
  sendLinkToCustomer: z.boolean().default(false),
  successRedirectUrl: HttpUrl.optional(),
  failureRedirectUrl: HttpUrl.optional(),
});
export const CardAuthorizeResponse = z.object({ hostedPageUrl: z.url() });

/**
 * PUT .../cards/{cardId}: keys are merged; an empty-string value removes its key. The 50-pair
 * limit applies to the merged result, which only the service can check.
 */
export const CardUpdateBody = z.object({ metadata: Metadata });
export const CardParams = z.object({ customerId: Uuid, cardId: PaymentMethodId });

export const CardChargeBody = z.object({
  customerId: Uuid,
  paymentMethodId: PaymentMethodId,
  captureType: CaptureType,
  amount: Pounds.refine((n) => n >= 1, 'must be at least 1'),
  orderId: nonBlank(1, 50),
  notes: Notes.optional(),
  storeId: Uuid.optional(),
  metadata: Metadata.optional(),
});
export type CardChargeBody = z.infer<typeof CardChargeBody>;

export const CardPayment = z.object({
  paymentRequestId: Uuid,
  status: CardPaymentStatus,
  amount: z.number(),
  currency: Currency,
  orderId: z.string(),
  customerId: Uuid,
  paymentMethodId: z.string(),
  captureType: CaptureType,
  createdAt: Timestamp,
  expiresAt: Timestamp.optional(),
});
export type CardPayment = z.infer<typeof CardPayment>;

export const CardCancelBody = z
  .object({
    cancelledReasonCode: CancelReasonCode.optional(),
    cancelledReasonDescription: safeText().max(60, 'must be at most 60 characters').optional(),
  })
  .refine(
    (b) => b.cancelledReasonCode !== 'Other' || (b.cancelledReasonDescription?.trim() ?? '') !== '',
    {
      message: 'is required when cancelledReasonCode is Other',
      path: ['cancelledReasonDescription'],
    },
  );
export const CardCancelResponse = z.object({ success: z.boolean(), message: z.string() });

/** Extension: manual capture (operation captureCardPayment). Optional partial amount. */
export const CardCaptureBody = z.object({
  amount: Pounds.refine((n) => n >= 1, 'must be at least 1').optional(),
});
export const CardCaptureResponse = z.object({ success: z.boolean(), message: z.string() });

/**
 * Extension, sandbox only: save a test card to a customer without a browser (no 3DS). The
 * number is read for its brand, last four digits and test behaviour, then forgotten.
 */
export const SandboxCardBody = z.object({
  number: z
    .string()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'must be a card number of 12 to 19 digits')),
  expiryDate: z
    .string()
    .regex(/^(0[1-9]|1[0-2])\/\d{4}$/, 'must be MM/YYYY')
    .optional(),
  name: z
    .string()
    .trim()
    .min(2, 'must be 2-60 characters')
    .max(60, 'must be 2-60 characters')
    .optional(),
});
export type SandboxCardBody = z.infer<typeof SandboxCardBody>;
