/**
 * The kiosk core: everything the main process does, in plain Node. It pairs with the service,
 * keeps the push channel, the poller and (optionally) the local webhook receiver feeding one
 * tracker, keeps the active payment and its queue, and answers the bridge's commands. The
 * Electron shell and browser mode only carry `handle` and `subscribe` to the windows.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type BasketLine,
  type BridgeEvent,
  type DraftBasket,
  displayStateOf,
  type BridgeReply,
  type HeldPayment,
  type KioskState,
} from '../../shared/bridge';
import { displayLinesInPence, lineItemsOfBasket } from '../../shared/contract/line-items';
import { overTerminalLimit } from '../../shared/contract/terminals';
import { penceToPounds, poundsToPence } from '../../shared/money';
import { ApiClientError, createClient, type ApiClient } from '../../client/http-client';
import { cardOnFileCommands } from './commands/card-on-file';
import type { KioskContext } from './commands/context';
import { endOfDayCommands } from './commands/end-of-day';
import { historyCommands } from './commands/history';
import { printerCommands } from './commands/printer';
import { paymentCommands } from './commands/payments';
import { refundCommands } from './commands/refunds';
import { settingsCommands } from './commands/settings';
import { staffPinCommands } from './commands/staff-pin';
import { stateCommands } from './commands/state';
import { redact, type CredentialStore, type Credentials } from './credentials';
import { createDispatcher } from './dispatcher';
import { createAttempts, type Attempts } from './history/attempts';
import { openHistory, type History } from './history/history';
import { DEFAULT_SHOP_TIME_ZONE, localDate, localDayBounds } from '../../shared/shop-day';
import type { KioskPayment, NewPayment } from './history/types';
import { explain, KioskError } from './kiosk-error';
import { configureManually, pairWithCode, unpair } from './pairing';
import { createPoller, type Poller } from './poller';
import {
  createPushChannel,
  parsePushEvent,
  type PushChannel,
  type PushEvent,
} from './push-channel';
import { createTracker, type Tracker } from './tracker';
import type { ConnectionState } from './types';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';
import { changeView, paymentView as basePaymentView, refundView } from './view';
import { createRefundHistory } from './history/refunds';
import {
  createRefundTracker,
  refundReportOf,
  refundReportOfRecord,
  type RefundReport,
} from './refund-tracker';
import { createStaffPin } from './staff-pin';
import { createHeldLine, type Held } from './held-line';
import { createDayReports } from './history/day-report';
import { createCardCharges, type CardCharge } from './history/card-charges';
import { createReceiptPrinter } from './printer/receipt-printer';
import type { SendTimeouts } from './printer/send';
import { createBasketStore } from './history/basket';

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
}

export function createKioskCore(options: KioskCoreOptions): KioskCore {
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  const holdMs = options.finishedHoldMs ?? 8_000;
  const history: History = openHistory(options.dataDir, { now });
  const tracker: Tracker = createTracker(history, { now });
  const timeZone = options.timeZone ?? DEFAULT_SHOP_TIME_ZONE;
  const dayReports = createDayReports(history.db, timeZone);
  const refundHistory = createRefundHistory(history.db, now);
  const refundTracker = createRefundTracker(history, refundHistory, now);
  const staffPin = createStaffPin(history.db, { now, preset: options.staffPin });
  const cardCharges = createCardCharges(history.db, now);
  const baskets = createBasketStore(history.db);
  /**
   * The basket on the display before its payment starts: the console's as staff build it, or the
   * till system's, which the next payment pushed to this terminal takes as its own.
   */
  let draftBasket: DraftBasket | null = null;
  const receiptPrinter = createReceiptPrinter({
    history,
    now,
    timeZone: options.timeZone ?? DEFAULT_SHOP_TIME_ZONE,
    locale: options.locale ?? 'en-GB',
    shopName: () => shopName(),
    shopLines: () => shop?.lines ?? [],
    lineItemsOf: (paymentRequestId) => baskets.of(paymentRequestId),
    onChange: () => emitState(),
    log,
    timeouts: options.printerTimeouts,
  });
  /** A payment as the windows see it, with its refunded total, its basket and any card charged. */
  const paymentView = (p: KioskPayment) => {
    const charge = cardCharges.ofPayment(p.paymentRequestId);
    const lines = baskets.of(p.paymentRequestId);
    return {
      ...basePaymentView(p, refundHistory.refundedOf(p.paymentRequestId)),
      ...(lines.length ? { lines } : {}),
      ...(charge ? { cardCharge: cardChargeView(charge) } : {}),
    };
  };
  const cardChargeView = (c: CardCharge) => ({
    customerId: c.customerId,
    customerName: c.customerName,
    paymentMethodId: c.paymentMethodId,
    cardLabel: c.cardLabel,
    captureType: c.captureType,
  });
  const refundOut = (refundId: string) =>
    refundView(refundHistory.get(refundId)!, refundHistory.changes(refundId));
  const attempts: Attempts = createAttempts(history.db, now);
  const listeners = new Set<(event: BridgeEvent) => void>();
  /** What the handlers keep per pairing, let go of with it (commands/context.ts). */
  const forgetOnDisconnect: (() => void)[] = [];

  let credentials: Credentials | null = null;
  let client: ApiClient | null = null;
  let channel: PushChannel | null = null;
  let poller: Poller | null = null;
  let receiver: WebhookReceiver | null = null;
  let connection: ConnectionState = 'offline';
  let online = false;
  /** Payments waiting for the display, oldest first; the first is the active one. */
  let queue: string[] = [];
  /** Counter payments behind them, not yet created at the service. */
  const held = createHeldLine(options.dataDir, now);
  /** A payment is being created at the service: the next one waits for it. */
  let creating = false;
  /** The terminal's largest payment in pence, from its own record; null when unknown. */
  let maxPence: number | null = null;
  /** The shop as the service last described it (refreshTerminal); until then, as at pairing. */
  let shop: { name: string; lines: string[]; logoUrl?: string } | null = null;
  const shopName = () => shop?.name ?? credentials?.merchantName ?? null;
  let terminalTimer: NodeJS.Timeout | null = null;
  const finishedTimers = new Map<string, NodeJS.Timeout>();
  /** Full-screen kiosk mode; staff leave it with the staff PIN (checked with every staff command). */
  let kioskMode = options.kioskMode ?? false;
  let lanDisplay: KioskState['lanDisplay'] = null;

  const cursorFile = options.dataDir ? join(options.dataDir, 'push-cursor') : null;
  let memoryCursor: string | null = null;
  const lastEventId = {
    get(): string | null {
      if (!cursorFile) return memoryCursor;
      try {
        return readFileSync(cursorFile, 'utf8').trim() || null;
      } catch {
        return null;
      }
    },
    set(id: string) {
      if (cursorFile) writeFileSync(cursorFile, id);
      else memoryCursor = id;
    },
  };

  function state(): KioskState {
    const payments = queue.map((id) => history.get(id)).filter((p): p is KioskPayment => !!p);
    const takings = history.todaysTakings(now(), timeZone);
    const { start, end } = localDayBounds(now(), timeZone);
    const refundedPence = refundHistory.refundedBetween(start, end);
    const saved = credentials ? redact(credentials) : null;
    return {
      pairing: saved
        ? {
            paired: true,
            environment: saved.environment,
            kind: credentials!.kind,
            baseUrl: saved.baseUrl,
            terminalName: credentials!.terminalName ?? null,
            merchantName: shopName(),
            merchantLogoUrl: shop?.logoUrl ?? null,
          }
        : { paired: false },
      connection,
      online,
      active: payments[0] ? paymentView(payments[0]) : null,
      queue: payments.slice(1).map(paymentView),
      held: held.list().map(heldView),
      maxPence,
      locale: options.locale ?? 'en-GB',
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
      staffPinSet: staffPin.isSet(),
      lanDisplay,
      receiptPrinter: receiptPrinter.settings(),
      printJobs: receiptPrinter.jobs(),
      basket: draftBasket,
    };
  }

  function emit(event: BridgeEvent) {
    for (const listener of [...listeners]) listener(event);
  }
  /** Every change goes out twice: whole to staff, and as the customer display's share of it. */
  const emitState = () => {
    const now = state();
    // The customer display first: it is what a customer is waiting to see change.
    emit({ type: 'display', display: displayStateOf(now) });
    emit({ type: 'state', state: now });
  };

  function enqueue(id: string) {
    if (!queue.includes(id)) queue.push(id);
  }

  /** A finished payment stays on the display a moment, then gives way to the next one. */
  function scheduleRemoval(payment: KioskPayment) {
    if (!payment.final || finishedTimers.has(payment.paymentRequestId)) return;
    const timer = setTimeout(() => {
      finishedTimers.delete(payment.paymentRequestId);
      queue = queue.filter((id) => id !== payment.paymentRequestId);
      emitState();
      void advance();
    }, holdMs);
    timer.unref();
    finishedTimers.set(payment.paymentRequestId, timer);
  }

  tracker.subscribe((payment, change) => {
    emit({
      type: 'paymentChanged',
      payment: paymentView(payment),
      change: changeView(change),
    });
    if (queue.includes(payment.paymentRequestId)) scheduleRemoval(payment);
    if (change.to === 'COMPLETED') receiptPrinter.afterPayment(payment);
    emitState();
  });

  refundTracker.subscribe((refund) => {
    emit({ type: 'refundChanged', refund: refundOut(refund.refundId) });
    emitState(); // takings follow completed refunds
  });

  function reportRefund(report: RefundReport | null) {
    if (report) refundTracker.report(report);
  }

  /** An event from the push stream, or the same event read from the feed by polling. */
  async function onPush(event: PushEvent, source: 'push' | 'poll' = 'push') {
    if (event.type === 'TERMINAL_DISPLAY') {
      const d = event.body.data;
      const lines = displayLinesInPence(d.lineItems);
      draftBasket = lines.length ? { source: 'till', lines, currency: d.currency } : null;
      emitState();
      return;
    }
    if (event.type === 'TERMINAL_PROFILE') {
      // The shop was renamed or re-addressed: re-read it now rather than at the next minute.
      await refreshTerminal();
      return;
    }
    if (event.type === 'REMOTE_PAYMENT_REQUEST') {
      const d = event.body.data;
      const known = history.get(d.paymentRequestId) !== null;
      const payment: NewPayment = {
        paymentRequestId: d.paymentRequestId,
        origin: 'remote',
        amountPence: poundsToPence(d.amount),
        currency: d.currency,
        orderId: d.orderId,
        notes: d.notes,
        metadata: d.metadata,
        paymentMethodRestriction: d.paymentMethod,
        paymentUrl: d.paymentUrl,
        qrCodeUrl: d.qrCodeUrl,
        qrCodeUrlPng: d.qrCodeUrlPng,
        templateUrl: d.templateUrl,
        source,
        createdAt: Date.parse(event.body.createdAt),
        expiresAt: Date.parse(d.expiresAt),
      };
      tracker.track(payment);
      // A payment pushed with its own basket keeps that one; otherwise the till system's basket
      // on the display is for the payment it sends next (a replayed one keeps its own).
      if (!known && d.lineItems?.length) {
        baskets.save(d.paymentRequestId, displayLinesInPence(d.lineItems));
        if (draftBasket?.source === 'till') draftBasket = null;
      } else if (!known && draftBasket?.source === 'till') {
        baskets.save(d.paymentRequestId, draftBasket.lines);
        draftBasket = null;
      }
      // A request that expired while the kiosk was away is history, not a customer waiting.
      if (Date.parse(d.expiresAt) > now()) enqueue(d.paymentRequestId);
      emitState();
      return;
    }
    const d = event.body.data;
    if (!d.paymentRequestId) return;
    // A refund's status (COMPLETED, …) is not the payment's.
    if (d.type === 'REFUND_STATUS') {
      reportRefund(refundReportOf(d, event.body.createdAt, source));
      return;
    }
    tracker.report({
      paymentRequestId: d.paymentRequestId,
      status: (d.type === 'EXPIRED_STATUS' ? 'EXPIRED' : d.status) as never,
      source,
      at: event.body.createdAt,
      paidAmount: d.paidAmount,
      tipAmount: d.tipAmount,
      paymentMethod: d.paymentMethod ?? null,
      errorDescription: d.errorDescription,
    });
  }

  function pollTargets() {
    const active = queue[0] ?? null;
    const others = history
      .unfinished()
      .map((p) => p.paymentRequestId)
      .filter((id) => id !== active)
      .slice(-200);
    return { active, others };
  }

  /** Without push, the terminal's event feed brings remote requests and changes instead. */
  async function readEventFeed(feedClient: ApiClient) {
    for (;;) {
      const page = await feedClient.call('pollTerminalEvents', {
        query: { after: lastEventId.get() ?? undefined, limit: 100 },
      });
      for (const event of page.events) {
        try {
          await onPush(parsePushEvent(event.id, event.type, event.body), 'poll');
        } catch (error) {
          log(`event feed ${event.id}: ${(error as Error).message}`);
        }
        lastEventId.set(event.id);
      }
      if (page.events.length < 100) return;
    }
  }

  /**
   * Polling for refunds: every payment with a refund not yet final is asked about (GET
   * /api/refund/{id}) while any is; push and webhooks usually answer first.
   */
  let refundPolling = false;
  async function pollRefunds() {
    if (refundPolling || !client) return;
    const ids = [...new Set(refundHistory.unfinished().map((r) => r.paymentRequestId))];
    if (ids.length === 0) return;
    refundPolling = true;
    const current = client;
    try {
      for (const paymentRequestId of ids.slice(0, 50)) {
        try {
          const records = await current.call('listRefunds', { params: { paymentRequestId } });
          for (const record of records) reportRefund(refundReportOfRecord(record, 'poll'));
        } catch (error) {
          log(`poll refunds ${paymentRequestId}: ${(error as Error).message}`);
        }
      }
    } finally {
      refundPolling = false;
    }
  }
  const refundTimer = setInterval(() => void pollRefunds(), options.pollFastMs ?? 1_000);
  refundTimer.unref();

  async function connect(saved: Credentials) {
    credentials = saved;
    client = createClient({ baseUrl: saved.baseUrl, secret: saved.secret });
    const usePush = saved.kind === 'terminal' && options.push !== false;
    const feedClient = client;
    poller = createPoller({
      client,
      discover: saved.kind === 'terminal' && !usePush ? () => readEventFeed(feedClient) : undefined,
      sink: tracker,
      ids: pollTargets,
      fastMs: options.pollFastMs,
      slowMs: options.pollSlowMs,
      onReachability(ok) {
        online = ok;
        // A held payment that could not be created for want of the service goes now.
        if (ok) void advance();
        if (!channel) connection = ok ? 'connected' : 'offline';
        // Back online: every payment whose final status we have not seen is asked about now.
        if (ok) void poller?.pollNow();
        emitState();
      },
      onError: (error, id) => log(`poll ${id}: ${error.message}`),
    });
    poller.start();
    if (usePush) {
      channel = createPushChannel({
        baseUrl: saved.baseUrl,
        secret: saved.secret,
        lastEventId,
        onEvent: (event) => onPush(event),
        onState(next, detail) {
          connection = next;
          if (next === 'connected') {
            online = true;
            void refreshTerminal();
          }
          if (detail?.error) log(`push: ${detail.error}`);
          emitState();
        },
        onError: (error) => log(`push event: ${error.message}`),
      });
      channel.start();
    }
    if (saved.kind === 'terminal') {
      void refreshTerminal();
      terminalTimer = setInterval(
        () => void refreshTerminal(),
        options.terminalRefreshMs ?? 60_000,
      );
      terminalTimer.unref();
    }
    emitState();
    void advance();
  }

  /**
   * Reads the terminal's own record for its largest payment (changed on the dashboard) and its
   * shop's profile (renamed, a new address): the display and printed receipts show it.
   */
  async function refreshTerminal() {
    const current = client;
    if (!current || credentials?.kind !== 'terminal') return;
    try {
      const terminal = await current.call('getOwnTerminal');
      if (client !== current) return;
      const next = poundsToPence(terminal.maxAmount);
      const nextShop = terminal.shop ?? null;
      if (next !== maxPence || JSON.stringify(nextShop) !== JSON.stringify(shop)) {
        maxPence = next;
        shop = nextShop;
        emitState();
      }
    } catch (error) {
      // An older service without the call: the service still refuses what is too large.
      log(`terminal record: ${(error as Error).message}`);
    }
  }

  async function disconnect() {
    for (const forget of forgetOnDisconnect) forget();
    if (terminalTimer) clearInterval(terminalTimer);
    terminalTimer = null;
    maxPence = null;
    shop = null;
    await channel?.stop();
    await poller?.stop();
    channel = null;
    poller = null;
    client = null;
    credentials = null;
    connection = 'offline';
    online = false;
  }

  /**
   * Starts a counter payment: on the display now when it is free, otherwise held in line and
   * created at the service only when its turn comes, so its expiry starts when the customer sees it.
   */
  async function startPayment(request: Pick<Held, 'amountPence' | 'notes' | 'method' | 'lines'>) {
    // The basket on the display is this payment's now; the display shows it with the payment.
    if (request.lines?.length && draftBasket?.source === 'counter') draftBasket = null;
    if (queue.length === 0 && held.list().length === 0 && !creating) {
      creating = true;
      try {
        return { queued: false as const, payment: await createAtService(request) };
      } finally {
        creating = false;
        emitState();
        void advance();
      }
    }
    const entry = held.add(request);
    emitState();
    return {
      queued: true as const,
      held: heldView(entry),
      position: Math.max(queue.length - 1, 0) + held.list().length,
    };
  }

  /** Over the limit as last read: read it again first (the merchant may just have raised it). */
  async function withinLimit(pence: number, field: string) {
    if (maxPence !== null && pence > maxPence) await refreshTerminal();
    if (maxPence !== null && pence > maxPence)
      throw new KioskError(overTerminalLimit(pence, maxPence), field);
  }

  async function createAtService(
    request: Pick<Held, 'amountPence' | 'notes' | 'method' | 'lines'>,
  ) {
    if (!client) throw new KioskError('Pair this kiosk before taking payments');
    // Written before the request leaves: a retry after a lost answer reuses its key and order id,
    // so the service answers with the payment it already made (history/attempts.ts).
    const attempt = attempts.open({
      amountPence: request.amountPence,
      notes: request.notes,
      paymentMethodRestriction: request.method,
    });
    const orderId = attempt.orderId;
    let created;
    try {
      created = await client.call('processPayment', {
        body: {
          customerId: 'counter',
          orderId,
          amount: penceToPounds(request.amountPence),
          notes: request.notes ?? undefined,
          paymentMethod: request.method ? [request.method] : undefined,
          template: 'EXTERNAL_DISPLAY',
          // Kept with the payment by the service too, so its receipt page and image list them.
          lineItems: request.lines?.length ? lineItemsOfBasket(request.lines) : undefined,
        },
        idempotencyKey: attempt.idempotencyKey,
      });
    } catch (error) {
      // The limit may have changed on the dashboard since the kiosk last read it.
      if (error instanceof ApiClientError && /largest payment/.test(error.message))
        void refreshTerminal();
      // A refusal changed nothing on the service; a lost answer (no connection, 5xx, 429) keeps
      // the attempt for the retry.
      if (error instanceof ApiClientError && error.status >= 400 && error.status < 500)
        if (error.status !== 429) attempts.drop(attempt.idempotencyKey);
      throw explain(error, 'amountPence');
    }
    attempts.settle(attempt.idempotencyKey, created.paymentRequestId);
    const record = await client
      .call('getPaymentStatus', { params: { paymentRequestId: created.paymentRequestId } })
      .catch(() => null);
    tracker.track({
      paymentRequestId: created.paymentRequestId,
      origin: 'counter',
      amountPence: request.amountPence,
      orderId,
      notes: request.notes,
      paymentMethodRestriction: request.method,
      paymentUrl: created.paymentUrl,
      qrCodeUrl: created.qrCodeUrl,
      qrCodeUrlPng: created.qrCodeUrlPng,
      templateUrl: created.templateUrl,
      source: 'local',
      createdAt: record ? Date.parse(record.createdAt) : now(),
      expiresAt: record ? Date.parse(record.expiresAt) : now() + 180_000,
    });
    if (request.lines?.length) baskets.save(created.paymentRequestId, request.lines);
    // First in line: the display was free when it was sent, and a request pushed from the
    // dashboard while this one was on its way must not leave it waiting with its clock running.
    queue = [created.paymentRequestId, ...queue.filter((id) => id !== created.paymentRequestId)];
    return paymentView(history.get(created.paymentRequestId)!);
  }

  /**
   * When the display is free, the first held payment becomes a payment request. One the service
   * refuses (or cannot be reached for) stays first in line with the reason, for staff to retry or
   * remove; the line waits behind it rather than jump ahead of the customer who is waiting.
   */
  async function advance(): Promise<void> {
    const next = held.list()[0];
    if (!next || (next.error && !next.retryable) || creating || queue.length > 0 || !client) return;
    creating = true;
    try {
      await createAtService(next);
      held.remove(next.id);
    } catch (error) {
      // Unreachable: tried again when the service answers; refused: staff decide.
      const unreachable = error instanceof ApiClientError && error.status === 0;
      held.fail(next.id, explain(error).message, unreachable);
    } finally {
      creating = false;
      emitState();
    }
  }

  function heldView(entry: Held): HeldPayment {
    return {
      id: entry.id,
      amountPence: entry.amountPence,
      notes: entry.notes,
      paymentMethod: entry.method,
      createdAt: new Date(entry.createdAt).toISOString(),
      error: entry.error,
      ...(entry.lines?.length ? { lines: entry.lines } : {}),
    };
  }

  /**
   * The new pairing is made (and saved) before the kiosk lets go of the one it has: a code or
   * secret the service refuses, or a service that cannot be reached, leaves it paired as it was.
   */
  async function repair<T>(make: () => Promise<T>): Promise<T> {
    const saved = await make();
    await disconnect();
    await connect((await options.credentials.load())!);
    return saved;
  }
  const pair = (command: { baseUrl: string; code: string; name: string }) =>
    repair(() => pairWithCode({ ...command, store: options.credentials }));
  const configure = (command: { baseUrl: string; secret: string }) =>
    repair(() => configureManually({ ...command, store: options.credentials }));

  const context: KioskContext = {
    now,
    timeZone,
    log,
    history,
    tracker,
    refundHistory,
    cardCharges,
    dayReports,
    staffPin,
    receiptPrinter,
    client: () => client,
    credentials: () => credentials,
    paymentView,
    refundView: refundOut,
    reportRefund,
    state,
    emitState,
    withinLimit,
    onDisconnect: (forget) => void forgetOnDisconnect.push(forget),
  };
  const dispatcher = createDispatcher({
    checkStaffPin: (pin) => staffPin.check(pin),
    log,
    handlers: {
      ...stateCommands(context),
      ...paymentCommands(context, {
        start: startPayment,
        showBasket(lines: BasketLine[]) {
          // An empty console basket (Take payment opened or left) leaves the till's basket be:
          // it waits for the payment the till system sends next.
          if (!lines.length && draftBasket?.source === 'till') return;
          draftBasket = lines.length ? { source: 'counter', lines, currency: 'GBP' } : null;
          emitState();
        },
        dismiss(paymentRequestId) {
          queue = queue.filter((id) => id !== paymentRequestId);
          emitState();
          void advance();
        },
        removeHeld(id) {
          if (!held.remove(id)) return false;
          emitState();
          return true;
        },
        async retryHeld(id) {
          if (!held.retry(id)) return false;
          emitState();
          await advance();
          return held.list().find((h) => h.id === id)?.error ?? null;
        },
      }),
      ...historyCommands(context),
      ...printerCommands(context),
      ...refundCommands(context),
      ...cardOnFileCommands(context),
      ...endOfDayCommands(context),
      ...staffPinCommands(context),
      ...settingsCommands(context, {
        pair,
        configure,
        async unpair() {
          await disconnect();
          await unpair(options.credentials);
          held.clear(); // they were for the service this kiosk has left
          lastEventId.set('');
          emitState();
        },
        setKioskMode(on) {
          kioskMode = on;
          emitState();
        },
      }),
    },
  });

  return {
    async start() {
      // Payments still open when the kiosk stopped come back to the display, oldest first.
      // A card-on-file charge is never on the display: the customer has nothing to do there.
      for (const p of history.unfinished())
        if (
          (p.expiresAt === null || p.expiresAt > now()) &&
          !cardCharges.ofPayment(p.paymentRequestId)
        )
          enqueue(p.paymentRequestId);
      if (options.webhook)
        receiver = await startWebhookReceiver({
          port: options.webhook.port ?? 0,
          secret: options.webhook.secret,
          sink: tracker,
          onEvent(event) {
            const kind =
              event.type === 'POS_PAYMENT_STATUS' ? event.data.type : (event.type as string);
            if (kind === 'REFUND_STATUS')
              reportRefund(refundReportOf(event.data, event.createdAt, 'webhook'));
          },
          onError: (error) => log(`webhook: ${error.message}`),
        });
      let saved: Credentials | null = null;
      try {
        saved = await options.credentials.load();
      } catch (error) {
        log(`credentials: ${(error as Error).message}`);
      }
      if (saved) await connect(saved);
      else emitState();
    },
    async stop() {
      for (const timer of finishedTimers.values()) clearTimeout(timer);
      clearInterval(refundTimer);
      await disconnect();
      await receiptPrinter.idle();
      await receiver?.close();
      history.close();
    },
    handle: (raw) => dispatcher.handle(raw),
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    state,
    webhookUrl: () => receiver?.url ?? null,
    pairInProcess: pair,
    setLanDisplay(info) {
      lanDisplay = info;
      emitState();
    },
  };
}
