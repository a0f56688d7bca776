/**
 * Card on file at the counter, from the kiosk core against the real service on loopback: exact
 * lookups only (the terminal scope), a MANUAL_CAPTURE deposit tracked by push and kept in the
 * offline history (never on the customer display), captured for less or released with a reason,
 * lookups refused by the rate limit saying so, and a charge whose answer was lost not charged twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { answerCuttingProxy } from '../../../../test/helpers/cutting-proxy';
import { CustomerLookup, KioskPayment, PaymentDetail } from '../../../shared/bridge';
import type { KioskCore } from '../core';
import { createMemoryCredentialStore } from '../credentials';
import { poll } from '../../../../test/helpers/webhook-receiver';
import { ok } from '../../../../test/helpers/kiosk-command';
import {
  apiWithStatus as api,
  pairKiosk,
  PIN,
  runningService,
  testKiosk,
  type Cleanups,
} from '../../../../test/helpers/kiosk';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

// The card network answers 400 ms of service time after a charge: tests move the clock.
const service = async () => (await runningService(cleanups, { tickMs: 3_600_000 })).url;

/** A customer with a saved Visa (4242) and the card that authorizes but fails capture (0341). */
async function customerWithCards(url: string, email = 'ada@example.com') {
  const customer = await api(url, 'POST', '/api/customers', {
    fullName: 'Ada Lovelace',
    email,
    phoneCountryCode: '44',
    phoneNumber: '7700900123',
  });
  expect(customer.status).toBe(201);
  const visa = await api(url, 'POST', `/api/sandbox/customers/${customer.id}/cards`, {
    number: '4242 4242 4242 4242',
  });
  expect(visa.status).toBe(201);
  return { customerId: customer.id as string, cardId: visa.id as string };
}

const kiosk = (options: Parameters<typeof testKiosk>[1] = {}) => testKiosk(cleanups, options);

async function paired(url: string, options: Parameters<typeof testKiosk>[1] = {}) {
  const core = kiosk(options);
  await core.start();
  await pairKiosk(core, url, { connected: false });
  return core;
}

const detail = async (core: KioskCore, id: string) =>
  PaymentDetail.parse(await ok(core, { type: 'getPayment', paymentRequestId: id }));

async function statusAtKiosk(core: KioskCore, id: string, status: string) {
  await poll(
    async () => (await detail(core, id)).payment.status === status,
    10_000,
    `the charge to be ${status} at the kiosk`,
  );
}

