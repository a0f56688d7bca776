/** The payments area as other areas see it: reading payment requests and moving their status. */
export type { PaymentReader } from './repo/reader';
export type { Lifecycle } from './lifecycle';
export type { PaymentCreator } from './create';
export { requestFor } from './access';
export type { Authorization } from './lifecycle';
export type { MerchantRow } from './create';
export { allowedMethodsOf, changeOf, optionsOf, statusRecord, tenderedOf } from './model';
export type { Method, RequestOptions, RequestRow, TransactionRow } from './model';
export type { PaymentShopRow } from './repo/shops';
export { paymentLinks } from './links';
