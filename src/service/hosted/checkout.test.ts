/**
 * Card on file at checkout, through the hosted payment page's forms over real HTTP:
 * savePaymentMethod saves the card only after a completed 3DS challenge; a returning customer
 * (serviceCustomerId) sees and pays with their saved cards only after typing a one-time code
 * sent to them, so a payment link alone charges nobody's saved card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SavedCardPage } from '../../shared/contract/cards';
import { OutboxMessagePage } from '../../shared/contract/messages';
import { Customer } from '../../shared/contract/customers';
import { PaymentStatusRecord } from '../../shared/contract/payments';
import { startService, type Harness } from '../../../test/helpers/service';
import { postForm } from '../../../test/helpers/form';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

let n = 0;
const newCustomer = async () =>
  Customer.parse(
    (
      await h.call('POST', '/api/customers', {
        fullName: 'Returning Customer',
        email: `r${++n}@example.com`,
      })
    ).body,
  );
const pay = async (extra: Record<string, unknown>) => {
  const res = await h.call('POST', '/api/payments/process-payment', {
    customerId: 'ref',
    orderId: `o${++n}`,
    amount: 9.99,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.paymentRequestId as string;
};
const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  postForm(h.url + path, fields, cookie ? { cookie } : {});
const cardsOf = async (id: string) =>
  SavedCardPage.parse((await h.call('GET', `/api/customers/${id}/cards`)).body).data;
const status = async (id: string) =>
  PaymentStatusRecord.parse((await h.call('GET', `/api/payments/v1/payment-status/${id}`)).body);
const settle = () => h.call('POST', '/api/sandbox/clock/advance', { ms: 1000 });
const card = {
  tip: 'none',
  people: '1',
  name: 'R Customer',
  number: '4242424242424242',
  expiry: '11/38',
  cvc: '321',
};

describe('savePaymentMethod', () => {
  it('challenges every card with 3DS and saves it once the challenge completes', async () => {
    const customer = await newCustomer();
    const id = await pay({
      savePaymentMethod: true,
      serviceCustomerId: customer.id,
      paymentMethod: ['CARD'],
    });
    const res = await post(`/pay/${id}/card`, card);
    expect(res.status).toBe(303);
    const challenge = res.headers.get('location')!;
    expect(challenge).toMatch(/\/card\/[\w-]+\/challenge$/);
    expect(await cardsOf(customer.id)).toEqual([]);
    expect((await post(challenge, { decision: 'complete' })).status).toBe(303);
    const saved = await cardsOf(customer.id);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      lastFourDigits: '4242',
      brand: 'VISA',
      expiryDate: '11/2038',
      name: 'R Customer',
    });
    await settle();
    expect((await status(id)).status).toBe('COMPLETED');
    // Submitting the challenge again saves nothing more.
    await post(challenge, { decision: 'complete' });
    expect(await cardsOf(customer.id)).toHaveLength(1);
  });

  it('saves nothing when the challenge fails or the card is declined', async () => {
    const customer = await newCustomer();
    const first = await pay({ savePaymentMethod: true, serviceCustomerId: customer.id });
    const res = await post(`/pay/${first}/card`, card);
    await post(res.headers.get('location')!, { decision: 'fail' });
    const second = await pay({ savePaymentMethod: true, serviceCustomerId: customer.id });
    const declined = await post(`/pay/${second}/card`, { ...card, number: '4000000000000002' });
    expect(declined.headers.get('location')).not.toContain('challenge');
    await settle();
    expect((await status(second)).status).toBe('FAILED');
    expect(await cardsOf(customer.id)).toEqual([]);
  });

  it('without savePaymentMethod an ordinary card is not challenged and not saved', async () => {
    const customer = await newCustomer();
    const id = await pay({ serviceCustomerId: customer.id });
    const res = await post(`/pay/${id}/card`, card);
    expect(res.headers.get('location')).toContain('?tx=');
    await settle();
    expect(await cardsOf(customer.id)).toEqual([]);
  });
});

/** One browser: keeps the cookies the service sets, as a browser would (path included). */
function browser() {
  let jar: string | undefined;
  const keep = (res: Response) => {
    const set = res.headers.get('set-cookie');
    if (set) jar = set.split(';')[0];
    return res;
  };
  return {
    get cookie() {
      return jar;
    },
    get: async (path: string) =>
      keep(await fetch(h.url + path, { headers: jar ? { cookie: jar } : {} })),
    post: async (path: string, fields: Record<string, string>) =>
      keep(await post(path, fields, jar)),
  };
}
const plan = { tip: 'none', people: '1' };
const codesTo = async (customerId: string) =>
  OutboxMessagePage.parse(
    (await h.call('GET', `/api/sandbox/messages?customerId=${customerId}`)).body,
  ).data;
