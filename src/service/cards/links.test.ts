/**
 * Saving a card without a payment, over real HTTP: fresh single-use links, the hosted card page
 * with its 3DS step, redirects, used and expired links, and link delivery to the outbox of
 * messages and, through a real local SMTP server, as an email.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardAuthorizeResponse, SavedCardPage } from '../../shared/contract/cards';
import { Customer } from '../../shared/contract/customers';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { OutboxMessagePage } from '../../shared/contract/messages';
import { startMailbox, type Mailbox } from '../../../test/helpers/mailbox';
import { postForm } from '../../../test/helpers/form';
import { PRODUCTION, startService, type Harness } from '../../../test/helpers/service';
import { LINK_TTL_MS } from './links';

let mailbox: Mailbox;
let h: Harness;

beforeAll(async () => {
  mailbox = await startMailbox();
  h = await startService({ mail: { smtpUrl: mailbox.url, from: 'Shop <shop@example.com>' } });
});
afterAll(async () => {
  await h.close();
  await mailbox.close();
});

let n = 0;
const newCustomer = async (
  fields: Record<string, unknown> = { email: `saver${++n}@example.com` },
) =>
  Customer.parse(
    (await h.call('POST', '/api/customers', { fullName: 'Card Saver', ...fields })).body,
  );
const authorize = async (customerId: string, body: Record<string, unknown> = {}) => {
  const res = await h.call('POST', `/api/customers/${customerId}/cards/authorize`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return CardAuthorizeResponse.parse(res.body).hostedPageUrl;
};
const cardsOf = async (customerId: string) =>
  SavedCardPage.parse((await h.call('GET', `/api/customers/${customerId}/cards`)).body).data;

const card = { name: 'Card Saver', number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
const absolute = (res: Response) => new URL(res.headers.get('location')!, h.url).href;

describe('cards/authorize', () => {
  it('returns a fresh link each call; {} is a valid body', async () => {
    const c = await newCustomer();
    const a = await authorize(c.id);
    const b = await authorize(c.id, {});
    expect(a).not.toBe(b);
    expect(a.startsWith(`${h.url}/save-card/`)).toBe(true);
  });

  it('400 invalid UUID, 404 unknown customer or other environment, 400 bad URLs', async () => {
    const c = await newCustomer();
    expect((await h.call('POST', '/api/customers/nope/cards/authorize', {})).status).toBe(400);
    expect(
      (
        await h.call(
          'POST',
          '/api/customers/00000000-0000-4000-8000-000000000000/cards/authorize',
          {},
        )
      ).status,
    ).toBe(404);
    expect(
      (await h.call('POST', `/api/customers/${c.id}/cards/authorize`, {}, PRODUCTION)).status,
    ).toBe(404);
    const bad = await h.call('POST', `/api/customers/${c.id}/cards/authorize`, {
      successRedirectUrl: 'not a url',
    });
    expect(ErrorEnvelope.parse(bad.body).message).toContain('successRedirectUrl');
    // A script or local-file address is refused when the link is made, not only when drawn.
    for (const [field, url] of [
      ['successRedirectUrl', 'javascript:alert(1)'],
      ['failureRedirectUrl', 'file:///etc/passwd'],
    ]) {
      const refused = await h.call('POST', `/api/customers/${c.id}/cards/authorize`, {
        [field!]: url,
      });
      expect(refused.status).toBe(400);
      expect(ErrorEnvelope.parse(refused.body).errors).toEqual([
        { field, message: 'must be a URL starting with http:// or https://' },
      ]);
    }
    expect(
      (
        await h.call('POST', `/api/customers/${c.id}/cards/authorize`, {
          sendLinkToCustomer: 'yes',
        })
      ).status,
    ).toBe(400);
  });
});

describe('the hosted card page', () => {
  it('saves a card after 3DS, then sends the browser to successRedirectUrl; the link is then used', async () => {
    const c = await newCustomer();
    const url = await authorize(c.id, {
      successRedirectUrl: 'https://shop.example/saved?x=1',
      failureRedirectUrl: 'https://shop.example/failed',
    });
    const form = await fetch(url);
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain('Save a card');
    expect(html).toContain('No money is taken');
    expect(form.headers.get('content-security-policy')).toContain("default-src 'none'");
    // The last form redirects to the merchant's site: Chromium checks form-action there too.
    expect(form.headers.get('content-security-policy')).toContain(
      "form-action 'self' https://shop.example;",
    );

    const submitted = await postForm(url, card);
    expect(submitted.status).toBe(303);
    expect(absolute(submitted)).toBe(`${url}/challenge`);
    expect(await cardsOf(c.id)).toEqual([]); // not before 3DS
    const challenge = await fetch(`${url}/challenge`);
    expect(await challenge.text()).toContain('ending 4242');

    const done = await postForm(`${url}/challenge`, { decision: 'complete' });
    expect(done.status).toBe(303);
    const target = new URL(done.headers.get('location')!);
    expect(target.origin + target.pathname).toBe('https://shop.example/saved');
    expect(target.searchParams.get('x')).toBe('1');
    expect(target.searchParams.get('status')).toBe('SAVED');
    const saved = await cardsOf(c.id);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      lastFourDigits: '4242',
      brand: 'VISA',
      expiryDate: '12/2039',
      name: 'Card Saver',
    });
    expect(target.searchParams.get('paymentMethodId')).toBe(saved[0]!.id);

    const again = await fetch(url);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('already been used');
    expect((await postForm(`${url}/challenge`, { decision: 'complete' })).status).toBe(410);
    expect(await cardsOf(c.id)).toHaveLength(1);
    // The full number is nowhere in the database.
    const dump =
      JSON.stringify(await h.service.store.prepare('SELECT * FROM card_links').all()) +
      JSON.stringify(await h.service.store.prepare('SELECT * FROM saved_cards').all());
    expect(dump).not.toContain('4242424242424242');
  });

  it('shows the outcome on the page when no redirect URL was given', async () => {
    const c = await newCustomer();
    const url = await authorize(c.id);
    await postForm(url, { ...card, number: '5555555555554444' });
    const done = await postForm(`${url}/challenge`, { decision: 'complete' });
    expect(done.status).toBe(200);
    const page = await done.text();
    expect(page).toContain('Your card is saved');
    // The shop the customer saved it for, by name.
    const { name } = (await h.call('GET', '/api/merchant')).body as { name: string };
    const html = name.replace(/&/g, '&amp;').replace(/'/g, '&#39;');
    expect(page).toContain(`ending 4444 is saved for future payments to ${html}.`);
  });

  it('re-shows the form with the error for bad card details, keeping the link open', async () => {
    const c = await newCustomer();
    const url = await authorize(c.id);
    const res = await postForm(url, { ...card, number: '4242424242424241' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('not valid');
    expect((await fetch(url)).status).toBe(200);
  });

  it.each([
    [
      'a declined card',
      async (url: string) => postForm(url, { ...card, number: '4000000000000002' }),
    ],
    [
      'a failed 3DS challenge',
      async (url: string) => {
        await postForm(url, card);
        return postForm(`${url}/challenge`, { decision: 'fail' });
      },
    ],
    ['abandoning (Cancel)', async (url: string) => postForm(`${url}/cancel`, {})],
  ])('%s goes to failureRedirectUrl and saves nothing', async (_what, act) => {
    const c = await newCustomer();
    const url = await authorize(c.id, { failureRedirectUrl: 'https://shop.example/failed' });
    const res = await act(url);
    expect(res.status).toBe(303);
    const target = new URL(res.headers.get('location')!);
    expect(target.pathname).toBe('/failed');
    expect(target.searchParams.get('status')).toBe('FAILED');
    expect(await cardsOf(c.id)).toEqual([]);
    expect((await fetch(url)).status).toBe(410);
  });

  it('an expired link says so and saves nothing', async () => {
    const c = await newCustomer();
    const url = await authorize(c.id);
    await h.call('POST', '/api/sandbox/clock/advance', { ms: LINK_TTL_MS });
    const res = await fetch(url);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain('expired');
    expect((await postForm(url, card)).status).toBe(410);
    expect(await cardsOf(c.id)).toEqual([]);
  });

  it('an unknown link is a 404 page; a cross-site form post is refused', async () => {
    expect((await fetch(`${h.url}/save-card/${'x'.repeat(32)}`)).status).toBe(404);
    const c = await newCustomer();
    const url = await authorize(c.id);
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(card).toString(),
    });
    expect(res.status).toBe(403);
  });
});

describe('sending the link to the customer', () => {
  const messages = async (customerId: string) =>
    OutboxMessagePage.parse(
      (await h.call('GET', `/api/sandbox/messages?customerId=${customerId}`)).body,
    ).data;

  it('emails it: the outbox holds it and the SMTP server receives it with the link', async () => {
    const c = await newCustomer();
    const url = await authorize(c.id, { sendLinkToCustomer: true });
    let list = await messages(c.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ channel: 'EMAIL', to: c.email, link: url });
    await expect
      .poll(async () => (await messages(c.id))[0]?.status, { timeout: 15_000 })
      .toBe('SENT');
    list = await messages(c.id);
    expect(list[0]!.sentAt).toBeDefined();
    const mail = mailbox.received.find((m) => m.to.includes(c.email!));
    expect(mail).toBeDefined();
    // Quoted-printable may wrap long lines with "=\r\n"; unwrap before looking for the link.
    expect(mail!.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(url);
  });

  it('sends an SMS (kept in the outbox) when the customer has no email', async () => {
    const c = await newCustomer({ phoneCountryCode: '44', phoneNumber: '7700900555' });
    const url = await authorize(c.id, { sendLinkToCustomer: true });
    const list = await messages(c.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      channel: 'SMS',
      to: '+44 7700900555',
      status: 'STORED',
      link: url,
    });
    expect(list[0]!.body).toContain(url);
  });

  it('400 when the customer has neither email nor phone; no link, no message', async () => {
    const c = await newCustomer({ phoneNumber: '7700900556' });
    // Remove the phone directly: the API cannot make such a customer, but older records exist.
    await h.service.store
      .prepare('UPDATE customers SET phone_number = NULL WHERE id = ?')
      .run(c.id);
    const links = async () =>
      (
        (await h.service.store
          .prepare('SELECT count(*) AS n FROM card_links WHERE customer_id = ?')
          .get(c.id)) as { n: number }
      ).n;
    const res = await h.call('POST', `/api/customers/${c.id}/cards/authorize`, {
      sendLinkToCustomer: true,
    });
    expect(res.status).toBe(400);
    expect(ErrorEnvelope.parse(res.body).message).toContain('neither an email');
    expect(await links()).toBe(0);
    expect(await messages(c.id)).toEqual([]);
    // Without sending, the link is still made.
    expect((await h.call('POST', `/api/customers/${c.id}/cards/authorize`, {})).status).toBe(200);
  });

  it('lists messages newest first with paging; production secrets are refused', async () => {
    const page = OutboxMessagePage.parse(
      (await h.call('GET', '/api/sandbox/messages?size=1')).body,
    );
    expect(page.size).toBe(1);
    expect(page.totalCount).toBeGreaterThanOrEqual(2);
    expect((await h.call('GET', '/api/sandbox/messages', undefined, PRODUCTION)).status).toBe(400);
  });
});
