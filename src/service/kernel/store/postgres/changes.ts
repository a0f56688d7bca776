/**
 * LISTEN/NOTIFY for the PostgreSQL store: the feed of committed changes that tells every cache
 * what to forget, and the wake-up channels of `listen`.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The channel of the change announcements (migration 0016's `counter_announce`). */
const CHANGES_CHANNEL = 'counter_changes';
/** `caughtUp`'s payloads start so: no topic does. */
const MARKER = 'caught-up:';
const NOTIFY_MARKER = `SELECT pg_notify('${CHANGES_CHANNEL}', $1)`;
const CAUGHT_UP_MS = 2_000;

export interface ChangeFeed {
  /** True while the announcements are heard (caches may keep rows). */
  readonly announced: boolean;
  onChange(topic: string, forget: (key?: string) => void): void;
  /** Resolves once every change committed before the call has been heard. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The database announces every committed change of a cached table (migration 0016's triggers) on
 * CHANGES_CHANNEL as `topic` or `topic:key`; while that connection is down, announcements are
 * lost, so every cache forgets everything and keeps nothing until it is back.
 */
export async function listenForChanges(
  url: string,
  pool: pg.Pool,
  lost: () => void = () => {},
): Promise<ChangeFeed> {
  const forgetters = new Map<string, Set<(key?: string) => void>>();
  /** `caughtUp`'s markers on their way back, by payload. */
  const markers = new Map<string, () => void>();
  let announced = false;
  const forgetAll = () => {
    for (const set of forgetters.values()) for (const forget of set) forget();
  };
  const stop = await listenOn(
    url,
    CHANGES_CHANNEL,
    (payload) => {
      if (payload === undefined) return forgetAll();
      if (payload.startsWith(MARKER)) return markers.get(payload)?.();
      const colon = payload.indexOf(':');
      const topic = colon < 0 ? payload : payload.slice(0, colon);
      const key = colon < 0 ? undefined : payload.slice(colon + 1);
      for (const forget of forgetters.get(topic) ?? []) forget(key);
    },
    (up) => {
      announced = up;
      forgetAll();
      if (!up) lost();
    },
  );
  return {
    get announced() {
      return announced;
    },
    onChange(topic, forget) {
      let set = forgetters.get(topic);
      if (!set) forgetters.set(topic, (set = new Set()));
      set.add(forget);
    },
    async caughtUp() {
      if (!announced) return; // nothing is kept meanwhile (and none of it can be waited for)
      const marker = MARKER + randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const back = new Promise<void>((resolve) => {
        markers.set(marker, resolve);
        // A connection lost on the way forgets every cache anyway: do not wait for ever.
        timer = setTimeout(resolve, CAUGHT_UP_MS);
      });
      try {
        await pool.query(NOTIFY_MARKER, [marker]);
        await back;
      } finally {
        clearTimeout(timer);
        markers.delete(marker);
      }
    },
    stop,
  };
}

/**
 * LISTEN on a connection of its own (not the pool's: a pooled connection goes back to others).
 * `heard` gets each notification's payload (undefined when it has none). A lost connection is
 * opened again after a pause; `state` hears it go down and come back (signals sent while it was
 * away are gone).
 */
export async function listenOn(
  url: string,
  channel: string,
  heard: (payload: string | undefined) => void,
  state: (up: boolean) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const identifier = `"${channel.replace(/"/g, '""')}"`;
  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) heard(message.payload || undefined);
    });
    next.on('error', () => reconnect(next));
    next.on('end', () => reconnect(next));
    await next.connect();
    await next.query(`LISTEN ${identifier}`);
    if (stopped) return void (await next.end().catch(() => {}));
    client = next;
  }
  function reconnect(broken: pg.Client): void {
    if (stopped || client !== broken) return;
    client = undefined;
    state(false);
    broken.end().catch(() => {});
    const attempt = () => {
      retry = undefined;
      if (stopped) return;
      connect().then(
        () => state(true),
        () => (retry = setTimeout(attempt, 500)),
      );
    };
    retry = setTimeout(attempt, 100);
  }
  await connect();
  state(true);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const open = client;
    client = undefined;
    if (open) state(false);
    await open?.end().catch(() => {});
  };
}
