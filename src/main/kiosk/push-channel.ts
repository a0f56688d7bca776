/**
 * The kiosk's push channel: the terminal's Server-Sent Events stream (GET /api/terminal/events,
 * docs/terminals.md), kept open for as long as the kiosk runs.
 *
 * - Nothing is missed: every handled event's `id:` is persisted by the caller and sent back as
 *   Last-Event-ID, so the service replays what happened while the kiosk was away.
 * - A connection that goes quiet is dead even if TCP has not noticed (a sleeping laptop, a NAT
 *   that dropped the mapping): 2.5 heartbeats without a byte aborts it and reconnects.
 * - Reconnects back off exponentially with full jitter; a healthy connection resets the backoff.
 * - 401/403 means the terminal secret was revoked (unpaired on the dashboard): retrying cannot
 *   help, so the channel goes offline and stops until the kiosk is paired again.
 * - A service that cannot be reached in the first seconds after start is taken to be starting
 *   (`npm start` starts the kiosk a moment before its embedded service listens): the channel
 *   says it is connecting, once, and tries again every quarter second, quietly; only a service
 *   still unreachable after that grace is reported as one that cannot be reached.
 */
import { request, type Dispatcher } from 'undici';
import { z } from 'zod';
import { routes } from '../../shared/contract/routes';
import {
  RemotePaymentPush,
  TERMINAL_EVENT_TYPES,
  TerminalDisplayPush,
  TerminalProfilePush,
} from '../../shared/contract/terminals';
import { TerminalActionPush, TerminalSettingsPush } from '../../shared/contract/kiosk-settings';
import { TerminalStaffPush } from '../../shared/contract/staff';
import { WebhookEvent } from '../../shared/contract/webhooks';
import { createBackoff, type BackoffOptions } from './backoff';
import type { ConnectionState } from './types';

/** The envelope of a REMOTE_PAYMENT_REQUEST: a webhook-shaped event with richer data. */
export const RemotePaymentPushEvent = WebhookEvent.extend({
  type: z.literal('REMOTE_PAYMENT_REQUEST'),
  data: RemotePaymentPush,
});
export type RemotePaymentPushEvent = z.infer<typeof RemotePaymentPushEvent>;

/** A TERMINAL_DISPLAY: the merchant's till system sent a basket for the customer display. */
export const TerminalDisplayPushEvent = z.object({
  id: z.string(),
  type: z.literal('TERMINAL_DISPLAY'),
  createdAt: z.string(),
  data: TerminalDisplayPush,
});
export type TerminalDisplayPushEvent = z.infer<typeof TerminalDisplayPushEvent>;

/** A TERMINAL_PROFILE: the merchant changed what the terminal shows of the shop. */
export const TerminalProfilePushEvent = z.object({
  id: z.string(),
  type: z.literal('TERMINAL_PROFILE'),
  createdAt: z.string(),
  data: TerminalProfilePush,
});
export type TerminalProfilePushEvent = z.infer<typeof TerminalProfilePushEvent>;

/** A TERMINAL_SETTINGS: the kiosk's settings in force, as the merchant now sets them. */
export const TerminalSettingsPushEvent = z.object({
  id: z.string(),
  type: z.literal('TERMINAL_SETTINGS'),
  createdAt: z.string(),
  data: TerminalSettingsPush,
});
/** A TERMINAL_ACTION: the merchant asks this kiosk to do something now. */
export const TerminalActionPushEvent = z.object({
  id: z.string(),
  type: z.literal('TERMINAL_ACTION'),
  createdAt: z.string(),
  data: TerminalActionPush,
});

/** A TERMINAL_STAFF: the store's staff as the merchant now sets them, with their PINs' hashes. */
export const TerminalStaffPushEvent = z.object({
  id: z.string(),
  type: z.literal('TERMINAL_STAFF'),
  createdAt: z.string(),
  data: TerminalStaffPush,
});

export type PushEvent =
  | { id: string; type: 'REMOTE_PAYMENT_REQUEST'; body: RemotePaymentPushEvent }
  | { id: string; type: 'POS_PAYMENT_STATUS'; body: WebhookEvent }
  | { id: string; type: 'TERMINAL_DISPLAY'; body: TerminalDisplayPushEvent }
  | { id: string; type: 'TERMINAL_PROFILE'; body: TerminalProfilePushEvent }
  | { id: string; type: 'TERMINAL_SETTINGS'; body: z.infer<typeof TerminalSettingsPushEvent> }
  | { id: string; type: 'TERMINAL_ACTION'; body: z.infer<typeof TerminalActionPushEvent> }
  | { id: string; type: 'TERMINAL_STAFF'; body: z.infer<typeof TerminalStaffPushEvent> };

