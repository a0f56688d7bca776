/** The customers area as other areas see it. */
export { NO_CUSTOMER, createCustomerStore, mergeMetadata } from './model';
export type { CustomerRow } from './model';
export { createTerminalScope } from './terminal-scope';
export { customerByIdAnyScope } from './repo/customers';
