/**
 * The merchant's profile and settings as the service reads and changes them: every page,
 * receipt and message that names the shop reads it here, so a change shows everywhere at once.
 */
import type { MerchantSettings, MerchantUpdateBody } from '../../shared/contract/merchants';
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

/** The logo's path; its version changes with each upload, so a browser never shows an old one. */
export const logoPath = (merchantId: string, version: number) =>
  `/api/merchants/${merchantId}/logo?v=${version}`;

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

export function createMerchantProfiles(store: Store) {
  const read = store.prepare<[string], Row>(
    `SELECT m.id, m.name, m.address, m.company_number, m.vat_number, m.support_email,
       m.support_phone, m.card_enabled, m.remote_enabled, m.tips_enabled,
       m.default_expiry_seconds, l.updated_at AS logo_updated_at
     FROM merchants m LEFT JOIN merchant_logos l ON l.merchant_id = m.id WHERE m.id = ?`,
  );
  const readLogo = store.prepare<[string], { content_type: string; data: string }>(
    'SELECT content_type, data FROM merchant_logos WHERE merchant_id = ?',
  );
  const fields = store.prepare(
    `UPDATE merchants SET name = @name, address = @address, company_number = @companyNumber,
       vat_number = @vatNumber, support_email = @supportEmail, support_phone = @supportPhone,
       card_enabled = @card, remote_enabled = @remote, tips_enabled = @tips,
       default_expiry_seconds = @expiry
     WHERE id = @id`,
  );
  const dropLogo = store.prepare('DELETE FROM merchant_logos WHERE merchant_id = ?');
  const putLogo = store.prepare(
    `INSERT INTO merchant_logos (merchant_id, content_type, data, updated_at) VALUES (?, ?, ?, ?)`,
  );

  async function get(merchantId: string): Promise<MerchantProfile | undefined> {
    const row = await read.get(merchantId);
    if (!row) return undefined;
    return {
      id: row.id,
      name: row.name,
      address: row.address,
      companyNumber: row.company_number,
      vatNumber: row.vat_number,
      supportEmail: row.support_email,
      supportPhone: row.support_phone,
      logoPath: row.logo_updated_at === null ? null : logoPath(row.id, row.logo_updated_at),
      settings: {
        cardPayments: row.card_enabled === 1,
        remotePayments: row.remote_enabled === 1,
        tips: row.tips_enabled === 1,
        defaultExpirySeconds: row.default_expiry_seconds,
      },
    };
  }

  /**
   * Applies a validated change (the logo already checked) in one transaction. `now` versions
   * the logo; it only has to differ from the previous upload's.
   */
  async function update(
    merchantId: string,
    body: MerchantUpdateBody,
    logo: Logo | null | undefined,
    now: number,
  ): Promise<void> {
    await store.tx(async () => {
      const was = (await get(merchantId))!;
      // Undefined keeps a field; null clears it.
      const pick = <T>(given: T | undefined, kept: T) => (given === undefined ? kept : given);
      const settings = { ...was.settings, ...body.settings };
      await fields.run({
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
      if (logo !== undefined) {
        const previous = (await read.get(merchantId))?.logo_updated_at ?? null;
        await dropLogo.run(merchantId);
        if (logo)
          await putLogo.run(
            merchantId,
            logo.contentType,
            logo.bytes.toString('base64'),
            previous !== null && previous >= now ? previous + 1 : now,
          );
      }
    });
  }

  async function logoOf(
    merchantId: string,
  ): Promise<{ contentType: string; bytes: Buffer } | undefined> {
    const row = await readLogo.get(merchantId);
    return row && { contentType: row.content_type, bytes: Buffer.from(row.data, 'base64') };
  }

  return { get, update, logoOf };
}
export type MerchantProfiles = ReturnType<typeof createMerchantProfiles>;
