/**
 * Agent Pay's pages in the customer's language, over real HTTP: every screen of the
 * authorization page (SEND and COLLECT) and of the revoke page in Arabic, Welsh and Polish, each
 * text a person reads checked against that language's catalogue (src/shared/i18n; only numbers,
 * money, dates and names may be anything else), Arabic right to left, with the language control;
 * a hostile contract name escaped inside a translated sentence; and before the person chooses,
 * the merchant's language, then the browser's, a choice kept for that link alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentPay } from '../../agent/index';
import { t, type LanguageCode } from '../../shared/i18n';
import {
  limits,
  pageRecipients,
  registeredClient,
  setApprovers,
} from '../../../test/helpers/agent';
import { expectPageIn, whileMerchantSets } from '../../../test/helpers/page-language';
import { startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
let pay: AgentPay;
let shop: string;
const AGENT = 'Gym billing';
beforeAll(async () => {
  h = await startService();
  pay = (await registeredClient(h, AGENT)).client;
  shop = ((await h.call('GET', '/api/merchant')).body as { name: string }).name;
  await setApprovers(h, [{ email: 'ap@example.com' }, { phone: '+447700900123' }]);
});
afterAll(() => h.close());

/** A browser asking for `lang`: its cookies kept, redirects not followed. */
function browserIn(lang: LanguageCode | null) {
  const jar = new Map<string, string>();
  const headers = () => ({
    ...(lang ? { 'accept-language': lang } : {}),
    ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
  });
  const keep = async (res: Response): Promise<[number, string, Response]> => {
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      jar.set(pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1));
    }
    return [res.status, await res.text(), res];
  };
  return {
    get: async (url: string) => keep(await fetch(url, { headers: headers(), redirect: 'manual' })),
    post: async (url: string, fields: Record<string, string>) =>
      keep(
        await fetch(url, {
          method: 'POST',
          body: new URLSearchParams(fields),
          redirect: 'manual',
          headers: headers(),
        }),
      ),
  };
}

/** The newest code sent for a link, read from the sandbox outbox. */
async function codeFor(link: string): Promise<string> {
  const outbox = (await h.call('GET', '/api/sandbox/messages?size=100')).body as {
    data: { link?: string; body: string }[];
  };
  return outbox.data.find((m) => m.link === link)!.body.match(/\b\d{6}\b/)![0];
}

let n = 0;
async function sendContract(name = `Supplies ${++n}`) {
  const created = await pay.contract.create({ name, limits: limits() } as never);
  return { url: created.authorizationUrl!, name };
}

let expiry = '';
async function collectContract() {
  const customer = await h.call('POST', '/api/customers', {
    fullName: 'Jo Bloggs',
    email: `jo${++n}@example.com`,
  });
  const id = customer.body.id as string;
  const saved = await h.call('POST', `/api/sandbox/customers/${id}/cards`, {
    number: '4242424242424242',
  });
  expiry = saved.body.expiryDate as string;
  const name = `Gym ${n}`;
  const created = await pay.contract.create({
    name,
    type: 'COLLECT',
    serviceCustomerId: id,
    limits: limits({ periodLimits: [{ amount: 60, period: 'MONTH', alignment: 'ANCHORED' }] }),
  } as never);
  return { url: created.authorizationUrl!, name };
}

type Screen = [number, string];

/** Every screen of a SEND contract's pages, approving it and revoking it, in `lang`. */
async function sendScreens(lang: LanguageCode): Promise<Record<string, Screen>> {
  const b = browserIn(lang);
  const { url } = await sendContract();
  const screens: Record<string, Screen> = { form: (await b.get(url)).slice(0, 2) as Screen };
  screens.noSuchRecipient = (await b.post(`${url}/code`, { to: 'nobody' })).slice(0, 2) as Screen;
  const [to] = await pageRecipients(url);
  expect((await b.post(`${url}/code`, { to: to!.id }))[0]).toBe(303);
  screens.codeSent = (await b.get(`${url}?code=sent`)).slice(0, 2) as Screen;
  screens.noDecision = (await b.post(url, { decision: 'MAYBE' })).slice(0, 2) as Screen;
  const code = await codeFor(url);
  const wrong = code === '000000' ? '111111' : '000000';
  screens.wrongCode = (await b.post(url, { decision: 'APPROVE', code: wrong })).slice(
    0,
    2,
  ) as Screen;
  screens.approved = (await b.post(url, { decision: 'APPROVE', code })).slice(0, 2) as Screen;
  screens.gone = (await b.get(url)).slice(0, 2) as Screen;
  const revokeUrl = /href="(http[^"]+\/agents\/revoke\/[^"]+)"/.exec(screens.approved[1])![1]!;
  screens.revokePage = (await b.get(revokeUrl)).slice(0, 2) as Screen;
  screens.revoked = (await b.post(revokeUrl, { decision: 'REVOKE' })).slice(0, 2) as Screen;
  screens.revokeUnknown = (await b.get(`${h.url}/agents/revoke/${'x'.repeat(40)}`)).slice(
    0,
    2,
  ) as Screen;
  const declined = await sendContract();
  screens.declined = (await b.post(declined.url, { decision: 'DECLINE' })).slice(0, 2) as Screen;
  return screens;
}

