/**
 * Delivers queued webhook deliveries: the durable outbox's sending half. Every delivery is a row
 * in webhook_deliveries (written in the same transaction as the change it reports), so nothing
 * is lost across restarts; this module only holds which rows are in flight right now.
 *
 * - `await wake()` runs often (every scheduler tick and after a sandbox clock advance): one indexed
 *   SELECT of due rows, bounded by the free slots.
 * - New events wake it at once through `outbox.subscribe`, so a delivery leaves within
 *   milliseconds rather than at the next tick.
 * - Retries are due by the clock of the subscription's environment, so
 *   `POST /api/sandbox/clock/advance` fires the sandbox's and never production's.
 * - The `webhook-timestamp` header is real wall time (Date.now), not the service clock: the
 *   receiver checks it against its own clock with a 5-minute tolerance, and a sandbox clock
 *   moved forward would make every delivery look forged.
 * - Each environment connects only where destinations.ts allows, checked per address after DNS;
 *   the log says why a delivery failed in a few fixed words, never the socket error or the
 *   address it reached, so it cannot map the network it was refused.
 */
import { isIP } from 'node:net';
import { Agent, buildConnector, request } from 'undici';
import type { Clock } from '../kernel/clock';
import type { Outbox } from '../kernel/events/outbox';
import type { Environment } from '../kernel/caller';
import type { Store } from '../kernel/store/port';
import {
  AddressNotAllowedError,
  addressAllowed,
  guardedLookup,
  resolveWithDns,
  type ResolveHost,
} from './destinations';
import { MAX_ATTEMPTS, retryDelay } from './schedule';
import { deliveryHeaders } from './signing';
import { webhookFanOut } from './fan-out';
import { createDeliveryQueries, type AttemptFacts, type DueRow, type Outcome } from './repo';

export interface DispatcherOptions {
  /** Deliveries in flight at once. */
  concurrency?: number;
  /** Per-attempt limit for connecting, response headers and response body. */
  timeoutMs?: number;
  /** How long stop() waits for in-flight attempts before abandoning them. */
  stopGraceMs?: number;
  /** How receivers' host names are resolved (DNS by default; tests inject their own). */
  resolveHost?: ResolveHost;
}

/** What the delivery log says when no HTTP answer came: the cause in general words only. */
function failureText(error: unknown, timeoutMs: number): string {
  const code = errorCode(error);
  if (code === 'ADDRESS_NOT_ALLOWED') return 'refused: address not allowed';
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
    return `no answer within ${Math.round(timeoutMs / 1000)} s`;
  if (/CERT|TLS|SSL|UNABLE_TO_VERIFY/.test(code))
    return "could not connect: the receiver's TLS certificate was not accepted";
  return 'could not connect';
}

const errorCode = (error: unknown): string => {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : '';
};

/**
 * A connection pool that connects only where `environment` may: literal addresses are checked
 * here (net.connect never looks them up), names by the lookup it connects with.
 */
function guardedAgent(environment: Environment, resolveHost: ResolveHost, timeoutMs: number) {
  const connect = buildConnector({
    timeout: timeoutMs,
    lookup: guardedLookup(environment, resolveHost),
  });
  return new Agent({
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 4_000,
    connect(options, callback) {
      if (isIP(options.hostname) && !addressAllowed(options.hostname, environment))
        return callback(new AddressNotAllowedError(), null);
      connect(options, callback);
    },
  });
}

/** One attempt's request through the environment's pool; its answer or why there was none. */
async function send(
  row: DueRow,
  signal: AbortSignal,
  dispatcher: Agent,
  timeoutMs: number,
): Promise<Outcome> {
  const timestamp = Math.floor(Date.now() / 1000); // wall time on purpose; see the header comment
  try {
    const response = await request(row.url, {
      method: 'POST',
      dispatcher,
      signal,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Counter-Webhooks/1.0',
        ...deliveryHeaders(row.secret, row.event_id, row.body, timestamp, row.tamper),
      },
      body: row.body,
    });
    // The answer's body is not used, but reading it frees the connection for reuse.
    await response.body.dump({ limit: 64 * 1024 }).catch(() => {});
    if (response.statusCode >= 200 && response.statusCode < 300)
      return { ok: true, status: response.statusCode };
    return { ok: false, status: response.statusCode, error: `HTTP ${response.statusCode}` };
  } catch (error) {
    return {
      ok: false,
      status: null,
      error: failureText(error, timeoutMs),
      code: errorCode(error),
    };
  }
}