/** The code in the newest message to the customer. */
const lastCode = async (customerId: string) =>
  /\b(\d{6})\b/.exec((await codesTo(customerId))[0]!.body)![1]!;
const saveCard = async (customerId: string, number: string) =>
  (await h.call('POST', `/api/sandbox/customers/${customerId}/cards`, { number })).body as {
    id: string;
  };
/** A browser that asked for a code and typed it: it now sees the saved cards. */
async function verifiedBrowser(id: string, customerId: string) {
  const b = browser();
  expect((await b.post(`/pay/${id}/saved-card/code`, plan)).status).toBe(303);
  const res = await b.post(`/pay/${id}/saved-card/verify`, {
    ...plan,
    code: await lastCode(customerId),
  });
  expect(res.status).toBe(303);
  return b;
}

describe('saved cards need the customer to confirm it is them', () => {
  it('an anonymous browser with the payment link sees no card, and its charge is refused', async () => {
    const customer = await newCustomer();
    const saved = await saveCard(customer.id, '5555555555554444');
    const id = await pay({ serviceCustomerId: customer.id });
    const page = await fetch(`${h.url}/pay/${id}/card?tip=none&people=1`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Send me a code');
    expect(html).not.toContain('4444');
    expect(html).not.toContain('MASTERCARD');
    expect(html).not.toContain(saved.id);

    // Even knowing the card's id, and asking for a tip as large as the bill.
    const refused = await post(`/pay/${id}/saved-card`, {
      tip: 'custom',
      customTip: '9.99',
      people: '1',
      cardId: saved.id,
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('nothing was charged');
    // A browser that asked for a code but has not typed it is refused too.
    const halfway = browser();
    await halfway.post(`/pay/${id}/saved-card/code`, plan);
    expect(
      (await halfway.post(`/pay/${id}/saved-card`, { ...plan, cardId: saved.id })).status,
    ).toBe(403);
    await settle();
    const after = await status(id);
    expect(after.status).toBe('PAYMENT_NOT_INITIATED');
    expect(after.transactions).toEqual([]);
  });

  it('sends a code to the customer, and the right code shows the cards and pays', async () => {
    const customer = await newCustomer();
    const saved = await saveCard(customer.id, '5555555555554444');
    const id = await pay({ serviceCustomerId: customer.id });
    const b = browser();
    const sent = await b.post(`/pay/${id}/saved-card/code`, plan);
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(`/pay/${id}/card?tip=none&people=1`);
    // A session cookie for this payment link alone, out of reach of scripts and other sites.
    const cookie = sent.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^saved_card_session=[\w-]{43};/);
    expect(cookie).toContain(`Path=/pay/${id}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');

    const [message] = await codesTo(customer.id);
    expect(message).toMatchObject({ channel: 'EMAIL', to: customer.email, status: 'STORED' });
    expect(message!.body).toContain('£9.99');
    const entry = await (await b.get(`/pay/${id}/card?tip=none&people=1`)).text();
    expect(entry).toContain('Enter your code');
    expect(entry).toContain(`We sent a 6-digit code to r•••@example.com`);
    expect(entry).not.toContain('4444');

    const ok = await b.post(`/pay/${id}/saved-card/verify`, {
      ...plan,
      code: await lastCode(customer.id),
    });
    expect(ok.status).toBe(303);
    const list = await (await b.get(`/pay/${id}/card?tip=none&people=1`)).text();
    expect(list).toContain('MASTERCARD ending 4444');
    expect(list).toContain('Use another card');
    // Another browser with the same link still sees nothing.
    expect(await (await fetch(`${h.url}/pay/${id}/card?tip=none&people=1`)).text()).not.toContain(
      '4444',
    );

    const res = await b.post(`/pay/${id}/saved-card`, { ...plan, cardId: saved.id });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('?tx=');
    await settle();
    const done = await status(id);
    expect(done.status).toBe('COMPLETED');
    expect(done.transactions[0]?.cardPaymentDetails?.maskedCardNumber).toBe('**** **** **** 4444');
  });

  it('counts wrong codes, and after 5 the code is dead, even the right one', async () => {
    const customer = await newCustomer();
    const saved = await saveCard(customer.id, '4242424242424242');
    const id = await pay({ serviceCustomerId: customer.id });
    const b = browser();
    await b.post(`/pay/${id}/saved-card/code`, plan);
    const code = await lastCode(customer.id);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (const left of [4, 3, 2, 1]) {
      const res = await b.post(`/pay/${id}/saved-card/verify`, { ...plan, code: wrong });
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain('That code is not right');
      expect(html).toContain(left === 1 ? '1 try left.' : `${left} tries left.`);
    }
    const last = await b.post(`/pay/${id}/saved-card/verify`, { ...plan, code: wrong });
    expect(await last.text()).toContain('tried too many times');
    const late = await b.post(`/pay/${id}/saved-card/verify`, { ...plan, code });
    expect(late.status).toBe(400);
    expect(await (await b.get(`/pay/${id}/card?tip=none&people=1`)).text()).not.toContain('4242');
    expect((await b.post(`/pay/${id}/saved-card`, { ...plan, cardId: saved.id })).status).toBe(403);
    // Something that is not a code at all is a form error that uses up no try.
    const other = browser();
    await other.post(`/pay/${id}/saved-card/code`, plan);
    const typo = await other.post(`/pay/${id}/saved-card/verify`, { ...plan, code: '12ab' });
    expect(await typo.text()).toContain('Enter the 6-digit code we sent you');
    expect(await (await other.get(`/pay/${id}/card?tip=none&people=1`)).text()).toContain(
      '5 tries left.',
    );
    expect((await status(id)).transactions).toEqual([]);
  });

  it('a code works once, only in the browser that asked for it, and expires', async () => {
    const customer = await newCustomer();
    await saveCard(customer.id, '4242424242424242');
    const id = await pay({ serviceCustomerId: customer.id, expiresIn: 3_600_000 });
    const asker = browser();
    await asker.post(`/pay/${id}/saved-card/code`, plan);
    const code = await lastCode(customer.id);
    // Another browser (someone else with the link) cannot use it: it has no session for it.
    const thief = browser();
    expect((await thief.post(`/pay/${id}/saved-card/verify`, { ...plan, code })).status).toBe(400);
    expect((await asker.post(`/pay/${id}/saved-card/verify`, { ...plan, code })).status).toBe(303);

    // A new code replaces the old one; once 10 minutes pass it no longer works.
    await asker.post(`/pay/${id}/saved-card/code`, plan);
    const second = await lastCode(customer.id);
    await h.call('POST', '/api/sandbox/clock/advance', { ms: 10 * 60_000 + 1 });
    const expired = await asker.post(`/pay/${id}/saved-card/verify`, { ...plan, code: second });
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain('Send a new code');
  });
});

describe('saved-card codes: the reset, how many, by which channel', () => {
  it('the sandbox reset forgets the codes with the customers', async () => {
    const customer = await newCustomer();
    await saveCard(customer.id, '4242424242424242');
    const id = await pay({ serviceCustomerId: customer.id });
    await browser().post(`/pay/${id}/saved-card/code`, plan);
    const rows = async () =>
      (
        (await h.service.store
          .prepare('SELECT count(*) AS n FROM checkout_verifications WHERE customer_id = ?')
          .get(customer.id)) as { n: number }
      ).n;
    expect(await rows()).toBe(1);
    expect((await h.call('POST', '/api/sandbox/reset')).status).toBe(200);
    expect(await rows()).toBe(0);
  });

  it('sends at most 5 codes for one payment request', async () => {
    const customer = await newCustomer();
    await saveCard(customer.id, '4242424242424242');
    const id = await pay({ serviceCustomerId: customer.id });
    for (let i = 0; i < 5; i++)
      expect((await browser().post(`/pay/${id}/saved-card/code`, plan)).status).toBe(303);
    const sixth = await browser().post(`/pay/${id}/saved-card/code`, plan);
    expect(sixth.status).toBe(429);
    expect(await sixth.text()).toContain('Too many codes have been sent for this payment');
    expect(await codesTo(customer.id)).toHaveLength(5);
  });

  it('sends the code by SMS to a customer with a phone number and no email', async () => {
    const customer = Customer.parse(
      (
        await h.call('POST', '/api/customers', {
          fullName: 'Phone Only',
          phoneCountryCode: '44',
          phoneNumber: '7700900123',
        })
      ).body,
    );
    await saveCard(customer.id, '4242424242424242');
    const id = await pay({ serviceCustomerId: customer.id });
    const b = browser();
    await b.post(`/pay/${id}/saved-card/code`, plan);
    expect((await codesTo(customer.id))[0]).toMatchObject({ channel: 'SMS', to: '+44 7700900123' });
    expect(await (await b.get(`/pay/${id}/card?tip=none&people=1`)).text()).toContain(
      'your phone number ending 123',
    );
  });

  it('a customer with no email or phone is not offered saved cards', async () => {
    const customer = await newCustomer();
    // The API cannot make such a customer, but older records exist.
    await h.service.store
      .prepare('UPDATE customers SET email = NULL WHERE id = ?')
      .run(customer.id);
    await saveCard(customer.id, '4242424242424242');
    const id = await pay({ serviceCustomerId: customer.id });
    const html = await (await fetch(`${h.url}/pay/${id}/card?tip=none&people=1`)).text();
    expect(html).toContain('Card number');
    expect(html).not.toContain('Send me a code');
    expect((await post(`/pay/${id}/saved-card/code`, plan)).status).toBe(303);
    expect(await codesTo(customer.id)).toEqual([]);
  });
});

describe('returning customers pay with their saved cards', () => {
  it('a saved card that declines fails the payment; another customer’s card is refused', async () => {
    const customer = await newCustomer();
    const other = await newCustomer();
    const mine = await saveCard(customer.id, '4000000000009995');
    const theirs = await saveCard(other.id, '4242424242424242');
    const id = await pay({ serviceCustomerId: customer.id });
    const b = await verifiedBrowser(id, customer.id);
    const refused = await b.post(`/pay/${id}/saved-card`, { ...plan, cardId: theirs.id });
    expect(refused.headers.get('location')).toBe(`/pay/${id}/card?tip=none&people=1`);
    expect((await status(id)).status).toBe('PAYMENT_NOT_INITIATED');
    await b.post(`/pay/${id}/saved-card`, { ...plan, cardId: mine.id });
    await settle();
    expect(await status(id)).toMatchObject({
      status: 'FAILED',
      errorDescription: 'Insufficient funds',
    });
  });

  it('a tip above the amount is refused with a message and nothing is charged', async () => {
    const customer = await newCustomer();
    const saved = await saveCard(customer.id, '4242424242424242');
    const id = await pay({ serviceCustomerId: customer.id });
    const b = await verifiedBrowser(id, customer.id);
    const res = await b.post(`/pay/${id}/saved-card`, {
      tip: 'custom',
      customTip: '10.00',
      people: '1',
      cardId: saved.id,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('The tip can be at most £9.99, the amount you are paying');
    await settle();
    expect(await status(id)).toMatchObject({ status: 'PAYMENT_NOT_INITIATED', transactions: [] });
    // At most the amount is fine.
    await b.post(`/pay/${id}/saved-card`, {
      tip: 'custom',
      customTip: '9.99',
      people: '1',
      cardId: saved.id,
    });
    await settle();
    expect(await status(id)).toMatchObject({
      status: 'COMPLETED',
      tipAmount: 9.99,
      paidAmount: 19.98,
    });
  });

  it('with savePaymentMethod the saved cards are not offered (a new card is being saved)', async () => {
    const customer = await newCustomer();
    await saveCard(customer.id, '5555555555554444');
    const id = await pay({ serviceCustomerId: customer.id, savePaymentMethod: true });
    const html = await (await fetch(`${h.url}/pay/${id}/card?tip=none&people=1`)).text();
    expect(html).not.toContain('ending 4444');
    expect(html).not.toContain('Send me a code');
  });
});
