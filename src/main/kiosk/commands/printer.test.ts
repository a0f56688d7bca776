/**
 * The network receipt printer, from the kiosk core against the real service on loopback and a
 * stand-in printer on a TCP port: the bytes it receives are decoded as the printer would read
 * them (ESC/POS and StarPRNT), a printer that is off or drops a job keeps the receipt (across a
 * restart) until a retry prints it once, and nothing of it stands in the way of the next payment.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { KioskCore } from '../../../main/kiosk/core';
import { createMemoryCredentialStore, type CredentialStore } from '../../../main/kiosk/credentials';
import type { BasketLine, ReceiptPrinter } from '../../../shared/bridge';
import { callOnce } from '../../../../test/helpers/service';
import { poll } from '../../../../test/helpers/webhook-receiver';
import {
  startPrinterStandIn,
  type PrinterStandIn,
} from '../../../../test/helpers/printer-stand-in';
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

const service = async () => (await runningService(cleanups)).url;

async function printer(): Promise<PrinterStandIn> {
  const p = await startPrinterStandIn();
  cleanups.push(() => p.close());
  return p;
}

function kiosk(
  dataDir: string | null,
  credentials: CredentialStore,
  terminalRefreshMs?: number,
): KioskCore {
  return testKiosk(cleanups, {
    ...(terminalRefreshMs ? { terminalRefreshMs } : {}),
    dataDir,
    credentials,
    pollFastMs: 200,
    printerTimeouts: { connectMs: 2_000, closeWaitMs: 1_000 },
  });
}

async function paired(url: string, dataDir: string | null = null, terminalRefreshMs?: number) {
  const credentials = createMemoryCredentialStore();
  const core = kiosk(dataDir, credentials, terminalRefreshMs);
  await core.start();
  await pairKiosk(core, url, { connected: false });
  return { core, credentials };
}

/**
 * A £10 counter payment paid by card with a £1 tip, taken with `lines` as its basket when given
 * (they must add up to £10); resolves once the kiosk saw it complete.
 */
