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

async function paidByCard(orderId: string, amount: number, tip: number, notes?: string) {
  const res = await h.call('POST', '/api/payments/process-payment', {
    customerId: 'c',
    orderId,
    amount,
    ...(notes ? { notes } : {}),
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
      'Card (VISA •••• 4242)',
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
