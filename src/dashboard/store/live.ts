/**
 * Keeps the lists current. First choice: the merchant's change stream (GET /api/merchant/events,
 * read with fetch so the Authorization header can carry the secret; EventSource cannot send
 * it), which says which lists changed. While the stream is down, every list is polled every
 * `pollMs`, and the stream is retried with a growing pause. A hidden tab does not poll; it
 * catches up when shown.
 */
import { createStore } from 'zustand/vanilla';
import { MerchantChange, MerchantTopic } from '../../shared/contract/merchant-events';
import { createSseParser } from '../lib/sse';

export type LiveMode = 'connecting' | 'live' | 'polling' | 'stopped';

export interface LiveOptions {
  /** Opens the stream; resolves with the response (status 200 expected). */
  open(signal: AbortSignal): Promise<Response>;
  /** Re-reads the lists of these topics. */
  refresh(topics: readonly MerchantTopic[]): void;
  isHidden?: () => boolean;
  pollMs?: number;
  /** Longest wait between attempts to reopen the stream. */
  maxRetryMs?: number;
  /** No byte for this long (heartbeats included) means the stream is dead. */
  silenceMs?: number;
  onUnauthorized?: () => void;
}

export const ALL_TOPICS: readonly MerchantTopic[] = MerchantTopic.options;

export function createLive(options: LiveOptions) {
  const pollMs = options.pollMs ?? 2000;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const silenceMs = options.silenceMs ?? 40_000;
  const hidden = options.isHidden ?? (() => false);
  const store = createStore<{ mode: LiveMode }>()(() => ({ mode: 'connecting' }));
  let stopped = false;
  let controller: AbortController | null = null;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const firstRetryMs = Math.min(1000, maxRetryMs);
  let retryMs = firstRetryMs;

  const setMode = (mode: LiveMode) => store.setState({ mode });

  function poll() {
    clearTimeout(pollTimer);
    if (stopped || store.getState().mode === 'live') return;
    if (!hidden()) options.refresh(ALL_TOPICS);
    pollTimer = setTimeout(poll, pollMs);
  }

  async function connect() {
    if (stopped) return;
    controller = new AbortController();
    const mine = controller;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const watchdog = () => {
      clearTimeout(silence);
      silence = setTimeout(() => mine.abort(), silenceMs);
    };
    try {
      watchdog();
      const res = await options.open(mine.signal);
      if (res.status === 401) {
        options.onUnauthorized?.();
        return;
      }
      if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}`);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      const feed = createSseParser((message) => {
        if (message.event === 'ready') {
          retryMs = firstRetryMs;
          setMode('live');
          clearTimeout(pollTimer);
          options.refresh(ALL_TOPICS); // whatever changed while it was down
        } else if (message.event === 'change') {
          const parsed = MerchantChange.safeParse(safeJson(message.data));
          options.refresh(parsed.success ? parsed.data.topics : ALL_TOPICS);
        }
      });
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        watchdog();
        feed(value);
      }
    } catch {
      /* down: fall back to polling below */
    } finally {
      clearTimeout(silence);
    }
    if (stopped) return;
    setMode('polling');
    poll();
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(maxRetryMs, retryMs * 2);
  }

  return {
    store,
    start() {
      void connect();
    },
    stop() {
      stopped = true;
      clearTimeout(pollTimer);
      clearTimeout(retryTimer);
      controller?.abort();
      setMode('stopped');
    },
    /** The tab was shown again: catch up at once. */
    wake() {
      if (!stopped) options.refresh(ALL_TOPICS);
    },
  };
}
export type Live = ReturnType<typeof createLive>;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
