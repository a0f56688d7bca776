/**
 * COLLECT contracts on card on file, over real HTTP against a service on loopback: the customer's
 * saved cards (saved with the sandbox control, the documented test cards of docs/customers.md),
 * approval linking one as linkedMethod, and charges that are real saved-card payment requests
 * (PAYMENTS_STATUS, payment status with cardPaymentDetails) settled by the sandbox card network,
 * reserving the amount until the card payment completes or fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentPay, AgentPayError } from '../../agent/index';
import { SavedCard } from '../../shared/contract/cards';
import { PaymentStatusRecord } from '../../shared/contract/payments';
import {
  limits,
  pageBrowser,
  registeredClient,
  sandboxCode,
  verifyOnPage,
} from '../../../test/helpers/agent';
import { startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
let pay: AgentPay;

beforeAll(async () => {
  h = await startService();
  pay = (await registeredClient(h, 'Gym billing')).client;
});
afterAll(() => h.close());

async function customer(name = 'Jo Bloggs'): Promise<string> {
  const res = await h.call('POST', '/api/customers', {
    fullName: name,
    email: `${name.replace(/\W/g, '.')}.${Math.random().toString(36).slice(2)}@example.com`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function saveCard(customerId: string, number: string) {
  const res = await h.call('POST', `/api/sandbox/customers/${customerId}/cards`, { number });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return SavedCard.parse(res.body);
}

const linked = (card: SavedCard) => ({
  paymentMethodId: card.id,
  lastFourDigits: card.lastFourDigits,
  brand: card.brand,
  expiryDate: card.expiryDate,
});

const gymLimits = limits({ maxPerPayment: 40, periodLimits: [{ amount: 60, period: 'MONTH' }] });

async function collectContract(customerId: string, name = 'Gym membership') {
  return pay.contract.create({
    name,
    type: 'COLLECT',
    serviceCustomerId: customerId,
    limits: gymLimits,
  } as never);
}

const authorize = (contractId: string, body: object) =>
  h.call('POST', `/api/sandbox/contracts/${contractId}/authorize`, body);

/** The card network answers CARD_SETTLE_MS after a charge; the tick then settles the contract. */
const settle = () => h.call('POST', '/api/sandbox/clock/advance', { ms: 1000 });

const events = async (id: string) =>
  (
    await h.service.store
      .prepare<[string], { body: string }>(
        "SELECT body FROM events WHERE payment_request_id = ? AND type = 'PAYMENTS_STATUS' ORDER BY seq",
      )
      .all(id)
  ).map((e) => (JSON.parse((e as { body: string }).body) as { data: { status: string } }).data);

const usage = async (contractId: string) => (await pay.contract.get(contractId)).usage![0];

