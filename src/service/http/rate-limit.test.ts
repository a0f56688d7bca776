/**
 * Brute-force limits (docs/reliability.md): wrong secrets and wrong pairing codes are counted per
 * client address and kind of credential; past the limit further wrong ones answer 429 with
 * Retry-After, in the envelope, while a right secret is always answered. Malformed requests cost
 * nothing. Real HTTP from 127.0.0.1; the limiter's clock is injected.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { SANDBOX, startService, type Harness } from '../../../test/helpers/service';
import { createFailureLimiter } from './rate-limit';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

let t = 0;
const limited = async () => {
  t = 1_000_000;
  h = await startService({ failureLimit: { burst: 3, perMinute: 6, now: () => t } });
  return h;
};
let guesses = 0;
const wrong = (h: Harness) =>
  h.call('GET', '/api/terminal', undefined, `sk_sandbox_guess_${guesses++}`);

function tooMany(res: { status: number; body: unknown; headers: Headers }, seconds: number) {
  expect(res.status).toBe(429);
  const envelope = ErrorEnvelope.parse(res.body);
  expect(envelope).toMatchObject({ name: 'TOO_MANY_REQUESTS', status: 429 });
  expect(res.headers.get('retry-after')).toBe(String(seconds));
}

describe('the failure limiter', () => {
  it('lets a burst through, then one failure per refill interval', () => {
    let now = 0;
    const limiter = createFailureLimiter({ burst: 2, perMinute: 60, now: () => now });
    expect(limiter.retryAfter('a')).toBe(0);
    expect(limiter.fail('a')).toBe(0);
    expect(limiter.fail('a')).toBe(0);
    expect(limiter.retryAfter('a')).toBe(1);
    expect(limiter.fail('a')).toBe(1); // spent: not counted, the caller answers 429
    expect(limiter.retryAfter('b')).toBe(0); // per bucket
    now += 1000;
    expect(limiter.retryAfter('a')).toBe(0);
    expect(limiter.fail('a')).toBe(0);
    expect(limiter.retryAfter('a')).toBe(1);
  });

  it('counts a repeated wrong secret once', () => {
    const limiter = createFailureLimiter({ burst: 2, now: () => 0 });
    for (let i = 0; i < 10; i++) limiter.fail('a', 'same');
    expect(limiter.retryAfter('a')).toBe(0);
    limiter.fail('a', 'other');
    expect(limiter.retryAfter('a')).toBeGreaterThan(0);
  });

  it('forgets the longest-quiet addresses past its size', () => {
    const limiter = createFailureLimiter({ burst: 1, maxBuckets: 2, now: () => 0 });
    for (const a of ['a', 'b', 'c']) limiter.fail(a);
    expect(limiter.retryAfter('a')).toBe(0);
    expect(limiter.retryAfter('c')).toBeGreaterThan(0);
  });
});

describe('wrong secrets', () => {
  it('answer 401 up to the burst, then 429 with Retry-After, on every authenticated route', async () => {
    const h = await limited();
    for (let i = 0; i < 3; i++) expect((await wrong(h)).status).toBe(401);
    tooMany(await wrong(h), 10);
    tooMany(
      await h.call('POST', '/api/payments/process-payment', {}, `sk_live_guess_${guesses++}`),
      10,
    );
    // Public pages are not held back.
    expect((await fetch(`${h.url}/docs`)).status).toBe(200);
    t += 10_000;
    expect((await wrong(h)).status).toBe(401);
    tooMany(await wrong(h), 10);
  });

  it('never hold back a right secret: 30 wrong ones, then the right one from the same address', async () => {
    const h = await limited();
    for (let i = 0; i < 30; i++) expect((await wrong(h)).status).toBeOneOf([401, 429]);
    tooMany(await wrong(h), 10);
    expect((await h.call('GET', '/api/terminal')).status).toBe(200);
    const paid = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'walk-in',
      orderId: 'A-1',
      amount: 1.5,
    });
    expect(paid.status).toBe(200);
    // A terminal's secret too: the kiosk can still take a payment.
    const code = await h.call('POST', '/api/terminal/pairing-codes', {});
    const pair = await h.call(
      'POST',
      '/api/terminal/pair',
      { code: code.body.code, name: 'K' },
      null,
    );
    expect(pair.status).toBe(201);
    expect((await h.call('GET', '/api/terminal/me', undefined, pair.body.secret)).status).toBe(200);
  });

  it('counts only failures: successes and missing secrets cost nothing', async () => {
    const h = await limited();
    for (let i = 0; i < 30; i++) expect((await h.call('GET', '/api/terminal')).status).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await h.call('GET', '/api/terminal', undefined, null)).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await wrong(h)).status).toBe(401);
    expect((await wrong(h)).status).toBe(429);
  });

  it('is generous by default: 20 wrong secrets in a row still get 401', async () => {
    h = await startService();
    for (let i = 0; i < 20; i++) expect((await wrong(h)).status).toBe(401);
    expect((await wrong(h)).status).toBe(429);
    expect((await h.call('GET', '/api/terminal', undefined, SANDBOX)).status).toBe(200);
  });
});

describe('a revoked secret still in use', () => {
  it('does not lock its address out: the same wrong secret counts once, and keeps its 401', async () => {
    const h = await limited();
    for (let i = 0; i < 30; i++)
      expect((await h.call('GET', '/api/terminal', undefined, 'tk_sandbox_revoked')).status).toBe(
        401,
      );
    expect((await h.call('GET', '/api/terminal')).status).toBe(200);
  });
});

describe('pairing codes', () => {
  it('count wrong codes against the address and answer 429 past the limit', async () => {
    const h = await limited();
    const code = await h.call('POST', '/api/terminal/pairing-codes', {});
    expect(code.status).toBe(201);
    const guess = (c: string) => h.call('POST', '/api/terminal/pair', { code: c, name: 'T' }, null);
    const wrongCode = code.body.code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 3; i++) expect((await guess(wrongCode)).status).toBe(400);
    tooMany(await guess(wrongCode), 10);
    tooMany(await guess(code.body.code), 10); // even the right one, until the wait is over
    // Codes are their own kind: the merchant's secret is not held back by them.
    expect((await h.call('GET', '/api/terminal')).status).toBe(200);
    t += 10_000;
    expect((await guess(code.body.code)).status).toBe(201);
  });

  it('cost nothing when the request is malformed: what any web page can send', async () => {
    const h = await limited();
    // A page on another origin can POST only a "simple" body (no JSON content type, no
    // Authorization header) with fetch(…, { mode: 'no-cors' }): 25 of them, as the browser sends them.
    for (let i = 0; i < 25; i++) {
      const res = await fetch(`${h.url}/api/terminal/pair`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'http://127.0.0.1:5999' },
        body: 'x',
      });
      expect(res.status).toBe(415);
    }
    for (let i = 0; i < 5; i++)
      expect((await h.call('POST', '/api/terminal/pair', { name: 'T' }, null)).status).toBe(400);
    expect((await h.call('GET', '/api/terminal')).status).toBe(200);
    const code = await h.call('POST', '/api/terminal/pairing-codes', {});
    const pair = await h.call(
      'POST',
      '/api/terminal/pair',
      { code: code.body.code, name: 'K' },
      null,
    );
    expect(pair.status).toBe(201);
  });
});
