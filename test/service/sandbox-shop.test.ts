/**
 * A sandbox secret never changes production's shop (docs/security.md): archiving, adding,
 * renaming and re-addressing stores, switching card payments, tips and remote payments off,
 * changing the default expiry and the profile (name, address, company and VAT numbers, support
 * contacts, logo) with the sandbox secret change the sandbox's own copy, which the sandbox then
 * shows; a production row beside each stays as it was, and production's terminal keeps taking
 * payments. The production secret still changes production. Real HTTP on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../src/shared/contract/errors';
import { Merchant } from '../../src/shared/contract/merchants';
import { PaymentStatusRecord } from '../../src/shared/contract/payments';
import { OwnTerminal, PairResponse, Store } from '../../src/shared/contract/terminals';

type Paired = ReturnType<typeof PairResponse.parse>;
import { connectSse, type SseConnection } from '../helpers/sse';
import {
  PRODUCTION,
  SANDBOX,
  TEST_STORE,
  startService,
  testStore,
  type Harness,
} from '../helpers/service';

let h: Harness;
/** A store production added, with a production and a sandbox terminal in it. */
let highStreet: Store;
let liveTill: Paired;
let sandboxTill: Paired;
/** The production terminal's push stream: open, so it takes remote payments. */
let liveStream: SseConnection;

