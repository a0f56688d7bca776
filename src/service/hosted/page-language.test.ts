/**
 * The language a customer meets on the hosted payment page before choosing one: the shop's (the
 * `displayLanguage` kiosk setting of the payment's store), then their browser's
 * (`Accept-Language`), then English; their own choice wins, and lasts for that payment only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

async function payment(orderId: string): Promise<{ id: string; storeId: string }> {
  const created = await h.call('POST', '/api/payments/process-payment', {
    customerId: 'c',
    orderId,
    amount: 10,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.paymentRequestId as string;
  const status = await h.call('GET', `/api/payments/v1/payment-status/${id}`);
  return { id, storeId: status.body.storeId as string };
}

/** The page's `lang`, as a browser sending `headers` is shown it. */
async function pageLang(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(h.url + path, { headers });
  const html = await response.text();
  return { lang: /<html lang="([^"]+)"/.exec(html)?.[1], html, response };
}

describe('the hosted page’s language before the customer chooses', () => {
  it('is the browser’s, then English, while the shop sets none', async () => {
    const { id } = await payment('lang-browser');
    expect(
      (await pageLang(`/pay/${id}`, { 'accept-language': 'xx, pl;q=0.9, en;q=0.5' })).lang,
    ).toBe('pl');
    expect((await pageLang(`/pay/${id}`, { 'accept-language': 'en;q=0.4, ar;q=0.8' })).lang).toBe(
      'ar',
    );
    expect((await pageLang(`/pay/${id}`, { 'accept-language': 'ja' })).lang).toBe('en-GB');
    expect((await pageLang(`/pay/${id}/bank`)).lang).toBe('en-GB');
  });

  it('is the store’s language when its kiosk settings set one, on every step', async () => {
    const { id, storeId } = await payment('lang-store');
    const put = await h.call('PUT', `/api/stores/${storeId}/kiosk-settings`, {
      settings: { displayLanguage: 'cy' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const first = await pageLang(`/pay/${id}`, { 'accept-language': 'pl' });
    expect(first.lang).toBe('cy');
    expect(first.html).toContain('Sut hoffech chi dalu?');
    const bank = await pageLang(`/pay/${id}/bank?tip=none&people=1`);
    expect(bank.lang).toBe('cy');
    expect(bank.html).toContain('Dewiswch eich banc');

    // The customer's own choice wins, and lasts for this payment (its cookie).
    const chosen = await pageLang(`/pay/${id}?lang=ar`);
    expect(chosen.lang).toBe('ar');
    expect(chosen.html).toContain('dir="rtl"');
    const cookie = chosen.response.headers.get('set-cookie')!.split(';')[0]!;
    expect((await pageLang(`/pay/${id}/card?tip=none&people=1`, { cookie })).lang).toBe('ar');
    await h.call('PUT', `/api/stores/${storeId}/kiosk-settings`, { settings: {} });
  });
});