export function createWebhookDispatcher(
  store: Store,
  clock: Clock,
  outbox: Outbox,
  log: (line: string) => void,
  options: DispatcherOptions = {},
) {
  const concurrency = options.concurrency ?? 8;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const stopGraceMs = options.stopGraceMs ?? 5_000;
  // The deliveries it sends are queued by the outbox's append hook, registered here once.
  webhookFanOut(store, outbox);
  // Longer than an attempt can take (connect, headers and body each bounded by timeoutMs).
  const claimMs = 4 * timeoutMs + 5_000;

  const resolveHost = options.resolveHost ?? resolveWithDns;

  // Its own connection pools, so stop() can close exactly the sockets it opened; one per
  // environment, as each may reach different addresses.
  const agents: Record<Environment, Agent> = {
    sandbox: guardedAgent('sandbox', resolveHost, timeoutMs),
    production: guardedAgent('production', resolveHost, timeoutMs),
  };

  const { due, claim, unclaim, recordDelivered, recordFailed, orphaned } =
    createDeliveryQueries(store);

  const inFlight = new Map<string, { promise: Promise<void>; abort: AbortController }>();
  let stopped = false;
  let wakeQueued = false;

  async function wake(): Promise<void> {
    if (stopped) return;
    const free = concurrency - inFlight.size;
    if (free <= 0) return;
    let rows: DueRow[];
    try {
      // The most overdue first, whichever environment or merchant: none can hold another up.
      const overdue = (row: DueRow) =>
        clock.now(row.environment, row.merchant_id) - row.next_attempt_at;
      const taken = new Set<string>();
      rows = [];
      for (const sweep of clock.sweeps())
        for (const row of await due(
          sweep,
          sweep.now,
          sweep.environment,
          Date.now(),
          free + inFlight.size,
        ))
          // A moved merchant's pass comes before the real-time one, which may return its rows too.
          if (!taken.has(row.id)) {
            taken.add(row.id);
            rows.push(row);
          }
      rows.sort((a, b) => overdue(b) - overdue(a));
    } catch (error) {
      log(`webhooks: cannot read due deliveries: ${(error as Error).message}`);
      return;
    }
    let started = 0;
    for (const row of rows) {
      if (started >= free) break;
      if (inFlight.has(row.id)) continue;
      if (row.deleted_at !== null) {
        await orphaned.run(row.id);
        continue;
      }
      const claimed = await claim.run(Date.now() + claimMs, row.id, Date.now());
      if (claimed.changes === 0 || inFlight.has(row.id)) continue; // another sender has it
      started++;
      const abort = new AbortController();
      const promise = attempt(row, abort.signal).finally(() => {
        inFlight.delete(row.id);
        // A slot is free: more may be waiting behind the LIMIT.
        wakeSoon();
      });
      inFlight.set(row.id, { promise, abort });
    }
  }

  /** Coalesces bursts (a transaction emitting several events) into one wake. */
  function wakeSoon(): void {
    if (wakeQueued || stopped) return;
    wakeQueued = true;
    setImmediate(() => {
      wakeQueued = false;
      wake().catch((error: Error) => log(`webhooks: ${error.message}`));
    });
  }

  async function attempt(row: DueRow, signal: AbortSignal): Promise<void> {
    const at = clock.now(row.environment, row.merchant_id);
    const started = performance.now();
    const outcome = await send(row, signal, agents[row.environment], timeoutMs);
    // Abandoned by stop(): the row stays PENDING and due, and is let go so that the next start,
    // or another instance, sends it again at once.
    if (signal.aborted) {
      await unclaim.run(row.id).catch(() => {});
      return;
    }
    const now = clock.now(row.environment, row.merchant_id);
    const attempts = row.attempts + 1;
    const facts: AttemptFacts = {
      number: attempts,
      at,
      durationMs: Math.round(performance.now() - started),
    };
    try {
      if (outcome.ok) {
        await recordDelivered(row, facts, now, outcome.status);
        return;
      }
      // A forged test delivery is there to be refused: once is the whole point, so no retries.
      const delay = attempts >= MAX_ATTEMPTS || row.tamper ? null : retryDelay(attempts);
      const update = {
        id: row.id,
        status: delay === null ? 'FAILED' : 'PENDING',
        code: outcome.status,
        error: outcome.error,
        next: delay === null ? null : now + delay,
      };
      await recordFailed(row, facts, update, outcome);
      log(
        `webhooks: delivery ${row.id} attempt ${attempts} failed (${outcome.error}${outcome.code ? `; ${outcome.code}` : ''})` +
          (delay === null ? '; giving up' : `; next in ${Math.round(delay / 1000)} s`),
      );
    } catch (error) {
      log(`webhooks: cannot record delivery ${row.id}: ${(error as Error).message}`);
    }
  }

  const unsubscribe = outbox.subscribe((event) => {
    if (event.deliveries > 0) wakeSoon();
  });

  return {
    wake,
    /** Stops taking work, waits (bounded) for in-flight attempts, then closes its sockets. */
    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      const pending = [...inFlight.values()];
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, stopGraceMs);
      });
      await Promise.race([Promise.allSettled(pending.map((p) => p.promise)), grace]);
      clearTimeout(timer);
      for (const p of pending) p.abort.abort();
      await Promise.allSettled(pending.map((p) => p.promise));
      await Promise.all(Object.values(agents).map((a) => a.destroy().catch(() => {})));
    },
  };
}
export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
