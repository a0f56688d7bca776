/**
 * Builds the payments service: database, clock, outbox, every area's routes and the scheduler
 * that fires expiries, card settlements and webhook deliveries. cli.ts makes it listen; tests
 * and the kiosk's embedded mode call `createService` directly.
 */
import type { ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { errorEnvelope } from '../shared/contract/errors';
import { bankRoutes } from './bank/routes';
import { agentRoutes } from './agent/routes';
import type { ReceiptKeyOptions } from './agent/receipt-signer';
import { createClock } from './kernel/clock';
import { chargeRoutes } from './cards/charges';
import { cardLinkRoutes } from './cards/links';
import { cardRoutes } from './cards/routes';
import { terminalCardRoutes } from './cards/terminal-routes';
import { cardsFor } from './cards/collect';
import { saveCardPageRoutes } from './cards/save-card-page';
import { customerRoutes } from './customers/routes';
import { fleetGauges } from './fleet';
import { fleetRoutes } from './fleet/routes';
import { terminalActionRoutes } from './kiosk-config/actions';
import { kioskSettingsRoutes } from './kiosk-config/routes';
import { terminalCustomerRoutes } from './customers/terminal-routes';
import { composeContext, type Area, type ServiceContext } from './context';
import { createScheduler } from './scheduler';
import { drain, listen } from './server';
import { sandboxClockStatements } from './sandbox/repo';
import { createOutbox } from './kernel/events/outbox';
import type { Environment } from './kernel/caller';
import { ApiError } from './kernel/errors';
import { faviconRoutes } from './images/favicon';
import { bodyLimits } from './http/body';
import { routes, type RouteDef } from '../shared/contract/routes';
import { createIdempotencyStore } from './http/idempotency';
import { configureMount } from './http/mount';
import {
  createFailureLimiter,
  createSharedFailureLimiter,
  type FailureLimitOptions,
} from './http/rate-limit';
import { imageRoutes } from './images/routes';
import { mcpRoutes } from './mcp/routes';
import { merchantEventRoutes } from './merchant-events/stream';
import { bootstrapMerchant, type Bootstrap } from './merchants/bootstrap';
import { secretRoutes } from './merchants/secret-routes';
import { convertHeldSvgLogos } from './merchants/logo-convert';
import { merchantRoutes } from './merchants/routes';
import { dashboardArea } from './site/dashboard';
import { docsRoutes } from './site/docs';
import { hostedPageRoutes } from './hosted/routes';
import { createMessageOutbox, type MessageOptions } from './messages/outbox';
import { messageRoutes } from './messages/routes';
import { createLifecycle } from './payments/lifecycle';
import { paymentListRoutes } from './payments/list';
import { paymentHistoryRoutes } from './payments/history';
import { createPaymentReader } from './payments/repo/reader';
import { paymentRoutes } from './payments/routes';
import { attachFcmPush, createFcmPush, type FcmOptions } from './push/fcm';
import { receiptRoutes } from './receipts/routes';
import { createRefundLifecycle } from './refunds/lifecycle';
import { createRefundReader } from './refunds/repo';
import { refundRoutes } from './refunds/routes';
import { sandboxRoutes } from './sandbox/routes';
import { sandboxKioskRoutes } from './sandbox-kiosks/routes';
import { openStore, type StoreOptions } from './kernel/store/open';
import { isBusy, isUnavailable } from './kernel/store/unavailable';
import type { Store } from './kernel/store/port';
import { remotePaymentRoutes } from './terminals/remote';
import { terminalDisplayRoutes } from './terminals/display';
import { terminalRoutes } from './terminals/routes';
import { storeRoutes } from './terminals/stores';
import { staffRoutes } from './terminals/staff';
import { terminalStreamRoutes } from './terminals/stream';
import type { ResolveHost } from './webhooks/destinations';
import { createWebhookDispatcher } from './webhooks/dispatcher';
import { webhookRoutes } from './webhooks/routes';
import { paymentWebhookRoutes } from './webhooks/payment-deliveries';
import type { Metrics } from './ops/metrics';
import { requestLog, type Logger } from './ops/request-log';
import { operationRoutes } from './ops/routes';

export interface ServiceOptions extends StoreOptions {
  /** Base of returned links; defaults to the listening address once known. */
  publicUrl?: string;
  /**
   * Listening on every interface (0.0.0.0), links name this host instead (with the port chosen),
   * e.g. the machine's LAN address so a phone can open the payment page.
   */
  advertiseHost?: string;
  secrets?: Partial<Record<Environment, string | undefined>>;
  /** The name of the merchant a first start creates (default: the demo shop); --merchant-name. */
  merchantName?: string;
  /** How often due work runs, in real milliseconds. */
  tickMs?: number;
  log?: (line: string) => void;
  /** Push by FCM to terminals that registered a token (push/fcm.ts); off without a service account. */
  fcm?: FcmOptions;
  /** The built merchant dashboard (site/dashboard.ts); defaults to out/dashboard. */
  dashboardDir?: string;
  /** Brute-force limit on failed attempts per client address (http/rate-limit.ts). */
  failureLimit?: FailureLimitOptions;
  /** Where emails to customers go (an SMTP URL); without one they stay in the outbox. */
  mail?: MessageOptions;
  /** Structured request logs (ops/request-log.ts); without one, requests are not logged. */
  logger?: Logger;
  /** Turns on GET /metrics for a Bearer token equal to this (ops/metrics.ts). */
  metricsToken?: string;
  /**
   * The operator's default approvers of Agent Pay SEND contracts (SERVICE_AGENT_APPROVERS):
   * e-mail addresses and phone numbers, for each business and environment with none of its own.
   */
  agentApprovers?: readonly string[];
  /**
   * Agent Pay's receipt signing key: `rotateEveryMs` makes a new one once the newest is that old
   * (--receipt-key-rotate-days); `refreshMs`, how often this instance re-reads which is newest.
   */
  receiptKeys?: ReceiptKeyOptions;
  /** How webhook receivers' host names are resolved (webhooks/destinations.ts); DNS by default. */
  resolveHost?: ResolveHost;
}

/** How long a shutdown waits for requests in flight before it cuts their connections. */
export const DRAIN_MS = 10_000;
/** The reconnect hint an event stream gets when its service shuts down. */
export const RECONNECT_HINT_MS = 1_000;

const AREAS: Area[] = [
  customerRoutes,
  terminalCustomerRoutes,
  terminalCardRoutes,
  cardRoutes,
  chargeRoutes,
  cardLinkRoutes,
  saveCardPageRoutes,
  messageRoutes,
  paymentRoutes,
  paymentListRoutes,
  paymentHistoryRoutes,
  // The stream and remote payments before terminalRoutes: /api/terminal/events and
  // /api/terminal/process-remote-payment must not be taken for /api/terminal/{id}.
  terminalStreamRoutes,
  // Before terminalRoutes too: /api/terminal/reconciliation.
  bankRoutes,
  remotePaymentRoutes,
  terminalDisplayRoutes,
  // Before terminalRoutes: /api/terminal/staff.
  staffRoutes,
  terminalRoutes,
  storeRoutes,
  fleetRoutes,
  kioskSettingsRoutes,
  terminalActionRoutes,
  merchantRoutes,
  merchantEventRoutes,
  secretRoutes,
  imageRoutes,
  faviconRoutes,
  refundRoutes,
  receiptRoutes,
  webhookRoutes,
  paymentWebhookRoutes,
  agentRoutes((ctx) => cardsFor(ctx)),
  sandboxRoutes,
  sandboxKioskRoutes,
  mcpRoutes,
  hostedPageRoutes,
  docsRoutes,
];

export interface Service {
  app: Hono;
  ctx: ServiceContext;
  bootstrap: Bootstrap;
  store: Store;
  /** Starts listening on 127.0.0.1 (port 0 picks a free one); resolves with the base URL. */
  listen(port?: number, hostname?: string): Promise<string>;
  /**
   * Drains, then closes: readiness turns 503, event streams end with a reconnect hint and the
   * port stops accepting; for `lingerMs` the instance goes on answering on the connections it has
   * (each answer closing its connection, so that none is left for a load balancer to reuse);
   * then idle connections close, requests in flight finish (up to `drainMs`), and the database
   * closes.
   */
  close(drainMs?: number, lingerMs?: number): Promise<void>;
}

export async function createService(options: ServiceOptions): Promise<Service> {
  const opened = await openStore(options);
  const { store } = opened;
  const sandboxOffsets = sandboxClockStatements(store).offsets;
  const clock = createClock(await sandboxOffsets.all());
  const bootstrap = await bootstrapMerchant(store, clock, options.secrets, options.merchantName);
  const outbox = createOutbox(store, clock);
  const payments = createPaymentReader(store);
  const lifecycle = createLifecycle(store, clock, outbox, payments);
  let publicUrl = options.publicUrl?.replace(/\/+$/, '') ?? 'http://127.0.0.1:4010';
  const log = options.log ?? (() => {});
  // SVG logos stored before logos became PNG only are drawn now, before any page can show one.
  await convertHeldSvgLogos(store, log);

  const dispatcher = createWebhookDispatcher(store, clock, outbox, log, {
    resolveHost: options.resolveHost,
  });
  const refundReader = createRefundReader(store);
  const refunds = {
    reader: refundReader,
    lifecycle: createRefundLifecycle(store, clock, outbox, payments, refundReader),
  };
  const areaWork: (() => Promise<unknown>)[] = [];
  const messages = createMessageOutbox(store, clock, options.mail ?? {}, log);
  const scheduler = createScheduler(
    {
      store,
      clock,
      lifecycle,
      refunds: refunds.lifecycle,
      areaWork,
      sandboxOffsets: () => sandboxOffsets.all(),
      after: async () => {
        await dispatcher.wake();
        messages.wake();
      },
      log,
    },
    options.tickMs,
  );
  const ctx = composeContext({
    store,
    clock,
    outbox,
    payments,
    lifecycle,
    refunds,
    messages,
    approvers: { operatorDefault: options.agentApprovers ?? [] },
    receiptKeys: options.receiptKeys ?? {},
    publicUrl: () => publicUrl,
    tick: () => scheduler.tick(),
    everyTick: (work) => void areaWork.push(work),
  });
  const app = buildApp(ctx, options, await metricsIfOn(ctx, options.metricsToken), log);
  const fcmPush = attachFcmPush(ctx, createFcmPush(options.fcm, log), log);

  let server: ServerType | undefined;
  return {
    app,
    ctx,
    bootstrap,
    store,
    async listen(port = 0, hostname = '127.0.0.1') {
      const listening = await listen(app, port, hostname, () => ctx.streams.draining());
      server = listening.server;
      const linkHost = hostname === '0.0.0.0' ? (options.advertiseHost ?? '127.0.0.1') : hostname;
      if (!options.publicUrl) publicUrl = `http://${linkHost}:${listening.port}`;
      return `http://${hostname}:${listening.port}`;
    },
    async close(drainMs = DRAIN_MS, lingerMs = 0) {
      ctx.streams.drainAll(RECONNECT_HINT_MS);
      if (server) await drain(server, drainMs, lingerMs);
      await scheduler.stop();
      await dispatcher.stop();
      await fcmPush.stop();
      await messages.stop();
      await outbox.stop();
      await opened.close();
    },
  };
}

/**
 * Prometheus metrics when a metrics token turns them on. prom-client is loaded only then: a
 * service without metrics (the kiosk's embedded one) does not pay for it on every start.
 */
async function metricsIfOn(ctx: ServiceContext, token: string | undefined) {
  if (!token) return undefined;
  const { createMetrics } = await import('./ops/metrics');
  return createMetrics(token, {
    store: ctx.store,
    openStreams: () => ctx.streams.count(),
    now: () => Date.now(),
    fleet: fleetGauges(ctx.store, ctx.presence),
  });
}

/** The HTTP app: request log, mount's limits, the error envelope, body limits, every area. */
function buildApp(
  ctx: ServiceContext,
  options: ServiceOptions,
  metrics: Metrics | undefined,
  log: (line: string) => void,
) {
  const { store, clock, outbox } = ctx;
  const app = new Hono();
  app.use('*', requestLog(options.logger, metrics?.observe));
  configureMount(app, {
    limiter: store.soleWriter
      ? createFailureLimiter(options.failureLimit)
      : createSharedFailureLimiter(store, options.failureLimit),
    idempotency: createIdempotencyStore(store, clock, outbox),
  });
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.toEnvelope(), error.status as 400);
    // The database is away (PostgreSQL restarting, the network): nothing was done, ask again.
    if (isUnavailable(error)) {
      c.header('Retry-After', '1');
      return c.json(errorEnvelope(503, 'The database cannot be reached; try again shortly'), 503);
    }
    if (isBusy(error)) {
      c.header('Retry-After', '1');
      return c.json(errorEnvelope(503, 'The database is busy; nothing was done, try again'), 503);
    }
    log(`internal error: ${error.stack ?? error.message}`);
    return c.json(errorEnvelope(500, 'Internal error; the request changed nothing'), 500);
  });
  app.use('*', bodyLimits(routes as Record<string, RouteDef>));
  app.notFound((c) => c.json(errorEnvelope(404, `No endpoint ${c.req.method} ${c.req.path}`), 404));
  for (const area of [...AREAS, operationRoutes(metrics), dashboardArea(options.dashboardDir)])
    area(app, ctx);
  return app;
}
