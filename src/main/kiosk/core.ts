/**
 * The kiosk core: everything the main process does, in plain Node. This is its composition root:
 * it opens the kiosk's stores (history/) and wires together the parts that own the rest: the
 * connection to the service (connection.ts: pairing, push channel, poller), the terminal's own
 * record (terminal-profile.ts), the display line (display-line.ts: the queue and the held
 * payments), the event router (event-router.ts), refund polling, the optional webhook receiver,
 * the state the windows see (kiosk-state.ts) and the bridge's handlers (commands/). The Electron
 * shell and browser mode only carry `handle` and `subscribe` to the windows.
 */
import type { BridgeEvent, BridgeReply, KioskState } from '../../shared/bridge';
import type { ApiClient } from '../../client/http-client';
import { DEFAULT_SHOP_TIME_ZONE } from '../../shared/shop-day';
import { cardOnFileCommands } from './commands/card-on-file';
import type { KioskContext } from './commands/context';
import { endOfDayCommands } from './commands/end-of-day';
import { historyCommands } from './commands/history';
import { moreTimeCommands } from './commands/more-time';
import { paymentCommands, recordTaken } from './commands/payments';
import { printerCommands } from './commands/printer';
import { refundCommands } from './commands/refunds';
import { settingsCommands } from './commands/settings';
import { staffPinCommands } from './commands/staff-pin';
import { shiftCommands } from './commands/shifts';
import { createShiftDesk } from './shifts/desk';
import { stateCommands } from './commands/state';
import { createConnection, type KioskConnection } from './connection';
import { createCounterPayments } from './counter-payment';
import { createOfflineCash } from './offline-cash';
import type { CredentialStore } from './credentials';
import { createDispatcher, type Dispatcher } from './dispatcher';
import { createDisplayLine, type KioskDisplayLine } from './display-line';
import { createDraftBasket } from './draft-basket';
import { createCentralSettings, withCentral, type CentralSettings } from './central-settings';
import { createEventRouter } from './event-router';
import { createAttempts } from './history/attempts';
import { createBasketStore } from './history/basket';
import { createCardCharges } from './history/card-charges';
import { createDayReports } from './history/day-report';
import { openHistory } from './history/history';
import { createRefundHistory } from './history/refunds';
import { createHealthReporter } from './health-report';
import { createKioskState, type KioskStateHolder } from './kiosk-state';
import { probePrinter } from './printer/probe';
import { createReceiptPrinter, type ReceiptPrinterService } from './printer/receipt-printer';
import { createReceiptSource, type ReceiptSource } from './printer/receipt-source';
import { receiptOfRecord } from '../../shared/contract/receipts';
import type { SendTimeouts } from './printer/send';
import type { LastEventIdStore } from './push-channel';
import { createPushCursor } from './push-cursor';
import { startRefundPoller } from './refund-poller';
import { createRefundTracker, type RefundReport } from './refund-tracker';
import { createStaffActions } from './history/staff-actions';
import { createStaffPin, type StaffPin } from './staff-pin';
import { createStaffSession, type StaffSession } from './staff-session';
import { createTerminalProfile, type TerminalProfile } from './terminal-profile';
import { createTracker } from './tracker';
import { changeView, createViews } from './view';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

export interface KioskCoreOptions {
  /** Where kiosk.db and the push cursor live; null keeps everything in memory (tests). */
  dataDir: string | null;
  credentials: CredentialStore;
  /** Poll intervals: fast while a payment is on the display, slow otherwise. */
  pollFastMs?: number;
  pollSlowMs?: number;
  /** How long a finished payment stays on the display before the next one (or idle). */
  finishedHoldMs?: number;
  /**
   * Keep the push channel (default true). Without it the kiosk learns of everything by polling:
   * remote payment requests from the terminal's event feed, changes from payment status.
   */
  push?: boolean;
  /** A local webhook receiver: the subscription's secret, read on every delivery. */
  webhook?: { port?: number; secret: () => string };
  /** Start in full-screen kiosk mode, which staff leave only with the staff PIN. */
  kioskMode?: boolean;
  /** The windows' locale for dates and numbers (BCP 47); default en-GB. */
  locale?: string;
  /**
   * The shop's time zone (IANA), whose calendar day is "today" for the takings and the
   * end-of-day report; default Europe/London.
   */
  timeZone?: string;
  /** How often the terminal's own record (its largest payment) is read again; default 60 s. */
  terminalRefreshMs?: number;
  /**
   * Presets the staff PIN (COUNTER_KIOSK_PIN) when the kiosk has none yet; once one is kept in
   * kiosk.db, that one counts (staff may have changed it in Settings).
   */
  staffPin?: string;
  /** How long the receipt printer may take to connect and take a job (printer/send.ts). */
  printerTimeouts?: SendTimeouts;
  /** The health report to the service (docs/fleet.md): sent every `everyMs`, looked at every `checkMs`. */
  health?: { everyMs?: number; checkMs?: number };
  now?: () => number;
  log?: (line: string) => void;
}

