/**
 * The kiosk's connection to the payments service: the pairing's credentials and client, the push
 * channel (a terminal's, unless push is off) and the poller, the connection state and whether
 * the service answers. Pairing again makes the new pairing before letting go of the old one.
 */
import { createClient, type ApiClient } from '../../client/http-client';
import { redact, type CredentialStore, type Credentials } from './credentials';
import { configureManually, pairWithCode, unpair } from './pairing';
import { createPoller, type Poller, type PollTargets } from './poller';
import {
  createPushChannel,
  parsePushEvent,
  type LastEventIdStore,
  type PushChannel,
  type PushEvent,
} from './push-channel';
import type { TerminalProfile } from './terminal-profile';
import type { ConnectionState, StatusSink } from './types';

export interface ConnectionOptions {
  store: CredentialStore;
  /** Keep the push channel (default true); without it the terminal's event feed is polled. */
  push?: boolean;
  pollFastMs?: number;
  pollSlowMs?: number;
  /** Where polled statuses go: the tracker. */
  sink: StatusSink;
  cursor: LastEventIdStore;
  profile: TerminalProfile;
  pollTargets(): PollTargets;
  /** Where the terminal's events go, from the push stream or the polled feed. */
  route(event: PushEvent, source: 'push' | 'poll'): Promise<void>;
  /** The service is there (connected, or answering again): held payments may go now. */
  advance(): void;
  onChange(): void;
  log(line: string): void;
}

/** Without push, the terminal's event feed brings remote requests and changes instead. */
async function readEventFeed(client: ApiClient, options: ConnectionOptions) {
  for (;;) {
    const page = await client.call('pollTerminalEvents', {
      query: { after: options.cursor.get() ?? undefined, limit: 100 },
    });
    for (const event of page.events) {
      try {
        await options.route(parsePushEvent(event.id, event.type, event.body), 'poll');
      } catch (error) {
        options.log(`event feed ${event.id}: ${(error as Error).message}`);
      }
      options.cursor.set(event.id);
    }
    if (page.events.length < 100) return;
  }
}

export function createConnection(options: ConnectionOptions) {
  const { log, onChange } = options;
  let credentials: Credentials | null = null;
  let client: ApiClient | null = null;
  let channel: PushChannel | null = null;
  let poller: Poller | null = null;
  let status: ConnectionState = 'offline';
  let online = false;
  /** What the handlers keep per pairing, let go of with it (commands/context.ts). */
  const forgetOnDisconnect: (() => void)[] = [];

  function startPolling(saved: Credentials, usePush: boolean) {
    const feedClient = client!;
    poller = createPoller({
      client: feedClient,
      discover:
        saved.kind === 'terminal' && !usePush
          ? () => readEventFeed(feedClient, options)
          : undefined,
      sink: options.sink,
      ids: options.pollTargets,
      fastMs: options.pollFastMs,
      slowMs: options.pollSlowMs,
      onReachability(ok) {
        online = ok;
        // A held payment that could not be created for want of the service goes now.
        if (ok) options.advance();
        if (!channel) status = ok ? 'connected' : 'offline';
        // Back online: every payment whose final status we have not seen is asked about now.
        if (ok) void poller?.pollNow();
        onChange();
      },
      onError: (error, id) => log(`poll ${id}: ${error.message}`),
    });
    poller.start();
  }

  function startPush(saved: Credentials) {
    channel = createPushChannel({
      baseUrl: saved.baseUrl,
      secret: saved.secret,
      lastEventId: options.cursor,
      onEvent: (event) => options.route(event, 'push'),
      onState(next, detail) {
        status = next;
        if (next === 'connected') {
          online = true;
          void options.profile.refresh();
        }
        if (detail?.error) log(`push: ${detail.error}`);
        onChange();
      },
      onError: (error) => log(`push event: ${error.message}`),
    });
    channel.start();
  }

  async function connect(saved: Credentials) {
    credentials = saved;
    client = createClient({ baseUrl: saved.baseUrl, secret: saved.secret });
    const usePush = saved.kind === 'terminal' && options.push !== false;
    startPolling(saved, usePush);
    if (usePush) startPush(saved);
    if (saved.kind === 'terminal') options.profile.start();
    onChange();
    options.advance();
  }

  async function disconnect() {
    for (const forget of forgetOnDisconnect) forget();
    options.profile.forget();
    await channel?.stop();
    await poller?.stop();
    channel = null;
    poller = null;
    client = null;
    credentials = null;
    status = 'offline';
    online = false;
  }

  /**
   * The new pairing is made (and saved) before the kiosk lets go of the one it has: a code or
   * secret the service refuses, or a service that cannot be reached, leaves it paired as it was.
   */
  async function repair<T>(make: () => Promise<T>): Promise<T> {
    const saved = await make();
    await disconnect();
    await connect((await options.store.load())!);
    return saved;
  }

  return {
    /** Connects with the kept pairing, if there is one it can read; false when unpaired. */
    async resume(): Promise<boolean> {
      let saved: Credentials | null = null;
      try {
        saved = await options.store.load();
      } catch (error) {
        log(`credentials: ${(error as Error).message}`);
      }
      if (saved) await connect(saved);
      return saved !== null;
    },
    pair: (command: { baseUrl: string; code: string; name: string }) =>
      repair(() => pairWithCode({ ...command, store: options.store })),
    configure: (command: { baseUrl: string; secret: string }) =>
      repair(() => configureManually({ ...command, store: options.store })),
    /** Forgets the pairing (the service keeps a terminal's secret until the merchant removes it). */
    async unpair() {
      await disconnect();
      await unpair(options.store);
    },
    disconnect,
    /** Runs `forget` whenever the kiosk lets go of a pairing (what was learnt under it goes). */
    onDisconnect: (forget: () => void) => void forgetOnDisconnect.push(forget),
    client: () => client,
    credentials: () => credentials,
    current: () => (client && credentials ? { client, credentials } : null),
    /** The pairing as staff may see it: never the secret. */
    redacted: () => (credentials ? redact(credentials) : null),
    status: () => status,
    online: () => online,
  };
}
export type KioskConnection = ReturnType<typeof createConnection>;
