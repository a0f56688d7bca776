/**
 * Where webhooks may go (destinations.ts), over real HTTP: production subscriptions to inward
 * addresses are refused when subscribing and again when connecting, after the name is resolved;
 * the sandbox still delivers to a receiver on loopback. Host names are resolved by a table the
 * test injects (there is no DNS here), as DNS would answer them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { PRODUCTION, SANDBOX, startService, type Harness } from '../../../test/helpers/service';
import { poll, startReceiver, type Receiver } from '../../../test/helpers/webhook-receiver';
import { addressAllowed, type ResolveHost } from './destinations';

/** Names and what they resolve to; anything else does not exist. */
const names: Record<string, string[]> = {
  'hooks.shop.example': ['127.0.0.1'],
  'mixed.shop.example': ['93.184.215.14', '10.0.0.7'],
  'local-dev.shop.example': ['127.0.0.1'],
};
const resolveHost: ResolveHost = (hostname) => {
  const addresses = names[hostname];
  if (!addresses)
    return Promise.reject(
      Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
    );
  return Promise.resolve(
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
  );
};

let h: Harness;
let receiver: Receiver;
const logged: string[] = [];
beforeAll(async () => {
  h = await startService({ resolveHost, log: (line) => logged.push(line) });
});
afterAll(async () => {
  await h.close();
});
afterEach(async () => {
  await receiver?.close();
});

interface Delivery {
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
}

const subscribe = (url: string, secret = PRODUCTION) =>
  h.call('POST', '/api/webhooks', { url, eventTypes: ['PAYMENTS_STATUS'] }, secret);

/** A payment request made and cancelled with `secret`: one PAYMENTS_STATUS event. */
async function cancelledPayment(secret: string): Promise<void> {
  const made = await h.call(
    'POST',
    '/api/payments/process-payment',
    { customerId: 'c-1', orderId: `o-${Math.random()}`, amount: 3 },
    secret,
  );
  expect(made.status).toBe(200);
  const cancelled = await h.call(
    'POST',
    `/api/payment-request/cancel/${made.body.paymentRequestId}`,
    undefined,
    secret,
  );
  expect(cancelled.status).toBe(200);
}

const firstAttempt = (id: string, secret: string) =>
  poll(async () => {
    const list = (await h.call('GET', `/api/webhooks/${id}/deliveries`, undefined, secret))
      .body as Delivery[];
    return list.length > 0 && list.every((d) => d.attempts >= 1) && list[0]!;
  });

describe('the addresses each environment may reach', () => {
  it('production: public only; the sandbox: public or loopback', () => {
    const table: [string, boolean, boolean][] = [
      ['93.184.215.14', true, true],
      ['2606:4700::1111', true, true],
      ['127.0.0.1', false, true],
      ['127.9.9.9', false, true],
      ['::1', false, true],
      ['::ffff:7f00:1', false, true], // IPv4-mapped loopback
      ['0.0.0.0', false, false],
      ['::', false, false],
      ['10.1.2.3', false, false],
      ['172.16.0.1', false, false],
      ['192.168.1.10', false, false],
      ['100.64.0.1', false, false], // carrier-grade NAT
      ['169.254.169.254', false, false], // cloud metadata
      ['::ffff:a9fe:a9fe', false, false], // the same, IPv4-mapped
      ['fe80::1', false, false],
      ['fd00:ec2::254', false, false], // unique-local (a cloud's IPv6 metadata)
      ['224.0.0.1', false, false],
      ['2001:db8::1', false, false],
      ['64:ff9b::a9fe:a9fe', false, false], // NAT64 of the metadata address
    ];
    for (const [address, production, sandbox] of table) {
      expect(addressAllowed(address, 'production'), address).toBe(production);
      expect(addressAllowed(address, 'sandbox'), address).toBe(sandbox);
    }
  });
});