/** Parses one event of the stream (or of the polled feed, which carries the same events). */
export function parsePushEvent(id: string, type: PushEvent['type'], json: unknown): PushEvent {
  if (type === 'REMOTE_PAYMENT_REQUEST')
    return { id, type, body: RemotePaymentPushEvent.parse(json) };
  if (type === 'TERMINAL_DISPLAY') return { id, type, body: TerminalDisplayPushEvent.parse(json) };
  if (type === 'TERMINAL_PROFILE') return { id, type, body: TerminalProfilePushEvent.parse(json) };
  if (type === 'TERMINAL_SETTINGS')
    return { id, type, body: TerminalSettingsPushEvent.parse(json) };
  if (type === 'TERMINAL_ACTION') return { id, type, body: TerminalActionPushEvent.parse(json) };
  if (type === 'TERMINAL_STAFF') return { id, type, body: TerminalStaffPushEvent.parse(json) };
  return { id, type, body: WebhookEvent.parse(json) };
}

export interface ConnectionDetail {
  /** Consecutive failed attempts so far. */
  attempt: number;
  /** When the channel will try again, or null when it will not (auth failure, stopped). */
  nextRetryMs: number | null;
  /** What went wrong, for the settings screen. */
  error: string;
}

export interface LastEventIdStore {
  get(): string | null;
  set(id: string): void;
}

export interface PushChannelOptions {
  baseUrl: string;
  /** The terminal secret from pairing. */
  secret: string;
  dispatcher?: Dispatcher;
  lastEventId: LastEventIdStore;
  /** Awaited before the event's id is persisted; events are handed over one at a time, in order. */
  onEvent(event: PushEvent): void | Promise<void>;
  onState?(state: ConnectionState, detail?: ConnectionDetail): void;
  /** A malformed event or a throwing onEvent; the channel carries on with the next event. */
  onError?(error: Error): void;
  /** Reconnect backoff; default 0.5 s base, 30 s cap. */
  backoff?: Partial<BackoffOptions>;
  /** Consecutive failed attempts after which the state is 'offline' (retries go on). Default 3. */
  offlineAfter?: number;
  /** Heartbeat interval assumed until the `ready` event says otherwise. Default 15 s. */
  defaultHeartbeatMs?: number;
  /** A connection up this long counts as healthy and resets the backoff. Default 10 s. */
  healthyAfterMs?: number;
  /** Time allowed for the response headers. Default 10 s. */
  connectTimeoutMs?: number;
  /**
   * Before its first connection, for this long after start, a service that cannot be reached is
   * taken to be starting: retried every STARTING_RETRY_MS without an error. Default 5 s.
   */
  startingGraceMs?: number;
}

export interface PushChannel {
  start(): void;
  stop(): Promise<void>;
  state(): ConnectionState;
}

export const UNPAIRED_MESSAGE = 'This kiosk was unpaired; pair it again';
/** What the channel says, once, while the service it has not reached yet may be starting. */
export const CONNECTING_MESSAGE = 'Connecting… (waiting for the payments service to start)';
const STARTING_RETRY_MS = 250;

/** Quiet this many heartbeats and the connection is considered dead. */
const DEAD_AFTER_HEARTBEATS = 2.5;
/** A line longer than this is not an event stream we understand; reconnect rather than grow. */
const MAX_PENDING_CHARS = 1024 * 1024;

class AuthError extends Error {}

function reportError(options: PushChannelOptions, error: unknown) {
  options.onError?.(error instanceof Error ? error : new Error(String(error)));
}

/** Hands one event to `onEvent`, then persists its id (a failing one is reported and moved past). */
async function deliver(options: PushChannelOptions, raw: SseMessage) {
  const type = TERMINAL_EVENT_TYPES.find((t) => t === raw.type);
  if (!type || raw.id === undefined) return;
  try {
    await options.onEvent(parsePushEvent(raw.id, type, JSON.parse(raw.data)));
  } catch (error) {
    // A poison event must not block every later one: report it and move past it.
    reportError(options, error);
  }
  options.lastEventId.set(raw.id);
}

