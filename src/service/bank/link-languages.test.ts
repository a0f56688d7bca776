/**
 * The bank account-linking page (/bank/link/{id}) in the account holder's language, over real
 * HTTP: every screen in Arabic, Welsh and Polish with each text checked against that language's
 * catalogue (src/shared/i18n; only names may be anything else: the banks', their accounts', the
 * merchant's, Counter), Arabic right to left, the sign-in refusal in the language; and before
 * they choose, the merchant's language, then the browser's, then English, a choice kept for that
 * link alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankLink } from '../../shared/contract/bank';
import { t, type LanguageCode } from '../../shared/i18n';
import { postForm } from '../../../test/helpers/form';
import {
  expectBrowsersThenEnglish,
  expectPageIn,
  languageOf,
  whileMerchantSets,
} from '../../../test/helpers/page-language';
import { startService, type Harness } from '../../../test/helpers/service';
import { BANKS } from './banks';
import { LINK_TTL_MS } from './link-page';

let h: Harness;
let shop: string;
beforeAll(async () => {
  h = await startService();
  shop = ((await h.call('GET', '/api/merchant')).body as { name: string }).name;
});
afterAll(() => h.close());

async function newLink(): Promise<string> {
  const res = await h.call('POST', '/api/bank/links', {
    redirectUrl: 'https://shop.example.test/bank/done',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return BankLink.parse(res.body).linkUrl;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { redirect: 'manual', headers });

/** Each screen's status and HTML, the browser asking for `lang`. */
async function screensIn(lang: LanguageCode): Promise<Record<string, [number, string]>> {
  const browser = { 'accept-language': lang };
  const read = async (res: Response | Promise<Response>): Promise<[number, string]> => {
    const answer = await res;
    return [answer.status, await answer.text()];
  };
  const url = await newLink();
  const screens: Record<string, [number, string]> = { choose: await read(get(url, browser)) };
  expect((await postForm(`${url}/bank`, { bank: 'harbour' }, browser)).status).toBe(303);
  screens.signIn = await read(get(url, browser));
  screens.refused = await read(postForm(`${url}/sign-in`, {}, browser));
  expect(
    (await postForm(`${url}/sign-in`, { username: 'jo', password: 'pw' }, browser)).status,
  ).toBe(303);
  screens.consent = await read(get(url, browser));
  expect((await postForm(`${url}/consent`, { decision: 'allow' }, browser)).status).toBe(303);
  screens.used = await read(get(url, browser));
  screens.notFound = await read(get(`${h.url}/bank/link/lnk_${'x'.repeat(24)}`, browser));
  return screens;
}

const STATUS = { choose: 200, signIn: 200, refused: 400, consent: 200, used: 410, notFound: 404 };

const BANK_NAMES = Object.values(BANKS).flatMap((bank) => [
  bank.name,
  ...bank.accounts.map((a) => a.name),
]);

const expectIn = (lang: LanguageCode, html: string, what: string) =>
  expectPageIn(lang, html, what, [shop, 'Counter', ...BANK_NAMES]);

describe.each(['ar', 'cy', 'pl'] as const)('the bank-linking page in %s', (lang) => {
  it('has no word outside the catalogue on any screen', async () => {
    const screens = await screensIn(lang);
    expect(Object.keys(screens).sort()).toEqual(Object.keys(STATUS).sort());
    for (const [name, [status, html]] of Object.entries(screens)) {
      expect(status, name).toBe(STATUS[name as keyof typeof STATUS]);
      expectIn(lang, html, name);
    }
    expect(screens.refused![1]).toContain(t(lang, 'bankLink.errSignIn'));
    expect(screens.consent![1]).toContain(
      t(lang, 'bankLink.shareHeading', { app: 'Counter' }).replace(/'/g, '&#39;'),
    );
  });
});

describe('the bank-linking page’s language before the account holder chooses', () => {
  it('is the browser’s, then English, while the merchant sets none', async () => {
    await expectBrowsersThenEnglish(await newLink());
  });

  it('is the merchant’s when its kiosk settings set one; a choice wins, for that link only', async () => {
    await whileMerchantSets(h, 'cy', async () => {
      const url = await newLink();
      expect((await languageOf(url, { 'accept-language': 'pl' })).lang).toBe('cy');
      const chosen = await languageOf(`${url}?lang=ar`);
      expect(chosen.lang).toBe('ar');
      // Kept for this link's own address, so it never follows them to another link.
      const cookie = chosen.res.headers.get('set-cookie')!;
      expect(cookie).toContain(`Path=${new URL(url).pathname};`);
      const sent = { cookie: cookie.split(';')[0]! };
      await postForm(`${url}/bank`, { bank: 'sandbox-bank' }, sent);
      expect((await languageOf(url, sent)).lang).toBe('ar');
      // After a post, the language links lead to the link's own page, which answers GET.
      const refused = await (await postForm(`${url}/sign-in`, {}, sent)).text();
      expect(refused).toContain(`href="${new URL(url).pathname}?lang=pl"`);
    });
  });
});

describe('an expired bank-linking link', () => {
  // Last: moving the merchant's sandbox clock expires every link made before.
  it('says so in the account holder’s language', async () => {
    const url = await newLink();
    await h.call('POST', '/api/sandbox/clock/advance', { ms: LINK_TTL_MS });
    for (const lang of ['ar', 'cy', 'pl'] as const) {
      const res = await get(url, { 'accept-language': lang });
      expect(res.status).toBe(410);
      const html = await res.text();
      expectIn(lang, html, 'expired');
      expect(html).toContain(t(lang, 'bankLink.expired'));
    }
  });
});
