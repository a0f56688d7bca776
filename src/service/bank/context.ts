/** What the bank area is handed: the kernel's context and the services of other areas it uses. */
import type { HttpContext } from '../http/context';
import type { MerchantProfiles } from '../merchants';

export type BankContext = HttpContext & {
  /** What the link page says about the shop. */
  profiles: MerchantProfiles;
  /**
   * The language the merchant set for its pages (the kiosk settings' `displayLanguage` at the
   * merchant's level: a link belongs to no store), or null when it sets none.
   */
  shopLanguage(place: {
    merchant_id: string;
    environment: string;
    store_id: null;
    terminal_id: null;
  }): Promise<string | null>;
};