async function paid(core: KioskCore, url: string, lines?: BasketLine[]): Promise<string> {
  await poll(async () => core.state().active === null, 10_000, 'the display to be free');
  const started = await ok(core, {
    type: 'startPayment',
    amountPence: 1000,
    ...(lines ? { lines } : {}),
  });
  const id = onDisplay(started).paymentRequestId;
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

const settings = (p: PrinterStandIn, more: Partial<ReceiptPrinter> = {}): ReceiptPrinter => ({
  host: '127.0.0.1',
  port: p.port,
  paperWidth: 80,
  language: 'esc-pos',
  printAfterPayment: true,
  ...more,
});

describe('the receipt printer', () => {
  it('is named in Settings behind the staff PIN; a bad address or paper width changes nothing', async () => {
    const url = await service();
    const stand = await printer();
    const { core } = await paired(url);
    expect(core.state().receiptPrinter).toBeNull();

    const wrongPin = await core.handle({
      type: 'saveReceiptPrinter',
      pin: '1111',
      printer: settings(stand),
    });
    expect(wrongPin).toEqual({
      ok: false,
      error: { message: 'That PIN is not right', field: 'pin' },
    });
    const badHost = await core.handle({
      type: 'saveReceiptPrinter',
      pin: PIN,
      printer: settings(stand, { host: 'http://printer/' }),
    });
    expect(badHost).toMatchObject({ ok: false, error: { field: 'printer.host' } });
    const badPaper = await core.handle({
      type: 'saveReceiptPrinter',
      pin: PIN,
      printer: { ...settings(stand), paperWidth: 72 },
    });
    expect(badPaper).toEqual({
      ok: false,
      error: { field: 'printer.paperWidth', message: 'printer.paperWidth: must be 58 or 80 (mm)' },
    });
    expect(core.state().receiptPrinter).toBeNull();

    // The port may be left out: 9100, the raw port of nearly every receipt printer.
    const { port: _port, ...withoutPort } = settings(stand);
    expect(await ok(core, { type: 'saveReceiptPrinter', pin: PIN, printer: withoutPort })).toEqual({
      receiptPrinter: { ...withoutPort, port: 9100 },
    });
    await ok(core, { type: 'saveReceiptPrinter', pin: PIN, printer: settings(stand) });
    expect(core.state().receiptPrinter).toEqual(settings(stand));
    await ok(core, { type: 'saveReceiptPrinter', pin: PIN, printer: null });
    expect(core.state().receiptPrinter).toBeNull();
  });

  it('prints each completed payment by itself in ESC/POS: total, method, reference, QR, cut', async () => {
    const url = await service();
    const stand = await printer();
    const { core } = await paired(url);
    await ok(core, { type: 'saveReceiptPrinter', pin: PIN, printer: settings(stand) });

    const id = await paid(core, url);
    const [job] = await stand.waitForJobs(1);
    const detail = await ok(core, { type: 'getPayment', paymentRequestId: id });
    const receipt = decodeReceipt(job!, 'esc-pos');
    const text = receipt.lines.map((l) => l.trim());
    expect(receipt.initialized).toBe(1);
    expect(text).toContain('Counter Demo Shop');
    expect(text).toContain('Receipt');
    expect(receipt.lines).toContainEqual(expect.stringMatching(/^Tip {30,}£1\.00$/));
    expect(receipt.lines).toContainEqual(expect.stringMatching(/^Total {30,}£11\.00$/));
    expect(receipt.boldLines).toContainEqual(expect.stringMatching(/^Total +£11\.00$/));
    expect(receipt.lines).toContainEqual(expect.stringMatching(/^Method +VISA •••• 4242$/));
    expect(receipt.lines).toContainEqual(
      expect.stringMatching(/^Time +\d{1,2} \w{3} \d{4}, \d\d:\d\d$/),
    );
    expect(receipt.lines).toContainEqual(
      `Reference${' '.repeat(48 - 9 - detail.payment.orderId.length)}${detail.payment.orderId}`,
    );
    // Every line fits the 80 mm roll's 48 characters.
    expect(Math.max(...receipt.lines.map((l) => l.length))).toBeLessThanOrEqual(48);
    expect(receipt.qrCodes).toEqual([detail.payment.receiptUrl]);
    expect(detail.payment.receiptUrl).toBe(new URL(`/receipt/${id}`, url).toString());
    expect(receipt.cuts).toBe(1);
    // The cut comes last: nothing of the receipt is printed below it.
    expect(text.indexOf('Scan to keep this receipt')).toBeGreaterThan(text.indexOf('Total'));
    // Printed: nothing is kept once the printer has closed its side.
    await poll(() => core.state().printJobs.length === 0, 5_000, 'the printed job to go');
    expect(stand.jobs).toHaveLength(1);
  });

  it("prints the shop's profile as it is when paid: a renamed shop, its store and VAT number", async () => {
    const url = await service();
    const stand = await printer();
    // The minutely re-read of the terminal's record is only the fallback: the push says so now.
    const { core } = await paired(url, null);
    await ok(core, { type: 'saveReceiptPrinter', pin: PIN, printer: settings(stand) });
    await poll(() => core.state().connection === 'connected', 5_000, 'the push stream');
    // The re-read a new connection makes has answered before the shop changes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const renamed = await callOnce(url, 'PATCH', '/api/merchant', {
      name: 'Bean There Café',
      address: '4 Mill Lane\nLeeds LS1 4AB',
      vatNumber: 'GB123456789',
    });
    expect(renamed.status).toBe(200);
    // A TERMINAL_PROFILE on the push stream: the display's shop name follows at once.
    await poll(
      async () =>
        (({ pairing }) => pairing.paired && pairing.merchantName === 'Bean There Café')(
          core.state(),
        ),
      3_000,
      'the kiosk to hear of the new name',
    );
    await paid(core, url);
    const [job] = await stand.waitForJobs(1);
    const text = decodeReceipt(job!, 'esc-pos').lines.map((l) => l.trim());
    // Under the store's name its own address; the primary store has none, so the profile's.
    expect(text.slice(0, 6)).toEqual([
      'Bean There Café',
      'Main Street',
      '4 Mill Lane',
      'Leeds LS1 4AB',
      'VAT no. GB123456789',
      'Receipt',
    ]);
    expect(text).not.toContain('Counter Demo Shop');
  });
});

