/**
 * The basket (docs/kiosk.md, The basket) through the kiosk core against the real service on
 * loopback: staff's lines reach the customer display as they are added and are kept with the
 * payment in kiosk.db (after a restart too); a basket that does not add up to the amount is
 * refused naming `lines`; the till system's basket, pushed with POST /api/terminal/{id}/display,
 * becomes the next remote payment's, and one that does not add up is kept for the display to say so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DisplayState } from '../../src/shared/bridge';
import { basketMismatch } from '../../src/shared/basket';
import { createFileCredentialStore } from '../../src/main/kiosk/credentials';
import { poll } from '../helpers/webhook-receiver';
import { ok, onDisplay } from '../helpers/kiosk-command';
import { api, pairKiosk, runningService, testKiosk, type Cleanups } from '../helpers/kiosk';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const service = async () => (await runningService(cleanups)).url;

/** A kiosk keeping its history and pairing in `dataDir`, as a restart finds them. */
const kiosk = (dataDir: string) =>
  testKiosk(cleanups, {
    dataDir,
    credentials: createFileCredentialStore(join(dataDir, 'credentials.json')),
    // A paid payment stays on the display as long as it does in the shop.
    finishedHoldMs: 8_000,
  });

async function started(url: string) {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-basket-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const core = kiosk(dir);
  await core.start();
  await pairKiosk(core, url);
  const displays: DisplayState[] = [];
  core.subscribe((event) => {
    if (event.type === 'display') displays.push(event.display);
  });
  return { core, dir, displays, stop: () => core.stop() };
}

const COFFEES = [
  { description: 'Flat white', quantity: 2, unitPence: 320 },
  { description: 'Croissant', quantity: 1, unitPence: 275 },
];

describe('the basket at the counter', () => {
  it('shows each line on the display as staff add it, and keeps the lines with the payment', async () => {
    const url = await service();
    const { core, dir, displays, stop } = await started(url);

    await ok(core, { type: 'showBasket', lines: COFFEES.slice(0, 1) });
    expect(displays.at(-1)!.basket).toEqual({
      source: 'counter',
      lines: COFFEES.slice(0, 1),
      currency: 'GBP',
    });
    await ok(core, { type: 'showBasket', lines: COFFEES });
    expect(displays.at(-1)!.basket!.lines).toEqual(COFFEES);

    const payment = onDisplay(
      await ok(core, { type: 'startPayment', amountPence: 915, lines: COFFEES }),
    );
    const id = payment.paymentRequestId;
    expect(payment.lines).toEqual(COFFEES);
    // The basket is the payment's now: on the display with it, no longer a basket being built.
    const shown = displays.at(-1)!;
    expect(shown.basket).toBeNull();
    expect(shown.active!.lines).toEqual(COFFEES);
    // Sent with the payment: the service keeps them too, for its receipt page and image.
    const record = await api(url, 'GET', `/api/payments/v1/payment-status/${id}`);
    expect(record.lineItems).toEqual([
      { description: 'Flat white', quantity: 2, unitAmount: 3.2 },
      { description: 'Croissant', quantity: 1, unitAmount: 2.75 },
    ]);

    // Kept in kiosk.db: History shows it after a restart.
    await stop();
    const again = kiosk(dir);
    await again.start();
    const detail = await ok(again, { type: 'getPayment', paymentRequestId: id });
    expect(detail.payment.lines).toEqual(COFFEES);
    const page = await ok(again, { type: 'listHistory', query: {} });
    expect(page.payments[0]!.lines).toEqual(COFFEES);
  });

  it('refuses a basket that does not add up to the amount, naming lines, and starts nothing', async () => {
    const url = await service();
    const { core } = await started(url);
    const reply = await core.handle({ type: 'startPayment', amountPence: 1000, lines: COFFEES });
    expect(reply).toEqual({
      ok: false,
      error: { message: 'The basket adds up to £9.15, not £10.00', field: 'lines' },
    });
    const bad = await core.handle({
      type: 'showBasket',
      lines: [{ description: 'Tea', quantity: 0, unitPence: 100 }],
    });
    expect(bad.ok || bad.error.field).toBe('lines.0.quantity');
    const list = await api(url, 'GET', '/api/payment-requests');
    expect(list.totalCount).toBe(0);
    expect(core.state().active).toBeNull();
  });

  it('takes a plain amount from the keypad alone, with no basket', async () => {
    const url = await service();
    const { core } = await started(url);
    const payment = onDisplay(await ok(core, { type: 'startPayment', amountPence: 450 }));
    expect(payment.lines).toBeUndefined();
    const record = await api(
      url,
      'GET',
      `/api/payments/v1/payment-status/${payment.paymentRequestId}`,
    );
    expect(record).not.toHaveProperty('lineItems');
  });
});

