import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../client/http-client';
import { SANDBOX, startService, type Harness } from '../../../test/helpers/service';
import { createMemoryCredentialStore } from './credentials';
import { PairingError, configureManually, pairWithCode, unpair } from './pairing';

let service: Harness;
beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service.close();
});

async function pairingCode(): Promise<string> {
  const res = await service.call('POST', '/api/terminal/pairing-codes', {});
  expect(res.status).toBe(201);
  return res.body.code as string;
}

/** A port nothing listens on: the service's own, after a service there has closed. */
async function deadUrl(): Promise<string> {
  const other = await startService();
  await other.close();
  return other.url;
}

describe('pairWithCode', () => {
  it('redeems a dashboard code, saves a terminal secret and shows no secret', async () => {
    const store = createMemoryCredentialStore();
    const shown = await pairWithCode({
      baseUrl: `${service.url}/`,
      code: await pairingCode(),
      name: 'Till 1',
      store,
    });
    expect(shown).toEqual({
      environment: 'sandbox',
      terminalName: 'Till 1',
      merchantName: expect.any(String),
      baseUrl: service.url,
    });
    const saved = (await store.load())!;
    expect(saved).toMatchObject({ kind: 'terminal', environment: 'sandbox', baseUrl: service.url });
    expect(saved.secret).toMatch(/^tk_sandbox_/);
    expect(JSON.stringify(shown)).not.toContain(saved.secret);
    // The saved secret works: the service lists the new terminal, and it may read payments.
    const terminals = await service.call('GET', '/api/terminal');
    expect(terminals.body.map((t: { id: string }) => t.id)).toContain(saved.terminalId);
    const terminal = createClient({ baseUrl: saved.baseUrl, secret: saved.secret });
    await expect(
      terminal.call('getPaymentStatus', {
        params: { paymentRequestId: '44444444-4444-4444-8444-444444444444' },
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('a code works once: the second kiosk gets the service’s message', async () => {
    const code = await pairingCode();
    await pairWithCode({
      baseUrl: service.url,
      code,
      name: 'Till 1',
      store: createMemoryCredentialStore(),
    });
    const store = createMemoryCredentialStore();
    const error = await pairWithCode({ baseUrl: service.url, code, name: 'Till 2', store }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PairingError);
    expect((error as PairingError).message).toMatch(/code: is unknown, expired or already used/);
    expect((error as PairingError).status).toBe(400);
    expect(await store.load()).toBeNull();
  });

  it('a malformed code is refused before calling the service', async () => {
    await expect(
      pairWithCode({
        baseUrl: service.url,
        code: '12a',
        name: 'Till',
        store: createMemoryCredentialStore(),
      }),
    ).rejects.toThrow('code: must be the 6-digit code the dashboard shows');
  });

  it('an unreachable service gets a clear error', async () => {
    const url = await deadUrl();
    await expect(
      pairWithCode({
        baseUrl: url,
        code: '123456',
        name: 'Till',
        store: createMemoryCredentialStore(),
      }),
    ).rejects.toThrow(`Cannot reach the payments service at ${url}`);
  });

  it('a address that is not a web address is refused', async () => {
    await expect(
      pairWithCode({
        baseUrl: 'pay example',
        code: '123456',
        name: 'Till',
        store: createMemoryCredentialStore(),
      }),
    ).rejects.toThrow(/is not a web address/);
  });
});

describe('configureManually', () => {
  it('accepts a merchant secret the service knows, and infers the sandbox from its prefix', async () => {
    const store = createMemoryCredentialStore();
    const shown = await configureManually({ baseUrl: service.url, secret: ` ${SANDBOX} `, store });
    expect(shown).toEqual({ environment: 'sandbox', baseUrl: service.url });
    expect(await store.load()).toEqual({
      baseUrl: service.url,
      secret: SANDBOX,
      environment: 'sandbox',
      kind: 'merchant',
    });
  });

  it('recognises a terminal secret (the service refuses it the store list with 403)', async () => {
    const paired = createMemoryCredentialStore();
    await pairWithCode({
      baseUrl: service.url,
      code: await pairingCode(),
      name: 'Till 5',
      store: paired,
    });
    const { secret } = (await paired.load())!;
    const store = createMemoryCredentialStore();
    await configureManually({ baseUrl: service.url, secret, store });
    expect(await store.load()).toMatchObject({ kind: 'terminal', environment: 'sandbox', secret });
  });

  it('refuses a secret the service does not accept, saving nothing', async () => {
    const store = createMemoryCredentialStore();
    await expect(
      configureManually({ baseUrl: service.url, secret: 'sk_sandbox_wrong', store }),
    ).rejects.toThrow('The access secret was not accepted');
    expect(await store.load()).toBeNull();
  });

  it('an unreachable service gets a clear error', async () => {
    const url = await deadUrl();
    await expect(
      configureManually({ baseUrl: url, secret: SANDBOX, store: createMemoryCredentialStore() }),
    ).rejects.toThrow(`Cannot reach the payments service at ${url}`);
  });
});

describe('unpair', () => {
  it('forgets the pairing; with a merchant client the terminal is revoked on the service too', async () => {
    const store = createMemoryCredentialStore();
    await pairWithCode({ baseUrl: service.url, code: await pairingCode(), name: 'Till 9', store });
    const saved = (await store.load())!;
    const merchant = createClient({ baseUrl: service.url, secret: SANDBOX });
    expect(await unpair(store, merchant)).toEqual({ revokedOnService: true });
    expect(await store.load()).toBeNull();
    const res = await service.call('GET', '/api/terminal', undefined, saved.secret);
    expect(res.status).toBe(401);
  });

  it('without a merchant client the terminal only forgets (it cannot revoke itself)', async () => {
    const store = createMemoryCredentialStore();
    await pairWithCode({ baseUrl: service.url, code: await pairingCode(), name: 'Till 8', store });
    const saved = (await store.load())!;
    expect(await unpair(store)).toEqual({ revokedOnService: false });
    expect(await store.load()).toBeNull();
    const terminal = createClient({ baseUrl: saved.baseUrl, secret: saved.secret });
    await expect(
      terminal.call('getPaymentStatus', {
        params: { paymentRequestId: '44444444-4444-4444-8444-444444444444' },
      }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
