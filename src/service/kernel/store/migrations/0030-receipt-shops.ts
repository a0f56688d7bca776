import type { Migration } from './migration';

/**
 * the shop as it was when a payment was paid, kept with the payment so that its receipts never
 * change after the fact (docs/receipts.md): the profile's name, address, company and VAT numbers
 * and support contacts, the store's name and address, and which version of the logo it showed.
 * The logo's bytes are kept once per version in receipt_logos (a later upload replaces the
 * merchant's logo, never these). A payment paid before this migration has no row and its
 * receipts show the profile as it is now, as they always did.
 */
const migration: Migration = {
  name: 'receipt-shops',
  sql: `
  CREATE TABLE payment_shops (
    payment_request_id TEXT PRIMARY KEY REFERENCES payment_requests(id),
    name TEXT NOT NULL,
    address TEXT,
    company_number TEXT,
    vat_number TEXT,
    support_email TEXT,
    support_phone TEXT,
    store_name TEXT,
    store_address TEXT,
    logo_environment TEXT,
    logo_version INTEGER,
    paid_at INTEGER NOT NULL
  );
  CREATE TABLE receipt_logos (
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    version INTEGER NOT NULL,
    content_type TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (merchant_id, environment, version)
  );
  `,
};
export default migration;
