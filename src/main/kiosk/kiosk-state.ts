/**
 * The kiosk's state as the windows see it (the bridge's `KioskState`), put together from the
 * parts that own each piece, and its broadcast: every change goes to every window, whole to staff
 * and as the customer display's share of it. Kiosk mode and the LAN display, which no other part
 * owns, are kept here.
 */
import {
  displayStateOf,
  type KioskPayment as BridgePayment,
  type BridgeEvent,
  type DraftBasket,
  type HeldPayment,
  type TipStep,
  type KioskState,
} from '../../shared/bridge';
import { localDate, localDayBounds } from '../../shared/shop-day';
import { redact, type Credentials } from './credentials';
import type { History } from './history/history';
import type { RefundHistory } from './history/refunds';
import type { KioskPayment } from './history/types';
import type { StaffPin } from './staff-pin';
import type { StaffSession } from './staff-session';
import type { TerminalProfile } from './terminal-profile';
import type { ConnectionState } from './types';

export interface StateSources {
  now(): number;
  timeZone: string;
  locale: string;
  /** Start in full-screen kiosk mode. */
  kioskMode: boolean;
  history: History;
  refundHistory: RefundHistory;
  staffPin: StaffPin;
  staffSession: StaffSession;
  /** What the windows show of the receipt printer (printer/receipt-printer.ts). */
  receiptPrinter: {
    settings(): KioskState['receiptPrinter'];
    jobs(): KioskState['printJobs'];
  };
  connection: {
    credentials(): Credentials | null;
    status(): ConnectionState;
    online(): boolean;
  };
  profile: Pick<TerminalProfile, 'maxPence' | 'shop' | 'shopName'> & {
    /** The merchant's settings for this kiosk, when heard (central-settings.ts). */
    central?: () => KioskState['central'];
  };
  line: { payments(): KioskPayment[]; held(): HeldPayment[]; tipStep?(): TipStep | null };
  /** The offline cash sales waiting for the service (offline-cash.ts). */
  offlineCash?: { state(): { waiting: number; lastError: string | null } };
  basket(): DraftBasket | null;
  paymentView(payment: KioskPayment): BridgePayment;
}

export function createKioskState(sources: StateSources) {
  const { history, timeZone, now } = sources;
  const listeners = new Set<(event: BridgeEvent) => void>();
  /** Full-screen kiosk mode; staff leave it with the staff PIN (checked with every staff command). */
  let kioskMode = sources.kioskMode;
  /** Whether it was ever on since start: only then may staff return to it. */
  let kioskModeWasOn = sources.kioskMode;
  let lanDisplay: KioskState['lanDisplay'] = null;

  function pairing(): KioskState['pairing'] {
    const credentials = sources.connection.credentials();
    if (!credentials) return { paired: false };
    const saved = redact(credentials);
    return {
      paired: true,
      environment: saved.environment,
      kind: credentials.kind,
      baseUrl: saved.baseUrl,
      terminalName: credentials.terminalName ?? null,
      merchantName: sources.profile.shopName(),
      merchantLogoUrl: sources.profile.shop()?.logoUrl ?? null,
    };
  }

  function offlineWork(): KioskState['offlineWork'] {
    const work = sources.offlineCash?.state();
    return { waiting: work?.waiting ?? 0, error: work?.lastError ?? null };
  }

  function state(): KioskState {
    const payments = sources.line.payments();
    const takings = history.todaysTakings(now(), timeZone);
    const { start, end } = localDayBounds(now(), timeZone);
    const refundedPence = sources.refundHistory.refundedBetween(start, end);
    return {
      pairing: pairing(),
      connection: sources.connection.status(),
      online: sources.connection.online(),
      active: payments[0] ? sources.paymentView(payments[0]) : null,
      queue: payments.slice(1).map(sources.paymentView),
      held: sources.line.held(),
      offlineWork: offlineWork(),
      maxPence: sources.profile.maxPence(),
      locale: sources.locale,
      timeZone,
      today: localDate(now(), timeZone),
      takings: {
        count: takings.count,
        // Net of the refunds completed today, whichever day their payment was taken.
        totalPence: takings.totalPence - refundedPence,
        tipsPence: takings.tipsPence,
        refundedPence,
      },
      kioskMode,
      kioskModeWasOn,
      staffPinSet: sources.staffPin.isSet(),
      staff: {
        signedIn: sources.staffSession.current(),
        ...sources.staffSession.settings(),
        locked: sources.staffSession.locked(),
        signInRequired: sources.staffSession.signInRequired(),
      },
      lanDisplay,
      receiptPrinter: sources.receiptPrinter.settings(),
      printJobs: sources.receiptPrinter.jobs(),
      basket: sources.basket(),
      tipStep: sources.line.tipStep?.() ?? null,
      central: sources.profile.central?.() ?? null,
    };
  }

  function emit(event: BridgeEvent) {
    for (const listener of [...listeners]) listener(event);
  }

  /** Every change goes out twice: whole to staff, and as the customer display's share of it. */
  function emitState() {
    const now = state();
    // The customer display first: it is what a customer is waiting to see change.
    emit({ type: 'display', display: displayStateOf(now) });
    emit({ type: 'state', state: now });
  }

  return {
    state,
    emit,
    emitState,
    subscribe(listener: (event: BridgeEvent) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    setKioskMode(on: boolean) {
      kioskMode = on;
      if (on) kioskModeWasOn = true;
      emitState();
    },
    setLanDisplay(info: KioskState['lanDisplay']) {
      lanDisplay = info;
      emitState();
    },
  };
}
export type KioskStateHolder = ReturnType<typeof createKioskState>;
