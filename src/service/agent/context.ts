/** What the agent area is handed: the kernel's context and the services of other areas it uses. */
import type { HttpContext } from '../http/context';
import type { MerchantProfiles } from '../merchants';
import type { MessageOutbox } from '../messages';
import type { PaymentCreator, PaymentReader } from '../payments';
import type { ApproverPolicy } from './approvers';
import type { ReceiptKeyOptions } from './receipt-signer';

export type AgentContext = HttpContext & {
  payments: PaymentReader;
  creator: PaymentCreator;
  profiles: MerchantProfiles;
  /** Approval codes sent by email or SMS. */
  messages: MessageOutbox;
  /** The operator's default approvers of Agent Pay contracts (approvers.ts). */
  approvers: ApproverPolicy;
  /** When the receipt signing key rotates by itself, and how often instances re-read it. */
  receiptKeys: ReceiptKeyOptions;
  /**
   * The language the merchant set for its customers (the kiosk settings' `displayLanguage` at
   * the merchant's level: a contract belongs to no store), or null when it sets none.
   */
  shopLanguage(place: {
    merchant_id: string;
    environment: string;
    store_id: null;
    terminal_id: null;
  }): Promise<string | null>;
};
