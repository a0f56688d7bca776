/**
 * The e-mails and text messages customers get, in their language, over real HTTP with a real
 * SMTP server on loopback: an approval code and a revoke link (in the language of the page the
 * person used), a saved card's code (the payment page's language), a card-saving link (the
 * merchant's language), each in Arabic, Welsh and Polish and checked against the catalogue; the
 * e-mail's HTML part declares its `lang` (and `dir="rtl"` for Arabic) and escapes a hostile name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentPay } from '../../agent/index';
import { Customer } from '../../shared/contract/customers';
import { OutboxMessagePage, type OutboxMessage } from '../../shared/contract/messages';
import { formatMoney, t, type LanguageCode, type MessageKey } from '../../shared/i18n';
import {
  limits,
  pageRecipients,
  registeredClient,
  setApprovers,
} from '../../../test/helpers/agent';
import { catalogueMatcher } from '../../../test/helpers/catalogue-match';
import { startMailbox, type Mailbox } from '../../../test/helpers/mailbox';
import { startService, type Harness } from '../../../test/helpers/service';
import { CODE_TTL_MS } from '../cards';
import { mailHtml } from './mail-html';

let mailbox: Mailbox;
let h: Harness;
let pay: AgentPay;
let shop: string;
const AGENT = 'Gym billing';

beforeAll(async () => {
  mailbox = await startMailbox();
  h = await startService({ mail: { smtpUrl: mailbox.url } });
  pay = (await registeredClient(h, AGENT)).client;
  shop = ((await h.call('GET', '/api/merchant')).body as { name: string }).name;
  await setApprovers(h, [{ email: 'ap@example.com' }, { phone: '+447700900123' }]);
});
afterAll(async () => {
  await h.close();
  await mailbox.close();
});

const outbox = async (): Promise<OutboxMessage[]> =>
  OutboxMessagePage.parse((await h.call('GET', '/api/sandbox/messages?size=100')).body).data;

const postIn = (lang: LanguageCode, url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
    headers: { 'accept-language': lang },
  });

/** The message is the catalogue's `key` in `lang`, and nothing of it is left in English. */
function expectSaid(lang: LanguageCode, text: string, key: MessageKey, values: object) {
  expect(text).toBe(t(lang, key, values as Record<string, string>));
  expect(text).not.toBe(t('en', key, values as Record<string, string>));
  expect(catalogueMatcher(lang)(text), text).toBe(true);
}

/** The decoded HTML part of the first mail to `to` among those received after the `after`th. */
async function htmlMailTo(to: string, after: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  const find = () => mailbox.received.slice(after).find((m) => m.to.includes(to));
  let mail = find();
  while (!mail && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    mail = find();
  }
  const part =
    /Content-Type: text\/html[^\r\n]*\r\nContent-Transfer-Encoding: ([\w-]+)\r\n\r\n([\s\S]*?)\r\n--/i.exec(
      mail!.data,
    )!;
  if (part[1]!.toLowerCase() === 'base64') return Buffer.from(part[2]!, 'base64').toString('utf8');
  const bytes = part[2]!
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes);
}

