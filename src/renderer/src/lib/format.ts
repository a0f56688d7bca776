/**
 * Money and times come from src/shared, shared with the merchant dashboard. The bridge carries
 * amounts in pence, so the windows format pence (`formatPence`); `formatPounds` is the
 * dashboard's, whose amounts come from the service in pounds.
 */
export * from '../../../shared/format';
export { formatPence } from '../../../shared/money';
