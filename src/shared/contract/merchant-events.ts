/**
 * The merchant's change stream (GET /api/merchant/events, docs/dashboard.md): it says WHAT
 * changed, never the data itself, so the dashboard re-reads the list through the ordinary,
 * schema-checked routes and one code path serves both push and polling.
 */
import { z } from 'zod';

/**
 * `refunds`: a refund was made or changed status (REFUND_STATUS), so open refund lists re-read;
 * `customers`: customers, their saved cards, messages or terminal lookups changed; `devices`: a
 * kiosk's health report said something new, or one of its alerts was raised or cleared.
 */
export const MerchantTopic = z.enum([
  'payments',
  'terminals',
  'webhooks',
  'refunds',
  'customers',
  'devices',
]);
export type MerchantTopic = z.infer<typeof MerchantTopic>;

/** The data of a `change` event. */
export const MerchantChange = z.object({ topics: z.array(MerchantTopic).min(1) });
export type MerchantChange = z.infer<typeof MerchantChange>;
