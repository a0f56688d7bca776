/**
 * The kiosk core: everything the main process does, in plain Node. It pairs with the service,
 * keeps the push channel, the poller and (optionally) the local webhook receiver feeding one
 * tracker, keeps the active payment and its queue, and answers the bridge's commands. The
 * Electron shell and browser mode only carry `handle` and `subscribe` to the windows.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BridgeCommand,
  type BridgeEvent,
  type BridgeReply,
  type KioskState,
} from '../../shared/bridge';
import { poundsToPence } from '../../shared/money';
import { ApiClientError, createClient, type ApiClient } from '../../client/http-client';
import { redact, type CredentialStore, type Credentials } from './credentials';
import { createAttempts, type Attempts } from './history/attempts';
import { openHistory, type History } from './history/history';
import type { KioskPayment, NewPayment } from './history/types';
import { PairingError, configureManually, pairWithCode, unpair } from './pairing';
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
import { changeView, paymentView } from './view';
import { createKioskMode } from './kiosk-mode';

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
  /** Start in full-screen kiosk mode, which staff leave only with this PIN. */
  kioskPin?: string;
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
}

/** Staff see these messages; they say what to do. */
class KioskError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export function createKioskCore(options: KioskCoreOptions): KioskCore {
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  const holdMs = options.finishedHoldMs ?? 8_000;
  const history: History = openHistory(options.dataDir, { now });
  const tracker: Tracker = createTracker(history, { now });
  const attempts: Attempts = createAttempts(history.db, now);
  const listeners = new Set<(event: BridgeEvent) => void>();

