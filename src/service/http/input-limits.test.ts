/**
 * Input limits (docs/reliability.md): body size, content type, UTF-8, nesting, hostile keys and
 * safe text, over real HTTP against a real service. Every refusal is in the envelope, names the
 * field and changes nothing.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { SANDBOX, startService, type Harness } from '../../../test/helpers/service';
import { MAX_BODY_BYTES } from './body';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const payment = { customerId: 'c1', orderId: 'o1', amount: 1.5 };
const paymentCount = async () =>
  (
    (await h.service.store.prepare('SELECT COUNT(*) AS n FROM payment_requests').get()) as {
      n: number;
    }
  ).n;

async function raw(
  path: string,
  body: RequestInit['body'],
  headers: Record<string, string> = { 'content-type': 'application/json' },
  extra: RequestInit = {},
) {
  const res = await fetch(h.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${SANDBOX}`, ...headers },
    body,
    ...extra,
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as unknown };
}

/** The envelope of a refusal, checked to name `field`. */
function refused(res: { status: number; body: unknown }, status: number, field: string) {
  expect(res.status).toBe(status);
  const envelope = ErrorEnvelope.parse(res.body);
  expect(envelope.status).toBe(status);
  expect(Array.isArray(envelope.errors) && envelope.errors.map((e) => e.field)).toContain(field);
  return envelope;
}

