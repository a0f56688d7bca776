/** The payments area as other areas see it: reading payment requests and moving their status. */
export type { PaymentReader } from './repo/reader';
export type { Lifecycle } from './lifecycle';
export type { PaymentCreator } from './create';
