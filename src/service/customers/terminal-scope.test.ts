/**
 * The terminal scope over real HTTP: a terminal secret finds one customer only by exact email
 * or phone, reads that customer's masked cards, charges, captures and cancels for its own
 * store; it cannot list, search or guess; lookups are rate-limited and shown to the merchant.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardPayment, SavedCard, SavedCardPage } from '../../shared/contract/cards';
import { Customer, TerminalCustomer, TerminalLookupPage } from '../../shared/contract/customers';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { PaymentStatusRecord } from '../../shared/contract/payments';
import { startService, type Harness, pairTerminal } from '../../../test/helpers/service';
import { LOOKUPS_PER_MINUTE } from './terminal-scope';

let h: Harness;
let till: Awaited<ReturnType<typeof pair>>;
let customer: Customer;
let card: SavedCard;
beforeAll(async () => {
  h = await startService();
  till = await pair('Till 1');
  customer = Customer.parse(
    (
      await h.call('POST', '/api/customers', {
        fullName: 'Counter Customer',
        email: 'counter@example.com',
        phoneCountryCode: '44',
        phoneNumber: '7700900777',
        address: '1 Secret Road',
        metadata: { vip: 'yes' },
      })
    ).body,
  );
  card = SavedCard.parse(
    (
      await h.call('POST', `/api/sandbox/customers/${customer.id}/cards`, {
        number: '4242424242424242',
      })
    ).body,
  );
});
afterAll(() => h.close());

const pair = (name: string) => pairTerminal(h, name);
const lookup = (query: string, secret = till.secret) =>
  h.call('GET', `/api/terminal/customers/lookup?${query}`, undefined, secret);
const error = (res: { status: number; body: unknown }, code: number) => {
  expect(res.status, JSON.stringify(res.body)).toBe(code);
  return ErrorEnvelope.parse(res.body);
};
const resetLookups = () => h.service.store.prepare('DELETE FROM terminal_lookups').run();

describe('what a terminal may not do', () => {
  it('cannot list, search, read or change customers, nor use the merchant card routes', async () => {
    for (const [method, path] of [
      ['GET', '/api/customers'],
      ['GET', `/api/customers?search=counter`],
      ['GET', `/api/customers/${customer.id}`],
      ['PUT', `/api/customers/${customer.id}`],
      ['POST', '/api/customers'],
      ['GET', `/api/customers/${customer.id}/cards`],
      ['POST', `/api/customers/${customer.id}/cards/authorize`],
      ['GET', '/api/terminal/customer-lookups'],
    ] as const)
      error(await h.call(method, path, method === 'GET' ? undefined : {}, till.secret), 403);
  });

  it('finds nobody by a fragment of an email or a phone number', async () => {
    await resetLookups();
    error(await lookup('email=counter'), 400);
    error(await lookup('email=ounter@example.com'), 404);
    error(await lookup('phone=0900777'), 404);
    error(await lookup('phone=7700'), 404);
    error(await lookup(''), 400);
    error(await lookup('email=counter@example.com&phone=7700900777'), 400);
  });

  it('cannot read cards or charge a customer it has not looked up (404, as for an unknown id)', async () => {
    await resetLookups();
    error(
      await h.call('GET', `/api/terminal/customers/${customer.id}/cards`, undefined, till.secret),
      404,
    );
    const res = await h.call(
      'POST',
      '/api/payments/card/process-payment',
      {
        customerId: customer.id,
        paymentMethodId: card.id,
        captureType: 'AUTO_CAPTURE',
        amount: 5,
        orderId: 'x',
      },
      till.secret,
    );
    error(res, 404);
  });
});

describe('what a terminal may do', () => {
  it('looks a customer up by exact email (any case) or phone, seeing contact details only', async () => {
    await resetLookups();
    for (const q of [
      'email=Counter@Example.com',
      'phone=7700900777',
      `phone=${encodeURIComponent('+44 7700 900777')}`,
      'phone=447700900777',
    ]) {
      const res = await lookup(q);
      expect(res.status, q).toBe(200);
      expect(TerminalCustomer.strict().parse(res.body)).toEqual({
        id: customer.id,
        fullName: 'Counter Customer',
        email: 'counter@example.com',
        phoneCountryCode: '44',
        phoneNumber: '7700900777',
      });
    }
  });

  it('reads the masked cards, charges MANUAL_CAPTURE for its own store, captures and cancels', async () => {
    await resetLookups();
    await lookup('email=counter@example.com');
    const cards = SavedCardPage.parse(
      (await h.call('GET', `/api/terminal/customers/${customer.id}/cards`, undefined, till.secret))
        .body,
    );
    expect(cards.data.map((c) => c.lastFourDigits)).toEqual(['4242']);
    const charge = async () => {
      const res = await h.call(
        'POST',
        '/api/payments/card/process-payment',
        {
          customerId: customer.id,
          paymentMethodId: card.id,
          captureType: 'MANUAL_CAPTURE',
          amount: 50,
          orderId: 'deposit',
        },
        till.secret,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return CardPayment.parse(res.body);
    };
    const first = await charge();
    const second = await charge();
    await h.call('POST', '/api/sandbox/clock/advance', { ms: 1000 });
    const record = PaymentStatusRecord.parse(
      (
        await h.call(
          'GET',
          `/api/payments/v1/payment-status/${first.paymentRequestId}`,
          undefined,
          till.secret,
        )
      ).body,
    );
    expect(record).toMatchObject({
      status: 'AUTHORIZED',
      storeId: till.terminal.storeId,
      terminalId: till.terminal.id,
    });
    expect(
      (
        await h.call(
          'POST',
          `/api/payments/card/payment-request/${first.paymentRequestId}/capture`,
          { amount: 30 },
          till.secret,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await h.call(
          'POST',
          `/api/payments/card/payment-request/${second.paymentRequestId}/cancel`,
          { cancelledReasonCode: 'Abandoned' },
          till.secret,
        )
      ).status,
    ).toBe(200);
    // Its own store only.
    const other = randomUUID();
    error(
      await h.call(
        'POST',
        '/api/payments/card/process-payment',
        {
          customerId: customer.id,
          paymentMethodId: card.id,
          captureType: 'AUTO_CAPTURE',
          amount: 5,
          orderId: 'x',
          storeId: other,
        },
        till.secret,
      ),
      400,
    );
    // Another terminal cannot act on it, nor use the first terminal's lookup.
    const till2 = await pair('Till 2');
    await h.service.store
      .prepare('UPDATE terminals SET store_id = ? WHERE id = ?')
      .run(
        (
          (await h.service.store
            .prepare(
              "INSERT INTO stores (id, merchant_id, name, is_primary, created_at) VALUES (?, ?, 'Second', 0, 0) RETURNING id",
            )
            .get(other, h.service.bootstrap.merchantId)) as { id: string }
        ).id,
        till2.terminal.id,
      );
    await h.service.ctx.auth.forgetAll();
    error(
      await h.call('GET', `/api/terminal/customers/${customer.id}/cards`, undefined, till2.secret),
      404,
    );
    error(
      await h.call(
        'POST',
        `/api/payments/card/payment-request/${second.paymentRequestId}/cancel`,
        {},
        till2.secret,
      ),
      404,
    );
  });

  it('a lookup opens the cards for an hour only', async () => {
    await resetLookups();
    await lookup('email=counter@example.com');
    const cards = () =>
      h.call('GET', `/api/terminal/customers/${customer.id}/cards`, undefined, till.secret);
    // Open a moment before the hour is up...
    await h.call('POST', '/api/sandbox/clock/advance', { ms: 3600_000 - 1_000 });
    expect((await cards()).status).toBe(200);
    // ...and closed just after it.
    await h.call('POST', '/api/sandbox/clock/advance', { ms: 1_001 });
    error(
      await h.call('GET', `/api/terminal/customers/${customer.id}/cards`, undefined, till.secret),
      404,
    );
  });
});

describe('rate limit and the merchant’s log', () => {
  it(`allows ${LOOKUPS_PER_MINUTE} lookups a minute, then 429; the merchant sees each`, async () => {
    await resetLookups();
    for (let i = 0; i < LOOKUPS_PER_MINUTE; i++)
      await lookup(i % 2 ? 'email=counter@example.com' : `email=nobody${i}@example.com`);
    const limited = error(await lookup('email=counter@example.com'), 429);
    expect(limited.name).toBe('TOO_MANY_REQUESTS');
    await h.call('POST', '/api/sandbox/clock/advance', { ms: 61_000 });
    expect((await lookup('email=counter@example.com')).status).toBe(200);

    const log = TerminalLookupPage.parse(
      (await h.call('GET', '/api/terminal/customer-lookups?size=100')).body,
    );
    expect(log.totalCount).toBe(LOOKUPS_PER_MINUTE + 1);
    expect(log.data[0]).toMatchObject({
      terminalId: till.terminal.id,
      by: 'email',
      query: 'counter@example.com',
      found: true,
      customerId: customer.id,
    });
    expect(log.data.some((l) => !l.found && l.query === 'nobody0@example.com')).toBe(true);
  });
});
