import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PRODUCTION,
  SANDBOX,
  TEST_STORE,
  startService,
  testStore,
  type Harness,
} from '../../../test/helpers/service';
import { AgentPay } from '../../agent/index';
import { createClient } from '../../client/http-client';
import { hashSecret } from '../kernel/secrets';
import { createMerchant } from './bootstrap';

let h: Harness;
beforeEach(async () => {
  h = await startService();
});
afterEach(() => h.close());

const list = async (secret = SANDBOX) => {
  const res = await h.call('GET', '/api/merchant/secrets', undefined, secret);
  expect(res.status).toBe(200);
  return res.body as {
    id: string;
    environment: string;
    kind: string;
    lastFour: string | null;
    lastUsedAt: string | null;
    current: boolean;
  }[];
};

describe('access secrets a merchant manages (GET/POST/DELETE /api/merchant/secrets)', () => {
  it('lists id, environment, kind and last four characters, never a secret or its hash', async () => {
    const res = await h.call('GET', '/api/merchant/secrets');
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(SANDBOX);
    expect(text).not.toContain(hashSecret(SANDBOX));
    expect(text).not.toContain(hashSecret(PRODUCTION));
    // A sandbox secret sees the sandbox's secrets only.
    expect(res.body).toEqual([
      expect.objectContaining({
        environment: 'sandbox',
        kind: 'merchant',
        lastFour: SANDBOX.slice(-4),
        current: true,
      }),
    ]);
    expect(Object.keys(res.body[0]).sort()).toEqual(
      [
        'createdAt',
        'current',
        'environment',
        'id',
        'kind',
        'lastFour',
        'lastUsedAt',
        'terminalId',
      ].sort(),
    );
    // A production secret sees both environments.
    expect((await list(PRODUCTION)).map((s) => s.environment).sort()).toEqual([
      'production',
      'sandbox',
    ]);
  });

  it('rotates without downtime: make a new secret, move to it, revoke the old, refused at once', async () => {
    const made = await h.call('POST', '/api/merchant/secrets', { environment: 'sandbox' });
    expect(made.status).toBe(201);
    const fresh = made.body.secret as string;
    expect(fresh).toMatch(/^sk_sandbox_/);
    expect(made.body).toMatchObject({ environment: 'sandbox', lastFour: fresh.slice(-4) });
    // Both work while the integration moves.
    expect((await h.call('GET', '/api/terminal', undefined, SANDBOX)).status).toBe(200);
    expect((await h.call('GET', '/api/terminal', undefined, fresh)).status).toBe(200);
    // Shown once: the list has its last four characters only.
    expect(JSON.stringify(await list(fresh))).not.toContain(fresh);

    const old = (await list(fresh)).find((s) => s.lastFour === SANDBOX.slice(-4))!;
    const revoked = await h.call('DELETE', `/api/merchant/secrets/${old.id}`, undefined, fresh);
    expect(revoked.status).toBe(200);
    // The old one had been used (and remembered by this process): refused from the next request.
    const refused = await h.call('GET', '/api/terminal', undefined, SANDBOX);
    expect(refused.status).toBe(401);
    expect((await h.call('GET', '/api/terminal', undefined, fresh)).status).toBe(200);
    expect((await list(fresh)).map((s) => s.id)).not.toContain(old.id);
  });

  it('refuses to let the secret making the call revoke itself, with a clear message', async () => {
    const me = (await list()).find((s) => s.current)!;
    const res = await h.call('DELETE', `/api/merchant/secrets/${me.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/cannot revoke itself/);
    expect((await h.call('GET', '/api/terminal')).status).toBe(200);
  });

  it("answers 404 for another merchant's secrets, and for production ones to a sandbox secret", async () => {
    const other = await createMerchant(h.service.store, h.service.ctx.clock, 'Other Shop');
    const theirs = await list(other.generated.sandbox);
    expect(theirs).toHaveLength(1);
    expect((await list()).map((s) => s.id)).not.toContain(theirs[0]!.id);
    const res = await h.call('DELETE', `/api/merchant/secrets/${theirs[0]!.id}`);
    expect(res.status).toBe(404);
    expect((await h.call('GET', '/api/terminal', undefined, other.generated.sandbox)).status).toBe(
      200,
    );

    const production = (await list(PRODUCTION)).find((s) => s.environment === 'production')!;
    expect((await h.call('DELETE', `/api/merchant/secrets/${production.id}`)).status).toBe(404);
    expect((await h.call('GET', '/api/terminal', undefined, PRODUCTION)).status).toBe(200);
  });

  it('names the field of a bad request and changes nothing', async () => {
    const before = await list(PRODUCTION);
    const bad = await h.call('POST', '/api/merchant/secrets', { environment: 'live' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('environment');
    const escalate = await h.call('POST', '/api/merchant/secrets', { environment: 'production' });
    expect(escalate.status).toBe(403);
    expect(escalate.body.errors[0].field).toBe('environment');
    const badId = await h.call('DELETE', '/api/merchant/secrets/not-an-id');
    expect(badId.status).toBe(400);
    expect(badId.body.errors[0].field).toBe('path.id');
    expect((await list(PRODUCTION)).map((s) => s.id)).toEqual(before.map((s) => s.id));
    // A production secret may make one of either.
    const made = await h.call(
      'POST',
      '/api/merchant/secrets',
      { environment: 'production' },
      PRODUCTION,
    );
    expect(made.status).toBe(201);
    expect(made.body.secret).toMatch(/^sk_live_/);
  });
});

describe('access secrets: last used, and rotation through the clients', () => {
  it('records "last used" at most once a minute, not a write per request', async () => {
    const made = await h.call('POST', '/api/merchant/secrets', { environment: 'sandbox' });
    const row = () =>
      h.service.store
        .prepare<[string], { last_used_at: number | null }>(
          'SELECT last_used_at FROM access_secrets WHERE id = ?',
        )
        .get(made.body.id as string);
    expect((await row())!.last_used_at).toBeNull();
    expect((await list()).find((s) => s.id === made.body.id)!.lastUsedAt).toBeNull();
    await h.call('GET', '/api/terminal', undefined, made.body.secret);
    await expect.poll(async () => (await row())!.last_used_at).not.toBeNull();
    const first = (await row())!.last_used_at;
    await new Promise((r) => setTimeout(r, 20));
    for (let i = 0; i < 5; i++) await h.call('GET', '/api/terminal', undefined, made.body.secret);
    await new Promise((r) => setTimeout(r, 20));
    expect((await row())!.last_used_at).toBe(first);
    expect((await list()).find((s) => s.id === made.body.id)!.lastUsedAt).toBe(
      new Date(first!).toISOString(),
    );
  });

  it('rotates through both TypeScript clients: the Agent Pay client and the typed client', async () => {
    const pay = new AgentPay({ baseUrl: h.url, apiKey: SANDBOX });
    const made = await pay.secrets.create('sandbox');
    expect((await pay.secrets.list()).map((s) => s.id)).toContain(made.id);
    const typed = createClient({ baseUrl: h.url, secret: made.secret });
    const mine = (await typed.call('listAccessSecrets')).find(
      (s) => s.lastFour === SANDBOX.slice(-4),
    )!;
    await expect(pay.secrets.revoke(mine.id)).rejects.toMatchObject({
      code: 'CONFLICT',
      status: 409,
    });
    await typed.call('revokeAccessSecret', { params: { id: mine.id } });
    await expect(pay.secrets.list()).rejects.toMatchObject({ status: 401 });
  });

  it.runIf(TEST_STORE === 'postgres')(
    'refuses a secret revoked by another instance sharing the database at once',
    async () => {
      const shared = await testStore();
      const a = await startService(shared);
      const b = await startService(shared);
      try {
        const made = await a.call('POST', '/api/merchant/secrets', { environment: 'sandbox' });
        const fresh = made.body.secret as string;
        // B has seen it work, so any cache of callers would hold it.
        for (let i = 0; i < 3; i++)
          expect((await b.call('GET', '/api/terminal', undefined, fresh)).status).toBe(200);
        expect((await a.call('DELETE', `/api/merchant/secrets/${made.body.id}`)).status).toBe(200);
        expect((await b.call('GET', '/api/terminal', undefined, fresh)).status).toBe(401);
      } finally {
        await a.close();
        await b.close();
      }
    },
  );
});
