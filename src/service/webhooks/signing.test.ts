import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  verifyWebhook,
  verifyWebhookSignature,
  WebhookVerificationError,
} from '../../client/webhook-verify';
import { newWebhookSecret, signatureMatches, webhookHeaders } from './signing';

const body = JSON.stringify({
  id: 'evt_1f0c2d6e-8d0a-4d0b-9a57-8d4b9f0e1a11',
  type: 'PAYMENTS_STATUS',
  createdAt: '2025-01-02T03:04:05.000Z',
  environment: 'sandbox',
  data: {
    status: 'COMPLETED',
    paidAmount: 12.5,
    orderId: 'o-1',
    paymentMethod: 'CARD',
    metadata: {},
  },
});
const id = 'evt_1f0c2d6e-8d0a-4d0b-9a57-8d4b9f0e1a11';
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('webhook secrets', () => {
  it('are whsec_ + base64 of 32 random bytes, different every time', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(a);
  });
});

describe('our signatures', () => {
  it('verify with the standardwebhooks package', () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders(secret, id, body, nowSeconds());
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('are rejected by the standardwebhooks package under another secret or a changed body', () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders(secret, id, body, nowSeconds());
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace('12.5', '125'), headers)).toThrow();
  });

  it('equal what the standardwebhooks package signs', () => {
    const secret = newWebhookSecret();
    const when = new Date(1_700_000_000_000);
    expect(webhookHeaders(secret, id, body, 1_700_000_000)['webhook-signature']).toBe(
      new Webhook(secret).sign(id, when, body),
    );
    expect(
      signatureMatches(secret, id, 1_700_000_000, body, new Webhook(secret).sign(id, when, body)),
    ).toBe(true);
    expect(
      signatureMatches(secret, id, 1_700_000_001, body, new Webhook(secret).sign(id, when, body)),
    ).toBe(false);
  });
});

describe('the client verifier (src/client/webhook-verify.ts)', () => {
  const packageHeaders = (secret: string, seconds = nowSeconds(), payload = body) => ({
    'webhook-id': id,
    'webhook-timestamp': String(seconds),
    'webhook-signature': new Webhook(secret).sign(id, new Date(seconds * 1000), payload),
  });

  it("accepts the standardwebhooks package's signatures and returns the parsed event", () => {
    const secret = newWebhookSecret();
    const event = verifyWebhook(secret, body, packageHeaders(secret));
    expect(event.id).toBe(id);
    expect(event.data.status).toBe('COMPLETED');
    expect(event.data.paidAmount).toBe(12.5);
  });

  it('accepts Headers objects, Buffers and a list of secrets (rotation)', () => {
    const secret = newWebhookSecret();
    const headers = new Headers(packageHeaders(secret));
    expect(verifyWebhookSignature([newWebhookSecret(), secret], Buffer.from(body), headers)).toBe(
      id,
    );
  });

  it('accepts a header that carries several signatures when one matches', () => {
    const secret = newWebhookSecret();
    const h = packageHeaders(secret);
    const other = packageHeaders(newWebhookSecret())['webhook-signature'];
    expect(
      verifyWebhookSignature(secret, body, {
        ...h,
        'webhook-signature': `${other} ${h['webhook-signature']}`,
      }),
    ).toBe(id);
  });

  it('rejects a tampered body', () => {
    const secret = newWebhookSecret();
    expect(() =>
      verifyWebhook(secret, body.replace('COMPLETED', 'FAILED'), packageHeaders(secret)),
    ).toThrow(WebhookVerificationError);
  });

  it('rejects a timestamp older (or newer) than five minutes', () => {
    const secret = newWebhookSecret();
    expect(() => verifyWebhook(secret, body, packageHeaders(secret, nowSeconds() - 301))).toThrow(
      /too old/,
    );
    expect(() => verifyWebhook(secret, body, packageHeaders(secret, nowSeconds() + 301))).toThrow(
      /too new/,
    );
    expect(verifyWebhook(secret, body, packageHeaders(secret, nowSeconds() - 200)).id).toBe(id);
  });

  it('rejects the wrong secret and missing headers', () => {
    const secret = newWebhookSecret();
    expect(() => verifyWebhook(newWebhookSecret(), body, packageHeaders(secret))).toThrow(
      /No matching signature/,
    );
    const { 'webhook-signature': _dropped, ...partial } = packageHeaders(secret);
    expect(() => verifyWebhook(secret, body, partial)).toThrow(/Missing required headers/);
  });

  it('rejects a signed body whose event id differs from webhook-id', () => {
    const secret = newWebhookSecret();
    const swapped = body.replace(id, 'evt_other');
    const seconds = nowSeconds();
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(seconds),
      'webhook-signature': new Webhook(secret).sign(id, new Date(seconds * 1000), swapped),
    };
    expect(() => verifyWebhook(secret, swapped, headers)).toThrow(/does not match/);
  });
});
