/**
 * The one context app.ts hands every area: the kernel's (store, clock, outbox, group commit,
 * scheduler), who is calling, and the services areas offer each other. Each area declares what it
 * uses in its own `<area>/context.ts`; this object is all of them at once, so the compiler checks
 * that every area gets what it names.
 */
import type { ApproverPolicy } from './agent/approvers';
import type { ReceiptKeyOptions } from './agent/receipt-signer';
import type { AgentContext } from './agent/context';
import type { BankContext } from './bank/context';
import type { CardsContext } from './cards/context';
import type { CustomersContext } from './customers/context';
import type { FleetContext } from './fleet/context';
import type { KioskConfigContext } from './kiosk-config/context';
import { createShopLanguageReader } from './kiosk-config';
import type { HostedContext } from './hosted/context';
import type { Area as AreaOf } from './http/context';
import { createAuthenticator } from './http/auth';
import type { ImagesContext } from './images/context';
import type { Clock } from './kernel/clock';
import type { Outbox } from './kernel/events/outbox';
import { createGroupCommit } from './kernel/store/group-commit';
import type { Store } from './kernel/store/port';
import type { McpContext } from './mcp/context';
import type { MerchantEventsContext } from './merchant-events/context';
import type { MerchantsContext } from './merchants/context';
import { createMerchantProfiles } from './merchants/profile';
import type { MessagesContext } from './messages/context';
import type { MessageOutbox } from './messages/outbox';
import type { OpsContext } from './ops/context';
import { createStreamRegistry } from './ops/streams';
import type { PaymentsContext } from './payments/context';
import { createPaymentCreator } from './payments/create';
import type { Lifecycle } from './payments/lifecycle';
import type { PaymentReader } from './payments/repo/reader';
import type { PushContext } from './push/context';
import type { ReceiptsContext } from './receipts/context';
import type { RefundsContext } from './refunds/context';
import type { SandboxContext } from './sandbox/context';
import type { SandboxKiosksContext } from './sandbox-kiosks/context';
import type { SiteContext } from './site/context';
import type { TerminalsContext } from './terminals/context';
import { createPresence, createTerminalReader } from './terminals/model';
import type { WebhooksContext } from './webhooks/context';

export type ServiceContext = BankContext &
  CardsContext &
  CustomersContext &
  FleetContext &
  KioskConfigContext &
  HostedContext &
  ImagesContext &
  McpContext &
  MerchantEventsContext &
  MerchantsContext &
  MessagesContext &
  OpsContext &
  PaymentsContext &
  PushContext &
  ReceiptsContext &
  RefundsContext &
  SandboxContext &
  SandboxKiosksContext &
  SiteContext &
  TerminalsContext &
  WebhooksContext &
  AgentContext;

/** An area of the service, registered with the whole context. */
export type Area = AreaOf<ServiceContext>;

export interface ContextParts {
  store: Store;
  clock: Clock;
  outbox: Outbox;
  payments: PaymentReader;
  lifecycle: Lifecycle;
  refunds: ServiceContext['refunds'];
  messages: MessageOutbox;
  approvers: ApproverPolicy;
  receiptKeys: ReceiptKeyOptions;
  publicUrl: () => string;
  tick: () => Promise<void>;
  everyTick: (work: () => Promise<unknown>) => void;
}

/** The context from the parts app.ts builds first, and the services nothing else needs built. */
export function composeContext(parts: ContextParts): ServiceContext {
  const { store, clock } = parts;
  return {
    ...parts,
    commit: createGroupCommit(store),
    auth: createAuthenticator(store, () => clock.now('production')),
    creator: createPaymentCreator(store, clock),
    terminals: createTerminalReader(store),
    profiles: createMerchantProfiles(store),
    shopLanguage: createShopLanguageReader(store),
    presence: createPresence(store),
    streams: createStreamRegistry(),
  };
}
