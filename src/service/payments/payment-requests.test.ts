/** Payment requests over HTTP: create, status, cancel, expiry, environments, sandbox controls. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { PaymentRequest, PaymentStatusRecord } from '../../shared/contract/payments';
import { PRODUCTION, SANDBOX, startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const order = { customerId: 'cust-1', orderId: 'order-1', amount: 10.5 };
const create = async (extra: Record<string, unknown> = {}, secret = SANDBOX) => {
  const res = await h.call('POST', '/api/payments/process-payment', { ...order, ...extra }, secret);
  expect(res.status).toBe(200);
  return PaymentRequest.parse(res.body);
};
const status = async (id: string, secret = SANDBOX) => {
  const res = await h.call('GET', `/api/payments/v1/payment-status/${id}`, undefined, secret);
  expect(res.status).toBe(200);
  return PaymentStatusRecord.parse(res.body);
};
const countRequests = async () =>
  (
    (await h.service.store.prepare('SELECT count(*) AS n FROM payment_requests').get()) as {
      n: number;
    }
  ).n;
const eventsOf = async (id: string) =>
  (
    await h.service.store
      .prepare<[string], { type: string; body: string }>(
        'SELECT type, body FROM events WHERE payment_request_id = ? ORDER BY seq',
      )
      .all(id)
  ).map((e) => {
    const row = e as { type: string; body: string };
    return { type: row.type, data: JSON.parse(row.body).data };
  });

/** Asserts the envelope `{name, message, status, errors}`, naming `field` when given. */
function expectError(res: { status: number; body: unknown }, status: number, field?: string) {
  expect(res.status).toBe(status);
  const envelope = ErrorEnvelope.parse(res.body);
  expect(envelope.status).toBe(status);
  if (field) {
    expect(Array.isArray(envelope.errors) && envelope.errors.map((e) => e.field)).toContain(field);
    expect(envelope.message).toContain(field);
  }
  return envelope;
}

describe('authentication', () => {
  it('refuses a missing, malformed or unknown secret with 401 UNAUTHORIZED', async () => {
    for (const secret of [null, 'nope']) {
      const res = await h.call('POST', '/api/payments/process-payment', order, secret);
      expect(expectError(res, 401).name).toBe('UNAUTHORIZED');
    }
    const basic = await fetch(`${h.url}/api/payments/process-payment`, {
      method: 'POST',
      headers: { authorization: `Basic ${SANDBOX}` },
      body: JSON.stringify(order),
    });
    expect(basic.status).toBe(401);
  });

  it('keeps sandbox and production payment requests apart', async () => {
    const { paymentRequestId } = await create();
    const res = await h.call(
      'GET',
      `/api/payments/v1/payment-status/${paymentRequestId}`,
      undefined,
      PRODUCTION,
    );
    // The same answer as an unknown id: a production secret learns nothing of sandbox ids.
    expect(expectError(res, 404).message).toBe('No payment request with this id');
    const cancel = await h.call(
      'POST',
      `/api/payment-request/cancel/${paymentRequestId}`,
      undefined,
      PRODUCTION,
    );
    expectError(cancel, 404);
    expect((await status(paymentRequestId)).status).toBe('PAYMENT_NOT_INITIATED');
  });
});

