/**
 * Invisible and direction-changing characters in what a customer reads (basket lines, order
 * ids, notes, the shop's and the customer's names), sent over real HTTP on either store: each
 * one refused with a 400 naming the field, and nothing created or changed. The rule is the
 * contract's one safe-text helper (src/shared/contract/common.ts), so every such field refuses
 * the same characters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../src/shared/contract/errors';
import { PairResponse } from '../../src/shared/contract/terminals';
import { startService, type Harness } from '../helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService({ tickMs: 3_600_000 });
});
afterAll(() => h.close());

/** Zero width, direction marks, separators, the byte order mark and the soft hyphen. */
const REFUSED = [
  0x200b, 0x200e, 0x200f, 0x061c, 0x2028, 0x2029, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066,
  0x2067, 0x2068, 0x2069, 0xfeff, 0x00ad,
].map((code) => ({ code, char: String.fromCharCode(code) }));
const name = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

function refusal(res: { status: number; body: unknown }, field: string, code: number) {
  expect(res.status, `${field} with ${name(code)}`).toBe(400);
  const { errors } = ErrorEnvelope.parse(res.body);
  const named = (Array.isArray(errors) ? errors : []).find((e) => e.field === field);
  expect(named?.message, `${field} with ${name(code)}`).toContain(`(found ${name(code)})`);
}

const paymentCount = async () =>
  (await h.call('GET', '/api/payment-requests?size=1')).body.totalCount as number;

describe('invisible and direction characters in customer-facing text', () => {
  it('refuse a basket line, an order id and a note: 400 naming the field, no payment made', async () => {
    const before = await paymentCount();
    for (const { code, char } of REFUSED) {
      const basket = await h.call('POST', '/api/payments/process-payment', {
        customerId: 'c',
        orderId: 'ORD-BASKET',
        amount: 3,
        lineItems: [{ description: `Flat${char} white`, quantity: 1, unitAmount: 3 }],
      });
      refusal(basket, 'lineItems.0.description', code);
      const order = await h.call('POST', '/api/payments/process-payment', {
        customerId: 'c',
        orderId: `ORD${char}1`,
        amount: 3,
      });
      refusal(order, 'orderId', code);
      const note = await h.call('POST', '/api/payments/process-payment', {
        customerId: 'c',
        orderId: 'ORD-NOTE',
        amount: 3,
        notes: `Thanks${char}`,
      });
      refusal(note, 'notes', code);
    }
    expect(await paymentCount()).toBe(before);
    // The same text without the mark is taken, joiners (emoji, some scripts) included.
    const plain = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'ORD-PLAIN',
      amount: 3,
      notes: 'Thanks 👩‍🍳',
      lineItems: [{ description: 'Flat white', quantity: 1, unitAmount: 3 }],
    });
    expect(plain.status).toBe(200);
  });

  it("refuse a basket on a terminal's display, a customer's name and the shop's name", async () => {
    const code = await h.call('POST', '/api/terminal/pairing-codes', {});
    const till = PairResponse.parse(
      (await h.call('POST', '/api/terminal/pair', { code: code.body.code, name: 'Till' }, null))
        .body,
    );
    const shop = (await h.call('GET', '/api/merchant')).body.name as string;
    const customers = async () =>
      (await h.call('GET', '/api/customers?size=1')).body.totalCount as number;
    const people = await customers();
    for (const { code: mark, char } of REFUSED) {
      const display = await h.call('POST', `/api/terminal/${till.terminal.id}/display`, {
        lineItems: [{ description: `Bag${char}`, quantity: 1, unitAmount: 0.1 }],
        currency: 'GBP',
      });
      refusal(display, 'lineItems.0.description', mark);
      const customer = await h.call('POST', '/api/customers', {
        fullName: `Ada${char} Lovelace`,
        email: 'ada@example.com',
      });
      refusal(customer, 'fullName', mark);
      const renamed = await h.call('PATCH', '/api/merchant', { name: `Counter${char} Shop` });
      refusal(renamed, 'name', mark);
    }
    expect(await customers()).toBe(people);
    expect((await h.call('GET', '/api/merchant')).body.name).toBe(shop);
  });
});
