/**
 * The merchant's profile and settings (docs/merchant-profile.md) over real HTTP: the round trip, every
 * refused input changing nothing, the logo served as an image only, the pages naming the shop,
 * and each setting changing new payments but never one already made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { Merchant } from '../../shared/contract/merchants';
import { PaymentStatusRecord } from '../../shared/contract/payments';
import { PairResponse } from '../../shared/contract/terminals';
import { startService, type Harness } from '../../../test/helpers/service';
import { connectSse } from '../../../test/helpers/sse';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const getMerchant = async () => Merchant.parse((await h.call('GET', '/api/merchant')).body);
const patch = (body: unknown) => h.call('PATCH', '/api/merchant', body);
const dataUrl = (type: string, bytes: Buffer | string) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
/** The smallest valid PNG: 1x1, transparent. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#c00"/></svg>';

let n = 0;
async function newPayment(extra: Record<string, unknown> = {}) {
  const res = await h.call('POST', '/api/payments/process-payment', {
    customerId: 'c',
    orderId: `m-${++n}`,
    amount: 10,
    ...extra,
  });
  return res;
}
async function paymentId(extra: Record<string, unknown> = {}) {
  const res = await newPayment(extra);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.paymentRequestId as string;
}
const status = async (id: string) =>
  PaymentStatusRecord.parse((await h.call('GET', `/api/payments/v1/payment-status/${id}`)).body);
const simulate = (id: string, body: Record<string, unknown>) =>
  h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, body);

describe('the profile', () => {
  it('is the demo shop on a fresh database, with every payment setting on', async () => {
    expect(await getMerchant()).toMatchObject({
      name: 'Counter Demo Shop',
      address: '1 Main Street, London',
      settings: { cardPayments: true, remotePayments: true, tips: true, defaultExpirySeconds: 180 },
    });
  });

  it('round-trips every field, and null clears one', async () => {
    const profile = {
      name: 'Bean There Café',
      address: '4 Mill Lane\nLeeds LS1 4AB',
      companyNumber: '12345678',
      vatNumber: 'GB123456789',
      supportEmail: 'help@beanthere.example',
      supportPhone: '+44 113 496 0000',
    };
    const res = await patch(profile);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Merchant.parse(res.body)).toMatchObject(profile);
    expect(await getMerchant()).toMatchObject(profile);
    expect((await patch({ supportPhone: null })).status).toBe(200);
    const after = await getMerchant();
    expect(after.supportPhone).toBeUndefined();
    expect(after).toMatchObject({ name: 'Bean There Café', supportEmail: profile.supportEmail });
  });

  it.each([
    ['a bad e-mail', { name: 'Renamed', supportEmail: 'not-an-email' }, 'supportEmail'],
    ['a blank name', { name: '  ' }, 'name'],
    ['an unknown field', { name: 'Renamed', colour: 'red' }, '(body)'],
    ['a bad expiry', { settings: { defaultExpirySeconds: 5 } }, 'settings.defaultExpirySeconds'],
    ['a logo that is no data URL', { logo: 'https://evil.example/x.svg' }, 'logo'],
    [
      'a logo over 256 KiB',
      { name: 'Renamed', logo: dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(300_000)])) },
      'logo',
    ],
    ['a PNG that is not one', { logo: dataUrl('image/png', 'GIF89a....') }, 'logo'],
    [
      'an SVG loading an outside image',
      { logo: dataUrl('image/svg+xml', '<svg><image href="https://t.example/p.png"/></svg>') },
      'logo',
    ],
    [
      'an SVG with entities',
      { logo: dataUrl('image/svg+xml', '<!DOCTYPE svg [<!ENTITY x "y">]><svg/>') },
      'logo',
    ],
  ])('refuses %s with 400 naming the field, changing nothing', async (_, body, field) => {
    const before = await getMerchant();
    const res = await patch(body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(ErrorEnvelope.parse(res.body).errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field })]),
    );
    expect(await getMerchant()).toEqual(before);
  });

  it('refuses a body over 512 KiB with 413, and every other route keeps 64 KiB', async () => {
    const huge = await patch({ logo: dataUrl('image/png', Buffer.alloc(600_000)) });
    expect(huge.status).toBe(413);
    const other = await h.call('POST', '/api/customers', { fullName: 'x'.repeat(70_000) });
    expect(other.status).toBe(413);
  });

  it('serves a PNG logo as a PNG, with nosniff and a policy without script', async () => {
    const res = await patch({ logo: dataUrl('image/png', PNG) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { logoUrl } = Merchant.parse(res.body);
    // The sandbox's own logo (the harness's secret is the sandbox's): its URL says so.
    expect(logoUrl).toMatch(/\/api\/merchants\/[0-9a-f-]+\/logo\?v=\d+&environment=sandbox$/);
    const image = await fetch(logoUrl!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
  });

  it('serves an SVG logo drawn into a PNG (never the SVG), and null removes it', async () => {
    const res = await patch({ logo: dataUrl('image/svg+xml', SVG) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { logoUrl } = Merchant.parse(res.body);
    const image = await fetch(logoUrl!);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).subarray(0, 8)).toEqual(PNG.subarray(0, 8));

    expect((await patch({ logo: null })).status).toBe(200);
    expect((await getMerchant()).logoUrl).toBeUndefined();
    expect((await fetch(logoUrl!)).status).toBe(404);
    expect((await patch({ logo: dataUrl('image/svg+xml', SVG) })).status).toBe(200);
  });
});

describe('the pages', () => {
  it('name the shop as it is now: payment page, receipt page and receipt image', async () => {
    expect((await patch({ name: 'Pages Shop', address: '9 Page Row, York' })).status).toBe(200);
    const id = await paymentId();
    const pay = await (await fetch(`${h.url}/pay/${id}`)).text();
    expect(pay).toContain('Pages Shop');
    expect(pay).toMatch(
      /<img[^>]+src="\/api\/merchants\/[0-9a-f-]+\/logo\?v=\d+&(amp;)?environment=sandbox"/,
    );
    expect(pay).not.toContain('Counter Demo Shop');
    await simulate(id, { paymentMethod: 'CARD', outcome: 'COMPLETED' });
    // Under the name, receipts give the store's own address; the primary store has none of its
    // own, so the profile's new address is the one a receipt paid after the change shows.
    const receipt = await (await fetch(`${h.url}/receipt/${id}`)).text();
    expect(receipt).toContain('Pages Shop');
    expect(receipt).toContain('9 Page Row, York');
    expect(receipt).not.toContain('1 Main Street, London');
    const svg = await (await fetch(`${h.url}/api/payment-requests/${id}/template/RECEIPT`)).text();
    expect(svg).toContain('Pages Shop');
    expect(svg).toContain('9 Page Row, York');
  });
});

describe('the card-saving e-mail', () => {
  it('signs with the profile: the shop, its address and how to reach it', async () => {
    expect(
      (
        await patch({
          name: 'Mail Shop',
          address: '2 Post Road, Bath',
          supportEmail: 'help@mail.example',
          companyNumber: null,
          vatNumber: null,
          supportPhone: null,
        })
      ).status,
    ).toBe(200);
    const customer = await h.call('POST', '/api/customers', {
      fullName: 'Card Saver',
      email: 'saver@example.com',
    });
    const id = customer.body.id as string;
    const sent = await h.call('POST', `/api/customers/${id}/cards/authorize`, {
      sendLinkToCustomer: true,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [message] = (await h.call('GET', `/api/sandbox/messages?customerId=${id}`)).body.data;
    expect(message.subject).toBe('Mail Shop: save your card');
    expect(message.body).toContain('Mail Shop asks you to save a card');
    expect(message.body).toMatch(/Mail Shop\n2 Post Road, Bath\nQuestions: help@mail.example$/);

    // With card payments off there is no card to save: refused, and no message is sent.
    expect((await patch({ settings: { cardPayments: false } })).status).toBe(200);
    const refused = await h.call('POST', `/api/customers/${id}/cards/authorize`, {
      sendLinkToCustomer: true,
    });
    expect(refused.status).toBe(400);
    expect((await h.call('GET', `/api/sandbox/messages?customerId=${id}`)).body.data).toHaveLength(
      1,
    );
    expect((await patch({ settings: { cardPayments: true } })).status).toBe(200);
  });
});

describe('the settings', () => {
  it('card off: new payments are pay by bank only; one made before still takes a card', async () => {
    const before = await paymentId();
    expect((await patch({ settings: { cardPayments: false } })).status).toBe(200);
    const refused = await newPayment({ paymentMethod: ['CARD'] });
    expect(refused.status).toBe(400);
    expect(ErrorEnvelope.parse(refused.body).errors).toMatchObject([{ field: 'paymentMethod' }]);
    const after = await paymentId();
    expect((await simulate(after, { paymentMethod: 'CARD', outcome: 'COMPLETED' })).status).toBe(
      400,
    );
    expect((await simulate(before, { paymentMethod: 'CARD', outcome: 'COMPLETED' })).status).toBe(
      200,
    );
    expect((await status(before)).status).toBe('COMPLETED');
    expect((await patch({ settings: { cardPayments: true } })).status).toBe(200);
  });

  it('card off: a saved card, charged before, is not charged again', async () => {
    const customer = await h.call('POST', '/api/customers', {
      fullName: 'Saved Card',
      email: 'saved@example.com',
    });
    const card = await h.call('POST', `/api/sandbox/customers/${customer.body.id}/cards`, {
      number: '4242424242424242',
    });
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    const charge = () =>
      h.call('POST', '/api/payments/card/process-payment', {
        customerId: customer.body.id,
        paymentMethodId: card.body.id,
        captureType: 'AUTO_CAPTURE',
        amount: 5,
        orderId: `saved-${++n}`,
      });
    // The first charge is remembered by the service (its read of the merchant included).
    expect((await charge()).status).toBe(201);
    expect((await patch({ settings: { cardPayments: false } })).status).toBe(200);
    const refused = await charge();
    expect(refused.status).toBe(400);
    expect(ErrorEnvelope.parse(refused.body).message).toMatch(/Card payments are not activated/);
    expect((await patch({ settings: { cardPayments: true } })).status).toBe(200);
    expect((await charge()).status).toBe(201);
  });

  it('tips off: new payments take no tip; one made before still does', async () => {
    const before = await paymentId();
    expect((await patch({ settings: { tips: false } })).status).toBe(200);
    const after = await paymentId();
    const tipped = { paymentMethod: 'CARD', outcome: 'COMPLETED', tipAmount: 1 };
    expect((await simulate(after, tipped)).status).toBe(400);
    expect((await simulate(before, tipped)).status).toBe(200);
    expect(await status(before)).toMatchObject({ status: 'COMPLETED', tipAmount: 1 });
    expect((await patch({ settings: { tips: true } })).status).toBe(200);
  });

  it('the default expiry applies to new payments that name none', async () => {
    const before = await paymentId();
    expect((await patch({ settings: { defaultExpirySeconds: 600 } })).status).toBe(200);
    const after = await paymentId();
    const given = await paymentId({ expiresIn: 60_000 });
    const lifetime = async (id: string) => {
      const s = await status(id);
      return (Date.parse(s.expiresAt) - Date.parse(s.createdAt)) / 1000;
    };
    expect(await lifetime(before)).toBe(180);
    expect(await lifetime(after)).toBe(600);
    expect(await lifetime(given)).toBe(60);
    expect((await patch({ settings: { defaultExpirySeconds: 180 } })).status).toBe(200);
  });

  it('remote off: pushing to a terminal is refused; a payment pushed before is still paid', async () => {
    const code = await h.call('POST', '/api/terminal/pairing-codes', {});
    const till = PairResponse.parse(
      (await h.call('POST', '/api/terminal/pair', { code: code.body.code, name: 'Till' }, null))
        .body,
    );
    const s = await connectSse(`${h.url}/api/terminal/events`, till.secret);
    try {
      await s.next((e) => e.event === 'ready');
      const push = () =>
        h.call('POST', '/api/terminal/process-remote-payment', { id: till.terminal.id, amount: 3 });
      const pushed = await push();
      expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
      expect((await patch({ settings: { remotePayments: false } })).status).toBe(200);
      const refused = await push();
      expect(refused.status).toBe(400);
      expect(ErrorEnvelope.parse(refused.body).message).toMatch(/Remote payments are not enabled/);
      const id = pushed.body.paymentRequestId as string;
      expect((await simulate(id, { paymentMethod: 'CARD', outcome: 'COMPLETED' })).status).toBe(
        200,
      );
      expect((await patch({ settings: { remotePayments: true } })).status).toBe(200);
      expect((await push()).status).toBe(200);
    } finally {
      s.close();
    }
  });
});