describe('POST /api/payments/process-payment', () => {
  it('returns working links and stores the request with its defaults', async () => {
    const pr = await create({ metadata: { till: '3' }, notes: 'Table 4' });
    expect(pr.paymentUrl).toBe(`${h.url}/pay/${pr.paymentRequestId}`);
    expect(pr.qrCodeUrl).toMatch(/qr\.svg$/);
    expect(pr.qrCodeUrlPng).toMatch(/qr\.png$/);
    expect(pr.templateUrl).toMatch(/template\/EXTERNAL_DISPLAY$/);
    const record = await status(pr.paymentRequestId);
    expect(record).toMatchObject({
      status: 'PAYMENT_NOT_INITIATED',
      amount: 10.5,
      currency: 'GBP',
      tipAmount: 0,
      paidAmount: 0,
      paymentMethod: null,
      orderId: 'order-1',
      customerId: 'cust-1',
      notes: 'Table 4',
      metadata: { till: '3' },
      transactions: [],
    });
    // expiresIn defaults to 180000 ms
    expect(Date.parse(record.expiresAt) - Date.parse(record.createdAt)).toBe(180_000);
  });

  it('names the template in templateUrl', async () => {
    const pr = await create({ template: 'RECEIPT_PNG' });
    expect(pr.templateUrl).toMatch(/template\/RECEIPT_PNG$/);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['customerId missing', { customerId: undefined }, 'customerId'],
    ['amount with three decimals', { amount: 1.234 }, 'amount'],
    ['amount zero', { amount: 0 }, 'amount'],
    ['notes over 30 characters', { notes: 'x'.repeat(31) }, 'notes'],
    [
      'savePaymentMethod without serviceCustomerId',
      { savePaymentMethod: true },
      'serviceCustomerId',
    ],
    [
      'savePaymentMethod without card',
      {
        savePaymentMethod: true,
        serviceCustomerId: '6f1c1c8e-2a65-4a53-9a53-0d4b1f1f7a11',
        paymentMethod: ['PAY_BY_BANK'],
      },
      'paymentMethod',
    ],
    [
      'serviceCustomerId of no customer',
      { serviceCustomerId: '6f1c1c8e-2a65-4a53-9a53-0d4b1f1f7a11' },
      'serviceCustomerId',
    ],
    ['storeId of no store', { storeId: '6f1c1c8e-2a65-4a53-9a53-0d4b1f1f7a11' }, 'storeId'],
    ['an unknown template', { template: 'POSTER' }, 'template'],
    ['a metadata key with [', { metadata: { 'a[0]': 'x' } }, 'metadata.a[0]'],
    ['expiresIn below a second', { expiresIn: 10 }, 'expiresIn'],
    ['redirectUrl that is not a URL', { redirectUrl: 'nowhere' }, 'redirectUrl'],
    // Drawn on the success page these run script or open local files: refused when stored.
    ['a javascript: redirectUrl', { redirectUrl: 'javascript:alert(1)' }, 'redirectUrl'],
    ['a file: redirectUrl', { redirectUrl: 'file:///etc/passwd' }, 'redirectUrl'],
  ];
  it.each(invalid)(
    'refuses %s with 400 naming the field, storing nothing',
    async (_, extra, field) => {
      const before = await countRequests();
      const res = await h.call('POST', '/api/payments/process-payment', { ...order, ...extra });
      expect(expectError(res, 400, field).name).toBe('BAD_REQUEST');
      expect(await countRequests()).toBe(before);
    },
  );

  it('refuses a body that is not JSON', async () => {
    const res = await h.call('POST', '/api/payments/process-payment', '{"amount": ');
    expect(expectError(res, 400).message).toMatch(/not valid JSON/);
  });
});

describe('GET /api/payments/v1/payment-status/{id}', () => {
  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expectError(
      await h.call('GET', '/api/payments/v1/payment-status/6f1c1c8e-2a65-4a53-9a53-0d4b1f1f7a11'),
      404,
    );
    expectError(
      await h.call('GET', '/api/payments/v1/payment-status/not-a-uuid'),
      400,
      'path.paymentRequestId',
    );
  });

  it('shows card transactions with cardPaymentDetails, tip and paidAmount', async () => {
    const { paymentRequestId: id } = await create();
    const res = await h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
      tipAmount: 1.5,
    });
    expect(res.status).toBe(200);
    const record = await status(id);
    expect(record).toMatchObject({
      status: 'COMPLETED',
      paymentMethod: 'CARD',
      tipAmount: 1.5,
      paidAmount: 12,
    });
    expect(record.transactions[0]?.cardPaymentDetails).toMatchObject({
      captureType: 'AUTO_CAPTURE',
      maskedCardNumber: '**** **** **** 4242',
    });
    const last = (await eventsOf(id)).at(-1);
    expect(last).toMatchObject({
      type: 'PAYMENTS_STATUS',
      data: { status: 'COMPLETED', paidAmount: 12, orderId: 'order-1', paymentMethod: 'CARD' },
    });
  });
});

