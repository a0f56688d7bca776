/**
 * The event streams (Server-Sent Events) a service has open, so that a shutdown can end each one
 * with a reconnect hint instead of cutting it, and so that operators can see how many are open.
 */
import type { SSEStreamingApi } from 'hono/streaming';

/** The last event of a stream its service is shutting down: reconnect (elsewhere) after `retryMs`. */
export const sayReconnect = (stream: SSEStreamingApi, retryMs: number) =>
  stream.writeSSE({ event: 'reconnect', data: JSON.stringify({ retryMs }), retry: retryMs });

export interface OpenStream {
  /** Ends the stream; its loop then sends `sayReconnect` as its last event. */
  drain(retryMs: number): void;
}

export interface StreamRegistry {
  /** Registers a stream; the returned function unregisters it (call it when the stream ends). */
  open(stream: OpenStream): () => void;
  count(): number;
  /** Ends every stream with the reconnect hint; new streams are refused from now on. */
  drainAll(retryMs: number): void;
  draining(): boolean;
}

export function createStreamRegistry(): StreamRegistry {
  const open = new Set<OpenStream>();
  let draining = false;
  let retry = 0;
  return {
    open(stream) {
      // A stream opened while draining (it raced the shutdown) ends at once, with the same hint.
      if (draining) {
        queueMicrotask(() => stream.drain(retry));
        return () => {};
      }
      open.add(stream);
      return () => void open.delete(stream);
    },
    count: () => open.size,
    drainAll(retryMs) {
      draining = true;
      retry = retryMs;
      for (const stream of [...open]) stream.drain(retryMs);
      open.clear();
    },
    draining: () => draining,
  };
}