describe('the receipt printer: baskets, languages and paper', () => {
  it("prints a till system's basket and the shop's profile as text, never as printer commands", async () => {
    const url = await service();
    const stand = await printer();
    const { core } = await paired(url);
    await ok(core, { type: 'saveReceiptPrinter', pin: PIN, printer: settings(stand) });
    await poll(() => core.state().connection === 'connected', 5_000, 'the push stream');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // CP437 draws ← at ESC, ↔ at GS and ► at DLE: printed in it, ←p022 is ESC p 0 2 2, the pulse
    // that opens the cash drawer, and ↔V1 is GS V 1, a cut.
    const name = '←p022 Bean ↔V1';
    const renamed = await callOnce(url, 'PATCH', '/api/merchant', {
      name,
      address: '►4 Mill Lane\n←p022 Leeds',
    });
    expect(renamed.status).toBe(200);
    // A store without an address of its own: the receipt prints the merchant's.
    const storeId = (await api(url, 'GET', '/api/stores'))[0].id as string;
    expect((await callOnce(url, 'PATCH', `/api/stores/${storeId}`, { address: null })).status).toBe(
      200,
    );
    await poll(
      () => (({ pairing }) => pairing.paired && pairing.merchantName === name)(core.state()),
      3_000,
      'the kiosk to hear of the new name',
    );
    const terminalId = (await api(url, 'GET', '/api/terminal'))[0].id as string;
    const { paymentRequestId } = await api(url, 'POST', '/api/terminal/process-remote-payment', {
      id: terminalId,
      amount: 9.75,
      lineItems: [
        { description: '←p022 Flat white', quantity: 1, unitAmount: 7 },
        { description: '↔V1 Muffin', quantity: 1, unitAmount: 2.75 },
      ],
    });
    await poll(
      () => core.state().active?.paymentRequestId === paymentRequestId,
      5_000,
      'the remote payment on the display',
    );
    await api(url, 'POST', `/api/sandbox/payment-requests/${paymentRequestId}/simulate`, {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
    });

    const [job] = await stand.waitForJobs(1, 10_000);
    expect(Buffer.from(job!).toString('hex')).not.toMatch(/^(..)*1b70/);
    const receipt = decodeReceipt(job!, 'esc-pos');
    // Only the receipt's own commands: reset, font, bold, alignment, code page, QR code, one cut.
    expect(new Set(receipt.commands.map((c) => c.split(' ').slice(0, 2).join(' ')))).toEqual(
      new Set(['ESC @', 'FS .', 'ESC M', 'ESC E', 'ESC a', 'ESC t', 'GS (', 'GS V']),
    );
    expect(receipt.cuts).toBe(1);
    const text = receipt.lines.map((l) => l.trim());
    expect(text.slice(0, 5)).toEqual([
      '?p022 Bean ?V1',
      'Main Street',
      '?4 Mill Lane',
      '?p022 Leeds',
      'Receipt',
    ]);
    expect(receipt.lines).toContainEqual(expect.stringMatching(/^\?p022 Flat white +£7\.00$/));
    expect(receipt.lines).toContainEqual(expect.stringMatching(/^\?V1 Muffin +£2\.75$/));
  });

  it("prints the basket's lines the payment was taken with, kept in kiosk.db across a restart", async () => {
    const url = await service();
    const stand = await printer();
    const dataDir = mkdtempSync(join(tmpdir(), 'counter-receipt-basket-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const { core, credentials } = await paired(url, dataDir);
    await ok(core, {
      type: 'saveReceiptPrinter',
      pin: PIN,
      printer: settings(stand, { printAfterPayment: false }),
    });
    const id = await paid(core, url, [
      { description: 'Flat white', quantity: 2, unitPence: 320 },
      { description: 'Almond croissant', quantity: 1, unitPence: 360 },
    ]);
    await core.stop();

    // Printed from the lines the kiosk kept, not from anything the window still holds.
    const again = kiosk(dataDir, credentials);
    await again.start();
    expect(await ok(again, { type: 'printReceipt', paymentRequestId: id })).toEqual({
      printed: true,
    });
    const receipt = decodeReceipt(stand.jobs[0]!, 'esc-pos');
    const first = receipt.lines.findIndex((l) => l.startsWith('2 x Flat white'));
    expect(receipt.lines.slice(first, first + 3)).toEqual([
      `2 x Flat white${' '.repeat(48 - 14 - 5)}£6.40`,
      '  @ £3.20',
      `Almond croissant${' '.repeat(48 - 16 - 5)}£3.60`,
    ]);
    const total = receipt.lines.findIndex((l) => /^Total +£11\.00$/.test(l));
    expect(total).toBeGreaterThan(first + 2);
    // They add up to the payment: no word of a mismatch.
    expect(receipt.lines.join(' ')).not.toContain('add up to');
  });

  it('prints on request only, in StarPRNT on 58 mm paper, when Settings say so', async () => {
    const url = await service();
    const stand = await printer();
    const { core } = await paired(url);
    await ok(core, {
      type: 'saveReceiptPrinter',
      pin: PIN,
      printer: settings(stand, { language: 'star-prnt', paperWidth: 58, printAfterPayment: false }),
    });
    const id = await paid(core, url);
    await new Promise((r) => setTimeout(r, 300));
    expect(stand.jobs).toHaveLength(0);

    expect(await ok(core, { type: 'printReceipt', paymentRequestId: id })).toEqual({
      printed: true,
    });
    expect(stand.jobs).toHaveLength(1);
    const detail = await ok(core, { type: 'getPayment', paymentRequestId: id });
    const receipt = decodeReceipt(stand.jobs[0]!, 'star-prnt');
    expect(receipt.lines.map((l) => l.trim())).toContain('Counter Demo Shop');
    expect(receipt.lines).toContainEqual(expect.stringMatching(/^Total {10,}£11\.00$/));
    expect(receipt.boldLines).toContainEqual(expect.stringMatching(/^Total +£11\.00$/));
    expect(receipt.lines).toContainEqual(expect.stringMatching(/^Method +VISA •••• 4242$/));
    expect(receipt.lines).toContainEqual(
      expect.stringMatching(new RegExp(`^Reference +${detail.payment.orderId}$`)),
    );
    expect(Math.max(...receipt.lines.map((l) => l.length))).toBeLessThanOrEqual(32);
    expect(receipt.qrCodes).toEqual([detail.payment.receiptUrl]);
    expect(receipt.cuts).toBe(1);

    // A payment not paid has no receipt to print.
    await poll(async () => core.state().active === null, 10_000, 'the display to be free');
    const open = await ok(core, { type: 'startPayment', amountPence: 500 });
    const refused = await core.handle({
      type: 'printReceipt',
      paymentRequestId: onDisplay(open).paymentRequestId,
    });
    expect(refused).toEqual({
      ok: false,
      error: { message: 'Only a paid payment has a receipt to print' },
    });
  });
});

describe('the receipt printer: kept receipts and the test page', () => {
  it('keeps a receipt the printer cannot take, across a restart, until a retry prints it once', async () => {
    const url = await service();
    const stand = await printer();
    const dataDir = mkdtempSync(join(tmpdir(), 'counter-printer-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const { core, credentials } = await paired(url, dataDir);
    await ok(core, { type: 'saveReceiptPrinter', pin: PIN, printer: settings(stand) });
    await stand.off();

    const id = await paid(core, url);
    await poll(() => core.state().printJobs[0]?.error != null, 10_000, 'the failed attempt');
    const [kept] = core.state().printJobs;
    expect(kept).toMatchObject({ paymentRequestId: id, attempts: 1, printing: false });
    expect(kept!.error).toBe(
      `The receipt printer at 127.0.0.1:${stand.port} refused the connection (is it on, and is the ` +
        `port right?). Check that it is switched on, has paper and is on the shop's network, then ` +
        `try again. The receipt for ${kept!.orderId} is kept until it prints or you dismiss it.`,
    );
    // The counter goes on: the next payment starts while the receipt waits.
    await poll(async () => core.state().active === null, 10_000, 'the display to be free');
    const next = await ok(core, { type: 'startPayment', amountPence: 250 });
    expect(next.queued).toBe(false);
    const retried = await core.handle({ type: 'retryPrintJob', id: kept!.id });
    expect(retried).toEqual({
      ok: false,
      error: { message: expect.stringContaining('refused the connection') },
    });
    expect(core.state().printJobs[0]).toMatchObject({ id: kept!.id, attempts: 2 });

    // The kiosk restarts; the receipt is still waiting.
    await core.stop();
    const again = kiosk(dataDir, credentials);
    await again.start();
    expect(again.state().printJobs).toEqual([
      expect.objectContaining({ id: kept!.id, attempts: 2 }),
    ]);

    await stand.on();
    expect(await ok(again, { type: 'retryPrintJob', id: kept!.id })).toEqual({ printed: true });
    expect(again.state().printJobs).toEqual([]);
    expect(stand.jobs).toHaveLength(1);
    expect(decodeReceipt(stand.jobs[0]!, 'esc-pos')).toMatchObject({ cuts: 1, initialized: 1 });
    // Printed once: a second retry finds nothing to send.
    expect(await again.handle({ type: 'retryPrintJob', id: kept!.id })).toEqual({
      ok: false,
      error: { message: 'That receipt is no longer waiting: it printed or was dismissed' },
    });
    expect(stand.jobs).toHaveLength(1);
  });

  it('keeps a receipt the printer dropped part-way, and prints it whole once on the retry', async () => {
    const url = await service();
    const stand = await printer();
    const { core } = await paired(url);
    await ok(core, {
      type: 'saveReceiptPrinter',
      pin: PIN,
      printer: settings(stand, { printAfterPayment: false, language: 'star-prnt' }),
    });
    const id = await paid(core, url);
    stand.dropNextJob(120);

    const failed = await core.handle({ type: 'printReceipt', paymentRequestId: id });
    expect(failed).toEqual({
      ok: false,
      error: {
        message: expect.stringContaining(
          'dropped the connection before the whole receipt was sent',
        ),
      },
    });
    expect(stand.dropped).toHaveLength(1);
    expect(stand.dropped[0]!.length).toBe(120);
    expect(decodeReceipt(stand.dropped[0]!, 'star-prnt').cuts).toBe(0);
    const [kept] = core.state().printJobs;
    expect(kept).toMatchObject({ paymentRequestId: id, attempts: 1 });

    expect(await ok(core, { type: 'retryPrintJob', id: kept!.id })).toEqual({ printed: true });
    expect(stand.jobs).toHaveLength(1);
    const receipt = decodeReceipt(stand.jobs[0]!, 'star-prnt');
    expect(receipt.cuts).toBe(1);
    expect(receipt.qrCodes).toHaveLength(1);
    expect(core.state().printJobs).toEqual([]);
  });

  it('lets staff dismiss a kept receipt', async () => {
    const url = await service();
    const stand = await printer();
    const { core } = await paired(url);
    await ok(core, { type: 'saveReceiptPrinter', pin: PIN, printer: settings(stand) });
    await stand.off();
    const id = await paid(core, url);
    await poll(() => core.state().printJobs[0]?.error != null, 10_000, 'the failed attempt');
    const [kept] = core.state().printJobs;
    expect(await ok(core, { type: 'dismissPrintJob', id: kept!.id })).toEqual({ dismissed: true });
    expect(core.state().printJobs).toEqual([]);
    expect(await core.handle({ type: 'dismissPrintJob', id: kept!.id })).toMatchObject({
      ok: false,
    });
    expect(id).toBeTruthy();
  });

  it('prints a test page on the printer as typed, in both languages, behind the PIN', async () => {
    const url = await service();
    const stand = await printer();
    const { core } = await paired(url);
    expect(
      await core.handle({ type: 'printTestPage', pin: '1111', printer: settings(stand) }),
    ).toMatchObject({ ok: false, error: { field: 'pin' } });
    expect(stand.jobs).toHaveLength(0);

    for (const [language, paperWidth, columns] of [
      ['esc-pos', 80, 48],
      ['star-prnt', 58, 32],
    ] as const) {
      expect(
        await ok(core, {
          type: 'printTestPage',
          pin: PIN,
          printer: settings(stand, { language, paperWidth }),
        }),
      ).toEqual({ printed: true });
      const page = decodeReceipt(stand.jobs.at(-1)!, language);
      expect(page.lines.map((l) => l.trim())).toContain('Receipt printer test page');
      expect(page.lines.join(' ')).toContain(`Paper: ${paperWidth} mm, ${columns} characters a`);
      expect(Math.max(...page.lines.map((l) => l.length))).toBeLessThanOrEqual(columns);
      expect(page.cuts).toBe(1);
    }
    // Nothing is kept of a test page; the saved settings are untouched.
    expect(core.state().printJobs).toEqual([]);
    expect(core.state().receiptPrinter).toBeNull();

    await stand.off();
    const off = await core.handle({ type: 'printTestPage', pin: PIN, printer: settings(stand) });
    expect(off).toEqual({
      ok: false,
      error: {
        field: 'printer.host',
        message: expect.stringContaining(`127.0.0.1:${stand.port} refused the connection`),
      },
    });
  });
});
