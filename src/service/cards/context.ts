/** What the cards area is handed: the kernel's context and the services of other areas it uses. */
import type { HttpContext } from '../http/context';
import type { MerchantLanguage } from '../ui';
import type { Lifecycle, PaymentCreator, PaymentReader } from '../payments';
import type { MerchantProfiles } from '../merchants';
import type { MessageOutbox } from '../messages';

export type CardsContext = HttpContext &
  MerchantLanguage & {
    payments: PaymentReader;
    lifecycle: Lifecycle;
    creator: PaymentCreator;
    profiles: MerchantProfiles;
    /** Card-saving links sent by email or SMS. */
    messages: MessageOutbox;
  };
