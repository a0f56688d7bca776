/**
 * A hosted-page step the lifecycle refuses although the page's own checks let it through
 * answers the customer a page (409, HTML) saying why, not the API's JSON error, and changes
 * nothing. The case: a split bill stays open while one payer's card share is with the card
 * network, so a second payer may reach the bank step, which the lifecycle then refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentStatusRecord } from '../../shared/contract/payments';
import { startService, type Harness } from '../../../test/helpers/service';
import { postForm } from '../../../test/helpers/form';

let h: Harness;
// No scheduler pass during the test: the card share stays PENDING with the network.
beforeAll(async () => {
  h = await startService({ tickMs: 3_600_000 });
});
afterAll(() => h.close());

const post = (path: string, fields: Record<string, string>) => postForm(h.url + path, fields);
const status = async (id: string) =>
  PaymentStatusRecord.parse((await h.call('GET', `/api/payments/v1/payment-status/${id}`)).body);

describe('a hosted-page step the payment request no longer allows', () => {
  it('answers the 409 notice page, not JSON, and starts nothing', async () => {
    const created = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'split-refused',
      amount: 10,
      splitBill: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.paymentRequestId as string;

    // The first payer's half goes to the card network; the bill stays open for the others.
    const card = await post(`/pay/${id}/card`, {
      tip: 'none',
      people: '2',
      name: 'First Payer',
      number: '4242424242424242',
      expiry: '11/38',
      cvc: '123',
    });
    expect(card.status).toBe(303);
    const before = await status(id);
    expect(before.status).toBe('AWAITING_AUTHORIZATION');
    expect(before.transactions).toMatchObject([{ status: 'PENDING', paymentMethod: 'CARD' }]);

    // The second payer picks a bank meanwhile: the page lets the form through, the lifecycle
    // refuses a new attempt while a card payment is being processed.
    const bank = await post(`/pay/${id}/bank`, { tip: 'none', people: '2', bank: 'Sandbox Bank' });
    expect(bank.status).toBe(409);
    expect(bank.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await bank.text();
    expect(html).toContain('This could not be done');
    expect(html).toContain('A card payment is being processed; wait for its outcome');
    expect(html).toContain(`href="/pay/${id}"`);

    const after = await status(id);
    expect(after.status).toBe('AWAITING_AUTHORIZATION');
    expect(after.transactions).toEqual(before.transactions);
  });
});
