/**
 * Builds the payments service: database, clock, outbox, every area's routes and the scheduler
 * that fires expiries, card settlements and webhook deliveries. cli.ts makes it listen; tests
 * and the kiosk's embedded mode call `createService` directly.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import net, { type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { errorEnvelope } from '../shared/contract/errors';
import { bankRoutes } from './bank/routes';
import { agentRoutes } from './agent/routes';
import type { ReceiptKeyOptions } from './agent/receipt-signer';
import { createClock, type SandboxOffset } from './kernel/clock';
import { chargeRoutes } from './cards/charges';
import { cardLinkRoutes } from './cards/links';
import { cardRoutes } from './cards/routes';
import { terminalCardRoutes } from './cards/terminal-routes';
import { cardsFor } from './cards/collect';
import { saveCardPageRoutes } from './cards/save-card-page';
import { customerRoutes } from './customers/routes';
import { terminalCustomerRoutes } from './customers/terminal-routes';
import type { Area, ServiceContext } from './context';
import { createGroupCommit } from './kernel/store/group-commit';
import { createOutbox } from './kernel/events/outbox';
import type { Environment } from './kernel/caller';
import { createAuthenticator } from './http/auth';
import { ApiError } from './kernel/errors';
import { faviconRoutes } from './images/favicon';
import { MAX_BODY_BYTES, declaredLength, tooLargeEnvelope } from './http/body';
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
import { createMerchantProfiles } from './merchants/profile';
import { merchantRoutes } from './merchants/routes';
import { dashboardArea } from './site/dashboard';
import { docsRoutes } from './site/docs';
import { hostedPageRoutes } from './hosted/routes';
import { createPaymentCreator } from './payments/create';
import { createMessageOutbox, type MessageOptions } from './messages/outbox';
import { messageRoutes } from './messages/routes';
import { createLifecycle } from './payments/lifecycle';
import { paymentListRoutes } from './payments/list';
import { createPaymentReader } from './payments/repo/reader';
import { paymentRoutes } from './payments/routes';
import { attachFcmPush, createFcmPush, type FcmOptions } from './push/fcm';
import { receiptRoutes } from './receipts/routes';
import { createRefundLifecycle } from './refunds/lifecycle';
import { createRefundReader } from './refunds/repo';
import { refundRoutes } from './refunds/routes';
import { sandboxRoutes } from './sandbox/routes';
import { openStore, type StoreOptions } from './kernel/store/open';
import { isUnavailable } from './kernel/store/unavailable';
import type { Store } from './kernel/store/port';
import { createPresence, createTerminalReader } from './terminals/model';
import { remotePaymentRoutes } from './terminals/remote';
import { terminalDisplayRoutes } from './terminals/display';
import { terminalRoutes } from './terminals/routes';
import { storeRoutes } from './terminals/stores';
import { terminalStreamRoutes } from './terminals/stream';
import type { ResolveHost } from './webhooks/destinations';
import { createWebhookDispatcher } from './webhooks/dispatcher';
import { webhookRoutes } from './webhooks/routes';
import { createMetrics } from './ops/metrics';
import { requestLog, type Logger } from './ops/request-log';
import { operationRoutes } from './ops/routes';
import { createStreamRegistry } from './ops/streams';

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
  // The stream and remote payments before terminalRoutes: /api/terminal/events and
  // /api/terminal/process-remote-payment must not be taken for /api/terminal/{id}.
  terminalStreamRoutes,
  // Before terminalRoutes too: /api/terminal/reconciliation.
  bankRoutes,
  remotePaymentRoutes,
  terminalDisplayRoutes,
  terminalRoutes,
  storeRoutes,
  merchantRoutes,
  merchantEventRoutes,
  secretRoutes,
  imageRoutes,
  faviconRoutes,
  refundRoutes,
  receiptRoutes,
  webhookRoutes,
  agentRoutes((ctx) => cardsFor(ctx)),
  sandboxRoutes,
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

/**
 * A request Node's HTTP parser refuses never reaches Hono: answer it in the envelope too (431
 * for headers or a URL over Node's 16 KiB, 400 for anything malformed), then close.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(
    status === 431
      ? errorEnvelope(431, 'The request line or headers are larger than 16 KiB')
      : errorEnvelope(400, 'The request is not valid HTTP'),
  );
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

/**
 * Stops accepting connections and lets the requests in flight finish: after `lingerMs` of
 * answering on the connections it has (each answer closing its connection; see Service.close),
 * idle keep-alive connections close as soon as they are idle, and whatever is still open after
 * `drainMs` is cut.
 *
 * The port closes first, without touching open connections (net.Server's close: http.Server's
 * would also close the idle ones): a balancer's new connection is refused, which it safely tries
 * on another instance, while a request it is sending on a kept-alive connection is still
 * answered. Closing such a connection under it instead resets the request, and a balancer does
 * not send a POST again.
 */
async function drain(server: ServerType, drainMs: number, lingerMs: number): Promise<void> {
  const http = server as unknown as {
    closeIdleConnections?: () => void;
    closeAllConnections?: () => void;
  };
  const closed = new Promise<void>((resolve) => {
    net.Server.prototype.close.call(server, () => resolve());
  });
  if (lingerMs > 0) await new Promise((resolve) => setTimeout(resolve, lingerMs));
  const idle = setInterval(() => http.closeIdleConnections?.(), 50);
  const cut = setTimeout(() => http.closeAllConnections?.(), drainMs);
  http.closeIdleConnections?.();
  await closed;
  clearInterval(idle);
  clearTimeout(cut);
}