export interface KioskCore {
  start(): Promise<void>;
  stop(): Promise<void>;
  handle(raw: unknown): Promise<BridgeReply>;
  subscribe(listener: (event: BridgeEvent) => void): () => void;
  state(): KioskState;
  /** The receiver's URL, to subscribe it on the service (when `webhook` was given). */
  webhookUrl(): string | null;
  /**
   * Pairs with a code without the staff PIN: only for the composition root (`npm start` pairing
   * with its own embedded service on first start), never reachable over the bridge.
   */
  pairInProcess(command: { baseUrl: string; code: string; name: string }): Promise<unknown>;
  /** Browser mode's LAN display: its address and current code, for the staff console. */
  setLanDisplay(info: KioskState['lanDisplay']): void;
  /** What the merchant sets for this kiosk, and the display windows reloaded on its request. */
  central: CentralSettings;
  /** A customer display window connected; call the answer when it goes (the health report). */
  attachDisplay(): () => void;
}

/** The kiosk's own SQLite file and the stores kept in it. */
/** What the stores reach once the core's later parts are made: the service and the windows. */
interface Later {
  client(): ApiClient | null;
  onChange(): void;
}

function openStores(options: KioskCoreOptions, now: () => number, timeZone: string, later: Later) {
  const history = openHistory(options.dataDir, { now });
  const refundHistory = createRefundHistory(history.db, now);
  const cardCharges = createCardCharges(history.db, now);
  const baskets = createBasketStore(history.db);
  const staffPin = createStaffPin(history.db, { now, preset: options.staffPin });
  return {
    history,
    tracker: createTracker(history, { now }),
    refundHistory,
    refundTracker: createRefundTracker(history, refundHistory, now),
    cardCharges,
    baskets,
    attempts: createAttempts(history.db, now),
    dayReports: createDayReports(history.db, timeZone),
    staffPin,
    staffSession: createStaffSession(history.db, staffPin, now),
    staffActions: createStaffActions(history.db, now),
    views: createViews({ refundHistory, cardCharges, baskets }),
    // Cash sales made while the service is out of reach, sent in order once it answers again.
    offlineCash: createOfflineCash({ db: history.db, now, log: options.log, ...later }),
  };
}
type Stores = ReturnType<typeof openStores>;

/** The parts of the core, once they are made: what the handlers and announcements reach. */
interface Parts {
  stores: Stores;
  now(): number;
  timeZone: string;
  log(line: string): void;
  receiptPrinter: ReceiptPrinterService;
  receiptOf: ReceiptSource;
  connection: KioskConnection;
  profile: TerminalProfile;
  line: KioskDisplayLine;
  windows: KioskStateHolder;
  cursor: LastEventIdStore;
  reportRefund(report: RefundReport | null): void;
}

