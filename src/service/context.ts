/** Everything a service area needs, built once by app.ts and handed to each area's routes. */
import type { Hono } from 'hono';
import type { ApproverPolicy } from './agent/contracts';
import type { ReceiptKeyOptions } from './agent/receipt-signer';
import type { Clock } from './kernel/clock';
import type { Outbox } from './kernel/events/outbox';
import type { GroupCommit } from './kernel/store/group-commit';
import type { Authenticator } from './http/auth';
import type { PaymentCreator } from './payments/create';
import type { MerchantProfiles } from './merchants/profile';
import type { MessageOutbox } from './messages/outbox';
import type { Lifecycle } from './payments/lifecycle';
import type { PaymentReader } from './payments/model';
import type { RefundLifecycle } from './refunds/lifecycle';
import type { RefundReader } from './refunds/repo';
import type { Store } from './kernel/store/port';
import type { StreamRegistry } from './ops/streams';
import type { Presence, TerminalReader } from './terminals/model';

export interface ServiceContext {
  store: Store;
  clock: Clock;
  outbox: Outbox;
  /** Writes that commit together with the others of this moment (store/group-commit.ts). */
  commit: GroupCommit;
  auth: Authenticator;
  payments: PaymentReader;
  lifecycle: Lifecycle;
  creator: PaymentCreator;
  terminals: TerminalReader;
  /** The merchant's profile and settings: what pages and receipts say about the shop. */
  profiles: MerchantProfiles;
  refunds: { reader: RefundReader; lifecycle: RefundLifecycle };
  /** Messages to customers (email, SMS), sent by SMTP when configured. */
  messages: MessageOutbox;
  /** Which terminals have a push stream open. */
  presence: Presence;
  /** The operator's default approvers of Agent Pay contracts (agent/approvers.ts). */
  approvers: ApproverPolicy;
  /** When the receipt signing key rotates by itself, and how often instances re-read it. */
  receiptKeys: ReceiptKeyOptions;
  /** Every open event stream, so a shutdown ends them with a reconnect hint. */
  streams: StreamRegistry;
  /** Base of every link the service returns, without a trailing slash. */
  publicUrl: () => string;
  /** Runs due work now: expiries, card settlements, refunds, webhook deliveries, and every area's own. */
  tick: () => Promise<void>;
  /** An area adds its own due work (e.g. Agent Pay's settlements) to every tick. */
  everyTick: (work: () => Promise<unknown>) => void;
}

export type Area = (app: Hono, ctx: ServiceContext) => void;
