/**
 * Receipts over real HTTP: the hosted receipt page (every detail, refunds, escaping, security
 * headers, unknown ids) and the RECEIPT / RECEIPT_PNG templates with refunds and a QR code that
 * scans to the receipt page.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService({ tickMs: 3_600_000 });
});
afterAll(() => h.close());

async function paidByCard(
  orderId: string,
  amount: number,
  tip: number,
  notes?: string,
  lineItems?: { description: string; quantity: number; unitAmount: number }[],
) {
  const res = await h.call('POST', '/api/payments/process-payment', {
    customerId: 'c',
    orderId,
    amount,
    ...(notes ? { notes } : {}),
    ...(lineItems ? { lineItems } : {}),
  });
  const id = res.body.paymentRequestId as string;
  const paid = await h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod: 'CARD',
    outcome: 'COMPLETED',
    tipAmount: tip,
  });
  expect(paid.body.status).toBe('COMPLETED');
  return id;
}
const page = async (id: string) => {
  const res = await fetch(`${h.url}/receipt/${id}`);
  return { status: res.status, headers: res.headers, html: await res.text() };
};
/** The page's text as a reader sees it (tags dropped, entities of the page decoded). */
const textOf = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('hosted receipt page', () => {
  it('shows merchant, store, amount, tip, method, masked card, date, order id and refunds', async () => {
    const id = await paidByCard('ORD-R1', 12.5, 1.5, 'Table 4');
    const before = await page(id);
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toMatch(/text\/html/);
    expect(before.headers.get('cache-control')).toBe('no-store');
    expect(before.headers.get('referrer-policy')).toBe('no-referrer');
    expect(before.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const text = textOf(before.html);
    for (const expected of [
      'Counter Demo Shop',
      'Main Street',
      '£14.00',
      'Tip £1.50',
      'Total paid £14.00',
      'Method VISA •••• 4242',
      'Order ID ORD-R1',
      'Table 4',
      id,
      'Paid',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/Date \d{1,2} \w+ 20\d\d at \d\d:\d\d/);
    expect(text).not.toContain('Refunds');

    const refund = await h.call('POST', `/api/refund/${id}`, { amount: 4 });
    expect(refund.status).toBe(201);
    await h.call('POST', `/api/sandbox/refunds/${refund.body.refundId}/simulate`, {
      outcome: 'COMPLETED',
    });
    await h.call('POST', `/api/refund/${id}`, { amount: 1 });
    const after = textOf((await page(id)).html);
    expect(after).toContain('Paid, partly refunded');
    expect(after).toContain('Refunded −£4.00');
    expect(after).toContain('Net paid £10.00');
    expect(after).toMatch(/Refunds Date Status Amount .* Refunded £4\.00 .* Requested £1\.00/);
  });

  it('escapes what the merchant typed and answers unknown ids with a 404 page', async () => {
    const id = await paidByCard('<script>x</script>', 3, 0);
    const { html } = await page(id);
    expect(html).not.toContain('<script>x');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    for (const bad of ['4a4b0c1e-5f4e-4d3c-8b2a-1f0e9d8c7b6a', 'not-an-id']) {
      const missing = await page(bad);
      expect(missing.status).toBe(404);
      expect(textOf(missing.html)).toContain('Receipt not found');
    }
  });

  it('says so when the payment is not paid', async () => {
    const res = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'ORD-OPEN',
      amount: 2,
    });
    const text = textOf((await page(res.body.paymentRequestId)).html);
    expect(text).toContain('Not paid (PAYMENT_NOT_INITIATED)');
    expect(text).not.toContain('Total paid');
  });
});

const BASKET = [
  { description: 'Flat white', quantity: 2, unitAmount: 3.2 },
  { description: 'Croissant', quantity: 1, unitAmount: 2.75 },
];
/** A long shop's basket: 40 lines of 25p, £10 in all. */
const LONG_BASKET = Array.from({ length: 40 }, (_, i) => ({
  description: `Item ${i + 1}`,
  quantity: 1,
  unitAmount: 0.25,
}));
const template = (id: string, name: string) =>
  fetch(`${h.url}/api/payment-requests/${id}/template/${name}`);
