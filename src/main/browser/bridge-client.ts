/**
 * The bridge from another process: a WebSocket client of browser mode's server. The Electron
 * shell uses it when the core runs in the `npm start` process (so better-sqlite3 never has to be
 * rebuilt for Electron in development); tests use it to drive a running kiosk.
 *
 * Commands sent while disconnected answer at once with an error staff can act on; the client
 * reconnects with backoff and, on reconnect, the server's first frame brings the state again.
 */
import { WebSocket } from 'ws';
import type { BridgeEvent, BridgeReply } from '../../shared/bridge';
import { SocketMessage } from '../../shared/bridge-socket';
import { createBackoff } from '../kiosk/backoff';

export const NOT_CONNECTED = 'The kiosk is not reachable; reconnecting…';

export interface BridgeClient {
  handle(raw: unknown): Promise<BridgeReply>;
  subscribe(listener: (event: BridgeEvent) => void): () => void;
  /** Resolves once connected (the first time). */
  ready: Promise<void>;
  close(): void;
}

export function connectBridge(
  url: string,
  options: { log?: (line: string) => void } = {},
): BridgeClient {
  const listeners = new Set<(event: BridgeEvent) => void>();
  const pending = new Map<number, (reply: BridgeReply) => void>();
  const backoff = createBackoff({ baseMs: 250, capMs: 5_000 });
  let socket: WebSocket | null = null;
  let nextId = 1;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const failAll = () => {
    for (const resolve of pending.values())
      resolve({ ok: false, error: { message: NOT_CONNECTED } });
    pending.clear();
  };

  function open() {
    const ws = new WebSocket(url);
    socket = ws;
    ws.on('open', () => {
      backoff.reset();
      markReady();
    });
    ws.on('message', (data) => {
      const parsed = SocketMessage.safeParse(JSON.parse(String(data)));
      if (!parsed.success) return options.log?.('bridge: ignored a malformed frame');
      const message = parsed.data;
      if ('event' in message) for (const listener of [...listeners]) listener(message.event);
      else {
        pending.get(message.id)?.(message.reply);
        pending.delete(message.id);
      }
    });
    ws.on('error', (error) => options.log?.(`bridge: ${error.message}`));
    ws.on('close', () => {
      socket = null;
      failAll();
      if (!closed) timer = setTimeout(open, backoff.next());
    });
  }
  open();

  return {
    handle(raw) {
      const ws = socket;
      if (!ws || ws.readyState !== WebSocket.OPEN)
        return Promise.resolve({ ok: false, error: { message: NOT_CONNECTED } });
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        ws.send(JSON.stringify({ id, command: raw }));
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    ready,
    close() {
      closed = true;
      clearTimeout(timer);
      socket?.close();
      failAll();
    },
  };
}
