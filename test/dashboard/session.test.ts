/** Signing in to the dashboard against a real service: what is accepted, refused and kept. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNREACHABLE } from '../../src/dashboard/lib/api';
import { memoryStorage } from '../../src/dashboard/lib/secret-storage';
import {
  createSessionStore,
  REFUSED,
  REVOKED,
  TERMINAL_SECRET,
} from '../../src/dashboard/store/session';
import { SANDBOX, PRODUCTION, startService, type Harness } from '../helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

describe('the session store', () => {
  it('signs in with a sandbox secret, names the shop and keeps the secret for this tab', async () => {
    const storage = memoryStorage();
    const session = createSessionStore({ baseUrl: h.url, storage });
    await session.getState().signIn(`  ${SANDBOX} `);
    const state = session.getState();
    expect(state.phase).toBe('signed-in');
    expect(state.environment).toMatchObject({ key: 'sandbox', label: 'SANDBOX' });
    // The header names the shop (the merchant) first, the store beside it.
    expect(state).toMatchObject({ merchantName: 'Counter Demo Shop', storeName: 'Main Street' });
    expect(storage.get()).toBe(SANDBOX);
    // Its calls go through the typed client with the secret.
    expect(await state.api!.call('listTerminals')).toEqual([]);

    state.signOut();
    expect(session.getState()).toMatchObject({ phase: 'signed-out', api: null, error: '' });
    expect(storage.get()).toBeNull();
    await expect(state.api!.call('listTerminals')).rejects.toThrow('signed out');
  });

  it('says PRODUCTION for a live secret', async () => {
    const session = createSessionStore({ baseUrl: h.url, storage: memoryStorage() });
    await session.getState().signIn(PRODUCTION);
    expect(session.getState().environment?.label).toBe('PRODUCTION');
  });

  it('refuses a wrong secret and a terminal secret, saying which, and keeps neither', async () => {
    const storage = memoryStorage();
    const session = createSessionStore({ baseUrl: h.url, storage });
    await session.getState().signIn('sk_sandbox_wrong');
    expect(session.getState()).toMatchObject({ phase: 'signed-out', error: REFUSED });
    expect(storage.get()).toBeNull();

    const code = await h.call('POST', '/api/terminal/pairing-codes', {});
    const paired = await h.call(
      'POST',
      '/api/terminal/pair',
      { code: code.body.code, name: 'T' },
      null,
    );
    await session.getState().signIn(paired.body.secret);
    expect(session.getState()).toMatchObject({ phase: 'signed-out', error: TERMINAL_SECRET });
    expect(storage.get()).toBeNull();
    await h.call('DELETE', `/api/terminal/${paired.body.terminal.id}`);

    await session.getState().signIn('   ');
    expect(session.getState().error).toBe('Paste your access secret first.');
  });

  it('resumes with the secret the tab remembers', async () => {
    const storage = memoryStorage();
    storage.set(SANDBOX);
    const session = createSessionStore({ baseUrl: h.url, storage });
    expect(session.getState().resume()).toBe(true);
    await expect.poll(() => session.getState().phase).toBe('signed-in');
    expect(
      createSessionStore({ baseUrl: h.url, storage: memoryStorage() }).getState().resume(),
    ).toBe(false);
  });

  it('ends the session and says why when the secret stops being accepted', async () => {
    let revoked = false;
    const session = createSessionStore({
      baseUrl: h.url,
      storage: memoryStorage(),
      fetch: (input, init) =>
        revoked
          ? Promise.resolve(
              new Response(JSON.stringify({ name: 'UNAUTHORIZED', message: 'no', status: 401 }), {
                status: 401,
              }),
            )
          : fetch(input, init),
    });
    await session.getState().signIn(SANDBOX);
    const api = session.getState().api!;
    revoked = true;
    await expect(api.call('listTerminals')).rejects.toThrow('signed out');
    expect(session.getState()).toMatchObject({ phase: 'signed-out', error: REVOKED });
  });

  it('says what to do when the service cannot be reached, and keeps the tab’s secret to retry', async () => {
    const storage = memoryStorage();
    storage.set(SANDBOX);
    const session = createSessionStore({ baseUrl: 'http://127.0.0.1:1', storage });
    session.getState().resume();
    await expect.poll(() => session.getState().error).toBe(UNREACHABLE);
    expect(session.getState().phase).toBe('signed-out');
    expect(storage.get()).toBe(SANDBOX);
  });
});
