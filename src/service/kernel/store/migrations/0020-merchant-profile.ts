import type { Migration } from './migration';

/**
 * the merchant profile and settings: what receipts and payment pages say about the shop (the
 * primary store's address becomes the merchant's, as pages showed it), the default lifetime of a
 * payment that names none, and the logo, kept apart from the merchant row that every new payment
 * reads.
 */
const migration: Migration = {
  name: 'merchant-profile',
  sql: `
  ALTER TABLE merchants ADD COLUMN address TEXT;
  ALTER TABLE merchants ADD COLUMN company_number TEXT;
  ALTER TABLE merchants ADD COLUMN vat_number TEXT;
  ALTER TABLE merchants ADD COLUMN support_email TEXT;
  ALTER TABLE merchants ADD COLUMN support_phone TEXT;
  ALTER TABLE merchants ADD COLUMN default_expiry_seconds INTEGER NOT NULL DEFAULT 180;
  UPDATE merchants SET address = (SELECT s.address FROM stores s
    WHERE s.merchant_id = merchants.id AND s.is_primary = 1 ORDER BY s.created_at LIMIT 1);
  CREATE TABLE merchant_logos (
    merchant_id TEXT PRIMARY KEY REFERENCES merchants(id),
    content_type TEXT NOT NULL CHECK (content_type IN ('image/png', 'image/svg+xml')),
    data TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  `,
};
export default migration;