describe('subscribing in production', () => {
  it.each([
    ['plain http', 'http://hooks.shop.example/counter'],
    ['loopback', 'https://127.0.0.1:8443/'],
    ['loopback, IPv6', 'https://[::1]:8443/'],
    ['loopback, IPv4-mapped IPv6', 'https://[::ffff:127.0.0.1]/'],
    ['loopback, decimal', 'https://2130706433/'],
    ['loopback, hex', 'https://0x7f.0.0.1/'],
    ['loopback, octal', 'https://0177.0.0.1/'],
    ['this host, 0.0.0.0', 'https://0.0.0.0/'],
    ['localhost', 'https://localhost:8443/'],
    ['a .localhost name', 'https://api.localhost/'],
    ['private 10/8', 'https://10.0.0.5/'],
    ['private 172.16/12', 'https://172.20.1.1/'],
    ['private 192.168/16', 'https://192.168.0.10/'],
    ['carrier-grade NAT', 'https://100.100.100.200/'],
    ['link-local metadata', 'https://169.254.169.254/latest/meta-data/'],
    ['a metadata name', 'https://metadata.google.internal/'],
    ['a single-label name', 'https://intranet/'],
    ['unique-local IPv6', 'https://[fd00:ec2::254]/'],
    ['link-local IPv6', 'https://[fe80::1]/'],
  ])('refuses %s with 400 naming url, and stores nothing', async (_, url) => {
    const res = await subscribe(url);
    expect(res.status).toBe(400);
    const envelope = ErrorEnvelope.parse(res.body);
    expect(envelope.errors).toEqual([{ field: 'url', message: expect.any(String) }]);
    const list = await h.call('GET', '/api/webhooks', undefined, PRODUCTION);
    expect(list.body).toEqual([]);
  });

  it('accepts an https URL on a public name', async () => {
    const res = await subscribe('https://mixed.shop.example/counter');
    expect(res.status).toBe(201);
    expect(
      (await h.call('DELETE', `/api/webhooks/${res.body.id}`, undefined, PRODUCTION)).status,
    ).toBe(200);
  });
});

describe('delivering in production', () => {
  it('refuses at connect time a public-looking name that resolves to loopback, saying only that', async () => {
    receiver = await startReceiver();
    const sub = await subscribe(`https://hooks.shop.example:${receiver.port}/hooks`);
    expect(sub.status).toBe(201);
    await cancelledPayment(PRODUCTION);
    const delivery = await firstAttempt(sub.body.id, PRODUCTION);
    expect(delivery).toMatchObject({
      lastStatusCode: null,
      lastError: 'refused: address not allowed',
    });
    expect(receiver.received).toEqual([]);
    // Neither the delivery log nor the service's own log names the address it was refused.
    expect(logged.filter((l) => l.startsWith('webhooks:')).join('\n')).not.toMatch(
      /127\.0\.0\.1|ECONNREFUSED/,
    );
    await h.call('DELETE', `/api/webhooks/${sub.body.id}`, undefined, PRODUCTION);
  });

  it('refuses a name when any of its addresses is private', async () => {
    const sub = await subscribe('https://mixed.shop.example/counter');
    await cancelledPayment(PRODUCTION);
    expect(await firstAttempt(sub.body.id, PRODUCTION)).toMatchObject({
      lastError: 'refused: address not allowed',
    });
    await h.call('DELETE', `/api/webhooks/${sub.body.id}`, undefined, PRODUCTION);
  });

  it('refuses a literal inward address stored before subscriptions were checked', async () => {
    receiver = await startReceiver();
    const sub = await subscribe('https://mixed.shop.example/counter');
    await h.service.store
      .prepare('UPDATE webhook_subscriptions SET url = ? WHERE id = ?')
      .run(receiver.url, sub.body.id);
    await cancelledPayment(PRODUCTION);
    expect(await firstAttempt(sub.body.id, PRODUCTION)).toMatchObject({
      lastError: 'refused: address not allowed',
    });
    expect(receiver.received).toEqual([]);
    await h.call('DELETE', `/api/webhooks/${sub.body.id}`, undefined, PRODUCTION);
  });
});

describe('the sandbox', () => {
  it('still delivers to a receiver on http://127.0.0.1 and on a name that resolves there', async () => {
    receiver = await startReceiver();
    const direct = await subscribe(receiver.url, SANDBOX);
    const named = await subscribe(`http://local-dev.shop.example:${receiver.port}/named`, SANDBOX);
    expect([direct.status, named.status]).toEqual([201, 201]);
    await cancelledPayment(SANDBOX);
    await poll(() => receiver.received.length >= 2 && true);
    for (const sub of [direct, named]) {
      expect(await firstAttempt(sub.body.id, SANDBOX)).toMatchObject({
        status: 'DELIVERED',
        lastStatusCode: 200,
      });
      await h.call('DELETE', `/api/webhooks/${sub.body.id}`, undefined, SANDBOX);
    }
  });

  it('refuses the metadata address there too', async () => {
    const res = await subscribe('http://169.254.169.254/latest/meta-data/', SANDBOX);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('url');
  });

  it('says "could not connect" for a closed port, not the socket error', async () => {
    receiver = await startReceiver();
    const url = receiver.url;
    await receiver.close();
    const sub = await subscribe(url, SANDBOX);
    await cancelledPayment(SANDBOX);
    expect(await firstAttempt(sub.body.id, SANDBOX)).toMatchObject({
      lastStatusCode: null,
      lastError: 'could not connect',
    });
    await h.call('DELETE', `/api/webhooks/${sub.body.id}`, undefined, SANDBOX);
  });
});
