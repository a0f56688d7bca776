/**
 * Saved-card charges over real HTTP: field rules, the card states (docs/customers.md) driven by the
 * sandbox clock, capture (whole or lower), cancel with its reason rules, the test cards'
 * outcomes and PAYMENTS_STATUS on every change (the sandbox simulate's authorizations and charges
 * after the reset are in charges-sandbox.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CardPayment, SavedCard } from '../../shared/contract/cards';
import { Customer } from '../../shared/contract/customers';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { PaymentStatusRecord } from '../../shared/contract/payments';
import { PRODUCTION, startService, type Harness } from '../../../test/helpers/service';
import { AUTHORIZATION_MS, CAPTURE_MARGIN_MS, forgetChargeable } from './charges';

let h: Harness;
let customer: Customer;
beforeAll(async () => {
  h = await startService();
  customer = Customer.parse(
    (await h.call('POST', '/api/customers', { fullName: 'Charge Me', email: 'charge@example.com' }))
      .body,
  );
});
afterAll(() => h.close());

const cardFor = async (number: string, extra: Record<string, unknown> = {}) => {
  const res = await h.call('POST', `/api/sandbox/customers/${customer.id}/cards`, {
    number,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return SavedCard.parse(res.body);
};
let orders = 0;
const charge = async (
  card: SavedCard,
  captureType: string,
  extra: Record<string, unknown> = {},
) => {
  const res = await h.call('POST', '/api/payments/card/process-payment', {
    customerId: customer.id,
    paymentMethodId: card.id,
    captureType,
    amount: 25.5,
    orderId: `order-${++orders}`,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return CardPayment.parse(res.body);
};
const status = async (id: string) => {
  const res = await h.call('GET', `/api/payments/v1/payment-status/${id}`);
  expect(res.status).toBe(200);
  return PaymentStatusRecord.parse(res.body);
};
const advance = async (ms: number) => {
  const res = await h.call('POST', '/api/sandbox/clock/advance', { ms });
  expect(res.status).toBe(200);
};
/** The card network answers after CARD_SETTLE_MS of service time. */
const settle = () => advance(1000);
const events = async (id: string) =>
  (
    await h.service.store
      .prepare<[string], { body: string }>(
        "SELECT body FROM events WHERE payment_request_id = ? AND type = 'PAYMENTS_STATUS' ORDER BY seq",
      )
      .all(id)
  ).map(
    (e) =>
      JSON.parse((e as { body: string }).body).data as {
        status: string;
        errorDescription?: string;
      },
  );
const expectError = (res: { status: number; body: unknown }, code: number, text?: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(code);
  const envelope = ErrorEnvelope.parse(res.body);
  if (text) expect(envelope.message).toContain(text);
  return envelope;
};
const capture = (id: string, body: unknown = {}) =>
  h.call('POST', `/api/payments/card/payment-request/${id}/capture`, body);
const cancel = (id: string, body: unknown = {}) =>
  h.call('POST', `/api/payments/card/payment-request/${id}/cancel`, body);

