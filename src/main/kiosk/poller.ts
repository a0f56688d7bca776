/**
 * Status polling: the source of truth of last resort. Push and webhooks are faster, but either
 * can be down (no stream, no public URL for webhooks); polling GET payment-status always works
 * while the service is reachable, so the kiosk never shows a stale payment for long.
 *
 * - The payment on screen is polled every `fastMs`; other unfinished payments every `slowMs`
 *   (nothing at all is requested while there is nothing to track).
 * - Every answer is reported to the sink (the tracker keeps only forward moves, so repeats cost
 *   nothing); a 404 reports nothing and is handed to `onNotFound`.
 * - A transport failure or a 5xx means the service is unreachable: `onReachability(false)` once,
 *   and the polls back off with jitter until it answers again (`onReachability(true)`).
 */
import type { PaymentStatusRecord } from '../../shared/contract/payments';
import { ApiClientError, type ApiClient } from '../../client/http-client';
import { createBackoff, type BackoffOptions } from './backoff';
import type { StatusReport, StatusSink } from './types';

export interface PollTargets {
  /** The payment on the customer display, if any: polled fast. */
  active: string | null;
  /** Other payments not yet final: polled slowly. */
  others: string[];
}

export interface PollerOptions {
  client: ApiClient;
  sink: StatusSink;
  ids(): PollTargets;
  /**
   * Asked first every round when set: new work the service knows of (the terminal's event feed,
   * when there is no push channel). Throws like a poll when the service cannot be reached.
   */
  discover?(): Promise<void>;
  /** Default 1 s. */
  fastMs?: number;
  /** Default 15 s. */
  slowMs?: number;
  /** Backoff while unreachable; default base = fastMs, cap = max(slowMs, 30 s), min 250 ms. */
  backoff?: Partial<BackoffOptions>;
  /** Called when reachability changes (and on the first answer or failure). */
  onReachability?(ok: boolean): void;
  /** The service does not know this payment (deleted by a sandbox reset, another environment). */
  onNotFound?(paymentRequestId: string): void;
  /** Any other failure of one poll (401 after unpairing, a malformed id, …). */
  onError?(error: Error, paymentRequestId: string): void;
}

export interface Poller {
  start(): void;
  stop(): Promise<void>;
  /** Polls every target now (e.g. after a push reconnect); resolves when that round is done. */
  pollNow(): Promise<void>;
}

/** A payment's status record as the service answers it (GET payment-status), as a poll's report. */
export function pollReport(record: PaymentStatusRecord): StatusReport {
  return {
    source: 'poll',
    paymentRequestId: record.paymentRequestId,
    status: record.status,
    at: record.updatedAt,
    paidAmount: record.paidAmount,
    tipAmount: record.tipAmount,
    paymentMethod: record.paymentMethod,
    ...(record.errorDescription !== undefined ? { errorDescription: record.errorDescription } : {}),
  };
}

/** A transport failure or a 5xx: the service is down or cannot be reached, not refusing. */
function unreachable(error: Error): boolean {
  return error instanceof ApiClientError && (error.status === 0 || error.status >= 500);
}

export function createPoller(options: PollerOptions): Poller {
  const fastMs = options.fastMs ?? 1_000;
  const slowMs = options.slowMs ?? 15_000;
  const backoff = createBackoff({
    baseMs: fastMs,
    capMs: Math.max(slowMs, 30_000),
    minMs: 250,
    ...options.backoff,
  });
  const lastPolled = new Map<string, number>();
  let reachable: boolean | null = null;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | null = null;

  function setReachable(ok: boolean) {
    if (reachable === ok) return;
    reachable = ok;
    options.onReachability?.(ok);
  }

  /** Which ids are due this round; `all` ignores the slow interval. */
  function due(all: boolean): string[] {
    const { active, others } = options.ids();
    const now = Date.now();
    const ids = new Set<string>();
    if (active) ids.add(active);
    for (const id of others)
      if (all || now - (lastPolled.get(id) ?? -Infinity) >= slowMs) ids.add(id);
    // Forget payments that are no longer tracked, so the map cannot grow without bound.
    const tracked = new Set([...(active ? [active] : []), ...others]);
    for (const id of lastPolled.keys()) if (!tracked.has(id)) lastPolled.delete(id);
    return [...ids];
  }

  /** One poll; returns false when the service could not be reached. */
  async function pollOne(id: string): Promise<boolean> {
    try {
      const record = await options.client.call('getPaymentStatus', {
        params: { paymentRequestId: id },
      });
      lastPolled.set(id, Date.now());
      options.sink.report(pollReport(record));
      return true;
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown));
      if (unreachable(error)) return false;
      lastPolled.set(id, Date.now());
      if (error instanceof ApiClientError && error.status === 404) options.onNotFound?.(id);
      else options.onError?.(error, id);
      return true; // the service answered, even if not with a status
    }
  }

  /** Runs `discover`; false when the service could not be reached. */
  async function discover(): Promise<boolean> {
    try {
      await options.discover!();
      return true;
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown));
      if (unreachable(error)) return false;
      options.onError?.(error, 'discover');
      return true;
    }
  }

  /** Polls the due ids in order, stopping at the first sign the service is unreachable. */
  async function runRound(all: boolean): Promise<boolean> {
    if (options.discover && !(await discover())) {
      setReachable(false);
      return false;
    }
    const ids = due(all);
    let ok = true;
    for (const id of ids) {
      if (!(await pollOne(id))) {
        ok = false;
        break;
      }
    }
    if (ids.length > 0 || options.discover) setReachable(ok);
    return ok;
  }

  function schedule(delay: number) {
    clearTimeout(timer);
    if (running) timer = setTimeout(() => void tick(false), delay);
  }

  async function tick(all: boolean): Promise<void> {
    clearTimeout(timer);
    while (round) {
      // One round at a time; a pollNow during a round runs a full round right after it.
      await round;
      if (!all) return;
    }
    // A pollNow heard during the last round (back online) must not start one after stop().
    if (!running) return;
    const current = (async () => {
      const ok = await runRound(all);
      if (ok) backoff.reset();
      // Waking every fastMs costs nothing when nothing is due (due() decides what to ask), and
      // a payment that becomes active is polled within a second without anyone calling pollNow.
      schedule(ok ? fastMs : backoff.next());
    })();
    round = current;
    try {
      await current;
    } finally {
      if (round === current) round = null;
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      void tick(true);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await round;
      clearTimeout(timer);
    },
    pollNow: () => tick(true),
  };
}