  let credentials: Credentials | null = null;
  let client: ApiClient | null = null;
  let channel: PushChannel | null = null;
  let poller: Poller | null = null;
  let receiver: WebhookReceiver | null = null;
  let connection: ConnectionState = 'offline';
  let online = false;
  /** Payments waiting for the display, oldest first; the first is the active one. */
  let queue: string[] = [];
  const finishedTimers = new Map<string, NodeJS.Timeout>();
  const kiosk = createKioskMode(options.kioskPin, now);

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
    const takings = history.todaysTakings(now());
    const saved = credentials ? redact(credentials) : null;
    return {
      pairing: saved
        ? {
            paired: true,
            environment: saved.environment,
            kind: credentials!.kind,
            baseUrl: saved.baseUrl,
            terminalName: credentials!.terminalName ?? null,
            merchantName: credentials!.merchantName ?? null,
          }
        : { paired: false },
      connection,
      online,
      active: payments[0] ? paymentView(payments[0]) : null,
      queue: payments.slice(1).map(paymentView),
      takings: {
        count: takings.count,
        total: takings.totalPence / 100,
        tips: takings.tipsPence / 100,
      },
      kioskMode: kiosk.active(),
    };
  }

  function emit(event: BridgeEvent) {
    for (const listener of [...listeners]) listener(event);
  }
  const emitState = () => emit({ type: 'state', state: state() });

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
    emitState();
  });

  /** An event from the push stream, or the same event read from the feed by polling. */
  async function onPush(event: PushEvent, source: 'push' | 'poll' = 'push') {
    if (event.type === 'REMOTE_PAYMENT_REQUEST') {
      const d = event.body.data;
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
      // A request that expired while the kiosk was away is history, not a customer waiting.
      if (Date.parse(d.expiresAt) > now()) enqueue(d.paymentRequestId);
      emitState();
      return;
    }
    const d = event.body.data;
    if (!d.paymentRequestId) return;
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
          if (next === 'connected') online = true;
          if (detail?.error) log(`push: ${detail.error}`);
          emitState();
        },
        onError: (error) => log(`push event: ${error.message}`),
      });
      channel.start();
    }
    emitState();
  }

  async function disconnect() {
    await channel?.stop();
    await poller?.stop();
    channel = null;
    poller = null;
    client = null;
    credentials = null;
    connection = 'offline';
    online = false;
  }

  async function startPayment(
    amount: number,
    notes?: string,
    method?: 'PAY_BY_BANK' | 'CARD' | null,
  ) {
    if (!client || !credentials) throw new KioskError('Pair this kiosk before taking payments');
    // Written before the request leaves: a retry after a lost answer reuses its key and order id,
    // so the service answers with the payment it already made (history/attempts.ts).
    const attempt = attempts.open({
      amountPence: poundsToPence(amount),
      notes: notes || null,
      paymentMethodRestriction: method ?? null,
    });
    const orderId = attempt.orderId;
    let created;
    try {
      created = await client.call('processPayment', {
        body: {
          customerId: 'counter',
          orderId,
          amount,
          notes: notes || undefined,
          paymentMethod: method ? [method] : undefined,
          template: 'EXTERNAL_DISPLAY',
        },
        idempotencyKey: attempt.idempotencyKey,
      });
    } catch (error) {
      // A refusal changed nothing on the service; a lost answer (no connection, 5xx, 429) keeps
      // the attempt for the retry.
      if (error instanceof ApiClientError && error.status >= 400 && error.status < 500)
        if (error.status !== 429) attempts.drop(attempt.idempotencyKey);
      throw explain(error, 'amount');
    }
    attempts.settle(attempt.idempotencyKey, created.paymentRequestId);
    const record = await client
      .call('getPaymentStatus', { params: { paymentRequestId: created.paymentRequestId } })
      .catch(() => null);
    tracker.track({
      paymentRequestId: created.paymentRequestId,
      origin: 'counter',
      amountPence: poundsToPence(amount),
      orderId,
      notes: notes || null,
      paymentMethodRestriction: method ?? null,
      paymentUrl: created.paymentUrl,
      qrCodeUrl: created.qrCodeUrl,
      qrCodeUrlPng: created.qrCodeUrlPng,
      templateUrl: created.templateUrl,
      source: 'local',
      createdAt: record ? Date.parse(record.createdAt) : now(),
      expiresAt: record ? Date.parse(record.expiresAt) : now() + 180_000,
    });
    enqueue(created.paymentRequestId);
    emitState();
    return paymentView(history.get(created.paymentRequestId)!);
  }

  function explain(error: unknown, field?: string): KioskError {
    if (error instanceof KioskError) return error;
    if (error instanceof PairingError) return new KioskError(error.message);
    if (error instanceof ApiClientError) {
      if (error.status === 0)
        return new KioskError(
          'The payments service cannot be reached; check the connection and try again',
        );
      const fieldError = Array.isArray(error.envelope?.errors)
        ? error.envelope.errors[0]
        : undefined;
      return new KioskError(error.message, fieldError?.field ?? field);
    }
    return new KioskError(error instanceof Error ? error.message : String(error));
  }

  async function run(command: BridgeCommand): Promise<unknown> {
    switch (command.type) {
      case 'getState':
        return state();
      case 'pairWithCode': {
        await disconnect();
        const saved = await pairWithCode({ ...command, store: options.credentials });
        await connect((await options.credentials.load())!);
        return saved;
      }
      case 'configureManually': {
        await disconnect();
        const saved = await configureManually({ ...command, store: options.credentials });
        await connect((await options.credentials.load())!);
        return saved;
      }
      case 'unpair':
        await disconnect();
        await unpair(options.credentials);
        lastEventId.set('');
        emitState();
        return { unpaired: true };
      case 'startPayment':
        return startPayment(command.amount, command.notes, command.paymentMethod);
      case 'cancelPayment': {
        if (!client) throw new KioskError('Pair this kiosk first');
        try {
          await client.call('cancelPaymentRequest', {
            params: { paymentRequestId: command.paymentRequestId },
          });
        } catch (error) {
          throw explain(error);
        }
        tracker.report({
          paymentRequestId: command.paymentRequestId,
          status: 'CANCELLED',
          source: 'local',
          at: new Date(now()).toISOString(),
        });
        return paymentView(history.get(command.paymentRequestId)!);
      }
      case 'dismissPayment': {
        const payment = history.get(command.paymentRequestId);
        if (payment && !payment.final)
          throw new KioskError('Only a finished payment can be dismissed');
        queue = queue.filter((id) => id !== command.paymentRequestId);
        emitState();
        return { dismissed: true };
      }
      case 'listHistory': {
        const q = command.query;
        const filtered = q.amount !== undefined || q.orderId || q.status || q.from || q.to;
        const page = filtered
          ? history.search({
              amountPence: q.amount === undefined ? undefined : poundsToPence(q.amount),
              orderId: q.orderId || undefined,
              status: q.status,
              from: q.from ? Date.parse(q.from) : undefined,
              to: q.to ? Date.parse(q.to) : undefined,
              limit: q.limit,
              cursor: q.cursor,
            })
          : history.page({ limit: q.limit, cursor: q.cursor });
        return { payments: page.items.map(paymentView), nextCursor: page.nextCursor };
      }
      case 'leaveKioskMode': {
        const refusal = kiosk.leave(command.pin);
        if (refusal) throw new KioskError(refusal, 'pin');
        emitState();
        return { kioskMode: false };
      }
      case 'enterKioskMode':
        if (!kiosk.enter()) throw new KioskError('Kiosk mode needs a staff PIN set at start');
        emitState();
        return { kioskMode: true };
      case 'getPayment': {
        const payment = history.get(command.paymentRequestId);
        if (!payment) throw new KioskError('This kiosk has no record of that payment');
        return {
          payment: paymentView(payment),
          changes: history.changes(command.paymentRequestId).map(changeView),
        };
      }
    }
  }

  return {
    async start() {
      // Payments still open when the kiosk stopped come back to the display, oldest first.
      for (const p of history.unfinished())
        if (p.expiresAt === null || p.expiresAt > now()) enqueue(p.paymentRequestId);
      if (options.webhook)
        receiver = await startWebhookReceiver({
          port: options.webhook.port ?? 0,
          secret: options.webhook.secret,
          sink: tracker,
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
      await disconnect();
      await receiver?.close();
      history.close();
    },
    async handle(raw) {
      const parsed = BridgeCommand.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return {
          ok: false,
          error: {
            message: `${issue.path.join('.') || 'command'}: ${issue.message}`,
            field: issue.path.join('.') || undefined,
          },
        };
      }
      try {
        return { ok: true, result: await run(parsed.data) };
      } catch (error) {
        const e = explain(error);
        return { ok: false, error: { message: e.message, ...(e.field ? { field: e.field } : {}) } };
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    state,
    webhookUrl: () => receiver?.url ?? null,
  };
}