describe('COLLECT with card on file', () => {
  it('approval links the chosen saved card; a charge is a saved-card payment that settles the reservation', async () => {
    const id = await customer();
    const visa = await saveCard(id, '4242424242424242');
    await saveCard(id, '5555555555554444'); // the newest, not chosen
    const someoneElses = await saveCard(await customer('Other Person'), '4000056655665556');
    const created = await collectContract(id);

    // A card that is not this customer's is refused and changes nothing.
    const refused = await authorize(created.contractId, {
      decision: 'APPROVE',
      paymentMethodId: someoneElses.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].field).toBe('paymentMethodId');
    expect((await pay.contract.get(created.contractId)).status).toBe('PENDING_AUTHORIZATION');

    const approved = await authorize(created.contractId, {
      decision: 'APPROVE',
      paymentMethodId: visa.id,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await pay.contract.get(created.contractId)).toMatchObject({
      status: 'ACTIVE',
      termsVersion: 1,
      linkedMethod: linked(visa),
    });

    const charge = await pay.contract.collect(created.contractId, {
      amount: 35,
      orderId: 'GYM-1',
      notes: 'January',
    });
    expect(charge).toMatchObject({ type: 'COLLECT', status: 'PENDING', amount: 35 });
    expect(await usage(created.contractId)).toMatchObject({ reserved: 35, remaining: 25 });
    // While it is reserved, a charge that would pass the cap is refused.
    const over = await pay.contract
      .collect(created.contractId, { amount: 30, orderId: 'GYM-2' })
      .catch((e: unknown) => e as AgentPayError);
    expect((over as AgentPayError).code).toBe('BAD_REQUEST');

    // The charge is a card payment request of the linked card, like any other.
    const pending = await h.call(
      'GET',
      `/api/payments/v1/payment-status/${charge.paymentRequestId}`,
    );
    expect(pending.status).toBe(200);
    expect(PaymentStatusRecord.parse(pending.body)).toMatchObject({
      status: 'PENDING',
      orderId: 'GYM-1',
      amount: 35,
    });
    await settle();
    const done = PaymentStatusRecord.parse(
      (await h.call('GET', `/api/payments/v1/payment-status/${charge.paymentRequestId}`)).body,
    );
    expect(done).toMatchObject({
      status: 'COMPLETED',
      paidAmount: 35,
      paymentMethod: 'CARD',
      notes: 'January',
    });
    expect(done.transactions[0]?.cardPaymentDetails).toEqual({
      cardType: 'CREDIT',
      captureType: 'AUTO_CAPTURE',
      maskedCardNumber: '**** **** **** 4242',
      brand: 'VISA',
    });
    expect((await events(charge.paymentRequestId!)).map((e) => e.status)).toEqual([
      'PENDING',
      'COMPLETED',
    ]);
    expect(await pay.contract.payment(charge.paymentId)).toMatchObject({
      status: 'COMPLETED',
      paymentRequestId: charge.paymentRequestId,
    });
    expect(await usage(created.contractId)).toMatchObject({
      usedThisPeriod: 35,
      reserved: 0,
      remaining: 25,
    });
  });

  it('without a paymentMethodId the sandbox control links the newest saved card', async () => {
    const id = await customer();
    await saveCard(id, '4242424242424242');
    const newest = await saveCard(id, '5555555555554444');
    const created = await collectContract(id);
    expect((await authorize(created.contractId, { decision: 'APPROVE' })).status).toBe(200);
    expect((await pay.contract.get(created.contractId)).linkedMethod).toEqual(linked(newest));
  });

  for (const [number, reason] of [
    ['4000000000009995', 'Insufficient funds'],
    ['4000000000000002', 'Card declined'],
    ['4000000000000069', 'Expired card'],
  ] as const) {
    it(`a declined card (${reason}) fails the charge and frees the reservation`, async () => {
      const id = await customer();
      const card = await saveCard(id, number);
      const created = await collectContract(id, `Gym (${reason})`);
      await authorize(created.contractId, { decision: 'APPROVE', paymentMethodId: card.id });
      const charge = await pay.contract.collect(created.contractId, {
        amount: 40,
        orderId: 'GYM-X',
      });
      expect(await usage(created.contractId)).toMatchObject({ reserved: 40, remaining: 20 });
      await settle();
      expect(await pay.contract.payment(charge.paymentId)).toMatchObject({
        status: 'FAILED',
        errorDescription: reason,
      });
      const status = await h.call(
        'GET',
        `/api/payments/v1/payment-status/${charge.paymentRequestId}`,
      );
      expect(status.body).toMatchObject({ status: 'FAILED', errorDescription: reason });
      expect((await events(charge.paymentRequestId!)).map((e) => e.status)).toEqual([
        'PENDING',
        'FAILED',
      ]);
      expect(await usage(created.contractId)).toMatchObject({
        usedThisPeriod: 0,
        reserved: 0,
        remaining: 60,
      });
    });
  }
});

describe('COLLECT charges: caps, no card, terms', () => {
  it('concurrent charges never pass a cap: each is checked and reserved atomically', async () => {
    const id = await customer();
    await saveCard(id, '4242424242424242');
    const created = await collectContract(id, 'Gym race');
    await authorize(created.contractId, { decision: 'APPROVE' });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        pay.contract.collect(created.contractId, { amount: 25, orderId: `RACE-${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(await usage(created.contractId)).toMatchObject({ reserved: 50, remaining: 10 });
    await settle();
    expect(await usage(created.contractId)).toMatchObject({ usedThisPeriod: 50, reserved: 0 });
    // Refused charges never reached the card network: two card payments, both completed.
    const requests = (await h.service.store
      .prepare("SELECT status FROM payment_requests WHERE order_id LIKE 'RACE-%'")
      .all()) as { status: string }[];
    expect(requests.map((r) => r.status)).toEqual(['COMPLETED', 'COMPLETED']);
  });

  it('with no saved card the contract is active but a charge is refused and reserves nothing', async () => {
    const created = await collectContract(await customer(), 'No card yet');
    expect((await authorize(created.contractId, { decision: 'APPROVE' })).status).toBe(200);
    const contract = await pay.contract.get(created.contractId);
    expect(contract.linkedMethod).toBeUndefined();
    const refused = await pay.contract
      .collect(created.contractId, { amount: 5, orderId: 'NONE' })
      .catch((e: unknown) => e as AgentPayError);
    expect((refused as AgentPayError).message).toContain('not linked a card');
    expect(await usage(created.contractId)).toMatchObject({ reserved: 0, remaining: 60 });
  });

  it('termsVersion is 1 on first approval and one more per approved update, never on a declined one', async () => {
    const id = await customer();
    await saveCard(id, '4242424242424242');
    const created = await collectContract(id, 'Gym terms');
    await authorize(created.contractId, { decision: 'APPROVE' });
    const raise = (amount: number) =>
      pay.contract.update(created.contractId, {
        limits: limits({ maxPerPayment: 40, periodLimits: [{ amount, period: 'MONTH' }] }),
      } as never);
    await raise(80);
    await authorize(created.contractId, { decision: 'APPROVE' });
    expect((await pay.contract.get(created.contractId)).termsVersion).toBe(2);
    await raise(90);
    await authorize(created.contractId, { decision: 'DECLINE' });
    expect((await pay.contract.get(created.contractId)).termsVersion).toBe(2);
    await raise(100);
    await authorize(created.contractId, { decision: 'APPROVE' });
    const after = await pay.contract.get(created.contractId);
    expect(after.termsVersion).toBe(3);
    expect(after.limits.periodLimits[0]!.amount).toBe(100);
  });
});

/** The hosted page as a browser without JavaScript uses it: plain form posts, 303s followed by hand. */
const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
    headers,
  });
const checkedCard = (html: string) =>
  /<input type="radio" name="paymentMethodId" value="([^"]+)" checked/.exec(html)?.[1];

describe('the authorization page of a COLLECT contract', () => {
  it('shows nothing of the customer before their code; then offers their cards (newest checked) and links the one they choose', async () => {
    const id = await customer('Jo Private');
    const email = (await h.call('GET', `/api/customers/${id}`)).body.email as string;
    const older = await saveCard(id, '4242424242424242');
    const newest = await saveCard(id, '5555555555554444');
    const created = await collectContract(id, 'Gym page');
    const url = created.authorizationUrl!;

    // Whoever holds the link (the agent does) sees the limits and the masked recipient only.
    const before = await (await fetch(url)).text();
    expect(before).toContain('At most £40.00 in any one payment.');
    expect(before).toContain('At most £60.00 in total each calendar month.');
    expect(before).toContain(`we send a one-time code to ${email[0]}•••@example.com`);
    for (const secret of [
      'ending 4242',
      'ending 4444',
      'The card to charge',
      'Add card',
      'Jo Private',
      email,
    ])
      expect(before).not.toContain(secret);
    // Nor can it add a card in the customer's name.
    const blind = await form(`${url}/card`, {
      name: 'Agent',
      number: '4242424242424242',
      expiry: '12/39',
      cvc: '123',
    });
    expect(blind.status).toBe(403);
    expect((await h.call('GET', `/api/customers/${id}/cards`)).body.totalCount).toBe(2);

    // The customer types the code sent to them: their browser now shows their cards.
    const browser = pageBrowser();
    await verifyOnPage(h, browser, url);
    const html = await (await browser.get(url)).text();
    expect(html).toContain('The card to charge');
    expect(html).toContain(`VISA card ending 4242, expires ${older.expiryDate}`);
    expect(html).toContain('MASTERCARD card ending 4444');
    expect(html.indexOf('ending 4444')).toBeLessThan(html.indexOf('ending 4242'));
    expect(checkedCard(html)).toBe(newest.id);
    expect(html).toContain('Add card');
    // Still nothing for another browser with the same link.
    expect(await (await fetch(url)).text()).not.toContain('ending 4242');

    const approved = await browser.post(url, { decision: 'APPROVE', paymentMethodId: older.id });
    expect(approved.status).toBe(200);
    expect(await approved.text()).toContain('can now be made to your VISA card ending 4242');
    expect(await pay.contract.get(created.contractId)).toMatchObject({
      status: 'ACTIVE',
      termsVersion: 1,
      linkedMethod: linked(older),
      approver: { email },
    });
    expect((await fetch(url)).status).toBe(410);
  });

  it("the code is typed on its own first: a wrong one is counted, the session is this browser's alone", async () => {
    const id = await customer();
    const card = await saveCard(id, '4242424242424242');
    const created = await collectContract(id, 'Gym verify');
    const url = created.authorizationUrl!;
    const code = await sandboxCode(h, url);
    const wrong = code === '123456' ? '654321' : '123456';
    const guess = await form(`${url}/verify`, { code: wrong });
    expect(guess.status).toBe(400);
    expect(await guess.text()).toContain('4 tries left');
    // Approving without the session or the code is refused before anything else.
    const bare = await form(url, { decision: 'APPROVE', paymentMethodId: card.id });
    expect(await bare.text()).toContain('Type the code we sent you first.');
    const browser = pageBrowser();
    const right = await browser.post(`${url}/verify`, { code });
    expect(right.status).toBe(303);
    const cookie = right.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^agent_approval_session=[\w-]{43};/);
    expect(cookie).toContain(`Path=/agents/authorize/${url.split('/').at(-1)}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    // The code is spent: it opens no second session, and another browser still approves nothing.
    expect((await form(`${url}/verify`, { code })).status).toBe(400);
    const other = await form(url, { decision: 'APPROVE', paymentMethodId: card.id });
    expect(other.status).toBe(400);
    expect((await pay.contract.get(created.contractId)).status).toBe('PENDING_AUTHORIZATION');
    expect(
      (await browser.post(url, { decision: 'APPROVE', paymentMethodId: card.id })).status,
    ).toBe(200);
    expect((await pay.contract.get(created.contractId)).status).toBe('ACTIVE');
  });
});

describe('the authorization page of a COLLECT contract: adding a card', () => {
  it('adds a new card with 3D Secure, comes back with it checked, and approving links it', async () => {
    const id = await customer();
    await saveCard(id, '4242424242424242');
    const created = await collectContract(id, 'Gym new card');
    const url = created.authorizationUrl!;
    const browser = pageBrowser();
    await verifyOnPage(h, browser, url);

    // Not a card, or a card the issuer refuses: the page says so and saves nothing.
    const typo = await browser.post(`${url}/card`, {
      name: 'Jo Bloggs',
      number: '4242 4242 4242 4241',
      expiry: '12/39',
      cvc: '123',
    });
    expect(typo.status).toBe(400);
    const typoHtml = await typo.text();
    expect(typoHtml).toContain('This card number is not valid');
    expect(typoHtml).toContain('value="Jo Bloggs"');
    const declined = await browser.post(`${url}/card`, {
      name: 'Jo Bloggs',
      number: '4000000000000002',
      expiry: '12/39',
      cvc: '123',
    });
    expect(declined.status).toBe(400);
    expect(await declined.text()).toContain('The card was declined (Card declined)');
    expect((await h.call('GET', `/api/customers/${id}/cards`)).body.totalCount).toBe(1);

    const typed = await browser.post(`${url}/card`, {
      name: 'Jo Bloggs',
      number: '4000 0000 0000 3220',
      expiry: '10/37',
      cvc: '123',
    });
    expect(typed.status).toBe(303);
    const challenge = new URL(typed.headers.get('location')!, h.url).href;
    expect(challenge).toMatch(/\/save-card\/[\w-]+\/challenge$/);
    const challengeHtml = await (await fetch(challenge)).text();
    expect(challengeHtml).toContain('ending 3220');
    const done = await form(challenge, { decision: 'complete' });
    expect(done.status).toBe(303);
    const back = new URL(done.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(url);
    expect(back.searchParams.get('status')).toBe('SAVED');

    const cards = (await h.call('GET', `/api/customers/${id}/cards`)).body;
    expect(cards.totalCount).toBe(2);
    const added = SavedCard.parse(cards.data.find((c: SavedCard) => c.lastFourDigits === '3220'));
    expect(added).toMatchObject({ brand: 'VISA', expiryDate: '10/2037', name: 'Jo Bloggs' });
    expect(back.searchParams.get('paymentMethodId')).toBe(added.id);

    const again = await (await browser.get(back)).text();
    expect(again).toContain('VISA card ending 3220, expires 10/2037 is saved');
    expect(checkedCard(again)).toBe(added.id);
    // The same return link shows nothing of it to a browser without the session.
    expect(await (await fetch(back)).text()).not.toContain('ending 3220');
    const approved = await browser.post(url, { decision: 'APPROVE', paymentMethodId: added.id });
    expect(approved.status).toBe(200);
    expect((await pay.contract.get(created.contractId)).linkedMethod).toEqual(linked(added));
  });

  it('a failed 3D Secure check saves nothing and the page says so', async () => {
    const id = await customer();
    const created = await collectContract(id, 'Gym 3DS fails');
    const url = created.authorizationUrl!;
    const browser = pageBrowser();
    await verifyOnPage(h, browser, url);
    const typed = await browser.post(`${url}/card`, {
      name: 'Jo Bloggs',
      number: '4242424242424242',
      expiry: '12/39',
      cvc: '123',
    });
    const challenge = new URL(typed.headers.get('location')!, h.url).href;
    const failed = await form(challenge, { decision: 'fail' });
    expect(failed.status).toBe(303);
    const html = await (await browser.get(failed.headers.get('location')!)).text();
    expect(html).toContain('Your new card was not saved');
    expect((await h.call('GET', `/api/customers/${id}/cards`)).body.totalCount).toBe(0);
  });
});

describe('the authorization page of a COLLECT contract: the decision', () => {
  it('approving needs a card; bad or foreign input changes nothing', async () => {
    const id = await customer();
    const created = await collectContract(id, 'Gym no card');
    const url = created.authorizationUrl!;
    const browser = pageBrowser();
    await verifyOnPage(h, browser, url);
    const html = await (await browser.get(url)).text();
    expect(html).toContain('You have no saved card yet');
    expect(html).not.toContain('value="APPROVE"');

    const noCard = await browser.post(url, { decision: 'APPROVE' });
    expect(noCard.status).toBe(400);
    expect(await noCard.text()).toContain('Choose the card to charge, or add a card first.');
    const other = await saveCard(await customer('Someone Else'), '4242424242424242');
    const foreign = await browser.post(url, { decision: 'APPROVE', paymentMethodId: other.id });
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain('That card is not one of your saved cards');
    const nonsense = await browser.post(url, { decision: 'MAYBE' });
    expect(nonsense.status).toBe(400);
    // Another site cannot post a decision or a card in the customer's name.
    const mine = await saveCard(id, '4242424242424242');
    const crossSite = await browser.post(
      url,
      { decision: 'APPROVE', paymentMethodId: mine.id },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    expect((await pay.contract.get(created.contractId)).status).toBe('PENDING_AUTHORIZATION');
    // The refused approvals did not end the session: with a card of the customer's it approves.
    const approved = await browser.post(url, { decision: 'APPROVE', paymentMethodId: mine.id });
    expect(await approved.text()).toContain('is active');
  });

  it('a code typed with the approval, foreign card refused, is kept for the right card', async () => {
    const id = await customer();
    const created = await collectContract(id, 'Gym one step');
    const url = created.authorizationUrl!;
    const mine = await saveCard(id, '4242424242424242');
    const other = await saveCard(await customer('Someone Else'), '4242424242424242');
    const code = await sandboxCode(h, url);
    const foreign = await form(url, { decision: 'APPROVE', paymentMethodId: other.id, code });
    expect(foreign.status).toBe(400);
    const approved = await form(url, { decision: 'APPROVE', paymentMethodId: mine.id, code });
    expect(await approved.text()).toContain('is active');
  });

  it('declining needs no code', async () => {
    const id = await customer();
    const created = await collectContract(id, 'Gym declined');
    const url = created.authorizationUrl!;

    const declined = await form(url, { decision: 'DECLINE' });
    expect(await declined.text()).toContain('was declined');
    expect((await pay.contract.get(created.contractId)).status).toBe('DECLINED');
  });

  it('an update shows the linked card once the code is typed, and approving it raises termsVersion', async () => {
    const id = await customer();
    const card = await saveCard(id, '4242424242424242');
    const created = await collectContract(id, 'Gym update');
    await authorize(created.contractId, { decision: 'APPROVE' });
    const staged = await pay.contract.update(created.contractId, {
      limits: limits({ maxPerPayment: 40, periodLimits: [{ amount: 90, period: 'MONTH' }] }),
    } as never);
    const url = staged.authorizationUrl!;
    const before = await (await fetch(url)).text();
    expect(before).toContain('At most £90.00 in total each calendar month.');
    expect(before).not.toContain('ending 4242');
    const browser = pageBrowser();
    await verifyOnPage(h, browser, url);
    const html = await (await browser.get(url)).text();
    expect(html).toContain(`Charges go to your VISA card ending 4242, expires ${card.expiryDate}`);
    expect(html).not.toContain('Add card');
    const approved = await browser.post(url, { decision: 'APPROVE' });
    expect(await approved.text()).toContain('apply from now');
    expect(await pay.contract.get(created.contractId)).toMatchObject({
      termsVersion: 2,
      linkedMethod: linked(card),
    });
  });
});
