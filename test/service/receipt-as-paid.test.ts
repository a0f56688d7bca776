/**
 * A receipt shows the shop as it was when the customer paid (docs/receipts.md): the merchant
 * renames the shop, moves it and uploads a new logo after a payment, and that payment's receipt
 * page, its receipt image and the receipt the kiosk prints (decoded from the bytes a stand-in
 * printer received) still show the old name, address, VAT number and logo; the next payment shows
 * the new ones. The page and the printed receipt say the same store line and "VISA •••• 4242".
 * Payments the card network settles together at a tick keep their shop too, and one paid before
 * shops were kept shows the profile as it is now. Runs on SQLite and on PostgreSQL.
 */
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { KioskCore } from '../../src/main/kiosk/core';
import { ReceiptRecord } from '../../src/shared/contract/receipts';
import { startPrinterStandIn, type PrinterStandIn } from '../helpers/printer-stand-in';
import { decodeReceipt } from '../helpers/receipt-decoder';
import { ok, onDisplay } from '../helpers/kiosk-command';
import {
  api,
  pairKiosk,
  PIN,
  runningService,
  testKiosk,
  type Cleanups,
  type RunningService,
} from '../helpers/kiosk';
import { callOnce, testStore } from '../helpers/service';
import { poll } from '../helpers/webhook-receiver';
import { postForm } from '../helpers/form';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A small PNG of one colour, as a logo upload's data URL and its bytes. */
function logo(rgb: [number, number, number]) {
  const png = new PNG({ width: 4, height: 4 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([...rgb, 255], i);
  const bytes = PNG.sync.write(png);
  return { dataUrl: `data:image/png;base64,${bytes.toString('base64')}`, bytes };
}

/** The page's text as a reader sees it (tags dropped, the page's entities decoded). */
const textOf = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '\n')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

async function receiptPage(url: string, id: string) {
  const html = await (await fetch(`${url}/receipt/${id}`)).text();
  const header = html.match(/<div data-testid="receipt-shop">([\s\S]*?)<\/div>/)?.[1] ?? '';
  const method = html.match(/<dd data-testid="receipt-method">([^<]*)</)?.[1];
  const logoSrc = html.match(/<img class="logo" src="([^"]+)"/)?.[1]?.replace(/&amp;/g, '&');
  const name = textOf(html.match(/<h1 id="merchant">([^<]*)<\/h1>/)?.[1] ?? '')[0];
  return { name, text: textOf(html), header: textOf(header), method, logoSrc };
}

async function paidKiosk(service: RunningService, stand: PrinterStandIn) {
  const core = testKiosk(cleanups, {
    pollFastMs: 200,
    printerTimeouts: { connectMs: 2_000, closeWaitMs: 1_000 },
  });
  await core.start();
  await pairKiosk(core, service.url, { connected: false });
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
  return core;
}

/** A £10 counter payment paid by card with a £1 tip; resolves once the kiosk saw it complete. */
async function paid(core: KioskCore, url: string): Promise<string> {
  await poll(async () => core.state().active === null, 10_000, 'the display to be free');
  const id = onDisplay(
    await ok(core, { type: 'startPayment', amountPence: 1000 }),
  ).paymentRequestId;
  await api(url, 'POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod: 'CARD',
    outcome: 'COMPLETED',
    tipAmount: 1,
  });
  await poll(
    async () => (await ok(core, { type: 'getPayment', paymentRequestId: id })).payment.final,
    10_000,
    'the payment to complete at the kiosk',
  );
  return id;
}

/** The printed receipt's lines, trimmed, as the printer reads the bytes it received. */
async function printed(core: KioskCore, stand: PrinterStandIn, id: string) {
  const before = stand.jobs.length;
  expect(await ok(core, { type: 'printReceipt', paymentRequestId: id })).toEqual({ printed: true });
  const jobs = await stand.waitForJobs(before + 1);
  return decodeReceipt(jobs[before]!, 'esc-pos').lines.map((l) => l.trim());
}

const OLD = { name: 'Counter Demo Shop', vatNumber: 'GB111111111', logo: logo([200, 30, 30]) };
const NEW = { name: "Ada's Bakery", vatNumber: 'GB999999999', logo: logo([30, 30, 200]) };

