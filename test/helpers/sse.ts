/** A minimal Server-Sent Events reader over fetch, for tests of the terminal push stream. */
export interface SseEvent {
  id?: string;
  event: string;
  data: string;
  /** performance.now() when the event was parsed (for latency measurements). */
  receivedAt: number;
}

export interface SseConnection {
  events: SseEvent[];
  /** Resolves with the first event (from the start) that matches. */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
  closed: Promise<void>;
}

export async function connectSse(
  url: string,
  secret: string,
  lastEventId?: string,
): Promise<SseConnection> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: {
      authorization: `Bearer ${secret}`,
      accept: 'text/event-stream',
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`stream answered ${res.status}: ${await res.text()}`);
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const closed = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { event: 'message', data: '', receivedAt: performance.now() };
          for (const line of block.split('\n')) {
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'id') event.id = value;
            else if (field === 'event') event.event = value;
            else if (field === 'data') event.data += (event.data ? '\n' : '') + value;
          }
          events.push(event);
          waiters.forEach((w) => w());
        }
      }
    } catch {
      /* aborted */
    }
    waiters.forEach((w) => w());
  })();
  let ended = false;
  void closed.then(() => (ended = true));
  return {
    events,
    closed,
    close: () => controller.abort(),
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          } else if (ended) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`stream ended; saw ${events.map((e) => e.event).join(', ')}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event; saw ${events.map((e) => e.event).join(', ')}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