describe('card on file at the counter: a deposit charged and captured', () => {
  it('looks up by exact email, charges a MANUAL_CAPTURE deposit, captures less; kept offline', async () => {
    const url = await service();
    const { customerId, cardId } = await customerWithCards(url);
    const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-cof-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const credentials = createMemoryCredentialStore();
    const core = await paired(url, { dataDir, credentials });
    await poll(() => core.state().connection === 'connected', 10_000, 'the push channel');

    // Never a fragment: the bridge refuses it before anything leaves.
    const fragment = await core.handle({
      type: 'lookupCustomer',
      pin: PIN,
      query: { email: 'ada' },
    });
    expect(fragment).toMatchObject({ ok: false, error: { field: 'query.email' } });
    const nobody = await core.handle({
      type: 'lookupCustomer',
      pin: PIN,
      query: { email: 'nobody@example.com' },
    });
    expect(nobody).toMatchObject({
      ok: false,
      error: { message: 'No customer with exactly this email or phone number', field: 'email' },
    });

    const found = CustomerLookup.parse(
      await ok(core, { type: 'lookupCustomer', pin: PIN, query: { email: 'ADA@example.com' } }),
    );
    expect(found.customer).toEqual({
      id: customerId,
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      phoneCountryCode: '44',
      phoneNumber: '7700900123',
    });
    expect(found.cards).toEqual([
      expect.objectContaining({ id: cardId, lastFourDigits: '4242', brand: 'VISA' }),
    ]);
    // By phone, with the country code and spaces, the same customer.
    const byPhone = CustomerLookup.parse(
      await ok(core, { type: 'lookupCustomer', pin: PIN, query: { phone: '+44 7700 900123' } }),
    );
    expect(byPhone.customer.id).toBe(customerId);

    const charged = KioskPayment.parse(
      await ok(core, {
        type: 'chargeSavedCard',
        pin: PIN,
        customerId,
        paymentMethodId: cardId,
        captureType: 'MANUAL_CAPTURE',
        amountPence: 5000,
        notes: 'Deposit',
      }),
    );
    expect(charged).toMatchObject({
      amountPence: 5000,
      status: 'PENDING',
      cardCharge: {
        customerName: 'Ada Lovelace',
        cardLabel: 'VISA ending 4242',
        captureType: 'MANUAL_CAPTURE',
      },
    });
    expect(charged.orderId).toMatch(/^CTR-/);
    const id = charged.paymentRequestId;
    // Nothing for the customer to do at the display.
    expect(core.state().active).toBeNull();

    await api(url, 'POST', '/api/sandbox/clock/advance', { ms: 1_000 });
    await statusAtKiosk(core, id, 'AUTHORIZED');
    expect(core.state().takings.count).toBe(0); // a hold is not takings

    // More than was authorized is refused at the kiosk; nothing is asked.
    const tooMuch = await core.handle({
      type: 'captureCardPayment',
      pin: PIN,
      paymentRequestId: id,
      amountPence: 6000,
    });
    expect(tooMuch).toMatchObject({ ok: false, error: { field: 'amountPence' } });
    const captured = KioskPayment.parse(
      await ok(core, {
        type: 'captureCardPayment',
        pin: PIN,
        paymentRequestId: id,
        amountPence: 4000,
      }),
    );
    expect(captured).toMatchObject({ status: 'COMPLETED', paidPence: 4000, final: true });
    expect(core.state().takings).toMatchObject({ count: 1, totalPence: 4000 });
    const atService = await api(url, 'GET', `/api/payments/v1/payment-status/${id}`);
    expect(atService).toMatchObject({ status: 'COMPLETED', paidAmount: 40 });

    const trail = (await detail(core, id)).changes.map((c) => `${c.to}:${c.source}`);
    expect(trail[0]).toMatch(/^PENDING:(local|push)$/);
    expect(trail.slice(1)).toEqual([
      expect.stringMatching(/^AUTHORIZED:push$/),
      expect.stringMatching(/^COMPLETED:(push|poll)$/),
    ]);

    // Offline history: a new kiosk process on the same data, the service gone.
    await core.stop();
    const offline = kiosk({ dataDir, credentials: createMemoryCredentialStore() });
    await offline.start();
    const kept = await detail(offline, id);
    expect(kept.payment).toMatchObject({
      status: 'COMPLETED',
      paidPence: 4000,
      cardCharge: { customerId, cardLabel: 'VISA ending 4242', captureType: 'MANUAL_CAPTURE' },
    });
    expect(kept.changes.map((c) => c.to)).toEqual(['PENDING', 'AUTHORIZED', 'COMPLETED']);
  });
});

