/**
 * The merchant's profile and settings as the service reads and changes them: every page,
 * receipt and message that names the shop reads it here, so a change shows everywhere at once.
 *
 * Each environment has its own (docs/merchant.md): production's is the merchant's row, and the
 * sandbox's is a copy made from it at the sandbox's first change (sandbox_profiles, and its logo
 * in sandbox_logos); until then the sandbox shows production's. A sandbox secret changes only
 * that copy, so nothing it does reaches what production's customers and terminals are shown or
 * how production's payments are made (docs/security.md).
 */
import type { MerchantSettings, MerchantUpdateBody } from '../../shared/contract/merchants';
import type { Environment } from '../kernel/caller';
import type { Store } from '../kernel/store/port';
import type { Logo } from './logo';

export interface MerchantProfile {
  id: string;
  name: string;
  address: string | null;
  companyNumber: string | null;
  vatNumber: string | null;
  supportEmail: string | null;
  supportPhone: string | null;
  /** Where this service serves the logo (a path, for its own pages); null without one. */
  logoPath: string | null;
  settings: MerchantSettings;
}

interface Row {
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
  logo_updated_at: number | null;
}

/**
 * The logo's path; its version changes with each upload, so a browser never shows an old one.
 * The sandbox's names its environment: its logo may differ from production's.
 */
export const logoPath = (merchantId: string, version: number, environment: Environment) =>
  `/api/merchants/${merchantId}/logo?v=${version}${environment === 'sandbox' ? '&environment=sandbox' : ''}`;

/**
 * For a statement that reads the profile or settings beside other rows: joined to `merchants m`,
 * `sp` is the sandbox's copy when `environment` (a parameter: `?` or `@name`) is the sandbox and
 * it has one; `ofEnvironment(column)` is then that environment's value of the column.
 */
export const sandboxCopyJoin = (environment: string) =>
  `LEFT JOIN sandbox_profiles sp ON sp.merchant_id = m.id AND CAST(${environment} AS TEXT) = 'sandbox'`;
export const ofEnvironment = (column: string) =>
  `CASE WHEN sp.merchant_id IS NULL THEN m.${column} ELSE sp.${column} END`;

/** The lines a receipt prints under the shop's name: its address, then company and VAT numbers. */
export function profileLines(p: MerchantProfile): string[] {
  return [
    ...(p.address ? p.address.split(/\r?\n/).map((line) => line.trim()) : []),
    ...(p.companyNumber ? [`Company no. ${p.companyNumber}`] : []),
    ...(p.vatNumber ? [`VAT no. ${p.vatNumber}`] : []),
  ].filter((line) => line !== '');
}

/** How a message to a customer signs off: the shop, where it is, and how to reach it. */
export function signature(p: MerchantProfile): string {
  const contact = [p.supportEmail, p.supportPhone].filter(Boolean).join(', ');
  return [p.name, ...profileLines(p), ...(contact ? [`Questions: ${contact}`] : [])].join('\n');
}

const COLUMNS = `name, address, company_number, vat_number, support_email, support_phone,
  card_enabled, remote_enabled, tips_enabled, default_expiry_seconds`;