/** Every command of the bridge with its handler (a command without one does not compile). */
function dispatcherOf(parts: Parts): Dispatcher {
  const { stores, connection, windows, line } = parts;
  const shiftDesk = createShiftDesk({
    db: stores.history.db,
    now: parts.now,
    log: parts.log,
    onChange: () => windows.emitState(),
    terminal() {
      const current = connection.current();
      const id = current?.credentials.terminalId;
      return current?.credentials.kind === 'terminal' && id
        ? { client: current.client, terminalId: id }
        : null;
    },
  });
  // Waiting Z reports and cash sales go when anything changes (a reconnect among them), once
  // each is due.
  windows.subscribe((event) => {
    if (event.type !== 'state') return;
    void shiftDesk.flush();
    void stores.offlineCash.flush();
  });
  const context: KioskContext = {
    now: parts.now,
    timeZone: parts.timeZone,
    log: parts.log,
    history: stores.history,
    tracker: stores.tracker,
    refundHistory: stores.refundHistory,
    cardCharges: stores.cardCharges,
    dayReports: stores.dayReports,
    staff: stores.staffPin,
    staffSession: stores.staffSession,
    staffActions: stores.staffActions,
    actor: (who) => who ?? stores.staffSession.acting(),
    receiptPrinter: parts.receiptPrinter,
    receiptOf: parts.receiptOf,
    client: connection.client,
    credentials: connection.credentials,
    paymentView: stores.views.payment,
    refundView: stores.views.refund,
    reportRefund: parts.reportRefund,
    offlineCash: stores.offlineCash,
    state: windows.state,
    emitState: windows.emitState,
    withinLimit: parts.profile.withinLimit,
    onDisconnect: connection.onDisconnect,
  };
  return createDispatcher({
    identify: (pin) => stores.staffPin.identify(pin),
    touch: () => stores.staffSession.touch(),
    locked: () => stores.staffSession.locked(),
    requireSignedIn: () => stores.staffSession.requireSignedIn(),
    log: parts.log,
    handlers: {
      ...stateCommands(context),
      ...paymentCommands(context, line),
      ...historyCommands(context),
      ...printerCommands(context),
      ...refundCommands(context),
      ...cardOnFileCommands(context),
      ...moreTimeCommands(context),
      ...endOfDayCommands(context),
      ...staffPinCommands(context),
      ...shiftCommands(context, shiftDesk),
      ...settingsCommands(context, {
        pair: connection.pair,
        configure: connection.configure,
        async unpair() {
          await connection.unpair();
          line.clearHeld(); // they were for the service this kiosk has left
          parts.cursor.set('');
          windows.emitState();
        },
        setKioskMode: windows.setKioskMode,
      }),
    },
  });
}

/** Each change the trackers apply goes to the windows, the display line and the printer. */
/** "Print a receipt after each payment" as the merchant locks it; open to staff, Settings decide. */
function lockedPrinting(state: KioskState): boolean | undefined {
  const central = state.central;
  if (!central?.locked.includes('printReceiptAfterPayment')) return undefined;
  return central.settings.printReceiptAfterPayment === true;
}

function announceChanges(parts: Pick<Parts, 'stores' | 'windows' | 'line' | 'receiptPrinter'>) {
  const { stores, windows, line } = parts;
  stores.tracker.subscribe((payment, change) => {
    windows.emit({
      type: 'paymentChanged',
      payment: stores.views.payment(payment),
      change: changeView(change),
    });
    line.changed(payment);
    if (change.to === 'COMPLETED')
      parts.receiptPrinter.afterPayment(payment, lockedPrinting(windows.state()));
    windows.emitState();
  });
  stores.refundTracker.subscribe((refund) => {
    windows.emit({ type: 'refundChanged', refund: stores.views.refund(refund.refundId) });
    windows.emitState(); // takings follow completed refunds
  });
}

/** Payments still open when the kiosk stopped come back to the display, oldest first. */
function restoreLine(stores: Stores, line: KioskDisplayLine, now: () => number) {
  for (const p of stores.history.unfinished())
    if (
      (p.expiresAt === null || p.expiresAt > now()) &&
      // A card-on-file charge is never on the display: the customer has nothing to do there.
      !stores.cardCharges.ofPayment(p.paymentRequestId)
    )
      line.enqueue(p.paymentRequestId);
}

/**
 * A payment's receipt for the printer and the console's print dialog alike: the service's, the
 * one its receipt page shows (the shop as it was when the customer paid), else the kiosk's own.
 */