export async function createService(options: ServiceOptions): Promise<Service> {
  const opened = await openStore(options);
  const { store } = opened;
  const sandboxOffsets = store.prepare<[], SandboxOffset>(
    'SELECT merchant_id, offset_ms FROM sandbox_clocks',
  );
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
  const ctx: ServiceContext = {
    store,
    clock,
    outbox,
    commit: createGroupCommit(store),
    auth: createAuthenticator(store, () => clock.now('production')),
    payments,
    lifecycle,
    creator: createPaymentCreator(store, clock),
    terminals: createTerminalReader(store),
    profiles: createMerchantProfiles(store),
    refunds,
    presence: createPresence(store),
    streams: createStreamRegistry(),
    approvers: { operatorDefault: options.agentApprovers ?? [] },
    receiptKeys: options.receiptKeys ?? {},
    messages,
    publicUrl: () => publicUrl,
    tick: () => tick(),
    everyTick: (work) => void areaWork.push(work),
  };

  const app = new Hono();
  const metrics = options.metricsToken
    ? createMetrics(options.metricsToken, {
        store,
        openStreams: () => ctx.streams.count(),
        now: () => Date.now(),
      })
    : undefined;
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
    log(`internal error: ${error.stack ?? error.message}`);
    return c.json(errorEnvelope(500, 'Internal error; the request changed nothing'), 500);
  });
  // Every body, not only the contract's JSON ones (mount reads those itself, counting as it
  // reads): the hosted pages' form posts and anything an area serves by hand get the same limit.
  const countedLimit = (limit: number) =>
    bodyLimit({
      maxSize: limit,
      onError: (c) => {
        c.header('Connection', 'close');
        const { message, errors } = tooLargeEnvelope(limit);
        return c.json(errorEnvelope(413, message, errors), 413);
      },
    });
  const defaultLimit = countedLimit(MAX_BODY_BYTES);
  // The few contract routes that take a larger body (a logo upload), by method and path.
  const largeBodies = new Map(
    Object.values(routes as Record<string, RouteDef>)
      .filter((def) => def.maxBodyBytes !== undefined && !def.path.includes('{'))
      .map((def) => [
        `${def.method.toUpperCase()} ${def.path}`,
        { limit: def.maxBodyBytes!, check: countedLimit(def.maxBodyBytes!) },
      ]),
  );
  app.use('*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const large = largeBodies.get(`${c.req.method} ${c.req.path}`);
    const limit = large?.limit ?? MAX_BODY_BYTES;
    // A stated length decides at once; hono's bodyLimit would first build the web Request and
    // its body stream (costly on every POST) even though it then only reads the header too.
    const declared = declaredLength(c);
    if (declared !== undefined && declared <= limit) return next();
    return (large?.check ?? defaultLimit)(c, next);
  });
  app.notFound((c) => c.json(errorEnvelope(404, `No endpoint ${c.req.method} ${c.req.path}`), 404));
  for (const area of [...AREAS, operationRoutes(metrics), dashboardArea(options.dashboardDir)])
    area(app, ctx);
  const fcmPush = attachFcmPush(ctx, createFcmPush(options.fcm, log), log);

  /**
   * Due work: expiries, settlements, refunds, every area's own, then deliveries. With several
   * instances on one database, one instance at a time sweeps (store.exclusive); each first takes
   * the merchants' sandbox clocks the database holds, which any instance may have moved.
   */
  async function sweep(): Promise<void> {
    if (!store.open) return;
    if (!store.soleWriter) clock.sync(await sandboxOffsets.all());
    await store.exclusive('sweep', async () => {
      await lifecycle.expireDue();
      await lifecycle.settleDue();
      await refunds.lifecycle.advanceDue();
      for (const work of areaWork) await work();
      await lifecycle.authorizationsDue();
    });
    await dispatcher.wake();
    messages.wake();
  }
  // One sweep at a time. A tick while one runs is answered by the next sweep, one shared by every
  // tick that comes meanwhile, so a caller (the sandbox clock's advance) waits for at most two.
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  function tick(): Promise<void> {
    if (!running) {
      running = sweep().finally(() => (running = null));
      return running;
    }
    queued ??= running
      .catch(() => {})
      .then(() => {
        queued = null;
        return tick();
      });
    return queued;
  }

  let server: ServerType | undefined;
  const timer = setInterval(() => {
    tick().catch((error: Error) => log(`scheduler: ${error.message}`));
  }, options.tickMs ?? 100);
  timer.unref();

  return {
    app,
    ctx,
    bootstrap,
    store,
    listen(port = 0, hostname = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        server = serve({ fetch: app.fetch, port, hostname }, (info: AddressInfo) => {
          const url = `http://${hostname}:${info.port}`;
          const linkHost =
            hostname === '0.0.0.0' ? (options.advertiseHost ?? '127.0.0.1') : hostname;
          if (!options.publicUrl) publicUrl = `http://${linkHost}:${info.port}`;
          resolve(url);
        });
        server.once('error', reject);
        server.on('clientError', answerClientError);
        // Draining: every answer closes its connection (see `close`).
        server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
          if (ctx.streams.draining()) res.setHeader('connection', 'close');
        });
      });
    },
    async close(drainMs = DRAIN_MS, lingerMs = 0) {
      ctx.streams.drainAll(RECONNECT_HINT_MS);
      if (server) await drain(server, drainMs, lingerMs);
      clearInterval(timer);
      await dispatcher.stop();
      await fcmPush.stop();
      await messages.stop();
      await running?.catch(() => {});
      await outbox.stop();
      await opened.close();
    },
  };
}