function statements(store: Store) {
  return {
    production: store.prepare<[string], Row>(
      `SELECT m.id, m.name, m.address, m.company_number, m.vat_number, m.support_email,
         m.support_phone, m.card_enabled, m.remote_enabled, m.tips_enabled,
         m.default_expiry_seconds, l.updated_at AS logo_updated_at
       FROM merchants m LEFT JOIN merchant_logos l ON l.merchant_id = m.id WHERE m.id = ?`,
    ),
    sandbox: store.prepare<[string], Row>(
      `SELECT s.merchant_id AS id, s.name, s.address, s.company_number, s.vat_number,
         s.support_email, s.support_phone, s.card_enabled, s.remote_enabled, s.tips_enabled,
         s.default_expiry_seconds, l.updated_at AS logo_updated_at
       FROM sandbox_profiles s LEFT JOIN sandbox_logos l ON l.merchant_id = s.merchant_id
       WHERE s.merchant_id = ?`,
    ),
    fields: store.prepare(
      `UPDATE merchants SET name = @name, address = @address, company_number = @companyNumber,
         vat_number = @vatNumber, support_email = @supportEmail, support_phone = @supportPhone,
         card_enabled = @card, remote_enabled = @remote, tips_enabled = @tips,
         default_expiry_seconds = @expiry
       WHERE id = @id`,
    ),
    // The sandbox's copy: made with its first change, then changed in place.
    sandboxFields: store.prepare(
      `INSERT INTO sandbox_profiles (merchant_id, ${COLUMNS})
       VALUES (@id, @name, @address, @companyNumber, @vatNumber, @supportEmail, @supportPhone,
         @card, @remote, @tips, @expiry)
       ON CONFLICT (merchant_id) DO UPDATE SET name = excluded.name, address = excluded.address,
         company_number = excluded.company_number, vat_number = excluded.vat_number,
         support_email = excluded.support_email, support_phone = excluded.support_phone,
         card_enabled = excluded.card_enabled, remote_enabled = excluded.remote_enabled,
         tips_enabled = excluded.tips_enabled,
         default_expiry_seconds = excluded.default_expiry_seconds`,
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

export function createMerchantProfiles(store: Store) {
  const sql = statements(store);

  /** The environment's row: the sandbox's copy, or production's where it has none yet. */
  async function rowOf(merchantId: string, environment: Environment) {
    const copy = environment === 'sandbox' ? await sql.sandbox.get(merchantId) : undefined;
    return copy ? { row: copy, copied: true } : { row: await sql.production.get(merchantId) };
  }

  function profileOf(row: Row, environment: Environment, copied: boolean): MerchantProfile {
    return {
      id: row.id,
      name: row.name,
      address: row.address,
      companyNumber: row.company_number,
      vatNumber: row.vat_number,
      supportEmail: row.support_email,
      supportPhone: row.support_phone,
      logoPath:
        row.logo_updated_at === null
          ? null
          : logoPath(row.id, row.logo_updated_at, copied ? environment : 'production'),
      settings: {
        cardPayments: row.card_enabled === 1,
        remotePayments: row.remote_enabled === 1,
        tips: row.tips_enabled === 1,
        defaultExpirySeconds: row.default_expiry_seconds,
      },
    };
  }

  /** The merchant's profile and settings as `environment` has them. */
  async function get(
    merchantId: string,
    environment: Environment,
  ): Promise<MerchantProfile | undefined> {
    const { row, copied = false } = await rowOf(merchantId, environment);
    return row && profileOf(row, environment, copied);
  }

  /**
   * Applies a validated change (the logo already checked) to `environment`'s profile, in one
   * transaction: the sandbox's change makes or changes its copy, never production's row. `now`
   * versions the logo; it only has to differ from the previous upload's.
   */
  async function update(
    merchantId: string,
    environment: Environment,
    body: MerchantUpdateBody,
    logo: Logo | null | undefined,
    now: number,
  ): Promise<void> {
    await store.tx(async () => {
      const { row, copied = false } = await rowOf(merchantId, environment);
      const was = profileOf(row!, environment, copied);
      // Undefined keeps a field; null clears it.
      const pick = <T>(given: T | undefined, kept: T) => (given === undefined ? kept : given);
      const settings = { ...was.settings, ...body.settings };
      await sql[environment === 'sandbox' ? 'sandboxFields' : 'fields'].run({
        id: merchantId,
        name: body.name ?? was.name,
        address: pick(body.address, was.address),
        companyNumber: pick(body.companyNumber, was.companyNumber),
        vatNumber: pick(body.vatNumber, was.vatNumber),
        supportEmail: pick(body.supportEmail, was.supportEmail),
        supportPhone: pick(body.supportPhone, was.supportPhone),
        card: Number(settings.cardPayments),
        remote: Number(settings.remotePayments),
        tips: Number(settings.tips),
        expiry: settings.defaultExpirySeconds,
      });
      if (environment === 'sandbox' && !copied && logo === undefined)
        await sql.copyLogo.run(merchantId);
      if (logo !== undefined) {
        const previous = row!.logo_updated_at;
        await sql.dropLogo[environment].run(merchantId);
        if (logo)
          await sql.putLogo[environment].run(
            merchantId,
            logo.contentType,
            logo.bytes.toString('base64'),
            previous !== null && previous >= now ? previous + 1 : now,
          );
      }
    });
  }

  /** The logo `environment` shows: the sandbox's own once it has its copy, else production's. */
  async function logoOf(
    merchantId: string,
    environment: Environment,
  ): Promise<{ contentType: string; bytes: Buffer } | undefined> {
    const copied = environment === 'sandbox' && (await sql.sandbox.get(merchantId)) !== undefined;
    const row = await sql.logo[copied ? 'sandbox' : 'production'].get(merchantId);
    return row && { contentType: row.content_type, bytes: Buffer.from(row.data, 'base64') };
  }

  return { get, update, logoOf };
}
export type MerchantProfiles = ReturnType<typeof createMerchantProfiles>;