describe('card on file: a hold released', () => {
  it('releases a hold only with a reason; a restarted kiosk keeps a hold off the display', async () => {
    const url = await service();
    const { customerId, cardId } = await customerWithCards(url);
    const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-cof-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const credentials = createMemoryCredentialStore();
    const core = await paired(url, { dataDir, credentials });
    // Before a lookup the kiosk will not charge.
    const unseen = await core.handle({
      type: 'chargeSavedCard',
      pin: PIN,
      customerId,
      paymentMethodId: cardId,
      captureType: 'MANUAL_CAPTURE',
      amountPence: 2000,
    });
    expect(unseen).toMatchObject({ ok: false, error: { field: 'customerId' } });

    await ok(core, { type: 'lookupCustomer', pin: PIN, query: { phone: '7700900123' } });
    const { paymentRequestId: id } = KioskPayment.parse(
      await ok(core, {
        type: 'chargeSavedCard',
        pin: PIN,
        customerId,
        paymentMethodId: cardId,
        captureType: 'MANUAL_CAPTURE',
        amountPence: 2000,
      }),
    );
    await api(url, 'POST', '/api/sandbox/clock/advance', { ms: 1_000 });
    await statusAtKiosk(core, id, 'AUTHORIZED');

    // A restarted kiosk: the hold is unfinished, yet it is not a customer waiting at the display.
    await core.stop();
    const again = kiosk({ dataDir, credentials });
    await again.start();
    expect(again.state().active).toBeNull();
    expect((await detail(again, id)).payment.status).toBe('AUTHORIZED');

    const noReason = await again.handle({
      type: 'releaseCardPayment',
      pin: PIN,
      paymentRequestId: id,
      reason: {},
    });
    expect(noReason).toMatchObject({
      ok: false,
      error: { field: 'reason.cancelledReasonCode' },
    });
    const other = await again.handle({
      type: 'releaseCardPayment',
      pin: PIN,
      paymentRequestId: id,
      reason: { cancelledReasonCode: 'Other' },
    });
    expect(other).toMatchObject({
      ok: false,
      error: { field: 'reason.cancelledReasonDescription' },
    });
    expect((await api(url, 'GET', `/api/payments/v1/payment-status/${id}`)).status).toBe(
      'AUTHORIZED',
    );

    const released = KioskPayment.parse(
      await ok(again, {
        type: 'releaseCardPayment',
        pin: PIN,
        paymentRequestId: id,
        reason: { cancelledReasonCode: 'Requested by customer' },
      }),
    );
    expect(released).toMatchObject({ status: 'CANCELLED', final: true, paidPence: 0 });
    expect((await api(url, 'GET', `/api/payments/v1/payment-status/${id}`)).status).toBe(
      'CANCELLED',
    );
    // A released hold cannot be captured.
    const late = await again.handle({ type: 'captureCardPayment', pin: PIN, paymentRequestId: id });
    expect(late).toMatchObject({ ok: false });
  });
});

describe('card on file: refusals and lost answers', () => {
  it('says clearly when the rate limit refuses a lookup', async () => {
    const url = await service();
    await customerWithCards(url);
    const core = await paired(url, { push: false });
    for (let i = 0; i < 10; i++)
      await core.handle({
        type: 'lookupCustomer',
        pin: PIN,
        query: { email: `guess${i}@example.com` },
      });
    const refused = await core.handle({
      type: 'lookupCustomer',
      pin: PIN,
      query: { email: 'ada@example.com' },
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.message).toMatch(/^Too many customer lookups from this kiosk/);
      expect(refused.error.message).toMatch(/wait a minute/);
    }
    // A minute of service time later, the lookup goes through.
    await api(url, 'POST', '/api/sandbox/clock/advance', { ms: 61_000 });
    expect(
      (await core.handle({ type: 'lookupCustomer', pin: PIN, query: { email: 'ada@example.com' } }))
        .ok,
    ).toBe(true);
  });

  it('a charge whose answer was lost is charged once when staff charge again', async () => {
    const url = await service();
    const { customerId, cardId } = await customerWithCards(url);
    const cut = await proxy(url);
    const core = await paired(cut.url, { push: false });
    await ok(core, { type: 'lookupCustomer', pin: PIN, query: { email: 'ada@example.com' } });
    const charge = {
      type: 'chargeSavedCard' as const,
      pin: PIN,
      customerId,
      paymentMethodId: cardId,
      captureType: 'AUTO_CAPTURE',
      amountPence: 1250,
    };
    cut.state.cutNext = true;
    const lost = await core.handle(charge);
    expect(lost.ok).toBe(false);
    if (!lost.ok) expect(lost.error.message).toMatch(/never made twice/);
    expect(cut.state.cut).toBe(1);

    const retried = KioskPayment.parse(await ok(core, charge));
    const list = await api(url, 'GET', '/api/payment-requests?page=0&size=50');
    const charges = (
      list.data as { paymentRequestId?: string; id?: string; amount: number }[]
    ).filter((p) => p.amount === 12.5);
    expect(charges).toHaveLength(1);
    expect(retried.paymentRequestId).toBe(charges[0]!.paymentRequestId ?? charges[0]!.id);
  });
});

const proxy = (target: string) =>
  answerCuttingProxy(target, '/api/payments/card/process-payment', cleanups);
