import type { Migration } from './migration';

/**
 * each environment's own shop: a sandbox secret changes the sandbox's copy of the profile,
 * settings, logo and stores, never production's (docs/security.md). sandbox_profiles and
 * sandbox_logos are the sandbox's profile and settings and its logo, made from production's at the
 * sandbox's first change (until then the sandbox shows production's); sandbox_stores the sandbox's
 * name, address and archiving of a production store, made likewise. A store's environment is the
 * one that added it: a sandbox store is the sandbox's alone, and every store there was is
 * production's.
 */
const migration: Migration = {
  name: 'sandbox-shop',
  sql: [
    `
  ALTER TABLE stores ADD COLUMN environment TEXT NOT NULL DEFAULT 'production'
    CHECK (environment IN ('sandbox', 'production'));
  CREATE TABLE sandbox_stores (
    store_id TEXT PRIMARY KEY REFERENCES stores(id),
    name TEXT NOT NULL,
    address TEXT,
    archived_at INTEGER
  );
  CREATE TABLE sandbox_profiles (
    merchant_id TEXT PRIMARY KEY REFERENCES merchants(id),
    name TEXT NOT NULL,
    address TEXT,
    company_number TEXT,
    vat_number TEXT,
    support_email TEXT,
    support_phone TEXT,
    card_enabled INTEGER NOT NULL,
    remote_enabled INTEGER NOT NULL,
    tips_enabled INTEGER NOT NULL,
    default_expiry_seconds INTEGER NOT NULL
  );
  CREATE TABLE sandbox_logos (
    merchant_id TEXT PRIMARY KEY REFERENCES merchants(id),
    content_type TEXT NOT NULL CHECK (content_type IN ('image/png', 'image/svg+xml')),
    data TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  `,
    {
      // The sandbox's settings are kept by every new payment's creator with production's, under
      // the merchant's key: announced as 0021 does.
      postgres: `
  CREATE TRIGGER sandbox_profiles_changed AFTER INSERT OR UPDATE ON sandbox_profiles
    FOR EACH ROW EXECUTE FUNCTION counter_announce('merchant', 'merchant_id');
  `,
    },
  ],
};
export default migration;
