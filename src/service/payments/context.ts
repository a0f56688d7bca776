/** What the payments area is handed: the kernel's context and the services of other areas it uses. */
import type { HttpContext } from '../http/context';
import type { PaymentCreator } from './create';
import type { Lifecycle } from './lifecycle';
import type { PaymentReader } from './repo/reader';
import type { MerchantProfiles } from '../merchants';

export type PaymentsContext = HttpContext & {
  payments: PaymentReader;
  lifecycle: Lifecycle;
  creator: PaymentCreator;
  profiles: MerchantProfiles;
};