describe('a receipt shows the shop as it was when the customer paid', () => {
  it('on its page, its image and the printed receipt, after a rename, a move and a new logo', async () => {
    const service = await runningService(cleanups, await testStore());
    const { url } = service;
    const stand = await startPrinterStandIn();
    cleanups.push(() => stand.close());
    const before = await callOnce(url, 'PATCH', '/api/merchant', {
      vatNumber: OLD.vatNumber,
      logo: OLD.logo.dataUrl,
    });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const core = await paidKiosk(service, stand);
    const id = await paid(core, url);

    const changed = await callOnce(url, 'PATCH', '/api/merchant', {
      name: NEW.name,
      address: '9 New Road\nYork YO1 7HH',
      vatNumber: NEW.vatNumber,
      logo: NEW.logo.dataUrl,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const storeId = (await api(url, 'GET', '/api/stores'))[0].id as string;
    const moved = await callOnce(url, 'PATCH', `/api/stores/${storeId}`, {
      name: 'York Station',
      address: '1 Station Road, York',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    // The page: the shop, its store and the store's address, its VAT number, its logo as it was.
    const page = await receiptPage(url, id);
    expect(page.name).toBe(OLD.name);
    expect(page.header).toEqual([
      'Main Street',
      '1 Main Street, London',
      `VAT no. ${OLD.vatNumber}`,
    ]);
    expect(page.text.join(' ')).not.toContain(NEW.name);
    expect(page.method).toBe('VISA •••• 4242');
    const logoRes = await fetch(new URL(page.logoSrc!, url));
    expect(logoRes.status).toBe(200);
    expect(Buffer.from(await logoRes.arrayBuffer())).toEqual(OLD.logo.bytes);

    // The image.
    const svg = await (await fetch(`${url}/api/payment-requests/${id}/template/RECEIPT`)).text();
    for (const said of [OLD.name, 'Main Street', '1 Main Street, London', 'VISA •••• 4242'])
      expect(svg).toContain(said);
    expect(svg).not.toContain('Ada');

    // The printed receipt: the same header, the same store line and card as the page.
    const lines = await printed(core, stand, id);
    expect(lines.slice(0, 5)).toEqual([OLD.name, ...page.header, 'Receipt']);
    expect(lines).toContainEqual(expect.stringMatching(/^Method +VISA •••• 4242$/));
    expect(lines.join(' ')).not.toContain('Ada');

    // The receipt API the kiosk printed from says the same, and the logo it names is the old one.
    const record = ReceiptRecord.parse(
      await api(url, 'GET', `/api/payment-requests/${id}/receipt`),
    );
    expect(record.shop).toMatchObject({ name: OLD.name, storeName: 'Main Street', asPaid: true });
    expect(record.card).toEqual({ brand: 'VISA', last4: '4242' });
    const apiLogo = await fetch(record.shop.logoUrl!);
    expect(Buffer.from(await apiLogo.arrayBuffer())).toEqual(OLD.logo.bytes);

    // The next payment is paid under the new name, store and logo, on every receipt.
    const next = await paid(core, url);
    const nextPage = await receiptPage(url, next);
    expect(nextPage.name).toBe(NEW.name);
    expect(nextPage.header).toEqual([
      'York Station',
      '1 Station Road, York',
      `VAT no. ${NEW.vatNumber}`,
    ]);
    const nextLogo = await fetch(new URL(nextPage.logoSrc!, url));
    expect(Buffer.from(await nextLogo.arrayBuffer())).toEqual(NEW.logo.bytes);
    expect((await printed(core, stand, next)).slice(0, 5)).toEqual([
      NEW.name,
      ...nextPage.header,
      'Receipt',
    ]);
    // And the first is still as it was.
    expect((await receiptPage(url, id)).header).toEqual(page.header);
  }, 90_000);
});

/** A request paid by card on the hosted page: the card network answers it at a later tick. */
async function paidOnHostedPage(url: string, orderId: string): Promise<string> {
  const created = await api(url, 'POST', '/api/payments/process-payment', {
    customerId: 'c',
    orderId,
    amount: 10,
  });
  const id = created.paymentRequestId as string;
  const res = await postForm(`${url}/pay/${id}/card`, {
    name: 'Card Payer',
    number: '4242424242424242',
    expiry: '11/38',
    cvc: '123',
  });
  expect(res.status).toBe(303);
  return id;
}

const receiptOf = async (url: string, id: string) =>
  ReceiptRecord.parse(await api(url, 'GET', `/api/payment-requests/${id}/receipt`));

describe('the shop kept with a payment', () => {
  it('is kept for payments the card network settles together at a tick', async () => {
    const service = await runningService(cleanups, { ...(await testStore()), tickMs: 3_600_000 });
    const { url } = service;
    const ids = [await paidOnHostedPage(url, 'tick-a'), await paidOnHostedPage(url, 'tick-b')];
    // Renamed while the card network has them: they are paid, and keep the shop, at the tick.
    await callOnce(url, 'PATCH', '/api/merchant', { name: 'Before The Tick' });
    await poll(
      async () => {
        await service.service.ctx.tick();
        const receipts = await Promise.all(ids.map((id) => receiptOf(url, id)));
        return receipts.every((r) => r.status === 'COMPLETED');
      },
      10_000,
      'the card network to settle',
    );
    await callOnce(url, 'PATCH', '/api/merchant', {
      name: 'After The Tick',
      logo: NEW.logo.dataUrl,
    });
    for (const id of ids) {
      const receipt = await receiptOf(url, id);
      expect(receipt).toMatchObject({
        status: 'COMPLETED',
        card: { brand: 'VISA', last4: '4242' },
      });
      expect(receipt.shop).toMatchObject({ name: 'Before The Tick', asPaid: true });
      expect(receipt.shop.logoUrl).toBeUndefined();
    }
  });

  it('is not there for a payment paid before shops were kept: its receipt shows the shop as it is now', async () => {
    const service = await runningService(cleanups, await testStore());
    const { url } = service;
    const id = (
      await api(url, 'POST', '/api/payments/process-payment', {
        customerId: 'c',
        orderId: 'before-0030',
        amount: 4,
      })
    ).paymentRequestId as string;
    // Before it is paid, a receipt shows the shop as it is now.
    expect((await receiptOf(url, id)).shop).toMatchObject({ name: OLD.name, asPaid: false });
    await api(url, 'POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'PAY_BY_BANK',
      outcome: 'COMPLETED',
    });
    // As a database migrated from before 0030 has it: the payment without its shop.
    await service.service.store
      .prepare('DELETE FROM payment_shops WHERE payment_request_id = ?')
      .run(id);
    await callOnce(url, 'PATCH', '/api/merchant', { name: NEW.name });
    const receipt = await receiptOf(url, id);
    expect(receipt.shop).toMatchObject({ name: NEW.name, storeName: 'Main Street', asPaid: false });
    expect(receipt.bankName).toBe('Sandbox Bank');
    expect((await receiptPage(url, id)).name).toBe(NEW.name);
    expect((await receiptPage(url, id)).method).toBe('Pay by bank (Sandbox Bank)');
  });

  it("is cleared with the sandbox's payments by a sandbox reset, and with it the logos only they kept", async () => {
    const service = await runningService(cleanups, await testStore());
    const { url } = service;
    await callOnce(url, 'PATCH', '/api/merchant', { logo: OLD.logo.dataUrl });
    const id = (
      await api(url, 'POST', '/api/payments/process-payment', {
        customerId: 'c',
        orderId: 'reset-me',
        amount: 4,
      })
    ).paymentRequestId as string;
    await api(url, 'POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
    });
    const count = async (table: string) =>
      Number(
        (
          (await service.service.store.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get()) as {
            n: number | string;
          }
        ).n,
      );
    expect([await count('payment_shops'), await count('receipt_logos')]).toEqual([1, 1]);
    expect((await callOnce(url, 'POST', '/api/sandbox/reset', {})).status).toBe(200);
    expect([await count('payment_shops'), await count('receipt_logos')]).toEqual([0, 0]);
  });
});
