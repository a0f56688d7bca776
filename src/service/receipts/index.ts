/** The receipts area as other areas see it. */
export { receiptUrl } from './receipt-data';
