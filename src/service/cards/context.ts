/** What the cards area is handed: the kernel's context and the services of other areas it uses. */
import type { HttpContext } from '../http/context';
import type { Lifecycle, PaymentCreator, PaymentReader } from '../payments';
import type { MerchantProfiles } from '../merchants';
import type { MessageOutbox } from '../messages';

export type CardsContext = HttpContext & {
  payments: PaymentReader;
  lifecycle: Lifecycle;
  creator: PaymentCreator;
  profiles: MerchantProfiles;
  /** Card-saving links sent by email or SMS. */
  messages: MessageOutbox;
  /**
   * The language the merchant set for its customers (the kiosk settings' `displayLanguage` at
   * the merchant's level: a link belongs to no store), or null when it sets none.
   */
  shopLanguage(place: {
    merchant_id: string;
    environment: string;
    store_id: null;
    terminal_id: null;
  }): Promise<string | null>;
};