/** Opens the stream, sending the stored Last-Event-ID; 401/403 means the terminal was unpaired. */
async function openStream(url: string, options: PushChannelOptions, signal: AbortSignal) {
  const stored = options.lastEventId.get();
  const res = await request(url, {
    method: 'GET',
    headers: {
      authorization: `Bearer ${options.secret}`,
      accept: 'text/event-stream',
      'cache-control': 'no-cache',
      ...(stored !== null ? { 'last-event-id': stored } : {}),
    },
    dispatcher: options.dispatcher,
    signal,
    headersTimeout: options.connectTimeoutMs ?? 10_000,
    // Liveness is judged by the heartbeat watchdog (connectOnce), not by undici.
    bodyTimeout: 0,
  });
  if (res.statusCode === 401 || res.statusCode === 403) {
    await res.body.dump();
    throw new AuthError(UNPAIRED_MESSAGE);
  }
  if (res.statusCode !== 200) {
    const text = (await res.body.text()).slice(0, 200);
    throw new Error(`The push stream answered HTTP ${res.statusCode}${text ? `: ${text}` : ''}`);
  }
  return res.body;
}

/**
 * One connection, from request to end; resolves when the stream ends, throws on failure. A
 * connection quiet for 2.5 heartbeats is aborted: it is dead even if TCP has not noticed.
 */
async function connectOnce(
  url: string,
  options: PushChannelOptions,
  controller: AbortController,
  onConnected: () => void,
): Promise<void> {
  const body = await openStream(url, options, controller.signal);
  let heartbeatMs = options.defaultHeartbeatMs ?? 15_000;
  let watchdog: NodeJS.Timeout | undefined;
  const feed = () => {
    clearTimeout(watchdog);
    const quietMs = Math.round(heartbeatMs * DEAD_AFTER_HEARTBEATS);
    watchdog = setTimeout(
      () => controller.abort(new Error(`No data from the push stream for ${quietMs} ms`)),
      quietMs,
    );
  };
  const parser = createSseParser();
  const decoder = new TextDecoder();
  feed();
  try {
    for await (const chunk of body) {
      feed();
      for (const message of parser.push(decoder.decode(chunk as Buffer, { stream: true }))) {
        if (message.type === 'ready') {
          const ready = z
            .object({ heartbeatMs: z.number().positive() })
            .safeParse(safeJson(message.data));
          if (ready.success) heartbeatMs = ready.data.heartbeatMs;
          // Without a stored id a later reconnect would start "from now" and lose whatever
          // happened while it was away; from here on, "after 0" is everything we have not seen.
          if (options.lastEventId.get() === null) options.lastEventId.set('0');
          onConnected();
        } else {
          await deliver(options, message);
        }
        feed();
      }
      if (parser.pendingChars() > MAX_PENDING_CHARS)
        throw new Error('The push stream sent an oversized line');
    }
  } finally {
    clearTimeout(watchdog);
  }
}