describe('charging a saved card', () => {
  it('AUTO_CAPTURE: 201 PENDING without expiresAt, then COMPLETED with cardPaymentDetails', async () => {
    const card = await cardFor('4242424242424242');
    const payment = await charge(card, 'AUTO_CAPTURE', {
      notes: 'Deposit',
      metadata: { ref: 'r1' },
    });
    expect(payment).toMatchObject({
      status: 'PENDING',
      amount: 25.5,
      currency: 'GBP',
      customerId: customer.id,
      paymentMethodId: card.id,
      captureType: 'AUTO_CAPTURE',
    });
    expect(payment.expiresAt).toBeUndefined();
    expect((await status(payment.paymentRequestId)).status).toBe('PENDING');
    await settle();
    const done = await status(payment.paymentRequestId);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      paidAmount: 25.5,
      paymentMethod: 'CARD',
      notes: 'Deposit',
      metadata: { ref: 'r1' },
    });
    expect(done.transactions[0]?.cardPaymentDetails).toEqual({
      cardType: 'CREDIT',
      captureType: 'AUTO_CAPTURE',
      maskedCardNumber: '**** **** **** 4242',
      brand: 'VISA',
    });
    expect((await events(payment.paymentRequestId)).map((e) => e.status)).toEqual([
      'PENDING',
      'COMPLETED',
    ]);
    expectError(await cancel(payment.paymentRequestId), 400, 'AUTO_CAPTURE');
    expectError(await capture(payment.paymentRequestId), 400, 'AUTO_CAPTURE');
  });

  it('one tick answers many charges together, each as it would alone, events in order', async () => {
    const charges = [
      [await charge(await cardFor('4242424242424242'), 'AUTO_CAPTURE'), 'COMPLETED', 25.5, null],
      [await charge(await cardFor('5555555555554444'), 'MANUAL_CAPTURE'), 'AUTHORIZED', 0, null],
      [
        await charge(await cardFor('4000000000009995'), 'AUTO_CAPTURE'),
        'FAILED',
        0,
        'Insufficient funds',
      ],
      [
        await charge(await cardFor('4000000000000341'), 'AUTO_CAPTURE'),
        'FAILED',
        0,
        'Capture refused by the issuer',
      ],
    ] as const;
    const heard: { seq: number; id: string; body: string }[] = [];
    const stop = h.service.ctx.outbox.subscribe((event) => heard.push(event));
    const ids = new Set(charges.map(([payment]) => payment.paymentRequestId));
    const answered = () =>
      heard.filter((e) => {
        const data = JSON.parse(e.body).data;
        return ids.has(data.paymentRequestId) && data.status !== 'PENDING';
      });
    try {
      await settle();
      // PostgreSQL's feed hands events to listeners a moment after their commit: wait for them.
      await vi.waitFor(() => expect(answered()).toHaveLength(charges.length), { timeout: 10_000 });
    } finally {
      stop();
    }
    for (const [payment, to, paid, error] of charges) {
      const record = await status(payment.paymentRequestId);
      expect(record).toMatchObject({ status: to, paidAmount: paid });
      expect(record.errorDescription ?? null).toBe(error);
      expect(record.paymentMethod).toBe(to === 'FAILED' ? null : 'CARD');
      expect(await events(payment.paymentRequestId)).toEqual([
        expect.objectContaining({ status: 'PENDING' }),
        expect.objectContaining({ status: to, ...(error ? { errorDescription: error } : {}) }),
      ]);
    }
    // Listeners hear each stored answer once, with the seq it was stored under, in that order.
    // (On a shared store the feed may also bring the charges' earlier PENDING events late.)
    const answers = answered();
    expect(answers).toHaveLength(charges.length);
    const stored = (await h.service.store
      .prepare('SELECT seq, id, body FROM events WHERE seq >= ? ORDER BY seq')
      .all(answers[0]!.seq)) as { seq: number; id: string; body: string }[];
    expect(answers).toEqual(
      stored
        .filter((e) => answers.some((a) => a.id === e.id))
        .map((e) => expect.objectContaining(e)),
    );
    expect(answers.map((e) => e.seq)).toEqual([...answers.map((e) => e.seq)].sort((a, b) => a - b));
  });
});

