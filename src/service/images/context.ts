/** What the images area is handed: the kernel's context and the services of other areas it uses. */
import type { HttpContext } from '../http/context';
import type { Lifecycle, PaymentReader } from '../payments';
import type { MerchantProfiles } from '../merchants';
import type { RefundReader } from '../refunds';

export type ImagesContext = HttpContext & {
  payments: PaymentReader;
  lifecycle: Lifecycle;
  profiles: MerchantProfiles;
  refunds: { reader: RefundReader };
};