describe('POST /api/payment-request/cancel/{id}', () => {
  it('cancels an unpaid request once, then answers 400', async () => {
    const { paymentRequestId: id } = await create({ metadata: { lane: '2' } });
    const res = await h.call('POST', `/api/payment-request/cancel/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String) });
    expect((await status(id)).status).toBe('CANCELLED');
    expectError(await h.call('POST', `/api/payment-request/cancel/${id}`), 400);
    expect(await eventsOf(id)).toEqual([
      {
        type: 'PAYMENTS_STATUS',
        data: expect.objectContaining({ status: 'CANCELLED', metadata: { lane: '2' } }),
      },
    ]);
  });

  it('refuses to cancel a completed payment', async () => {
    const { paymentRequestId: id } = await create();
    await h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'PAY_BY_BANK',
      outcome: 'COMPLETED',
    });
    expect(
      expectError(await h.call('POST', `/api/payment-request/cancel/${id}`), 400).message,
    ).toMatch(/already been processed/);
    expect((await status(id)).status).toBe('COMPLETED');
  });
});

describe('expiry and the sandbox clock', () => {
  it('expires an unpaid request after expiresIn and emits EXPIRED_STATUS', async () => {
    const { paymentRequestId: id } = await create({ expiresIn: 60_000 });
    const advanced = await h.call('POST', '/api/sandbox/clock/advance', { ms: 61_000 });
    expect(advanced.status).toBe(200);
    expect((await status(id)).status).toBe('EXPIRED');
    expect((await eventsOf(id)).map((e) => [e.type, e.data.status])).toEqual([
      ['EXPIRED_STATUS', 'EXPIRED'],
    ]);
    expectError(
      await h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
        paymentMethod: 'CARD',
        outcome: 'COMPLETED',
      }),
      400,
    );
  });
});

describe('sandbox controls', () => {
  it('refuse a production secret with 400', async () => {
    const { paymentRequestId: id } = await create({}, PRODUCTION);
    for (const [path, body] of [
      ['/api/sandbox/clock/advance', { ms: 1000 }],
      [
        `/api/sandbox/payment-requests/${id}/simulate`,
        { paymentMethod: 'CARD', outcome: 'COMPLETED' },
      ],
      ['/api/sandbox/reset', undefined],
    ] as const)
      expect(expectError(await h.call('POST', path, body, PRODUCTION), 400).message).toMatch(
        /sandbox/,
      );
    expect((await status(id, PRODUCTION)).status).toBe('PAYMENT_NOT_INITIATED');
  });

  it('simulate validates its outcome and honours allowRetry and enableTips', async () => {
    const { paymentRequestId: id } = await create({ allowRetry: false, enableTips: false });
    const simulate = (body: unknown) =>
      h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, body);
    expectError(
      await simulate({ paymentMethod: 'PAY_BY_BANK', outcome: 'AUTHORIZED' }),
      400,
      'outcome',
    );
    expectError(await simulate({ paymentMethod: 'CARD', outcome: 'COMPLETED', tipAmount: 1 }), 400);
    expect((await simulate({ paymentMethod: 'CARD', outcome: 'FAILED' })).status).toBe(200);
    const failed = await status(id);
    expect(failed).toMatchObject({ status: 'FAILED', errorDescription: expect.any(String) });
    expectError(await simulate({ paymentMethod: 'CARD', outcome: 'COMPLETED' }), 400);
  });

  it('lets a failed request be retried when allowRetry is on', async () => {
    const { paymentRequestId: id } = await create();
    const simulate = (body: unknown) =>
      h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, body);
    await simulate({ paymentMethod: 'PAY_BY_BANK', outcome: 'FAILED' });
    await simulate({ paymentMethod: 'PAY_BY_BANK', outcome: 'COMPLETED' });
    const record = await status(id);
    expect(record.status).toBe('COMPLETED');
    expect(record.transactions.map((t) => t.status)).toEqual(['FAILED', 'COMPLETED']);
  });

  it('reset deletes sandbox data only', async () => {
    const sandbox = await create();
    const production = await create({}, PRODUCTION);
    expect((await h.call('POST', '/api/sandbox/reset')).status).toBe(200);
    expectError(
      await h.call('GET', `/api/payments/v1/payment-status/${sandbox.paymentRequestId}`),
      404,
    );
    expect((await status(production.paymentRequestId, PRODUCTION)).status).toBe(
      'PAYMENT_NOT_INITIATED',
    );
  });
});

describe('unknown endpoints', () => {
  it('answer 404 in the envelope', async () => {
    expectError(await h.call('GET', '/api/nothing-here'), 404);
  });
});