// A MANUAL_CAPTURE charge holds the amount until it is captured, cancelled or expires.
describe('charging a saved card, held for capture', () => {
  it('MANUAL_CAPTURE: AUTHORIZED until captured, for a lower amount', async () => {
    const card = await cardFor('5555555555554444');
    const payment = await charge(card, 'MANUAL_CAPTURE');
    expect(Date.parse(payment.expiresAt!) - Date.parse(payment.createdAt)).toBe(AUTHORIZATION_MS);
    expectError(await capture(payment.paymentRequestId), 400, 'still being authorized');
    await settle();
    expect((await status(payment.paymentRequestId)).status).toBe('AUTHORIZED');
    expectError(await capture(payment.paymentRequestId, { amount: 30 }), 400, 'amount');
    expectError(await capture(payment.paymentRequestId, { amount: 0.5 }), 400, 'amount');
    const res = await capture(payment.paymentRequestId, { amount: 20 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Captured 20.00 GBP' });
    const done = await status(payment.paymentRequestId);
    expect(done).toMatchObject({ status: 'COMPLETED', paidAmount: 20, amount: 25.5 });
    expect(done.transactions[0]?.cardPaymentDetails?.captureType).toBe('MANUAL_CAPTURE');
    expect((await events(payment.paymentRequestId)).map((e) => e.status)).toEqual([
      'PENDING',
      'AUTHORIZED',
      'COMPLETED',
    ]);
    expectError(await capture(payment.paymentRequestId), 400, 'already been captured');
    expectError(await cancel(payment.paymentRequestId), 400, 'already been captured');
  });

  it('MANUAL_CAPTURE: cancelled with a reason releases the hold', async () => {
    const card = await cardFor('4242424242424242');
    const payment = await charge(card, 'MANUAL_CAPTURE');
    await settle();
    const id = payment.paymentRequestId;
    expectError(
      await cancel(id, { cancelledReasonCode: 'Other' }),
      400,
      'cancelledReasonDescription',
    );
    expectError(
      await cancel(id, { cancelledReasonCode: 'Other', cancelledReasonDescription: '  ' }),
      400,
    );
    expectError(await cancel(id, { cancelledReasonCode: 'Because' }), 400, 'cancelledReasonCode');
    expectError(
      await cancel(id, { cancelledReasonDescription: 'x'.repeat(61) }),
      400,
      'cancelledReasonDescription',
    );
    expect((await status(id)).status).toBe('AUTHORIZED');
    const res = await cancel(id, {
      cancelledReasonCode: 'Requested by customer',
      cancelledReasonDescription: 'Changed mind',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
    const done = await status(id);
    expect(done.status).toBe('CANCELLED');
    expect(done.paidAmount).toBe(0);
    expect((await events(id)).map((e) => e.status)).toEqual(['PENDING', 'AUTHORIZED', 'CANCELLED']);
    expectError(await cancel(id), 400);
    expectError(await capture(id), 400);
  });

  it('every reason code is accepted; Other with a description', async () => {
    const card = await cardFor('4242424242424242');
    for (const body of [
      {},
      { cancelledReasonCode: 'Duplicate' },
      { cancelledReasonCode: 'Abandoned' },
      { cancelledReasonCode: 'Other', cancelledReasonDescription: 'x'.repeat(60) },
    ]) {
      const payment = await charge(card, 'CAPTURE_BEFORE_EXPIRY');
      await settle();
      expect((await cancel(payment.paymentRequestId, body)).status).toBe(200);
    }
  });

  it('CAPTURE_BEFORE_EXPIRY is captured by itself before the authorization expires', async () => {
    const card = await cardFor('4242424242424242');
    const payment = await charge(card, 'CAPTURE_BEFORE_EXPIRY');
    await settle();
    expect((await status(payment.paymentRequestId)).status).toBe('AUTHORIZED');
    await advance(AUTHORIZATION_MS - CAPTURE_MARGIN_MS - 60_000);
    expect((await status(payment.paymentRequestId)).status).toBe('AUTHORIZED');
    await advance(120_000);
    const done = await status(payment.paymentRequestId);
    expect(done).toMatchObject({ status: 'COMPLETED', paidAmount: 25.5 });
    expect(Date.parse(done.updatedAt)).toBeLessThan(Date.parse(payment.expiresAt!));
  });

  it('an uncaptured MANUAL_CAPTURE authorization is released (CANCELLED) at its expiry', async () => {
    const card = await cardFor('4242424242424242');
    const payment = await charge(card, 'MANUAL_CAPTURE');
    await settle();
    await advance(AUTHORIZATION_MS);
    const done = await status(payment.paymentRequestId);
    expect(done.status).toBe('CANCELLED');
    expect(done.errorDescription).toContain('expired');
    expect((await events(payment.paymentRequestId)).at(-1)).toMatchObject({ status: 'CANCELLED' });
    expectError(await capture(payment.paymentRequestId), 400);
  });
});

describe('test cards', () => {
  it.each([
    ['4000000000009995', 'Insufficient funds'],
    ['4000000000000069', 'Expired card'],
    ['4000000000000119', 'Do not honour'],
    ['4000000000000002', 'Card declined'],
  ])('%s fails with "%s" (FAILED with errorDescription, in the event too)', async (number, why) => {
    const card = await cardFor(number);
    for (const type of ['AUTO_CAPTURE', 'MANUAL_CAPTURE']) {
      const payment = await charge(card, type);
      expect(payment.status).toBe('PENDING');
      await settle();
      const done = await status(payment.paymentRequestId);
      expect(done).toMatchObject({ status: 'FAILED', errorDescription: why });
      expect((await events(payment.paymentRequestId)).at(-1)).toMatchObject({
        status: 'FAILED',
        errorDescription: why,
      });
    }
  });

  it('4000000000000341 authorizes but its capture fails', async () => {
    const card = await cardFor('4000000000000341');
    const manual = await charge(card, 'MANUAL_CAPTURE');
    await settle();
    expect((await status(manual.paymentRequestId)).status).toBe('AUTHORIZED');
    const res = await capture(manual.paymentRequestId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false });
    expect(await status(manual.paymentRequestId)).toMatchObject({
      status: 'FAILED',
      errorDescription: 'Capture refused by the issuer',
    });
    expect((await events(manual.paymentRequestId)).map((e) => e.status)).toEqual([
      'PENDING',
      'AUTHORIZED',
      'FAILED',
    ]);
    const auto = await charge(card, 'AUTO_CAPTURE');
    await settle();
    expect((await status(auto.paymentRequestId)).status).toBe('FAILED');
  });

  it('a saved card past its expiry date fails as Expired card', async () => {
    const year = new Date(Date.now()).getUTCFullYear() + 1;
    const card = await cardFor('4242424242424242', { expiryDate: `01/${year}` });
    await advance(366 * 24 * 3600_000);
    await advance(366 * 24 * 3600_000);
    const payment = await charge(card, 'AUTO_CAPTURE');
    await settle();
    expect(await status(payment.paymentRequestId)).toMatchObject({
      status: 'FAILED',
      errorDescription: 'Expired card',
    });
  });
});

describe('field rules and lookups', () => {
  let card: SavedCard;
  beforeAll(async () => {
    card = await cardFor('4242424242424242');
  });
  const base = () => ({
    customerId: customer.id,
    paymentMethodId: card.id,
    captureType: 'AUTO_CAPTURE',
    amount: 10,
    orderId: 'o-1',
  });
  const count = async () =>
    (
      (await h.service.store.prepare('SELECT count(*) AS n FROM payment_requests').get()) as {
        n: number;
      }
    ).n;

  it.each([
    [{ amount: 0.99 }, 'amount'],
    [{ amount: 1.234 }, 'amount'],
    [{ amount: '10' }, 'amount'],
    [{ customerId: 'nope' }, 'customerId'],
    [{ customerId: undefined }, 'customerId'],
    [{ paymentMethodId: '' }, 'paymentMethodId'],
    [{ paymentMethodId: 'x'.repeat(65) }, 'paymentMethodId'],
    [{ captureType: 'LATER' }, 'captureType'],
    [{ captureType: undefined }, 'captureType'],
    [{ orderId: '' }, 'orderId'],
    [{ orderId: '  ' }, 'orderId'],
    [{ orderId: 'o'.repeat(51) }, 'orderId'],
    [{ notes: 'n'.repeat(31) }, 'notes'],
    [{ storeId: 'store' }, 'storeId'],
  ])('400 for %j naming %s; nothing is created', async (patch, field) => {
    const before = await count();
    const envelope = expectError(
      await h.call('POST', '/api/payments/card/process-payment', { ...base(), ...patch }),
      400,
      field,
    );
    expect(envelope.name).toBe('BAD_REQUEST');
    expect(await count()).toBe(before);
  });

  it('accepts amount 1 and a 50-character orderId', async () => {
    const res = await h.call('POST', '/api/payments/card/process-payment', {
      ...base(),
      amount: 1,
      orderId: 'o'.repeat(50),
    });
    expect(res.status).toBe(201);
  });

  it('404 for an unknown customer or card, or a card of another customer', async () => {
    const other = Customer.parse(
      (
        await h.call('POST', '/api/customers', {
          fullName: 'Other Person',
          phoneNumber: '7000000002',
        })
      ).body,
    );
    const call = (patch: object) =>
      h.call('POST', '/api/payments/card/process-payment', { ...base(), ...patch });
    expectError(await call({ customerId: '00000000-0000-4000-8000-000000000000' }), 404);
    expectError(await call({ paymentMethodId: 'card_nope' }), 404);
    expectError(await call({ customerId: other.id }), 404);
    expectError(
      await h.call('POST', '/api/payments/card/process-payment', base(), PRODUCTION),
      404,
    );
  });

  it('notes and metadata are stored exactly: quotes, backslashes, accents, emoji', async () => {
    const notes = 'Deposit "table 4" \\ café 🎉 日本';
    const metadata = { 'ref"1': 'a\\b', emoji: '🍕🍕', empty: ' ' };
    const [one, two] = await Promise.all([
      h.call('POST', '/api/payments/card/process-payment', { ...base(), notes, metadata }),
      h.call('POST', '/api/payments/card/process-payment', { ...base(), notes, metadata }),
    ]);
    for (const res of [one!, two!]) {
      const record = await status(CardPayment.parse(res.body).paymentRequestId);
      expect(record).toMatchObject({ notes, metadata });
    }
  });

  it('a refused charge sent together with others fails alone (they may share one commit)', async () => {
    const count = async () =>
      (
        (await h.service.store.prepare('SELECT count(*) AS n FROM payment_requests').get()) as {
          n: number;
        }
      ).n;
    const before = await count();
    const send = (patch: object) =>
      h.call('POST', '/api/payments/card/process-payment', { ...base(), ...patch });
    const answers = await Promise.all([
      send({ orderId: 'batch-1' }),
      send({ orderId: 'batch-2', paymentMethodId: 'card_nope' }),
      send({ orderId: 'batch-3' }),
      send({ orderId: 'batch-4', customerId: '00000000-0000-4000-8000-000000000000' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 404, 201, 404]);
    expect(await count()).toBe(before + 2);
    for (const ok of [answers[0]!, answers[2]!])
      expect((await status(CardPayment.parse(ok.body).paymentRequestId)).status).toBe('PENDING');
  });

  it('400 when card payments are not activated on the merchant, and no payment is made', async () => {
    // The service never changes this setting itself, so its charges keep what they read
    // (forgetChargeable); a change made with SQL has to say so.
    const setCards = async (on: number) => {
      await h.service.store.prepare('UPDATE merchants SET card_enabled = ?').run(on);
      forgetChargeable(h.service.store);
    };
    const before = await h.service.store
      .prepare('SELECT count(*) AS n FROM payment_requests')
      .get();
    await setCards(0);
    try {
      const res = await h.call('POST', '/api/payments/card/process-payment', base());
      expectError(res, 400);
      expect(ErrorEnvelope.parse(res.body).message).toMatch(/not activated/);
    } finally {
      await setCards(1);
    }
    expect(
      await h.service.store.prepare('SELECT count(*) AS n FROM payment_requests').get(),
    ).toEqual(before);
    expect((await h.call('POST', '/api/payments/card/process-payment', base())).status).toBe(201);
  });

  it('capture and cancel: 400 bad UUID, 404 unknown, 400 not a card payment', async () => {
    expectError(await capture('nope'), 400);
    expectError(await cancel('00000000-0000-4000-8000-000000000000'), 404);
    const bank = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'o',
      amount: 5,
    });
    expectError(await cancel(bank.body.paymentRequestId), 400, 'not a card payment');
  });
});
