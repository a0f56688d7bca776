/** The refunds area as other areas see it: reading refunds and moving their status. */
export type { RefundReader } from './repo';
export type { RefundLifecycle } from './lifecycle';
