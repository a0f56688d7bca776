/** What the hosted area is handed: the kernel's context and the services of other areas it uses. */
import type { HttpContext } from '../http/context';
import type { MerchantProfiles } from '../merchants';
import type { MessageOutbox } from '../messages';
import type { Lifecycle, PaymentReader } from '../payments';

export type HostedContext = HttpContext & {
  payments: PaymentReader;
  lifecycle: Lifecycle;
  /** What the page says about the shop. */
  profiles: MerchantProfiles;
  /** Card-saving links sent by email or SMS from checkout. */
  messages: MessageOutbox;
  /**
   * The language the shop set for its customers where this payment was made (the kiosk
   * settings' `displayLanguage`), or null when no level sets one.
   */
  shopLanguage(place: {
    merchant_id: string;
    environment: string;
    store_id: string;
    terminal_id: string | null;
  }): Promise<string | null>;
};
