/** The receipts area as other areas see it. */
export { createReceiptReader, receiptUrl, type Receipt, type ReceiptReader } from './receipt-data';