const pngOf = async (id: string) =>
  PNG.sync.read(Buffer.from(await (await template(id, 'RECEIPT_PNG')).arrayBuffer()));

describe('the basket on the receipts', () => {
  it('is listed on the receipt page above the amounts: description, quantity × price, line total', async () => {
    const id = await paidByCard('ORD-B1', 9.15, 0, undefined, BASKET);
    const text = textOf((await page(id)).html);
    expect(text).toMatch(
      /Items Item Total Flat white 2 × £3\.20 £6\.40 Croissant 1 × £2\.75 £2\.75 Amount £9\.15 Total paid £9\.15/,
    );
    // Every line of a long basket: a page scrolls.
    const long = textOf(
      (await page(await paidByCard('ORD-B2', 10, 0, undefined, LONG_BASKET))).html,
    );
    expect(long).toContain('Item 1 1 × £0.25 £0.25');
    expect(long).toContain('Item 40 1 × £0.25 £0.25');
    // Without a basket there is no Items section.
    expect(textOf((await page(await paidByCard('ORD-B3', 2, 0))).html)).not.toContain('Items');
  });

  it('is drawn on the receipt image, a long one cut to its first lines and "+K more lines"', async () => {
    const plain = await paidByCard('ORD-B4', 9.15, 0);
    const withLines = await paidByCard('ORD-B5', 9.15, 0, undefined, BASKET);
    const svg = await (await template(withLines, 'RECEIPT')).text();
    for (const expected of ['Items', 'Flat white', '2 × £3.20', '£6.40', 'Croissant', '£2.75'])
      expect(svg).toContain(expected);
    expect(await (await template(plain, 'RECEIPT')).text()).not.toContain('Items');
    const [plainPng, linesPng] = [await pngOf(plain), await pngOf(withLines)];
    expect(linesPng.width).toBe(plainPng.width);
    expect(linesPng.height).toBeGreaterThan(plainPng.height);
    // The receipt QR code still scans under the lines.
    const scanned = jsQR(new Uint8ClampedArray(linesPng.data), linesPng.width, linesPng.height);
    expect(scanned?.data).toBe(`${h.url}/receipt/${withLines}`);

    const long = await paidByCard('ORD-B6', 10, 0, undefined, LONG_BASKET);
    const longSvg = await (await template(long, 'RECEIPT')).text();
    expect(longSvg).toContain('>Item 11<');
    expect(longSvg).not.toContain('>Item 12<');
    expect(longSvg).toContain('+29 more lines');
    expect(longSvg).toContain('£7.25'); // what the 29 come to
    const longPng = await pngOf(long);
    expect(longPng.height).toBeLessThan(2000);
  });
});

describe('RECEIPT templates', () => {
  it('list the refunds and carry a QR code to the receipt page', async () => {
    const id = await paidByCard('ORD-T1', 20, 0);
    const r = await h.call('POST', `/api/refund/${id}`, { amount: 5 });
    await h.call('POST', `/api/sandbox/refunds/${r.body.refundId}/simulate`, {
      outcome: 'COMPLETED',
    });
    const svg = await (await fetch(`${h.url}/api/payment-requests/${id}/template/RECEIPT`)).text();
    expect(svg).toContain('Refunds');
    expect(svg).toContain('£5.00 refunded');
    expect(svg).toContain('−£5.00');
    expect(svg).toContain('Scan to keep this receipt');

    const png = await fetch(`${h.url}/api/payment-requests/${id}/template/RECEIPT_PNG`);
    const image = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
    expect(image.height).toBeGreaterThan(image.width);
    const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
    expect(decoded).toBe(`${h.url}/receipt/${id}`);
    // The receipt the code leads to is the page above.
    expect(textOf((await page(id)).html)).toContain('ORD-T1');
  });
});
