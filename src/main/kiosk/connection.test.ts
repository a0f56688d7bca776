/**
 * The kiosk's connection against the real service on loopback: unpaired until a pairing is kept;
 * paired with a code, the push channel connects; a pairing the service refuses leaves the one
 * the kiosk has; unpairing lets go of everything learnt under the pairing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { pairingCode, runningService, type Cleanups } from '../../../test/helpers/kiosk';
import { poll } from '../../../test/helpers/webhook-receiver';
import { createConnection } from './connection';
import { createMemoryCredentialStore } from './credentials';
import { createPushCursor } from './push-cursor';
import { createTerminalProfile } from './terminal-profile';
import type { StatusReport } from './types';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function connection() {
  const store = createMemoryCredentialStore();
  const reports: StatusReport[] = [];
  const profile = createTerminalProfile({
    current: () => c.current(),
    onChange: () => {},
    log: () => {},
    refreshMs: 3_600_000,
  });
  const c = createConnection({
    store,
    pollFastMs: 3_600_000,
    pollSlowMs: 3_600_000,
    sink: { report: (r) => void reports.push(r) },
    cursor: createPushCursor(null),
    profile,
    pollTargets: () => ({ active: null, others: [] }),
    route: async () => {},
    advance: () => {},
    onChange: () => {},
    log: () => {},
  });
  cleanups.push(() => c.disconnect());
  return { connection: c, store, profile };
}

describe("the kiosk's connection", () => {
  it('stays unpaired with nothing kept, and connects by push once paired with a code', async () => {
    const { url } = await runningService(cleanups);
    const { connection: c, store, profile } = connection();
    expect(await c.resume()).toBe(false);
    expect(c.client()).toBeNull();
    expect(c.status()).toBe('offline');

    const shown = await c.pair({ baseUrl: url, code: await pairingCode(url), name: 'Till' });
    expect(shown).toMatchObject({ environment: 'sandbox', terminalName: 'Till' });
    expect(shown).not.toHaveProperty('secret');
    expect((await store.load())?.kind).toBe('terminal');
    await poll(() => c.status() === 'connected', 10_000, 'the push channel');
    expect(c.online()).toBe(true);
    expect(c.redacted()).toMatchObject({ terminalName: 'Till', baseUrl: url });
    await poll(() => profile.maxPence() !== null, 5_000, "the terminal's record");
  });

  it('keeps the pairing it has when the service refuses a new one', async () => {
    const { url } = await runningService(cleanups);
    const { connection: c } = connection();
    await c.pair({ baseUrl: url, code: await pairingCode(url), name: 'Till' });
    const before = c.client();
    await expect(c.pair({ baseUrl: url, code: '000000', name: 'Other' })).rejects.toThrow();
    await expect(c.configure({ baseUrl: url, secret: 'sk_sandbox_not_it' })).rejects.toThrow();
    expect(c.client()).toBe(before);
    expect(c.credentials()).toMatchObject({ terminalName: 'Till' });
  });

  it('lets go of the pairing and what was learnt under it when unpaired', async () => {
    const { url } = await runningService(cleanups);
    const { connection: c, store, profile } = connection();
    const forgotten: string[] = [];
    c.onDisconnect(() => forgotten.push('looked-up customers'));
    await c.pair({ baseUrl: url, code: await pairingCode(url), name: 'Till' });
    forgotten.splice(0); // pairing again let go of the (empty) pairing before it
    await poll(() => profile.maxPence() !== null, 5_000, "the terminal's record");

    await c.unpair();
    expect(forgotten).toEqual(['looked-up customers']);
    expect(await store.load()).toBeNull();
    expect(c.client()).toBeNull();
    expect(c.status()).toBe('offline');
    expect(c.online()).toBe(false);
    expect(profile.maxPence()).toBeNull();
    expect(await c.resume()).toBe(false);
  });
});
