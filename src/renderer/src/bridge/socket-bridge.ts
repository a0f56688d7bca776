/**
 * The bridge over browser mode's WebSocket (src/shared/bridge-socket.ts): commands go out with a
 * request id and the reply with the same id settles them; events go to subscribers. The server
 * may restart at any time, so the socket reconnects with backoff, and a command cannot wait on a
 * socket that is gone: it is answered at once with "not reachable" instead.
 */
import type { BridgeCommand, BridgeEvent, BridgeReply } from '../../../shared/bridge';
import { SocketMessage } from '../../../shared/bridge-socket';
import { UNREACHABLE, type LinkState, type RendererBridge } from './types';

/** The part of a WebSocket this client uses (a fake stands in for it in tests). */
export interface SocketLike {
  send(data: string): void;
  close(): void;
}

export interface SocketHandlers {
  open(): void;
  message(data: unknown): void;
  /** Every failure ends here, including a connection that never opened. */
  close(): void;
}

export interface SocketBridgeOptions {
  url: string;
  open: (url: string, on: SocketHandlers) => SocketLike;
  /** Defaults to setTimeout; returns a function that cancels. */
  schedule?: (run: () => void, ms: number) => () => void;
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export interface SocketBridge extends RendererBridge {
  /** Stops reconnecting and closes the socket (tests, and pages being unloaded). */
  close(): void;
}

/** Full jitter, so several windows do not reconnect in lock-step after a server restart. */
export function reconnectDelay(attempt: number, random: number, base: number, max: number) {
  return Math.round(random * Math.min(max, base * 2 ** attempt)) + 100;
}

export function createSocketBridge(options: SocketBridgeOptions): SocketBridge {
  const schedule =
    options.schedule ??
    ((run: () => void, ms: number) => {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    });
  const random = options.random ?? Math.random;
  const baseDelay = options.baseDelayMs ?? 250;
  const maxDelay = options.maxDelayMs ?? 5_000;

  const listeners = new Set<(event: BridgeEvent) => void>();
  const linkListeners = new Set<(state: LinkState) => void>();
  const pending = new Map<number, (reply: BridgeReply) => void>();
  /** Frames written while the socket was still opening; sent the moment it opens. */
  let outbox: string[] = [];
  let nextId = 1;
  let attempt = 0;
  let link: LinkState = 'connecting';
  let socket: SocketLike | null = null;
  let cancelRetry: (() => void) | null = null;
  let closed = false;

  function setLink(next: LinkState) {
    if (next === link) return;
    link = next;
    for (const listener of linkListeners) listener(next);
  }

  function failPending() {
    outbox = [];
    const waiting = [...pending.values()];
    pending.clear();
    for (const resolve of waiting) resolve(UNREACHABLE);
  }

  function receive(data: unknown) {
    let message: SocketMessage;
    try {
      const parsed = SocketMessage.safeParse(JSON.parse(String(data)));
      if (!parsed.success) return;
      message = parsed.data;
    } catch {
      return;
    }
    if ('event' in message) {
      for (const listener of [...listeners]) listener(message.event);
      return;
    }
    const resolve = pending.get(message.id);
    pending.delete(message.id);
    resolve?.(message.reply);
  }

  function connect() {
    cancelRetry = null;
    if (closed) return;
    let ws: SocketLike | null = null;
    const handlers: SocketHandlers = {
      open() {
        if (!ws || socket !== ws) return;
        attempt = 0;
        setLink('open');
        const frames = outbox;
        outbox = [];
        for (const frame of frames) ws.send(frame);
      },
      message(data) {
        if (ws && socket === ws) receive(data);
      },
      close() {
        if (!ws || socket !== ws) return;
        socket = null;
        failPending();
        if (!closed) retry();
      },
    };
    try {
      ws = options.open(options.url, handlers);
    } catch {
      retry();
      return;
    }
    socket = ws;
  }

  function retry() {
    setLink('reconnecting');
    const delay = reconnectDelay(attempt, random(), baseDelay, maxDelay);
    attempt += 1;
    cancelRetry = schedule(connect, delay);
  }

  connect();

  return {
    invoke(command: BridgeCommand): Promise<BridgeReply> {
      if (!socket || closed) return Promise.resolve(UNREACHABLE);
      const id = nextId++;
      const frame = JSON.stringify({ id, command });
      return new Promise((resolve) => {
        pending.set(id, resolve);
        if (link === 'open') {
          try {
            socket!.send(frame);
          } catch {
            pending.delete(id);
            resolve(UNREACHABLE);
          }
        } else outbox.push(frame);
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    link: () => link,
    onLink(listener) {
      linkListeners.add(listener);
      return () => void linkListeners.delete(listener);
    },
    close() {
      closed = true;
      cancelRetry?.();
      const ws = socket;
      socket = null;
      failPending();
      ws?.close();
    },
  };
}