describe('body size', () => {
  it('accepts 50 metadata pairs of 500 characters', async () => {
    const metadata = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`key-${String(i).padStart(36, '0')}`, 'v'.repeat(500)]),
    );
    const res = await h.call('POST', '/api/payments/process-payment', { ...payment, metadata });
    expect(res.status).toBe(200);
  });

  it('refuses a body over 64 KiB with 413 before parsing, and creates nothing', async () => {
    const before = await paymentCount();
    const big = JSON.stringify({ ...payment, notes: 'x'.repeat(MAX_BODY_BYTES) });
    const envelope = refused(await raw('/api/payments/process-payment', big), 413, '(body)');
    expect(envelope.name).toBe('PAYLOAD_TOO_LARGE');
    expect(envelope.message).toMatch(/64 KiB/);
    // Not even JSON: the size is refused before the body is parsed.
    const junk = 'x'.repeat(MAX_BODY_BYTES + 1);
    refused(await raw('/api/payments/process-payment', junk), 413, '(body)');
    expect(await paymentCount()).toBe(before);
  });

  it('limits every other body too: a hosted-page form post over 64 KiB gets 413', async () => {
    const created = await h.call('POST', '/api/payments/process-payment', payment);
    const res = await fetch(`${h.url}/pay/${created.body.paymentRequestId}/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `cardNumber=${'4'.repeat(MAX_BODY_BYTES)}`,
    });
    refused({ status: res.status, body: await res.json() }, 413, '(body)');
  });

  it('counts a chunked body without Content-Length while reading it', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await raw('/api/payments/process-payment', stream, undefined, {
      duplex: 'half',
    } as RequestInit);
    const envelope = refused(res, 413, '(body)');
    expect(envelope.name).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('content type', () => {
  it('refuses a non-JSON body with 415 and creates nothing', async () => {
    const before = await paymentCount();
    const text = JSON.stringify(payment);
    for (const type of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded'])
      refused(
        await raw('/api/payments/process-payment', text, { 'content-type': type }),
        415,
        '(body)',
      );
    refused(await raw('/api/payments/process-payment', text, {}), 415, '(body)');
    refused(
      await raw('/api/payments/process-payment', text, {
        'content-type': 'application/json; charset=latin1',
      }),
      415,
      '(body)',
    );
    expect(await paymentCount()).toBe(before);
    const ok = await raw('/api/payments/process-payment', text, {
      'content-type': 'Application/JSON; charset="utf-8"',
    });
    expect(ok.status).toBe(200);
  });

  it('accepts an empty body without a content type where {} is valid', async () => {
    const res = await raw('/api/terminal/pairing-codes', undefined, {});
    expect(res.status).toBe(201);
  });
});

describe('text fields', () => {
  it('refuses NUL, control and bidirectional override characters, naming the field', async () => {
    const before = await paymentCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...payment, orderId: 'o\u00001' }, 'orderId'],
      [{ ...payment, customerId: 'Ann\u202Egnp.exe' }, 'customerId'],
      [{ ...payment, notes: 'line\nbreak' }, 'notes'],
      [{ ...payment, notes: '\u2066isolate' }, 'notes'],
      [{ ...payment, metadata: { till: 'a\u0000b' } }, 'metadata.till'],
    ];
    for (const [body, field] of cases) {
      const res = await h.call('POST', '/api/payments/process-payment', body);
      expect(refused(res, 400, field).message).toMatch(/control characters|U\+/);
    }
    expect(await paymentCount()).toBe(before);
  });

  it('refuses a bidirectional override in a terminal name', async () => {
    const code = await h.call('POST', '/api/terminal/pairing-codes', {});
    const res = await h.call(
      'POST',
      '/api/terminal/pair',
      { code: code.body.code, name: 'Till \u202E1' },
      null,
    );
    refused(res, 400, 'name');
  });

  it('refuses invalid UTF-8 and lone surrogates, naming the field', async () => {
    const before = await paymentCount();
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"customerId":"c1","orderId":"o1","amount":1,"notes":"ab'),
      0xff,
      0xfe,
      ...new TextEncoder().encode('"}'),
    ]);
    const envelope = refused(await raw('/api/payments/process-payment', bytes), 400, 'notes');
    expect(envelope.message).toMatch(/UTF-8/);
    // A JSON escape of half a surrogate pair is valid JSON but no text: refused in any field.
    const lone = '{"customerId":"c1","orderId":"o1","amount":1,"metadata":{"k":"\\ud800"}}';
    refused(await raw('/api/payments/process-payment', lone), 400, 'metadata.k');
    // A whole pair (an emoji) is fine.
    const pair = '{"customerId":"c1","orderId":"o1 \\ud83d\\ude00","amount":1}';
    expect((await raw('/api/payments/process-payment', pair)).status).toBe(200);
    expect(await paymentCount()).toBe(before + 1);
  });

  it('refuses __proto__ keys and deep nesting', async () => {
    const proto = '{"customerId":"c1","orderId":"o1","amount":1,"metadata":{"__proto__":"x"}}';
    refused(await raw('/api/payments/process-payment', proto), 400, 'metadata.__proto__');
    // The same key spelled with an escape is the same key once parsed.
    const escaped = proto.replace('"__proto__"', '"\\u005f_proto__"');
    refused(await raw('/api/payments/process-payment', escaped), 400, 'metadata.__proto__');
    const deep = `{"customerId":"c1","orderId":"o1","amount":1,"paymentMethodMetadata":{"a":${'['.repeat(5000)}${']'.repeat(5000)}}}`;
    refused(await raw('/api/payments/process-payment', deep), 400, '(body)');
  });

  it('refuses NUL in a path or query parameter', async () => {
    const res = await fetch(`${h.url}/api/payment-requests?status=%00`, {
      headers: { authorization: `Bearer ${SANDBOX}` },
    });
    refused({ status: res.status, body: await res.json() }, 400, 'query.status');
  });

  it('refuses a query parameter whose percent-encoding is not UTF-8, naming it', async () => {
    const get = async (query: string) => {
      const res = await fetch(`${h.url}/api/customers?${query}`, {
        headers: { authorization: `Bearer ${SANDBOX}` },
      });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    // A lone byte, and the UTF-8 bytes of half a surrogate pair.
    for (const bad of ['%FF', 'ab%ED%A0%80'])
      expect(refused(await get(`search=${bad}`), 400, 'query.search').message).toMatch(/UTF-8/);
    refused(await get('page=0&metadata%5B%FF%5D=x'), 400, 'query');
    // U+FFFD itself, and text with a plus for a space, are text like any other.
    expect((await get('search=%EF%BF%BD+x')).status).toBe(200);
  });
});

describe('how a body arrives', () => {
  // A raw connection, to choose how the bytes of a request reach the service: with its headers
  // in one write (the usual case, read at once: body.ts), or in pieces with pauses between them
  // (a slow client, read as a stream). Answers are read off the same connection in order.
  async function open(): Promise<{
    socket: Socket;
    answer: () => Promise<{ status: number; body: { paymentRequestId?: string } }>;
  }> {
    const { hostname, port } = new URL(h.url);
    const socket = connect(Number(port), hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    const waiting: (() => void)[] = [];
    socket.setEncoding('latin1');
    socket.on('data', (text: string) => {
      received += text;
      waiting.splice(0).forEach((wake) => wake());
    });
    const answer = async () => {
      for (;;) {
        const end = received.indexOf('\r\n\r\n');
        const length = /content-length: (\d+)/i.exec(received.slice(0, end))?.[1];
        if (end >= 0 && length && received.length >= end + 4 + Number(length)) {
          const text = received.slice(end + 4, end + 4 + Number(length));
          const status = Number(received.slice(9, 12));
          received = received.slice(end + 4 + Number(length));
          return { status, body: JSON.parse(Buffer.from(text, 'latin1').toString()) };
        }
        await new Promise<void>((wake) => waiting.push(wake));
      }
    };
    return { socket, answer };
  }
  const head = (body: Buffer) =>
    `POST /api/payments/process-payment HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${SANDBOX}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
  const orderOf = async (id: string | undefined) =>
    (
      (await h.service.store
        .prepare('SELECT order_id FROM payment_requests WHERE id = ?')
        .get(id ?? '')) as { order_id: string } | undefined
    )?.order_id;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('reads a body sent with its headers, and the next request on the connection too', async () => {
    const { socket, answer } = await open();
    try {
      for (const orderId of ['together-1', 'together-2']) {
        const body = Buffer.from(JSON.stringify({ ...payment, orderId }));
        socket.write(Buffer.concat([Buffer.from(head(body)), body]));
        const res = await answer();
        expect(res.status).toBe(200);
        expect(await orderOf(res.body.paymentRequestId)).toBe(orderId);
      }
    } finally {
      socket.destroy();
    }
  });

  it('reads a body that comes after its headers, or in pieces, as it comes', async () => {
    const { socket, answer } = await open();
    try {
      const late = Buffer.from(JSON.stringify({ ...payment, orderId: 'late' }));
      socket.write(head(late));
      await pause(50);
      socket.write(late);
      const first = await answer();
      expect(first.status).toBe(200);
      expect(await orderOf(first.body.paymentRequestId)).toBe('late');

      // Split inside a multi-byte character: the pieces are joined before decoding.
      const pieces = Buffer.from(JSON.stringify({ ...payment, orderId: 'pièces' }));
      const cut = pieces.indexOf(0xa8);
      socket.write(Buffer.concat([Buffer.from(head(pieces)), pieces.subarray(0, cut)]));
      await pause(50);
      socket.write(pieces.subarray(cut));
      const second = await answer();
      expect(second.status).toBe(200);
      expect(await orderOf(second.body.paymentRequestId)).toBe('pièces');
    } finally {
      socket.destroy();
    }
  });

  it('refuses invalid UTF-8 sent with the headers, naming the field', async () => {
    const { socket, answer } = await open();
    try {
      const before = await paymentCount();
      const body = Buffer.concat([
        Buffer.from('{"customerId":"c1","orderId":"'),
        Buffer.from([0xff]),
        Buffer.from('","amount":1.5}'),
      ]);
      socket.write(Buffer.concat([Buffer.from(head(body)), body]));
      refused(await answer(), 400, 'orderId');
      expect(await paymentCount()).toBe(before);
    } finally {
      socket.destroy();
    }
  });
});

describe('what never reaches the router', () => {
  it('answers a URL over 16 KiB with 431 in the envelope', async () => {
    const res = await fetch(`${h.url}/api/payment-requests?status=${'x'.repeat(20_000)}`, {
      headers: { authorization: `Bearer ${SANDBOX}` },
    });
    expect(res.status).toBe(431);
    expect(ErrorEnvelope.parse(await res.json())).toMatchObject({
      name: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
      status: 431,
    });
  });
});

describe('POST /api/webhook/test', () => {
  it('refuses an amount that is not positive', async () => {
    for (const amount of [0, -1, -0.01]) {
      const res = await h.call('POST', '/api/webhook/test', {
        eventType: 'PAYMENTS_STATUS',
        amount,
      });
      refused(res, 400, 'amount');
    }
  });
});
