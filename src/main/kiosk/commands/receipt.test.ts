/**
 * `getReceipt`, the receipt the console prints through the computer's print dialog, from the
 * kiosk core against the real service on loopback: the service's receipt (the shop as it was when
 * the customer paid, its store line, address and VAT number, "VISA •••• 4242"), the same one the
 * receipt printer prints; the kiosk's own record when the service cannot answer; and nothing for
 * a payment the kiosk does not know or an id that is not one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { KioskCore } from '../../../main/kiosk/core';
import { methodText, shopHeaderLines } from '../../../shared/receipt';
import { callOnce } from '../../../../test/helpers/service';
import { poll } from '../../../../test/helpers/webhook-receiver';
import { startPrinterStandIn } from '../../../../test/helpers/printer-stand-in';
import { decodeReceipt } from '../../../../test/helpers/receipt-decoder';
import { ok, onDisplay } from '../../../../test/helpers/kiosk-command';
import {
  api,
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

const OLD_VAT = 'GB111111111';

/** A paired kiosk and a £10 counter payment it saw paid by card with a £1 tip. */
async function paidPayment() {
  const service = await runningService(cleanups);
  const set = await callOnce(service.url, 'PATCH', '/api/merchant', { vatNumber: OLD_VAT });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const core = testKiosk(cleanups, { pollFastMs: 200 });
  await core.start();
  const pairing = await pairKiosk(core, service.url, { connected: false });
  const id = onDisplay(
    await ok(core, { type: 'startPayment', amountPence: 1000 }),
  ).paymentRequestId;
  await api(service.url, 'POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod: 'CARD',
    outcome: 'COMPLETED',
    tipAmount: 1,
  });
  await poll(
    async () => (await ok(core, { type: 'getPayment', paymentRequestId: id })).payment.final,
    10_000,
    'the payment to complete at the kiosk',
  );
  return { service, core, id, shopName: pairing.merchantName };
}

async function printedLines(core: KioskCore, id: string): Promise<string[]> {
  const stand = await startPrinterStandIn();
  cleanups.push(() => stand.close());
  await ok(core, {
    type: 'saveReceiptPrinter',
    pin: PIN,
    printer: {
      host: '127.0.0.1',
      port: stand.port,
      paperWidth: 80,
      language: 'esc-pos',
      printAfterPayment: false,
    },
  });
  await ok(core, { type: 'printReceipt', paymentRequestId: id });
  const [job] = await stand.waitForJobs(1);
  return decodeReceipt(job!, 'esc-pos').lines.map((l) => l.trim());
}

describe('getReceipt: the receipt the console prints', () => {
  it("is the service's, with the shop as it was when paid, as the receipt printer prints it", async () => {
    const { service, core, id, shopName } = await paidPayment();
    const renamed = await callOnce(service.url, 'PATCH', '/api/merchant', {
      name: "Ada's Bakery",
      vatNumber: 'GB999999999',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    const { receipt } = await ok(core, { type: 'getReceipt', paymentRequestId: id });
    expect(receipt.shop).toMatchObject({
      name: shopName,
      storeName: 'Main Street',
      lines: ['1 Main Street, London', `VAT no. ${OLD_VAT}`],
      asPaid: true,
    });
    expect(methodText(receipt)).toBe('VISA •••• 4242');
    expect(receipt).toMatchObject({ amountPence: 1000, tipPence: 100, paidPence: 1100 });
    expect(receipt.receiptUrl).toBe(`${service.url}/receipt/${id}`);

    // The receipt printer prints the same header and card from the same source.
    const lines = await printedLines(core, id);
    expect(lines.slice(0, 5)).toEqual([shopName, ...shopHeaderLines(receipt.shop), 'Receipt']);
    expect(lines).toContainEqual(expect.stringMatching(/^Method +VISA •••• 4242$/));
  }, 60_000);

  it("is the kiosk's own record when the service cannot answer, as the printer's is", async () => {
    const { service, core, id, shopName } = await paidPayment();
    const { payment } = await ok(core, { type: 'getPayment', paymentRequestId: id });
    await service.close();

    const { receipt } = await ok(core, { type: 'getReceipt', paymentRequestId: id });
    expect(receipt).toMatchObject({
      paymentRequestId: id,
      orderId: payment.orderId,
      status: 'COMPLETED',
      amountPence: 1000,
      tipPence: 100,
      paidPence: 1100,
      method: 'CARD',
      card: null,
    });
    expect(receipt.shop).toMatchObject({ name: shopName, storeName: null, asPaid: false });
    expect(methodText(receipt)).toBe('Card');

    const lines = await printedLines(core, id);
    expect(lines[0]).toBe(shopName);
    expect(lines).toContainEqual(expect.stringMatching(/^Method +Card$/));
    expect(lines).toContainEqual(expect.stringMatching(/^Total +£11\.00$/));
  }, 60_000);

  it('refuses a payment the kiosk has no record of, and an id that is not one', async () => {
    const core = testKiosk(cleanups);
    await core.start();
    const unknown = await core.handle({
      type: 'getReceipt',
      paymentRequestId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown).toEqual({
      ok: false,
      error: { message: 'This kiosk has no record of that payment' },
    });
    const bad = await core.handle({ type: 'getReceipt', paymentRequestId: 'nope' });
    expect(bad).toMatchObject({ ok: false, error: { field: 'paymentRequestId' } });
  });
});
