/**
 * The shop's language for a customer's pages: the `displayLanguage` kiosk setting in force for
 * the payment's kiosk (the merchant's, its store's, then the kiosk's own), or its store's for a
 * payment made without one, and the merchant's alone for a page of no store (a card-saving or
 * bank-linking link). Only a language a level sets counts: the built-in default is no
 * choice of the shop's, so a customer's browser language may come before it.
 */
import type { KioskSettings } from '../../shared/contract/kiosk-settings';
import type { Store } from '../kernel/store/port';
import { settingsStatements } from './repo';

export interface PaymentPlace {
  merchant_id: string;
  environment: string;
  store_id: string | null;
  terminal_id: string | null;
}

export type ShopLanguageReader = (place: PaymentPlace) => Promise<string | null>;

const ORDER = ['merchant', 'store', 'terminal'] as const;

export function createShopLanguageReader(store: Store): ShopLanguageReader {
  const sql = settingsStatements(store);
  return async (place) => {
    const rows = await sql.forTerminal.all(
      place.merchant_id,
      place.environment,
      place.store_id ?? '',
      place.terminal_id ?? '',
    );
    let chosen: string | null = null;
    for (const level of ORDER) {
      const row = rows.find((r) => r.level === level);
      const settings = row ? (JSON.parse(row.settings) as KioskSettings) : {};
      if (settings.displayLanguage) chosen = settings.displayLanguage;
    }
    return chosen;
  };
}
