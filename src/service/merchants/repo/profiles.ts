/**
 * The profile's SQL (profile.ts): each environment's profile and logo, and their changes; and
 * the fragments other areas' statements use to read the profile beside their own rows.
 */
import type { Store } from '../../kernel/store/port';

export interface ProfileRow {
  id: string;
  name: string;
  address: string | null;
  company_number: string | null;
  vat_number: string | null;
  support_email: string | null;
  support_phone: string | null;
  card_enabled: number;
  remote_enabled: number;
  tips_enabled: number;
  default_expiry_seconds: number;
  extension_seconds: number;
  max_extensions: number;
  logo_updated_at: number | null;
}

/**
 * For a statement that reads the profile or settings beside other rows: joined to `merchants m`,
 * `sp` is the sandbox's copy when `environment` (a parameter: `?` or `@name`) is the sandbox and
 * it has one; `ofEnvironment(column)` is then that environment's value of the column.
 */
export const sandboxCopyJoin = (environment: string) =>
  `LEFT JOIN sandbox_profiles sp ON sp.merchant_id = m.id AND CAST(${environment} AS TEXT) = 'sandbox'`;
export const ofEnvironment = (column: string) =>
  `CASE WHEN sp.merchant_id IS NULL THEN m.${column} ELSE sp.${column} END`;

const COLUMNS = `name, address, company_number, vat_number, support_email, support_phone,
  card_enabled, remote_enabled, tips_enabled, default_expiry_seconds, extension_seconds,
  max_extensions`;

export function profileStatements(store: Store) {
  return {
    production: store.prepare<[string], ProfileRow>(
      `SELECT m.id, m.name, m.address, m.company_number, m.vat_number, m.support_email,
         m.support_phone, m.card_enabled, m.remote_enabled, m.tips_enabled,
         m.default_expiry_seconds, m.extension_seconds, m.max_extensions,
         l.updated_at AS logo_updated_at
       FROM merchants m LEFT JOIN merchant_logos l ON l.merchant_id = m.id WHERE m.id = ?`,
    ),
    sandbox: store.prepare<[string], ProfileRow>(
      `SELECT s.merchant_id AS id, s.name, s.address, s.company_number, s.vat_number,
         s.support_email, s.support_phone, s.card_enabled, s.remote_enabled, s.tips_enabled,
         s.default_expiry_seconds, s.extension_seconds, s.max_extensions,
         l.updated_at AS logo_updated_at
       FROM sandbox_profiles s LEFT JOIN sandbox_logos l ON l.merchant_id = s.merchant_id
       WHERE s.merchant_id = ?`,
    ),
    fields: store.prepare(
      `UPDATE merchants SET name = @name, address = @address, company_number = @companyNumber,
         vat_number = @vatNumber, support_email = @supportEmail, support_phone = @supportPhone,
         card_enabled = @card, remote_enabled = @remote, tips_enabled = @tips,
         default_expiry_seconds = @expiry, extension_seconds = @extensionSeconds,
         max_extensions = @maxExtensions
       WHERE id = @id`,
    ),
    // The sandbox's copy: made with its first change, then changed in place.
    sandboxFields: store.prepare(
      `INSERT INTO sandbox_profiles (merchant_id, ${COLUMNS})
       VALUES (@id, @name, @address, @companyNumber, @vatNumber, @supportEmail, @supportPhone,
         @card, @remote, @tips, @expiry, @extensionSeconds, @maxExtensions)
       ON CONFLICT (merchant_id) DO UPDATE SET name = excluded.name, address = excluded.address,
         company_number = excluded.company_number, vat_number = excluded.vat_number,
         support_email = excluded.support_email, support_phone = excluded.support_phone,
         card_enabled = excluded.card_enabled, remote_enabled = excluded.remote_enabled,
         tips_enabled = excluded.tips_enabled,
         default_expiry_seconds = excluded.default_expiry_seconds,
         extension_seconds = excluded.extension_seconds, max_extensions = excluded.max_extensions`,
    ),
    logo: {
      production: store.prepare<[string], { content_type: string; data: string }>(
        'SELECT content_type, data FROM merchant_logos WHERE merchant_id = ?',
      ),
      sandbox: store.prepare<[string], { content_type: string; data: string }>(
        'SELECT content_type, data FROM sandbox_logos WHERE merchant_id = ?',
      ),
    },
    dropLogo: {
      production: store.prepare('DELETE FROM merchant_logos WHERE merchant_id = ?'),
      sandbox: store.prepare('DELETE FROM sandbox_logos WHERE merchant_id = ?'),
    },
    putLogo: {
      production: store.prepare(
        `INSERT INTO merchant_logos (merchant_id, content_type, data, updated_at) VALUES (?, ?, ?, ?)`,
      ),
      sandbox: store.prepare(
        `INSERT INTO sandbox_logos (merchant_id, content_type, data, updated_at) VALUES (?, ?, ?, ?)`,
      ),
    },
    // The sandbox's first change copies production's logo with the rest, unless it sets its own.
    copyLogo: store.prepare(
      `INSERT INTO sandbox_logos (merchant_id, content_type, data, updated_at)
       SELECT merchant_id, content_type, data, updated_at FROM merchant_logos WHERE merchant_id = ?`,
    ),
  };
}
