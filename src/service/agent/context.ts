/** What the agent area is handed: the kernel's context and the services of other areas it uses. */
import type { HttpContext } from '../http/context';
import type { MerchantLanguage } from '../ui';
import type { MerchantProfiles } from '../merchants';
import type { MessageOutbox } from '../messages';
import type { PaymentCreator, PaymentReader } from '../payments';
import type { ApproverPolicy } from './approvers';
import type { ReceiptKeyOptions } from './receipt-signer';

export type AgentContext = HttpContext &
  MerchantLanguage & {
    payments: PaymentReader;
    creator: PaymentCreator;
    profiles: MerchantProfiles;
    /** Approval codes sent by email or SMS. */
    messages: MessageOutbox;
    /** The operator's default approvers of Agent Pay contracts (approvers.ts). */
    approvers: ApproverPolicy;
    /** When the receipt signing key rotates by itself, and how often instances re-read it. */
    receiptKeys: ReceiptKeyOptions;
  };