function receiptSourceOf(stores: Stores, profile: TerminalProfile, client: () => ApiClient | null) {
  return createReceiptSource({
    fromService: async (paymentRequestId) => {
      const service = client();
      if (!service) return null;
      const record = await service.call('getReceipt', { params: { paymentRequestId } });
      return receiptOfRecord(record);
    },
    shopName: () => profile.shopName(),
    shopLines: () => profile.shop()?.lines ?? [],
    lineItemsOf: (paymentRequestId) => stores.baskets.of(paymentRequestId),
    refundsOf: (paymentRequestId) =>
      stores.refundHistory.ofPayment(paymentRequestId).map((r) => ({
        refundId: r.refundId,
        amountPence: r.amountPence,
        status: r.status,
        type: r.refundType,
        createdAt: r.createdAt,
      })),
    refundedOf: (paymentRequestId) => stores.refundHistory.refundedOf(paymentRequestId),
  });
}

/** How many customer display windows are connected; `changed` hears of each coming and going. */
function displayWindows(changed: () => void) {
  let count = 0;
  return {
    count: () => count,
    attach() {
      count++;
      changed();
      let attached = true;
      return () => {
        if (attached) count--;
        attached = false;
        changed();
      };
    },
  };
}

/** The health report (health-report.ts) from the parts that know each of its figures. */
function healthReporterOf(
  options: KioskCoreOptions,
  parts: Pick<Parts, 'now' | 'connection' | 'receiptPrinter' | 'line' | 'log' | 'stores'>,
  display: () => { attached: boolean; showing: boolean },
) {
  const { connection, receiptPrinter } = parts;
  return createHealthReporter({
    now: parts.now,
    terminal() {
      const current = connection.current();
      const id = current?.credentials.terminalId;
      return current?.credentials.kind === 'terminal' && id
        ? { client: current.client, terminalId: id }
        : null;
    },
    online: connection.online,
    display,
    printer: receiptPrinter.settings,
    printJobs: receiptPrinter.jobs,
    held: parts.line.held,
    offlineWork: parts.stores.offlineCash.state,
    probePrinter: (printer) => probePrinter(printer, options.printerTimeouts?.connectMs),
    dataDir: options.dataDir,
    log: parts.log,
    ...options.health,
  });
}

/** What the merchant sets centrally, read and answered through the connection (made later). */
function centralOf(
  connection: () => Pick<KioskConnection, 'current'>,
  printer: ReceiptPrinterService,
  staff: StaffSession,
  onChange: () => void,
  log: (line: string) => void,
  roster: StaffPin,
) {
  return createCentralSettings({
    current: () => connection().current(),
    onChange,
    printer,
    staff,
    log,
    roster,
  });
}

/** The store's tip percentages when its kiosk settings in force turn tips on; else null. */
function tipsOffered(central: CentralSettings): number[] | null {
  const settings = central.settings()?.settings;
  if (settings?.tipsEnabled !== true) return null;
  return settings.tipPercentages ?? null;
}

/** The payments waiting their turn on the customer display, made at the service in order. */
function lineOf(
  options: KioskCoreOptions,
  stores: Stores,
  parts: {
    basket: ReturnType<typeof createDraftBasket>;
    client: () => ReturnType<KioskConnection['client']>;
    profile: TerminalProfile;
    onChange: () => void;
    tipsOffered: () => number[] | null;
    now: () => number;
  },
) {
  return createDisplayLine({
    dataDir: options.dataDir,
    history: stores.history,
    counterPayments: createCounterPayments({
      ...stores,
      client: parts.client,
      onLimitRefused: () => void parts.profile.refresh(),
      takenBy: () => stores.staffSession.acting(),
      now: parts.now,
    }),
    basket: parts.basket,
    paired: () => parts.client() !== null,
    view: stores.views.payment,
    onChange: parts.onChange,
    holdMs: options.finishedHoldMs,
    tipsOffered: parts.tipsOffered,
    onHeldTaken: (held, paymentRequestId) =>
      recordTaken(stores.staffActions, paymentRequestId, held.amountPence, held),
    now: parts.now,
  });
}

