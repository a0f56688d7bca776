/** What the merchants area is handed: the kernel's context and the services of other areas it uses. */
import type { HttpContext } from '../http/context';
import type { MerchantProfiles } from './profile';

export type MerchantsContext = HttpContext & {
  profiles: MerchantProfiles;
};
