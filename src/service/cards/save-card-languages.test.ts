/**
 * The card-saving link's page (/save-card/{token}) in the customer's language, over real HTTP:
 * every screen in Arabic, Welsh and Polish with each text a customer sees or hears checked
 * against that language's catalogue (src/shared/i18n; only numbers and names may be anything
 * else), Arabic right to left, a card refusal naming its field in the language; and before the
 * customer chooses, the merchant's language, then the browser's, then English, a choice kept for
 * that link alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardAuthorizeResponse } from '../../shared/contract/cards';
import { Customer } from '../../shared/contract/customers';
import { t, type LanguageCode } from '../../shared/i18n';
import { postForm } from '../../../test/helpers/form';
import {
  expectBrowsersThenEnglish,
  expectPageIn,
  languageOf,
  whileMerchantSets,
} from '../../../test/helpers/page-language';
import { startService, type Harness } from '../../../test/helpers/service';
import { LINK_TTL_MS } from './links';

let h: Harness;
let shop: string;
beforeAll(async () => {
  h = await startService();
  shop = ((await h.call('GET', '/api/merchant')).body as { name: string }).name;
});
afterAll(() => h.close());

let n = 0;
async function newLink(): Promise<string> {
  const customer = Customer.parse(
    (await h.call('POST', '/api/customers', { fullName: 'Card Saver', email: `l${++n}@x.test` }))
      .body,
  );
  const res = await h.call('POST', `/api/customers/${customer.id}/cards/authorize`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return CardAuthorizeResponse.parse(res.body).hostedPageUrl;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { redirect: 'manual', headers });
const card = { name: 'Card Saver', number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

/** Each screen's HTML, the browser asking for `lang`, with the status it came with. */
async function screensIn(lang: LanguageCode): Promise<Record<string, [number, string]>> {
  const browser = { 'accept-language': lang };
  const read = async (res: Response | Promise<Response>): Promise<[number, string]> => {
    const answer = await res;
    return [answer.status, await answer.text()];
  };
  const url = await newLink();
  const screens: Record<string, [number, string]> = {
    form: await read(get(url, browser)),
    refused: await read(postForm(url, { ...card, expiry: '01/20' }, browser)),
  };
  expect((await postForm(url, card, browser)).status).toBe(303);
  screens.challenge = await read(get(`${url}/challenge`, browser));
  screens.saved = await read(postForm(`${url}/challenge`, { decision: 'complete' }, browser));
  screens.usedSaved = await read(get(url, browser));
  const declined = await newLink();
  const number = '4000000000000002';
  screens.declined = await read(postForm(declined, { ...card, number }, browser));
  screens.usedFailed = await read(get(declined, browser));
  screens.cancelled = await read(postForm(`${await newLink()}/cancel`, {}, browser));
  const failed = await newLink();
  await postForm(failed, card, browser);
  screens.failed3ds = await read(postForm(`${failed}/challenge`, { decision: 'fail' }, browser));
  screens.notFound = await read(get(`${h.url}/save-card/${'x'.repeat(32)}`, browser));
  return screens;
}

const STATUS: Record<string, number> = {
  form: 200,
  refused: 400,
  challenge: 200,
  saved: 200,
  usedSaved: 410,
  declined: 200,
  usedFailed: 410,
  cancelled: 200,
  failed3ds: 200,
  notFound: 404,
};

// The status card's mark, beside a heading that says it in words (aria-hidden).
const expectIn = (lang: LanguageCode, html: string, what: string) =>
  expectPageIn(lang, html, what, [shop, 'VISA', '✓']);

describe.each(['ar', 'cy', 'pl'] as const)('the card-saving page in %s', (lang) => {
  it('has no word outside the catalogue on any screen', async () => {
    const screens = await screensIn(lang);
    expect(Object.keys(screens).sort()).toEqual(Object.keys(STATUS).sort());
    for (const [name, [status, html]] of Object.entries(screens)) {
      expect(status, name).toBe(STATUS[name]);
      expectIn(lang, html, name);
    }
    // Each outcome says what happened in the language, naming the card and the shop.
    expect(screens.saved![1]).toContain(
      t(lang, 'saveCard.savedLine', { brand: 'VISA', last4: '4242', shop }).replace(/'/g, '&#39;'),
    );
    expect(screens.declined![1]).toContain(
      t(lang, 'saveCard.declined', { reason: t(lang, 'pay.reasonDeclined') }),
    );
    expect(screens.cancelled![1]).toContain(t(lang, 'saveCard.cancelled'));
    expect(screens.failed3ds![1]).toContain(t(lang, 'pay.reason3ds'));
  });
});

describe('a refused card on the card-saving page', () => {
  it('names the field in the page’s language, or in English', async () => {
    const url = await newLink();
    const pl = await postForm(url, { ...card, expiry: '01/20' }, { 'accept-language': 'pl' });
    expect(pl.status).toBe(400);
    const html = await pl.text();
    expect(html).toContain('Data ważności: Ta karta straciła ważność');
    expect(html).toContain('name="expiry"');
    expect(html).toMatch(/name="expiry"[^>]*aria-invalid="true"/);
    const en = await postForm(url, { ...card, number: '4242424242424241' }, {});
    expect(await en.text()).toContain(
      'Card number: This card number is not valid; check it and try again',
    );
  });
});

describe('the card-saving page’s language before the customer chooses', () => {
  it('is the browser’s, then English, while the merchant sets none', async () => {
    await expectBrowsersThenEnglish(await newLink());
  });

  it('is the merchant’s when its kiosk settings set one; the customer’s choice wins, for that link', async () => {
    await whileMerchantSets(h, 'cy', async () => {
      const url = await newLink();
      expect((await languageOf(url, { 'accept-language': 'pl' })).lang).toBe('cy');
      const chosen = await languageOf(`${url}?lang=ar`);
      expect(chosen.lang).toBe('ar');
      const cookie = chosen.res.headers.get('set-cookie')!;
      expect(cookie).toContain(`Path=${new URL(url).pathname}`);
      const sent = { cookie: cookie.split(';')[0]! };
      await postForm(url, card, sent);
      expect((await languageOf(`${url}/challenge`, sent)).lang).toBe('ar');
    });
  });
});

describe('an expired card-saving link', () => {
  // Last: moving the merchant's sandbox clock expires every link made before.
  it('says so in the customer’s language', async () => {
    const url = await newLink();
    await h.call('POST', '/api/sandbox/clock/advance', { ms: LINK_TTL_MS });
    for (const lang of ['ar', 'cy', 'pl'] as const) {
      const res = await get(url, { 'accept-language': lang });
      expect(res.status).toBe(410);
      const html = await res.text();
      expectIn(lang, html, 'expired');
      expect(html).toContain(t(lang, 'link.expiredHeading'));
    }
  });
});