export function createKioskCore(options: KioskCoreOptions): KioskCore {
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  const timeZone = options.timeZone ?? DEFAULT_SHOP_TIME_ZONE;
  const locale = options.locale ?? 'en-GB';
  const later: Later = { client: () => connection.client(), onChange: () => emitState() };
  const stores = openStores(options, now, timeZone, later);
  const { history, tracker, views } = stores;
  // The parts below tell the windows of each change; the windows' state is made from them all.
  const emitState = () => windows.emitState();
  const reportRefund = (report: RefundReport | null) => {
    // In the kiosk's own ids: a refund queued offline is not recorded again when the service
    // tells of it under its ids.
    if (report) stores.refundTracker.report(stores.offlineCash.inLocalIds(report));
  };
  const cursor = createPushCursor(options.dataDir);
  const basket = createDraftBasket();
  const profile = createTerminalProfile({
    current: () => connection.current(),
    onChange: emitState,
    log,
    refreshMs: options.terminalRefreshMs,
  });
  const receiptOf = receiptSourceOf(stores, profile, () => connection.client());
  const receiptPrinter = createReceiptPrinter({
    history,
    now,
    timeZone,
    locale,
    shopName: () => profile.shopName(),
    receiptOf,
    onChange: emitState,
    log,
    timeouts: options.printerTimeouts,
  });
  const line = lineOf(options, stores, {
    basket,
    client: () => connection.client(),
    profile,
    onChange: emitState,
    tipsOffered: () => tipsOffered(central),
    now,
  });
  const central = centralOf(
    () => connection,
    receiptPrinter,
    stores.staffSession,
    emitState,
    log,
    stores.staffPin,
  );
  stores.staffSession.follow(() => central.settings());
  const router = createEventRouter({
    central,
    ...stores,
    basket,
    enqueue: line.enqueue,
    reportRefund,
    refreshProfile: profile.refresh,
    onChange: emitState,
    now,
  });
  const connection = createConnection({
    store: options.credentials,
    push: options.push,
    pollFastMs: options.pollFastMs,
    pollSlowMs: options.pollSlowMs,
    sink: tracker,
    cursor,
    profile: withCentral(profile, central),
    pollTargets: line.pollTargets,
    route: router.push,
    advance: () => void line.advance(),
    onChange: emitState,
    log,
  });
  const windows = createKioskState({
    ...stores,
    now,
    timeZone,
    locale,
    kioskMode: options.kioskMode ?? false,
    receiptPrinter,
    connection,
    profile: withCentral(profile, central),
    line,
    basket: basket.current,
    paymentView: views.payment,
  });
  const parts = {
    stores,
    now,
    timeZone,
    log,
    receiptPrinter,
    receiptOf,
    connection,
    profile: withCentral(profile, central),
    line,
    windows,
  };
  announceChanges(parts);
  const refundPoller = startRefundPoller({
    refundHistory: stores.refundHistory,
    client: connection.client,
    report: reportRefund,
    log,
    everyMs: options.pollFastMs,
  });
  const dispatcher = dispatcherOf({ ...parts, cursor, reportRefund });
  const displays = displayWindows(() => health.changed());
  const health = healthReporterOf(options, parts, () => ({
    attached: displays.count() > 0,
    // Once paired it shows the shop's screens; before, the pairing screen.
    showing: displays.count() > 0 && connection.current() !== null,
  }));
  windows.subscribe(() => health.changed());

  let receiver: WebhookReceiver | null = null;
  return {
    async start() {
      restoreLine(stores, line, now);
      if (options.webhook)
        receiver = await startWebhookReceiver({
          port: options.webhook.port ?? 0,
          secret: options.webhook.secret,
          sink: tracker,
          onEvent: router.webhook,
          onError: (error) => log(`webhook: ${error.message}`),
        });
      if (!(await connection.resume())) emitState();
      health.start();
      stores.offlineCash.start();
    },
    async stop() {
      await health.stop();
      stores.offlineCash.stop();
      line.stop();
      refundPoller.stop();
      await connection.disconnect();
      await receiptPrinter.idle();
      await receiver?.close();
      history.close();
    },
    handle: (raw) => dispatcher.handle(raw),
    subscribe: windows.subscribe,
    state: windows.state,
    webhookUrl: () => receiver?.url ?? null,
    pairInProcess: connection.pair,
    setLanDisplay: windows.setLanDisplay,
    central,
    attachDisplay: displays.attach,
  };
}
