/**
 * Card on file at checkout, through the hosted payment page's forms over real HTTP:
 * savePaymentMethod saves the card only after a completed 3DS challenge; a returning customer
 * (serviceCustomerId) is offered their saved cards and can pay with one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SavedCardPage } from '../../shared/contract/cards';
import { Customer } from '../../shared/contract/customers';
import { PaymentStatusRecord } from '../../shared/contract/payments';
import { startService, type Harness } from '../../../test/helpers/service';

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
const post = (path: string, fields: Record<string, string>) =>
  fetch(h.url + path, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
    },
    body: new URLSearchParams(fields).toString(),
  });
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

describe('returning customers see their saved cards', () => {
  it('offers the saved cards and charges the one chosen', async () => {
    const customer = await newCustomer();
    const saved = (
      await h.call('POST', `/api/sandbox/customers/${customer.id}/cards`, {
        number: '5555555555554444',
      })
    ).body;
    const id = await pay({ serviceCustomerId: customer.id });
    const page = await fetch(`${h.url}/pay/${id}/card?tip=none&people=1`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('MASTERCARD ending 4444');
    expect(html).toContain('Use another card');
    const other = await fetch(`${h.url}/pay/${id}/card?tip=none&people=1&new=1`);
    expect(await other.text()).not.toContain('MASTERCARD ending 4444');

    const res = await post(`/pay/${id}/saved-card`, { tip: 'none', people: '1', cardId: saved.id });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('?tx=');
    await settle();
    const done = await status(id);
    expect(done.status).toBe('COMPLETED');
    expect(done.transactions[0]?.cardPaymentDetails?.maskedCardNumber).toBe('**** **** **** 4444');
  });

  it('a saved card that declines fails the payment; another customer’s card is refused', async () => {
    const customer = await newCustomer();
    const other = await newCustomer();
    const mine = (
      await h.call('POST', `/api/sandbox/customers/${customer.id}/cards`, {
        number: '4000000000009995',
      })
    ).body;
    const theirs = (
      await h.call('POST', `/api/sandbox/customers/${other.id}/cards`, {
        number: '4242424242424242',
      })
    ).body;
    const id = await pay({ serviceCustomerId: customer.id });
    const refused = await post(`/pay/${id}/saved-card`, {
      tip: 'none',
      people: '1',
      cardId: theirs.id,
    });
    expect(refused.headers.get('location')).toBe(`/pay/${id}/card`);
    expect((await status(id)).status).toBe('PAYMENT_NOT_INITIATED');
    await post(`/pay/${id}/saved-card`, { tip: 'none', people: '1', cardId: mine.id });
    await settle();
    expect(await status(id)).toMatchObject({
      status: 'FAILED',
      errorDescription: 'Insufficient funds',
    });
  });

  it('with savePaymentMethod the saved cards are not offered (a new card is being saved)', async () => {
    const customer = await newCustomer();
    await h.call('POST', `/api/sandbox/customers/${customer.id}/cards`, {
      number: '5555555555554444',
    });
    const id = await pay({ serviceCustomerId: customer.id, savePaymentMethod: true });
    const html = await (await fetch(`${h.url}/pay/${id}/card?tip=none&people=1`)).text();
    expect(html).not.toContain('ending 4444');
  });
});
