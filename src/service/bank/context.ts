/** What the bank area is handed: the kernel's context and the services of other areas it uses. */
import type { HttpContext } from '../http/context';
import type { MerchantLanguage } from '../ui';
import type { MerchantProfiles } from '../merchants';

export type BankContext = HttpContext &
  MerchantLanguage & {
    /** What the link page says about the shop. */
    profiles: MerchantProfiles;
  };
