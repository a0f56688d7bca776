/** What the receipts area is handed: the kernel's context and the services of other areas it uses. */
import type { HttpContext } from '../http/context';
import type { Lifecycle, PaymentReader } from '../payments';
import type { MerchantProfiles } from '../merchants';
import type { RefundReader } from '../refunds';

export type ReceiptsContext = HttpContext & {
  payments: PaymentReader;
  lifecycle: Lifecycle;
  profiles: MerchantProfiles;
  refunds: { reader: RefundReader };
};

/** The receipt page's routes also read the language the shop set for its customers. */
export type ReceiptPageContext = ReceiptsContext & {
  shopLanguage(place: {
    merchant_id: string;
    environment: string;
    store_id: string;
    terminal_id: string | null;
  }): Promise<string | null>;
};