export function createPushChannel(options: PushChannelOptions): PushChannel {
  const url = options.baseUrl.replace(/\/+$/, '') + routes.terminalEvents.path;
  const backoff = createBackoff({ baseMs: 500, capMs: 30_000, ...options.backoff });
  const offlineAfter = options.offlineAfter ?? 3;
  const healthyAfterMs = options.healthyAfterMs ?? 10_000;
  let current: ConnectionState = 'offline';
  let running = false;
  let loop: Promise<void> | null = null;
  let abort: AbortController | null = null;
  let wakeSleep: (() => void) | null = null;
  let everConnected = false;
  let startedAt = 0;
  const startingGraceMs = options.startingGraceMs ?? 5_000;

  function setState(state: ConnectionState, detail?: ConnectionDetail) {
    current = state;
    options.onState?.(state, detail);
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeSleep = null;
        resolve();
      }
      wakeSleep = done;
    });
  }

  async function run() {
    let failures = 0;
    setState(everConnected ? 'reconnecting' : 'connecting');
    while (running) {
      abort = new AbortController();
      const controller = abort;
      let connectedAt: number | null = null;
      let error: Error;
      try {
        await connectOnce(url, options, controller, () => {
          connectedAt = Date.now();
          everConnected = true;
          failures = 0;
          setState('connected');
        });
        error = new Error('The push stream ended');
      } catch (thrown) {
        error = controller.signal.aborted
          ? toError(controller.signal.reason)
          : toError(thrown, 'Cannot reach the payments service');
      }
      if (!running) break;
      if (error instanceof AuthError) {
        running = false;
        setState('offline', { attempt: failures + 1, nextRetryMs: null, error: error.message });
        break;
      }
      if (connectedAt !== null && Date.now() - connectedAt >= healthyAfterMs) backoff.reset();
      failures += 1;
      if (!everConnected && Date.now() - startedAt < startingGraceMs) {
        // Still starting, most likely: said once, then retried quietly and soon.
        const detail = {
          attempt: failures,
          nextRetryMs: STARTING_RETRY_MS,
          error: CONNECTING_MESSAGE,
        };
        setState('connecting', failures === 1 ? detail : undefined);
        await sleep(STARTING_RETRY_MS);
        continue;
      }
      const delay = backoff.next();
      // Before the first connection the kiosk is still "connecting"; after it, "reconnecting".
      const state: ConnectionState =
        failures > offlineAfter ? 'offline' : everConnected ? 'reconnecting' : 'connecting';
      setState(state, { attempt: failures, nextRetryMs: delay, error: error.message });
      await sleep(delay);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      startedAt = Date.now();
      loop = run().catch((error: unknown) => {
        running = false;
        reportError(options, error);
        setState('offline', { attempt: 0, nextRetryMs: null, error: toError(error).message });
      });
    },
    async stop() {
      if (!running && !loop) return;
      running = false;
      abort?.abort(new Error('stopped'));
      wakeSleep?.();
      await loop;
      loop = null;
      if (current !== 'offline')
        setState('offline', { attempt: 0, nextRetryMs: null, error: 'Stopped' });
    },
    state: () => current,
  };
}

function toError(value: unknown, prefix?: string): Error {
  if (value instanceof AuthError) return value;
  const error = value instanceof Error ? value : new Error(String(value));
  if (!prefix) return error;
  // undici wraps the useful part (ECONNREFUSED, …) in `cause`.
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const why = cause?.code ?? cause?.message ?? (error as { code?: string }).code ?? error.message;
  return new Error(`${prefix}: ${why}`);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** One dispatched Server-Sent Event: `type` is the `event:` field ("message" when absent). */
export interface SseMessage {
  id?: string;
  type: string;
  data: string;
}

/**
 * An incremental parser for the text/event-stream format (WHATWG HTML, "Server-sent events").
 * Feed it decoded text in chunks of any size; it returns the events each chunk completed. Lines
 * end with LF, CRLF or CR (a CR at the end of one chunk and LF at the start of the next are one
 * line end); `:` lines are comments; several `data:` lines join with "\n"; a block without data
 * dispatches nothing.
 */
export function createSseParser() {
  let pending = '';
  let skipLeadingLf = false;
  let first = true;
  let data: string[] = [];
  let type = '';
  let id: string | undefined;

  function line(text: string, out: SseMessage[]) {
    if (text === '') {
      if (data.length > 0)
        out.push({
          ...(id !== undefined ? { id } : {}),
          type: type || 'message',
          data: data.join('\n'),
        });
      data = [];
      type = '';
      id = undefined;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') type = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
    // `retry` and unknown fields are ignored: the channel has its own backoff.
  }

  return {
    push(chunk: string): SseMessage[] {
      const out: SseMessage[] = [];
      let text = chunk;
      if (first && text.length > 0) {
        first = false;
        if (text.startsWith('\uFEFF')) text = text.slice(1);
      }
      if (skipLeadingLf && text.length > 0) {
        skipLeadingLf = false;
        if (text.startsWith('\n')) text = text.slice(1);
      }
      let start = 0;
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c !== 10 && c !== 13) continue;
        const complete = pending + text.slice(start, i);
        pending = '';
        if (c === 13) {
          if (i + 1 === text.length) skipLeadingLf = true;
          else if (text.charCodeAt(i + 1) === 10) i++;
        }
        start = i + 1;
        line(complete, out);
      }
      pending += text.slice(start);
      return out;
    },
    pendingChars: () => pending.length,
  };
}
