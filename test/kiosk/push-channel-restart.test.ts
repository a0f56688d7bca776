/**
 * The kiosk's push channel across a real service restart on the same port with its database on
 * disk. It lives under test/ because it builds the service itself (createService + listen(port)),
 * which the kiosk core's own folder may not import.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createPushChannel,
  type PushChannel,
  type PushChannelOptions,
  type PushEvent,
} from '../../src/main/kiosk/push-channel';
import type { ConnectionState } from '../../src/main/kiosk/types';
import { createService, type Service } from '../../src/service/app';
import { callOnce, PRODUCTION, SANDBOX } from '../helpers/service';
import { pairTerminal } from '../helpers/kiosk';

const wait = { timeout: 10_000, interval: 20 };
const channels: PushChannel[] = [];

function recordingChannel(
  baseUrl: string,
  secret: string,
  store: { id: string | null },
  extra: Partial<PushChannelOptions> = {},
) {
  const events: PushEvent[] = [];
  const states: ConnectionState[] = [];
  const errors: Error[] = [];
  const channel = createPushChannel({
    baseUrl,
    secret,
    lastEventId: { get: () => store.id, set: (id) => (store.id = id) },
    onEvent: (e) => void events.push(e),
    onState: (state) => void states.push(state),
    onError: (e) => void errors.push(e),
    ...extra,
  });
  channels.push(channel);
  return { channel, events, states, errors };
}

const remoteIds = (events: PushEvent[]) =>
  events.flatMap((e) =>
    e.type === 'REMOTE_PAYMENT_REQUEST' ? [e.body.data.paymentRequestId] : [],
  );

describe('push channel across a service restart', () => {
  const secrets = { sandbox: SANDBOX, production: PRODUCTION };
  let dataDir: string;
  let service: Service | undefined;
  let url = '';
  let port = 0;

  async function call(path: string, body: unknown, secret: string | null = SANDBOX) {
    return callOnce(url, 'POST', path, body, secret);
  }
  async function boot() {
    service = await createService({ dataDir, secrets });
    url = await service.listen(port);
    port = Number(new URL(url).port);
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'counter-push-'));
    await boot();
  });
  afterAll(async () => {
    await Promise.all(channels.map((c) => c.stop()));
    await service?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('replays what was pushed while it was stopped, once, and reconnects after a restart', async () => {
    const till = await pairTerminal(url);
    const remote = async (amount: number) => {
      const res = await call('/api/terminal/process-remote-payment', {
        id: till.terminal.id,
        amount,
      });
      expect(res.status).toBe(200);
      return res.body.paymentRequestId as string;
    };

    // 1. Connected: the first payment arrives and its id is stored.
    const store = { id: null as string | null };
    const first = recordingChannel(url, till.secret, store);
    first.channel.start();
    await vi.waitFor(() => expect(first.channel.state()).toBe('connected'), wait);
    const a = await remote(1);
    await vi.waitFor(() => expect(remoteIds(first.events)).toEqual([a]), wait);
    await first.channel.stop();

    // 2. Stopped: two more payments are pushed, then the service restarts on the same port.
    const b = await remote(2);
    const c = await remote(3);
    await service!.close();
    await boot();

    // 3. Started again with the stored id: exactly the two missed payments, in order.
    const second = recordingChannel(url, till.secret, store, {
      backoff: { baseMs: 50, capMs: 200 },
    });
    second.channel.start();
    await vi.waitFor(() => expect(remoteIds(second.events)).toEqual([b, c]), wait);

    // 4. The service goes away under a live connection and comes back: the channel notices,
    //    reconnects with its Last-Event-ID and misses nothing pushed afterwards.
    await service!.close();
    await vi.waitFor(() => expect(second.states).toContain('reconnecting'), wait);
    await boot();
    await vi.waitFor(() => expect(second.channel.state()).toBe('connected'), wait);
    const d = await remote(4);
    await vi.waitFor(() => expect(remoteIds(second.events)).toEqual([b, c, d]), wait);
    expect(second.errors).toEqual([]);
  });
});