beforeAll(async () => {
  h = await startService();
  highStreet = Store.parse(
    ok(await h.call('POST', '/api/stores', { name: 'High Street' }, PRODUCTION), 201),
  );
  liveTill = await pair('Live till', PRODUCTION, highStreet.id);
  sandboxTill = await pair('Sandbox till', SANDBOX, highStreet.id);
  liveStream = await connectSse(`${h.url}/api/terminal/events`, liveTill.secret);
  await liveStream.next((e) => e.event === 'ready');
});
afterAll(async () => {
  liveStream.close();
  await h.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
function ok(res: { status: number; body: any }, code = 200) {
  expect(res.status, JSON.stringify(res.body)).toBe(code);
  return res.body;
}
function refused(res: { status: number; body: unknown }, status: number, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const envelope = ErrorEnvelope.parse(res.body);
  if (field) expect(envelope.errors).toEqual([expect.objectContaining({ field })]);
  return envelope;
}
async function pair(name: string, secret: string, storeId: string) {
  const code = ok(await h.call('POST', '/api/terminal/pairing-codes', { storeId }, secret), 201);
  return PairResponse.parse(
    ok(await h.call('POST', '/api/terminal/pair', { code: code.code, name }, null), 201),
  );
}
const merchant = async (secret: string) =>
  Merchant.parse(ok(await h.call('GET', '/api/merchant', undefined, secret)));
const patchMerchant = (body: unknown, secret: string) =>
  h.call('PATCH', '/api/merchant', body, secret);
const stores = async (secret: string) =>
  Store.array().parse(ok(await h.call('GET', '/api/stores', undefined, secret)));
const patchStore = (id: string, body: unknown, secret: string) =>
  h.call('PATCH', `/api/stores/${id}`, body, secret);
const me = async (till: Paired) =>
  OwnTerminal.parse(ok(await h.call('GET', '/api/terminal/me', undefined, till.secret))).shop!;

let orders = 0;
/** A payment made with `secret` (a merchant's or a terminal's). */
const pay = (secret: string, extra: Record<string, unknown> = {}) =>
  h.call(
    'POST',
    '/api/payments/process-payment',
    { customerId: 'walk-in', orderId: `shop-${++orders}`, amount: 5, ...extra },
    secret,
  );
const paymentId = async (secret: string, extra: Record<string, unknown> = {}) =>
  ok(await pay(secret, extra)).paymentRequestId as string;
const status = async (id: string, secret: string) =>
  PaymentStatusRecord.parse(
    ok(await h.call('GET', `/api/payments/v1/payment-status/${id}`, undefined, secret)),
  );
const lifetimeSeconds = async (id: string, secret: string) => {
  const s = await status(id, secret);
  return (Date.parse(s.expiresAt) - Date.parse(s.createdAt)) / 1000;
};
const page = async (path: string) => {
  const res = await fetch(h.url + path);
  expect(res.status, path).toBe(200);
  return await res.text();
};
const push = (secret: string, terminalId: string) =>
  h.call('POST', '/api/terminal/process-remote-payment', { id: terminalId, amount: 3 }, secret);
const feedTypes = async (till: Paired) =>
  (
    ok(await h.call('GET', '/api/terminal/events/feed', undefined, till.secret)) as {
      events: { type: string }[];
    }
  ).events.map((e) => e.type);

/** Two logos told apart by their bytes: 1x1 PNGs, one transparent, one red. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const RED_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGM4w8DwHwAENAHMMxyLlwAAAABJRU5ErkJggg==',
  'base64',
);
const dataUrl = (type: string, bytes: Buffer | string) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
const logoBytes = async (url: string) => {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};

describe('stores', () => {
  it('archiving with the sandbox secret archives the sandbox’s copy: production’s store and its terminal take payments', async () => {
    const before = await stores(PRODUCTION);
    const archived = Store.parse(ok(await patchStore(highStreet.id, { archived: true }, SANDBOX)));
    expect(archived).toMatchObject({ id: highStreet.id, archived: true });

    expect(await stores(PRODUCTION)).toEqual(before);
    const live = await paymentId(liveTill.secret);
    expect((await status(live, PRODUCTION)).storeId).toBe(highStreet.id);
    ok(await pay(PRODUCTION, { storeId: highStreet.id }));
    // The sandbox sees its own copy archived: its terminal there is refused, as archiving says.
    const envelope = refused(await pay(sandboxTill.secret), 409, 'storeId');
    expect(envelope.name).toBe('STORE_ARCHIVED');
    ok(await patchStore(highStreet.id, { archived: false }, SANDBOX));
    ok(await pay(sandboxTill.secret));

    // The production secret still archives production's store: its terminal is refused then.
    ok(await patchStore(highStreet.id, { archived: true }, PRODUCTION));
    expect(refused(await pay(liveTill.secret), 409, 'storeId').name).toBe('STORE_ARCHIVED');
    ok(await patchStore(highStreet.id, { archived: false }, PRODUCTION));
    ok(await pay(liveTill.secret));
  });

  it('a store added with the sandbox secret is the sandbox’s alone', async () => {
    const before = await stores(PRODUCTION);
    const popUp = Store.parse(
      ok(await h.call('POST', '/api/stores', { name: 'Pop-up' }, SANDBOX), 201),
    );
    expect((await stores(SANDBOX)).map((s) => s.id)).toContain(popUp.id);
    ok(await pay(SANDBOX, { storeId: popUp.id }));

    expect(await stores(PRODUCTION)).toEqual(before);
    refused(await pay(PRODUCTION, { storeId: popUp.id }), 400, 'storeId');
    refused(
      await h.call('POST', '/api/terminal/pairing-codes', { storeId: popUp.id }, PRODUCTION),
      404,
      'storeId',
    );
    refused(
      await h.call(
        'PUT',
        `/api/terminal/${liveTill.terminal.id}`,
        { storeId: popUp.id },
        PRODUCTION,
      ),
      404,
      'storeId',
    );
    refused(await patchStore(popUp.id, { name: 'Taken over' }, PRODUCTION), 404);
    expect(await stores(PRODUCTION)).toEqual(before);

    // The production secret still adds production's stores.
    const live = Store.parse(
      ok(await h.call('POST', '/api/stores', { name: 'Station Road' }, PRODUCTION), 201),
    );
    expect((await stores(PRODUCTION)).map((s) => s.id)).toContain(live.id);
  });

  it('renaming and re-addressing with the sandbox secret changes the sandbox’s copy only', async () => {
    const before = await stores(PRODUCTION);
    const primary = before[0]!;
    ok(await patchStore(primary.id, { name: 'Sandbox Main', address: '1 Test Lane' }, SANDBOX));
    ok(await patchStore(highStreet.id, { name: 'Sandbox High St' }, SANDBOX));

    expect(await stores(PRODUCTION)).toEqual(before);
    const sandbox = await stores(SANDBOX);
    expect(sandbox.find((s) => s.id === primary.id)).toMatchObject({
      name: 'Sandbox Main',
      address: '1 Test Lane',
    });
    expect(sandbox.find((s) => s.id === highStreet.id)!.name).toBe('Sandbox High St');
    ok(await pay(liveTill.secret));

    // The production secret still renames production's store; the sandbox keeps its copy.
    ok(await patchStore(primary.id, { name: 'Live Main' }, PRODUCTION));
    expect((await stores(PRODUCTION))[0]).toMatchObject({ id: primary.id, name: 'Live Main' });
    expect((await stores(SANDBOX))[0]).toMatchObject({ id: primary.id, name: 'Sandbox Main' });
  });
});

describe('settings', () => {
  it('card, tips, remote and expiry changed with the sandbox secret leave production’s as they were', async () => {
    const before = await merchant(PRODUCTION);
    // Production's settings are read (and kept by the service) before the sandbox's change.
    ok(await pay(PRODUCTION, { paymentMethod: ['CARD'], enableTips: true }));
    ok(await push(PRODUCTION, liveTill.terminal.id));

    const changed = Merchant.parse(
      ok(
        await patchMerchant(
          {
            settings: {
              cardPayments: false,
              tips: false,
              remotePayments: false,
              defaultExpirySeconds: 60,
            },
          },
          SANDBOX,
        ),
      ),
    );
    expect(changed.settings).toEqual({
      cardPayments: false,
      tips: false,
      remotePayments: false,
      defaultExpirySeconds: 60,
      extensionSeconds: 120,
      maxExtensions: 2,
    });

    expect(await merchant(PRODUCTION)).toEqual(before);
    const live = await paymentId(PRODUCTION, { paymentMethod: ['CARD'], enableTips: true });
    const livePage = await page(`/pay/${live}`);
    expect(livePage).toContain('Pay by card');
    expect(livePage).toContain('Add a tip?');
    expect(await lifetimeSeconds(live, PRODUCTION)).toBe(before.settings.defaultExpirySeconds);
    ok(await pay(liveTill.secret, { paymentMethod: ['CARD'] }));
    ok(await push(PRODUCTION, liveTill.terminal.id));

    // The sandbox has its change, at once.
    refused(await pay(SANDBOX, { paymentMethod: ['CARD'] }), 400, 'paymentMethod');
    refused(await pay(sandboxTill.secret, { paymentMethod: ['CARD'] }), 400, 'paymentMethod');
    const sandbox = await paymentId(SANDBOX, { enableTips: true });
    const sandboxPage = await page(`/pay/${sandbox}`);
    expect(sandboxPage).not.toContain('Pay by card');
    expect(sandboxPage).not.toContain('Add a tip?');
    expect(await lifetimeSeconds(sandbox, SANDBOX)).toBe(60);
    expect(refused(await push(SANDBOX, sandboxTill.terminal.id), 400).message).toMatch(
      /Remote payments are not enabled/,
    );

    // The production secret still changes production's settings, and not the sandbox's copy.
    ok(await patchMerchant({ settings: { cardPayments: false } }, PRODUCTION));
    refused(await pay(liveTill.secret, { paymentMethod: ['CARD'] }), 400, 'paymentMethod');
    ok(await patchMerchant({ settings: { cardPayments: true } }, PRODUCTION));
    ok(await pay(liveTill.secret, { paymentMethod: ['CARD'] }));
    expect((await merchant(SANDBOX)).settings.cardPayments).toBe(false);
    ok(await patchMerchant({ settings: { cardPayments: true, tips: true } }, SANDBOX));
  });
});

describe('the profile', () => {
  it('name, address, numbers, support contacts and logo changed with the sandbox secret show in the sandbox only', async () => {
    const before = await merchant(PRODUCTION);
    const liveShop = await me(liveTill);
    const liveStores = await stores(PRODUCTION);
    await feedTypes(liveTill); // read once: the terminal is reachable, its feed now empty

    const sandboxProfile = {
      name: 'Sandbox Test Shop',
      address: '7 Test Street\nTestville',
      companyNumber: 'SB123456',
      vatNumber: 'GB999999973',
      supportEmail: 'test@sandbox.example',
      supportPhone: '+44 20 0000 0000',
    };
    const changed = Merchant.parse(
      ok(await patchMerchant({ ...sandboxProfile, logo: dataUrl('image/png', RED_PNG) }, SANDBOX)),
    );
    expect(changed).toMatchObject(sandboxProfile);

    // Production: its profile, its terminal's shop, its stores and its pages as they were.
    expect(await merchant(PRODUCTION)).toEqual(before);
    expect(await me(liveTill)).toEqual(liveShop);
    expect(await stores(PRODUCTION)).toEqual(liveStores);
    expect(await feedTypes(liveTill)).not.toContain('TERMINAL_PROFILE');
    const live = await paymentId(PRODUCTION);
    const livePage = await page(`/pay/${live}`);
    expect(livePage).toContain(before.name);
    expect(livePage).not.toContain(sandboxProfile.name);
    const liveReceipt = await page(`/api/payment-requests/${live}/template/RECEIPT`);
    expect(liveReceipt).toContain(before.name);
    expect(liveReceipt).not.toContain('999999973');
    expect(liveReceipt).not.toContain('Testville');

    // The sandbox: its copy everywhere it shows.
    expect(await merchant(SANDBOX)).toMatchObject(sandboxProfile);
    expect((await me(sandboxTill)).name).toBe(sandboxProfile.name);
    expect((await stores(SANDBOX))[0]!.merchantName).toBe(sandboxProfile.name);
    const sandboxLogo = await logoBytes(changed.logoUrl!);
    const sandbox = await paymentId(SANDBOX);
    expect(await page(`/pay/${sandbox}`)).toContain(sandboxProfile.name);
    // The receipt gives the store's own address; the sandbox's VAT number is its profile's.
    expect(await page(`/api/payment-requests/${sandbox}/template/RECEIPT`)).toContain('999999973');

    // The production secret still changes production's profile, logo and terminals.
    const renamed = Merchant.parse(
      ok(await patchMerchant({ name: 'Live Shop', logo: dataUrl('image/png', PNG) }, PRODUCTION)),
    );
    expect(renamed.name).toBe('Live Shop');
    const liveLogo = await logoBytes(renamed.logoUrl!);
    expect(liveLogo).not.toEqual(sandboxLogo);
    expect((await me(liveTill)).name).toBe('Live Shop');
    expect(await feedTypes(liveTill)).toContain('TERMINAL_PROFILE');
    expect(await page(`/pay/${await paymentId(PRODUCTION)}`)).toContain('Live Shop');
    expect(await merchant(SANDBOX)).toMatchObject(sandboxProfile);
    expect(await logoBytes((await merchant(SANDBOX)).logoUrl!)).toEqual(sandboxLogo);
  });

  it('the sandbox removing its logo and clearing its contacts leaves production’s', async () => {
    ok(
      await patchMerchant(
        { logo: dataUrl('image/png', PNG), supportEmail: 'shop@live.example' },
        PRODUCTION,
      ),
    );
    const before = await merchant(PRODUCTION);
    const liveLogo = await logoBytes(before.logoUrl!);
    ok(
      await patchMerchant(
        { logo: null, supportEmail: null, supportPhone: null, vatNumber: null, address: null },
        SANDBOX,
      ),
    );
    const sandbox = await merchant(SANDBOX);
    expect(sandbox.logoUrl).toBeUndefined();
    expect(sandbox.supportEmail).toBeUndefined();
    expect(await merchant(PRODUCTION)).toEqual(before);
    expect(await logoBytes(before.logoUrl!)).toEqual(liveLogo);
  });
});

describe('instances sharing a database', () => {
  it.runIf(TEST_STORE === 'postgres')(
    'the sandbox’s change made on one is taken at once by the other, which keeps production’s',
    async () => {
      const shared = await testStore();
      const a = await startService(shared);
      const b = await startService(shared);
      const payOn = (on: Harness, secret: string) =>
        on.call(
          'POST',
          '/api/payments/process-payment',
          { customerId: 'c', orderId: `shared-${++orders}`, amount: 5, paymentMethod: ['CARD'] },
          secret,
        );
      try {
        // B has read (and kept) both environments' settings before A's changes.
        ok(await payOn(b, SANDBOX));
        ok(await payOn(b, PRODUCTION));
        // The sandbox's first change makes its copy; its second changes the copy.
        ok(await a.call('PATCH', '/api/merchant', { settings: { cardPayments: false } }, SANDBOX));
        refused(await payOn(b, SANDBOX), 400, 'paymentMethod');
        ok(await payOn(b, PRODUCTION));
        ok(await a.call('PATCH', '/api/merchant', { settings: { cardPayments: true } }, SANDBOX));
        ok(await payOn(b, SANDBOX));
      } finally {
        await a.close();
        await b.close();
      }
    },
  );
});