describe("the till system's basket", () => {
  it('reaches the display, then becomes the next remote payment’s; one that does not add up is said to', async () => {
    const url = await service();
    const { core, displays } = await started(url);
    const terminalId = (await api(url, 'GET', '/api/terminal'))[0].id as string;
    const shown = await api(url, 'POST', `/api/terminal/${terminalId}/display`, {
      currency: 'GBP',
      lineItems: [
        { description: 'Flat white', quantity: 2, unitAmount: 3.2 },
        { description: 'Croissant', quantity: 1, unitAmount: 2.75 },
      ],
    });
    expect(shown.totalAmount).toBe(9.15);
    await poll(() => displays.at(-1)?.basket?.source === 'till', 5_000, 'the basket pushed');
    expect(displays.at(-1)!.basket!.lines).toEqual(COFFEES);
    // The console opening Take payment (an empty basket of its own) does not wipe it.
    await ok(core, { type: 'showBasket', lines: [] });
    expect(core.state().basket?.source).toBe('till');

    // The till system then asks for a different amount: the basket goes with it, and says so.
    const { paymentRequestId } = await api(url, 'POST', '/api/terminal/process-remote-payment', {
      id: terminalId,
      amount: 10,
    });
    await poll(
      () => displays.at(-1)?.active?.paymentRequestId === paymentRequestId,
      5_000,
      'the remote payment on the display',
    );
    const active = displays.at(-1)!.active!;
    expect(active.lines).toEqual(COFFEES);
    expect(displays.at(-1)!.basket).toBeNull();
    expect(active.amountPence).toBe(1000);
    expect(basketMismatch(active.lines!, active.amountPence)).toBe(
      'The items add up to £9.15, but this payment is for £10.00',
    );
  });

  it('is a remote payment’s own when pushed with it, in place of a basket shown before', async () => {
    const url = await service();
    const { core, displays } = await started(url);
    const terminalId = (await api(url, 'GET', '/api/terminal'))[0].id as string;
    await api(url, 'POST', `/api/terminal/${terminalId}/display`, {
      currency: 'GBP',
      lineItems: [{ description: 'Something else', quantity: 1, unitAmount: 1 }],
    });
    await poll(() => displays.at(-1)?.basket?.source === 'till', 5_000, 'the basket pushed');

    const { paymentRequestId } = await api(url, 'POST', '/api/terminal/process-remote-payment', {
      id: terminalId,
      amount: 9.15,
      lineItems: [
        { description: 'Flat white', quantity: 2, unitAmount: 3.2 },
        { description: 'Croissant', quantity: 1, unitAmount: 2.75 },
      ],
    });
    await poll(
      () => displays.at(-1)?.active?.paymentRequestId === paymentRequestId,
      5_000,
      'the remote payment on the display',
    );
    expect(displays.at(-1)!.active!.lines).toEqual(COFFEES);
    expect(displays.at(-1)!.basket).toBeNull();
    const detail = await ok(core, { type: 'getPayment', paymentRequestId });
    expect(detail.payment.lines).toEqual(COFFEES);
  });
});
