/**
 * The shop as it was when a payment was paid (migration 0030, docs/receipts.md): written by the
 * lifecycle in the transaction that completes the payment, read by its receipts. What is kept is
 * read from the merchants' and stores' tables as the payment's environment sees them (the
 * sandbox's copies where it has them), with the fragments the merchants area gives other areas'
 * statements; the logo's bytes are kept once per version, so a later upload changes no receipt.
 */
import type { Environment } from '../../kernel/caller';
import type { Store } from '../../kernel/store/port';
import { ofEnvironment, storeColumn, storesWithCopy, seenIn } from '../../merchants';

/** The shop a paid payment's receipts show. */
export interface PaymentShopRow {
  name: string;
  address: string | null;
  company_number: string | null;
  vat_number: string | null;
  support_email: string | null;
  support_phone: string | null;
  store_name: string | null;
  store_address: string | null;
  logo_environment: Environment | null;
  logo_version: number | null;
  paid_at: number;
}

/** The logo the payment's environment shows now: the sandbox's own once it has its copy. */
const LOGO_JOINS = `
  LEFT JOIN sandbox_profiles sp ON sp.merchant_id = p.merchant_id AND p.environment = 'sandbox'
  LEFT JOIN merchant_logos ml ON ml.merchant_id = p.merchant_id AND sp.merchant_id IS NULL
  LEFT JOIN sandbox_logos sl ON sl.merchant_id = p.merchant_id AND sp.merchant_id IS NOT NULL`;
const LOGO_VERSION = 'COALESCE(ml.updated_at, sl.updated_at)';
const LOGO_ENVIRONMENT = `CASE WHEN sp.merchant_id IS NULL THEN 'production' ELSE 'sandbox' END`;

export function createShopStatements(store: Store) {
  // The payments of a batch, as a JSON array of ids.
  const ids =
    store.dialect === 'sqlite'
      ? 'SELECT value FROM json_each(@ids)'
      : 'SELECT jsonb_array_elements_text(@ids::jsonb)';
  // A version already kept is not read again: its bytes are what they were.
  const keepLogos = store.prepare<{ ids: string }>(`
    INSERT INTO receipt_logos (merchant_id, environment, version, content_type, data)
    SELECT p.merchant_id, ${LOGO_ENVIRONMENT}, ${LOGO_VERSION},
      COALESCE(ml.content_type, sl.content_type), COALESCE(ml.data, sl.data)
    FROM payment_requests p ${LOGO_JOINS}
    WHERE p.id IN (${ids}) AND ${LOGO_VERSION} IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM receipt_logos r WHERE r.merchant_id = p.merchant_id
        AND r.environment = ${LOGO_ENVIRONMENT} AND r.version = ${LOGO_VERSION})
    ON CONFLICT (merchant_id, environment, version) DO NOTHING`);
  // The first completion is the one kept: nothing later (a refund) changes it.
  const keepShops = store.prepare<{ ids: string; now: number }>(`
    INSERT INTO payment_shops (payment_request_id, name, address, company_number, vat_number,
      support_email, support_phone, store_name, store_address, logo_environment, logo_version,
      paid_at)
    SELECT p.id, ${ofEnvironment('name')}, ${ofEnvironment('address')},
      ${ofEnvironment('company_number')}, ${ofEnvironment('vat_number')},
      ${ofEnvironment('support_email')}, ${ofEnvironment('support_phone')},
      ${storeColumn('name')}, ${storeColumn('address')},
      CASE WHEN ${LOGO_VERSION} IS NULL THEN NULL ELSE ${LOGO_ENVIRONMENT} END, ${LOGO_VERSION},
      @now
    FROM payment_requests p JOIN merchants m ON m.id = p.merchant_id ${LOGO_JOINS}
      LEFT JOIN stores s ON s.id = p.store_id
      LEFT JOIN sandbox_stores o ON o.store_id = s.id AND p.environment = 'sandbox'
    WHERE p.id IN (${ids})
    ON CONFLICT (payment_request_id) DO NOTHING`);
  const shopOf = store.prepare<[string], PaymentShopRow>(
    `SELECT name, address, company_number, vat_number, support_email, support_phone,
       store_name, store_address, logo_environment, logo_version, paid_at
     FROM payment_shops WHERE payment_request_id = ?`,
  );
  const logoOf = store.prepare<[string], { content_type: string; data: string }>(
    `SELECT l.content_type, l.data FROM payment_shops ps
       JOIN payment_requests p ON p.id = ps.payment_request_id
       JOIN receipt_logos l ON l.merchant_id = p.merchant_id
         AND l.environment = ps.logo_environment AND l.version = ps.logo_version
     WHERE ps.payment_request_id = ?`,
  );
  const storeNow = store.prepare<
    [string, string, string],
    { name: string; address: string | null }
  >(
    `SELECT ${storeColumn('name')} AS name, ${storeColumn('address')} AS address
     FROM ${storesWithCopy('?')} WHERE s.id = ? AND ${seenIn('?')}`,
  );

  return {
    /**
     * Keeps the shop as it is now with each of `paymentIds` (just completed), in the completing
     * transaction; a payment that has its shop already keeps it.
     */
    async keep(paymentIds: readonly string[], now: number): Promise<void> {
      if (paymentIds.length === 0) return;
      const batch = JSON.stringify(paymentIds);
      await keepLogos.run({ ids: batch });
      await keepShops.run({ ids: batch, now });
    },
    /** The shop kept when the payment was paid; undefined for one paid before it was kept. */
    shopOf: (paymentRequestId: string) => shopOf.get(paymentRequestId),
    /** The logo the payment's shop showed when it was paid, or undefined without one. */
    async logoOf(paymentRequestId: string) {
      const row = await logoOf.get(paymentRequestId);
      return row && { contentType: row.content_type, bytes: Buffer.from(row.data, 'base64') };
    },
    /** The store's name and address as `environment` sees them now. */
    storeNow: (storeId: string, environment: Environment) =>
      storeNow.get(environment, storeId, environment),
  };
}
export type ShopStatements = ReturnType<typeof createShopStatements>;
