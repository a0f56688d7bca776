/**
 * Every response under a hosted page carries its security headers (pages, redirects, 404s),
 * and a form posted from another site is refused before it can change anything.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

async function newRequest() {
  const created = await h.call('POST', '/api/payments/process-payment', {
    customerId: 'c',
    orderId: `o-${randomUUID().slice(0, 8)}`,
    amount: 5,
  });
  return created.body as { paymentUrl: string; paymentRequestId: string };
}

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual' as const,
});

function expectGuarded(res: Response) {
  expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  expect(res.headers.get('content-security-policy')).toContain("form-action 'self'");
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('same-origin');
}

describe('hosted page guard', () => {
  it('puts the security headers on pages, redirects and not-found answers', async () => {
    const { paymentUrl } = await newRequest();
    const page = await fetch(paymentUrl);
    expect(page.status).toBe(200);
    expectGuarded(page);
    // A fresh nonce per response, used by the page's stylesheet.
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get('content-security-policy')!)?.[1];
    expect(await page.text()).toContain(`<style nonce="${nonce}">`);

    const redirect = await fetch(`${paymentUrl}/bank`, form({ bank: 'Sandbox Bank' }));
    expect(redirect.status).toBe(303);
    expectGuarded(redirect);

    const missing = await fetch(`${h.url}/pay/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expectGuarded(missing);
  });

  it('refuses a form posted from another site and changes nothing', async () => {
    const { paymentUrl, paymentRequestId } = await newRequest();
    const attacks: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attacks) {
      const res = await fetch(`${paymentUrl}/bank`, form({ bank: 'Sandbox Bank' }, headers));
      expect(res.status).toBe(403);
      expectGuarded(res);
    }
    const status = await h.call('GET', `/api/payments/v1/payment-status/${paymentRequestId}`);
    expect(status.body).toMatchObject({ status: 'PAYMENT_NOT_INITIATED', transactions: [] });
  });

  it('refuses a form with `Origin: null` (a sandboxed frame, a data: page) unless the browser says same-origin', async () => {
    const { paymentUrl, paymentRequestId } = await newRequest();
    // A browser without Fetch Metadata sends only the opaque origin; one with it says where from.
    for (const headers of [
      { origin: 'null' } as Record<string, string>,
      { origin: 'null', 'sec-fetch-site': 'none' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
    ]) {
      const res = await fetch(`${paymentUrl}/bank`, form({ bank: 'Sandbox Bank' }, headers));
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expectGuarded(res);
    }
    const status = await h.call('GET', `/api/payments/v1/payment-status/${paymentRequestId}`);
    expect(status.body).toMatchObject({ status: 'PAYMENT_NOT_INITIATED', transactions: [] });

    // The page's own form, as browsers send it, still goes through.
    const origin = new URL(paymentUrl).origin;
    const own: Record<string, string>[] = [{ origin }, { origin, 'sec-fetch-site': 'same-origin' }];
    for (const headers of own) {
      const res = await fetch(`${paymentUrl}/bank`, form({ bank: 'Sandbox Bank' }, headers));
      expect(res.status, JSON.stringify(headers)).toBe(303);
    }
  });
});
