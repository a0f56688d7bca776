/**
 * The kiosk's one outbox mechanism: work the service has not confirmed yet, kept in the kiosk's
 * SQLite and sent oldest first, one at a time. An item is taken off only once the service
 * answered for it, and the next is not sent before, so the service receives them in order. Each
 * carries what makes a repeat harmless (a Z report's number, a sale's Idempotency-Key), so an item
 * sent again after a lost answer or a restart mid-send is recorded once. While the service cannot
 * be reached items wait, across restarts. A refusal that trying again will not mend (a queue may
 * say which) holds the queue at that item until staff send it again: nothing is dropped.
 *
 * The Z reports (shifts/outbox.ts) and the offline cash sales and refunds (offline-cash.ts) are
 * its two queues, each a table with the same columns of state.
 */

/** One item due to go, as its queue holds it. */
export interface OutboxEntry<T> {
  id: number;
  attempts: number;
  nextAt: number;
  item: T;
}

/** A queue's table: the oldest item first, and the moves of its state. */
export interface OutboxQueue<T> {
  next(): OutboxEntry<T> | undefined;
  /** Takes the item for one send (its next_at still `nextAt`); false when another sender has it. */
  claim(id: number, until: number, nextAt: number): boolean;
  sent(id: number): void;
  failed(id: number, error: string, nextAt: number): void;
  waiting(): { waiting: number; lastError: string | null; oldestAt: number | null };
}

export interface OutboxOptions<T> {
  now(): number;
  /** Sends one item; resolves once the service has kept it, rejects otherwise. */
  send(item: T): Promise<void>;
  /** Names the item in the log and in the reason shown to staff. */
  describe(item: T): string;
  /** A refusal trying again will not mend: the queue holds at the item until staff resend it. */
  holds?(error: unknown): boolean;
  /** How long after `attempts` failures the next try waits (default retryDelayMs). */
  retryDelayMs?(attempts: number): number;
  log?(line: string): void;
  /** Called when the number waiting changes. */
  onChange?(): void;
}

export interface OutboxState {
  waiting: number;
  /** Why the oldest waiting item has not gone yet; null before any attempt failed. */
  lastError: string | null;
  /** When the oldest waiting item was made (ms), for the health report. */
  oldestAt: number | null;
}

export interface Outbox {
  /** Sends every waiting item that is due, in order; resolves when done or stopped by a failure. */
  flush(): Promise<void>;
  state(): OutboxState;
}

/** How long an item being sent is left to its sender before another may try it. */
export const SEND_LEASE_MS = 30_000;

/** Held for staff: never due by itself (staff's "Send now" makes it due again). */
export const HELD_UNTIL = Number.MAX_SAFE_INTEGER;

/** A failed send waits 1, 2, 4 … seconds, at most a minute, before the next try. */
export const retryDelayMs = (attempts: number) => Math.min(60_000, 1000 * 2 ** attempts);

export function createOutbox<T>(queue: OutboxQueue<T>, options: OutboxOptions<T>): Outbox {
  let running: Promise<void> | null = null;

  async function drain(): Promise<void> {
    for (;;) {
      const next = queue.next();
      if (!next || next.nextAt > options.now()) return;
      // Claimed before it leaves: another sender on this file skips it until the lease ends.
      if (!queue.claim(next.id, options.now() + SEND_LEASE_MS, next.nextAt)) return;
      try {
        await options.send(next.item);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const held = options.holds?.(error) ?? false;
        const reason = held ? `${options.describe(next.item)} was refused: ${message}` : message;
        queue.failed(
          next.id,
          reason,
          held ? HELD_UNTIL : options.now() + (options.retryDelayMs ?? retryDelayMs)(next.attempts),
        );
        options.log?.(`outbox: ${options.describe(next.item)} not sent yet: ${message}`);
        options.onChange?.();
        return;
      }
      queue.sent(next.id);
      options.onChange?.();
    }
  }

  return {
    flush() {
      // One drain at a time: two would send the same item twice, or the next before it.
      running ??= drain().finally(() => {
        running = null;
      });
      return running;
    },
    state: () => queue.waiting(),
  };
}
