/**
 * The merchant's profile and settings as the service reads and changes them: every page,
 * receipt and message that names the shop reads it here, so a change shows everywhere at once.
 *
 * Each environment has its own (docs/merchant-profile.md): production's is the merchant's row, and the
 * sandbox's is a copy made from it at the sandbox's first change (sandbox_profiles, and its logo
 * in sandbox_logos); until then the sandbox shows production's. A sandbox secret changes only
 * that copy, so nothing it does reaches what production's customers and terminals are shown or
 * how production's payments are made (docs/security.md).
 */
import type { MerchantSettings, MerchantUpdateBody } from '../../shared/contract/merchants';
import type { Environment } from '../kernel/caller';
import type { Store } from '../kernel/store/port';
import type { Logo } from './logo';
import { profileStatements, type ProfileRow } from './repo/profiles';

// Other areas' statements read the profile beside their own rows with these.
export { ofEnvironment, sandboxCopyJoin } from './repo/profiles';

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

/**
 * The logo's path; its version changes with each upload, so a browser never shows an old one.
 * The sandbox's names its environment: its logo may differ from production's.
 */
export const logoPath = (merchantId: string, version: number, environment: Environment) =>
  `/api/merchants/${merchantId}/logo?v=${version}${environment === 'sandbox' ? '&environment=sandbox' : ''}`;

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

/** A change of a merchant's profile or settings (PATCH /api/merchant), as other areas hear of it. */
export interface ProfileChange {
  merchantId: string;
  /** What was asked for: `body.settings` names the settings it set. */
  body: MerchantUpdateBody;
  /**
   * What each environment showed before the change and shows after it (the sandbox shows
   * production's until it has its own copy, so a production change may change both).
   */
  shown: { environment: Environment; was: MerchantProfile; now: MerchantProfile }[];
}

/**
 * Another area's reaction to a change of a profile. The areas that show the shop (terminals)
 * or keep what they read of the settings (saved-card charges) register one, so this area names
 * none of them.
 */
export interface ProfileListener {
  /** Runs in the change's transaction: what it writes (events) commits with the change. */
  inTransaction?: (change: ProfileChange) => Promise<void>;
  /** Runs once the change has committed. */
  committed?: (change: ProfileChange) => void;
}

export function createMerchantProfiles(store: Store) {
  const sql = profileStatements(store);

  /** The environment's row: the sandbox's copy, or production's where it has none yet. */
  async function rowOf(merchantId: string, environment: Environment) {
    const copy = environment === 'sandbox' ? await sql.sandbox.get(merchantId) : undefined;
    return copy ? { row: copy, copied: true } : { row: await sql.production.get(merchantId) };
  }

  function profileOf(row: ProfileRow, environment: Environment, copied: boolean): MerchantProfile {
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
        extensionSeconds: row.extension_seconds,
        maxExtensions: row.max_extensions,
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
        extensionSeconds: settings.extensionSeconds,
        maxExtensions: settings.maxExtensions,
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

  const listeners: ProfileListener[] = [];

  return {
    get,
    update,
    logoOf,
    /** Registers an area's reaction to every change of a profile. */
    onChange: (listener: ProfileListener) => void listeners.push(listener),
    /** Tells the listeners of `change`; call it in the transaction that made the change. */
    async announce(change: ProfileChange): Promise<void> {
      for (const listener of listeners) await listener.inTransaction?.(change);
    },
    /** Tells the listeners that `change` has committed. */
    announceCommitted(change: ProfileChange): void {
      for (const listener of listeners) listener.committed?.(change);
    },
  };
}
export type MerchantProfiles = ReturnType<typeof createMerchantProfiles>;
