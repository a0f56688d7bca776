/**
 * Whether a primary answers, watched from the errors the store meets: a connection lost (a
 * server going down, a primary failing over behind one address) starts a probe every quarter
 * second until a server that is not in recovery answers. An end that only one connection saw (a
 * terminated backend) is no outage: the first probe finds the same primary. What it measured,
 * outages, failovers (the primary answering after an outage is another server, or the same one
 * restarted) and the time without a primary, goes to the log and to /metrics.
 */
import type pg from 'pg';
import type { DatabaseHealth } from '../port';

const PROBE = `SELECT pg_is_in_recovery() AS replica,
  COALESCE(inet_server_addr()::text, '') || ':' || COALESCE(inet_server_port(), 0) || '@' || pg_postmaster_start_time()::text AS server`;
const PROBE_EVERY_MS = 250;

export interface HealthWatch extends DatabaseHealth {
  /** A connection was lost: is there still a primary? */
  lost(): void;
  stop(): void;
}

export function watchHealth(
  pool: pg.Pool,
  log: (line: string) => void,
  now: () => number = Date.now,
): HealthWatch {
  let primary = true;
  let server: string | undefined;
  let lostAt = 0;
  let awayMs = 0;
  let outages = 0;
  let failovers = 0;
  let probing = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  /** The server answering, if it is a primary. */
  async function probe(): Promise<string | undefined> {
    try {
      const { rows } = await pool.query<{ replica: number; server: string }>(PROBE);
      return rows[0] && !rows[0].replica ? rows[0].server : undefined;
    } catch {
      return undefined;
    }
  }

  function back(answering: string): void {
    const away = now() - lostAt;
    awayMs += away;
    primary = true;
    const moved = server !== undefined && answering !== server;
    if (moved) failovers++;
    server = answering;
    log(
      `database: a primary answers again after ${(away / 1000).toFixed(1)} s without one${moved ? ' (another server: failed over)' : ''}`,
    );
  }

  function poll(): void {
    timer = setTimeout(() => {
      timer = undefined;
      if (stopped) return;
      void probe().then((answering) => (answering ? back(answering) : poll()));
    }, PROBE_EVERY_MS);
  }

  async function lost(): Promise<void> {
    if (!primary || probing || stopped) return;
    probing = true;
    const at = now();
    const answering = await probe();
    probing = false;
    if (answering && answering === server) return;
    if (answering && server === undefined) return void (server = answering);
    primary = false;
    lostAt = at;
    outages++;
    log('database: the connection to the primary was lost; waiting for a primary to answer');
    if (answering) back(answering);
    else poll();
  }

  void probe().then((answering) => (server ??= answering));
  return {
    get primary() {
      return primary;
    },
    get outages() {
      return outages;
    },
    get failovers() {
      return failovers;
    },
    secondsWithoutPrimary: () => (awayMs + (primary ? 0 : now() - lostAt)) / 1000,
    async check() {
      const answering = await probe();
      if (!answering) void lost();
      return answering !== undefined;
    },
    lost: () => void lost(),
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