/** A COLLECT contract's screens: the code first, then the customer's cards and a new card. */
async function collectScreens(lang: LanguageCode): Promise<Record<string, Screen>> {
  const b = browserIn(lang);
  const { url } = await collectContract();
  const screens: Record<string, Screen> = { verifyFirst: (await b.get(url)).slice(0, 2) as Screen };
  screens.noCodeYet = (await b.post(`${url}/card`, {})).slice(0, 2) as Screen;
  expect((await b.post(`${url}/code`, {}))[0]).toBe(303);
  expect((await b.post(`${url}/verify`, { code: await codeFor(url) }))[0]).toBe(303);
  screens.cards = (await b.get(url)).slice(0, 2) as Screen;
  const card = { name: 'Jo Bloggs', number: '4242424242424242', expiry: '01/20', cvc: '123' };
  screens.cardRefused = (await b.post(`${url}/card`, card)).slice(0, 2) as Screen;
  screens.noCardChosen = (await b.post(url, { decision: 'APPROVE' })).slice(0, 2) as Screen;
  return screens;
}

const STATUS: Record<string, number> = {
  form: 200,
  noSuchRecipient: 400,
  codeSent: 200,
  noDecision: 400,
  wrongCode: 400,
  approved: 200,
  gone: 410,
  revokePage: 200,
  revoked: 200,
  revokeUnknown: 404,
  declined: 200,
  verifyFirst: 200,
  noCodeYet: 403,
  cards: 200,
  cardRefused: 400,
  noCardChosen: 400,
};

async function expectIn(lang: LanguageCode, screens: Record<string, Screen>) {
  const masked = (await pageRecipients((await sendContract()).url)).map((r) => r.to);
  for (const [name, [status, html]] of Object.entries(screens)) {
    expect(status, name).toBe(STATUS[name]);
    expectPageIn(lang, html, name, [shop, AGENT, 'VISA', '✓', '✗', ...masked]);
  }
}

describe.each(['ar', 'cy', 'pl'] as const)('Agent Pay’s pages in %s', (lang) => {
  it('a SEND contract: no word outside the catalogue from its approval to its revoking', async () => {
    const screens = await sendScreens(lang);
    await expectIn(lang, screens);
    expect(screens.wrongCode![1]).toContain(t(lang, 'agent.errWrong', { left: 4 }));
    expect(screens.revokeUnknown![1]).toContain(t(lang, 'agent.unknownText'));
  });

  it('a COLLECT contract: the code first, then the cards, a card refused naming its field', async () => {
    const screens = await collectScreens(lang);
    await expectIn(lang, screens);
    expect(screens.cards![1]).toContain(
      t(lang, 'agent.card', { brand: 'VISA', last4: '4242', expiry }),
    );
    expect(screens.cardRefused![1]).toContain(t(lang, 'pay.expiryDate'));
  });
});

describe('the language of an Agent Pay page', () => {
  const langOf = async (url: string, b = browserIn(null), lang?: LanguageCode) => {
    const res = await (lang ? browserIn(lang) : b).get(url);
    return /<html lang="([^"]+)"/.exec(res[1])![1];
  };

  it('is the browser’s, then English, while the merchant sets none', async () => {
    const { url } = await sendContract();
    expect(await langOf(url, undefined, 'pl')).toBe('pl');
    expect(await langOf(url)).toBe('en-GB');
  });

  it('is the merchant’s when its kiosk settings set one; a choice wins, for that link only', async () => {
    await whileMerchantSets(h, 'cy', async () => {
      const { url } = await sendContract();
      expect(await langOf(url, undefined, 'pl')).toBe('cy');
      const b = browserIn('pl');
      const [, , res] = await b.get(`${url}?lang=ar`);
      // Kept for this link's own address, so it never follows them to another contract.
      expect(res.headers.get('set-cookie')).toContain(`Path=${new URL(url).pathname};`);
      expect(await langOf(url, b)).toBe('ar');
    });
  });
});

describe('escaping in a translated sentence', () => {
  it('a hostile contract name is shown as text, never as markup', async () => {
    const hostile = '<img src=x onerror=alert(1)> “&”';
    const { url } = await sendContract(hostile);
    const [, html] = await browserIn('ar').get(url);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain(
      t('ar', 'agent.headingApprove', {
        name: '&lt;img src=x onerror=alert(1)&gt; “&amp;”',
      }),
    );
  });
});
