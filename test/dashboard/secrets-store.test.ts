/**
 * The Settings page's access secrets store against a real service over loopback: the list marks
 * the session's own secret, a new secret is shown once and works, revoking the old one refuses it
 * at once, and the service's refusal of revoking the session's own secret is shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionApi } from '../../src/dashboard/lib/api';
import { createSecretsStore } from '../../src/dashboard/store/secrets';
import { PRODUCTION, SANDBOX, startService, type Harness } from '../helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

describe('access secrets store', () => {
  it('lists, makes a secret shown once, and revokes the old one from a session on the new', async () => {
    const api = createSessionApi({ baseUrl: h.url, secret: SANDBOX, onUnauthorized: () => {} });
    const store = createSecretsStore(api.call);
    await store.getState().refresh();
    const [mine] = store.getState().secrets!;
    expect(mine).toMatchObject({ current: true, lastFour: SANDBOX.slice(-4) });

    // The session's own secret: the service's refusal is shown by the row.
    await store.getState().revoke(mine!.id);
    expect(store.getState().itemErrors[mine!.id]).toMatch(/Not revoked: .*cannot revoke itself/);

    await store.getState().create('sandbox');
    const made = store.getState().created!;
    expect(made.secret).toMatch(/^sk_sandbox_/);
    await expect.poll(() => store.getState().secrets?.length).toBe(2);
    store.getState().dismiss();
    expect(store.getState().created).toBeNull();

    // Move to the new secret, then revoke the old one from there.
    const next = createSecretsStore(
      createSessionApi({ baseUrl: h.url, secret: made.secret, onUnauthorized: () => {} }).call,
    );
    await next.getState().revoke(mine!.id);
    expect(next.getState().itemErrors[mine!.id]).toBe('');
    expect((await h.call('GET', '/api/terminal', undefined, SANDBOX)).status).toBe(401);
    api.close();
  });

  it('shows why a sandbox session cannot make a production secret', async () => {
    // (The first test revoked SANDBOX: a production secret makes this session's.)
    const other = await h.call(
      'POST',
      '/api/merchant/secrets',
      { environment: 'sandbox' },
      PRODUCTION,
    );
    const store = createSecretsStore(
      createSessionApi({ baseUrl: h.url, secret: other.body.secret, onUnauthorized: () => {} })
        .call,
    );
    await store.getState().create('production');
    expect(store.getState().formError).toMatch(/^Not made: .*production secret/);
    expect(store.getState().created).toBeNull();
  });
});
