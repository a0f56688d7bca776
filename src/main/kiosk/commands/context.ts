/**
 * What the bridge's handlers may use of the kiosk core: its stores, the current pairing's client,
 * and the few actions of the core's own (its state, the display line, pairing). The core builds
 * one and hands it to every area's handlers (commands/*.ts), so a handler names what it needs.
 */
import type {
  KioskPayment as BridgePayment,
  KioskRefund,
  KioskState,
} from '../../../shared/bridge';
import type { ApiClient } from '../../../client/http-client';
import type { Credentials } from '../credentials';
import type { CardCharges } from '../history/card-charges';
import type { DayReports } from '../history/day-report';
import type { History } from '../history/history';
import type { RefundHistory } from '../history/refunds';
import type { KioskPayment } from '../history/types';
import type { ReceiptPrinterService } from '../printer/receipt-printer';
import type { ReceiptSource } from '../printer/receipt-source';
import type { RefundReport } from '../refund-tracker';
import type { StaffActions } from '../history/staff-actions';
import type { StaffMember, StaffPin } from '../staff-pin';
import type { StaffSession } from '../staff-session';
import type { Tracker } from '../tracker';
import type { OfflineCash } from '../offline-cash';

export interface KioskContext {
  now(): number;
  /** The shop's time zone (IANA): its calendar day is the kiosk's "today". */
  timeZone: string;
  log(line: string): void;
  history: History;
  tracker: Tracker;
  refundHistory: RefundHistory;
  cardCharges: CardCharges;
  dayReports: DayReports;
  /** The kiosk's staff and their PINs (staff-pin.ts). */
  staff: StaffPin;
  /** Who is signed in, the shop's staff settings, managers' approvals (staff-session.ts). */
  staffSession: StaffSession;
  /** Who did what to each payment, with who approved it. */
  staffActions: StaffActions;
  /**
   * Who is acting: the person whose PIN a staff command carried, else the person signed in at
   * the console, else the owner of a one-person shop; null when none of these.
   */
  actor(who: StaffMember | null): StaffMember | null;
  /** The network receipt printer and the receipts it has not printed yet. */
  receiptPrinter: ReceiptPrinterService;
  /** A payment's receipt: the service's (the shop as it was when paid), else the kiosk's own. */
  receiptOf: ReceiptSource;
  /** The current pairing's service client and credentials; null while unpaired. */
  client(): ApiClient | null;
  credentials(): Credentials | null;
  /** A payment as the windows see it (pence, with its refunds and card charge). */
  paymentView(payment: KioskPayment): BridgePayment;
  refundView(refundId: string): KioskRefund;
  reportRefund(report: RefundReport | null): void;
  /** Cash sales made while the service was out of reach, waiting to be sent (offline-cash.ts). */
  offlineCash: OfflineCash;
  state(): KioskState;
  /** Sends the state (and the display's share of it) to every window. */
  emitState(): void;
  /**
   * Refuses `pence` above the terminal's largest payment (a KioskError on `field`), reading the
   * limit again first when it is over the one last read: the merchant may just have raised it.
   */
  withinLimit(pence: number, field: string): Promise<void>;
  /** Runs `forget` whenever the kiosk lets go of a pairing (what was learnt under it goes). */
  onDisconnect(forget: () => void): void;
}