let n = 0;
describe.each(['ar', 'cy', 'pl'] as const)('messages to customers in %s', (lang) => {
  it('the approval code and the revoke link, by e-mail and by SMS, in the page’s language', async () => {
    const name = `Supplies ${++n}`;
    const url = (await pay.contract.create({ name, limits: limits() } as never)).authorizationUrl!;
    const [email, phone] = await pageRecipients(url);
    const before = mailbox.received.length;
    expect((await postIn(lang, `${url}/code`, { to: phone!.id })).status).toBe(303);
    expect((await postIn(lang, `${url}/code`, { to: email!.id })).status).toBe(303);
    const [byEmail, bySms] = (await outbox()).filter((m) => m.link === url);
    const code = /\b\d{6}\b/.exec(byEmail!.body)![0];
    const values = { name, business: shop, agent: AGENT, url, code };
    expectSaid(lang, byEmail!.subject, 'mail.approveSubject', values);
    expectSaid(lang, byEmail!.body, 'mail.approveSend', values);
    const smsCode = /\b\d{6}\b/.exec(bySms!.body)![0];
    expectSaid(lang, bySms!.body, 'mail.approveSms', { ...values, code: smsCode });
    const html = await htmlMailTo('ap@example.com', before);
    expect(html).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);

    expect((await postIn(lang, url, { decision: 'APPROVE', code })).status).toBe(200);
    const revoke = (await outbox()).find((m) => m.link?.includes('/agents/revoke/'))!;
    const revokeValues = { business: shop, name, url: revoke.link! };
    expectSaid(lang, revoke.subject, 'mail.revokeSubject', revokeValues);
    expectSaid(lang, revoke.body, 'mail.revokeEmail', revokeValues);
  });

  it('a card-saving link in the merchant’s language', async () => {
    await h.call('PUT', '/api/kiosk-settings', { settings: { displayLanguage: lang } });
    try {
      const customer = Customer.parse(
        (await h.call('POST', '/api/customers', { fullName: 'Jo', email: `jo${++n}@x.test` })).body,
      );
      const before = mailbox.received.length;
      const res = await h.call('POST', `/api/customers/${customer.id}/cards/authorize`, {
        sendLinkToCustomer: true,
      });
      const url = res.body.hostedPageUrl as string;
      const message = (await outbox()).find((m) => m.link === url)!;
      const values = { shop, name: 'Jo', url };
      expectSaid(lang, message.subject, 'mail.saveCardSubject', values);
      expect(message.body.startsWith(`${t(lang, 'mail.saveCardEmail', values)}\n\n`)).toBe(true);
      expect(await htmlMailTo(customer.email!, before)).toContain(`<html lang="${lang}"`);
    } finally {
      await h.call('PUT', '/api/kiosk-settings', { settings: {} });
    }
  });

  it('a saved card’s code in the payment page’s language', async () => {
    const customer = Customer.parse(
      (await h.call('POST', '/api/customers', { fullName: 'Jo', email: `jo${++n}@x.test` })).body,
    );
    await h.call('POST', `/api/sandbox/customers/${customer.id}/cards`, {
      number: '4242424242424242',
    });
    const created = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'ref',
      orderId: `o${++n}`,
      amount: 9.99,
      serviceCustomerId: customer.id,
    });
    const id = created.body.paymentRequestId as string;
    const sent = await postIn(lang, `${h.url}/pay/${id}/saved-card/code`, {
      tip: 'none',
      people: '1',
    });
    expect(sent.status).toBe(303);
    const message = (await outbox()).find((m) => m.customerId === customer.id)!;
    const code = /\b\d{6}\b/.exec(message.body)![0];
    const values = {
      shop,
      name: 'Jo',
      amount: formatMoney(lang, 999),
      code,
      minutes: CODE_TTL_MS / 60_000,
    };
    expectSaid(lang, message.subject, 'mail.payCodeSubject', values);
    expectSaid(lang, message.body, 'mail.payCodeEmail', values);
  });
});

describe('the HTML part of an e-mail', () => {
  it('escapes every value in a translated message, and links the address', () => {
    const hostile = '<script>alert(1)</script> "Jo" & \'Co\'';
    const values = { shop: 'Shop', name: hostile, url: 'https://127.0.0.1/save-card/abc' };
    const html = mailHtml(
      'ar',
      t('ar', 'mail.saveCardSubject', values),
      t('ar', 'mail.saveCardEmail', values),
    );
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).not.toContain('<script>');
    expect(html).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt; &quot;Jo&quot; &amp; &#39;Co&#39;',
    );
    expect(html).toContain('<a href="https://127.0.0.1/save-card/abc">');
    expect(mailHtml('en', 'Counter: a kiosk is offline', 'text')).toContain(
      '<html lang="en-GB" dir="ltr">',
    );
  });
});
