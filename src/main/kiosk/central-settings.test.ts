/**
 * The kiosk hears what the merchant sets for it, against the real service on loopback: a change
 * of the merchant's kiosk settings reaches the kiosk's settings in force over its push stream
 * within a second; a remote "print test page" prints on the receipt printer (a stand-in on a
 * TCP port) and the kiosk's answer is recorded DONE, or FAILED with why when no printer is named.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { displayStateOf } from '../../shared/bridge';
import { TerminalActions } from '../../shared/contract/kiosk-settings';
import { startPrinterStandIn } from '../../../test/helpers/printer-stand-in';
import { decodeReceipt } from '../../../test/helpers/receipt-decoder';
import { ok, onDisplay } from '../../../test/helpers/kiosk-command';
import { api, pairedKiosk, PIN, type Cleanups } from '../../../test/helpers/kiosk';
import { callOnce } from '../../../test/helpers/service';
import { poll } from '../../../test/helpers/webhook-receiver';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The one terminal of the test's merchant: the kiosk. */
const terminalIdOf = async (url: string) =>
  ((await api(url, 'GET', '/api/terminal')) as { id: string }[])[0]!.id;

async function actionsOf(url: string, id: string) {
  return TerminalActions.parse(await api(url, 'GET', `/api/terminals/${id}/actions`)).actions;
}

describe('settings set centrally', () => {
  it('reach the kiosk over its push stream within a second', async () => {
    const { url, core } = await pairedKiosk(cleanups);
    await poll(() => core.central.settings() !== null, 5_000, 'the settings in force to be read');
    expect(core.central.settings()?.settings.idleScreenText).toBe('Welcome');
    const sent = Date.now();
    const res = await callOnce(url, 'PUT', '/api/kiosk-settings', {
      settings: { idleScreenText: 'Back in five', printReceiptAfterPayment: true },
      locked: ['idleScreenText'],
    });
    expect(res.status).toBe(200);
    await poll(
      () => core.central.settings()?.settings.idleScreenText === 'Back in five',
      1_000,
      'the change to reach the kiosk',
    );
    expect(Date.now() - sent).toBeLessThan(1_000);
    expect(core.central.settings()?.locked).toEqual(['idleScreenText']);
  });
});

describe('a locked setting', () => {
  it("prints a receipt after each payment when the merchant locks it on, whatever the kiosk's Settings say", async () => {
    const stand = await startPrinterStandIn();
    cleanups.push(() => stand.close());
    const { url, core } = await pairedKiosk(cleanups);
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
    await callOnce(url, 'PUT', '/api/kiosk-settings', {
      settings: { printReceiptAfterPayment: true },
      locked: ['printReceiptAfterPayment'],
    });
    await poll(
      () => core.central.settings()?.locked.includes('printReceiptAfterPayment') === true,
      5_000,
      'the lock to reach the kiosk',
    );
    const started = await ok(core, { type: 'startPayment', amountPence: 1000 });
    const id = onDisplay(started).paymentRequestId;
    await api(url, 'POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
    });
    const [receipt] = await stand.waitForJobs(1, 10_000);
    expect(decodeReceipt(receipt!, 'esc-pos').lines.join('\n')).toContain('10.00');
  });
});

describe('the idle text and the keypad limit', () => {
  it("are applied once a level sets them: the display's idle text, and no payment above the limit", async () => {
    const { url, core } = await pairedKiosk(cleanups);
    await poll(() => core.central.settings() !== null, 5_000, 'the settings in force to be read');
    // The defaults change nothing: the display's own welcome, and £1,000 is not a limit.
    expect(displayStateOf(core.state()).idleScreenText).toBeUndefined();
    const big = await ok(core, { type: 'startPayment', amountPence: 150_000 });
    await ok(core, { type: 'cancelPayment', paymentRequestId: onDisplay(big).paymentRequestId });

    const { id: storeId } = ((await api(url, 'GET', '/api/stores')) as { id: string }[])[0]!;
    await callOnce(url, 'PUT', `/api/stores/${storeId}/kiosk-settings`, {
      settings: { idleScreenText: 'Back in five', keypadMaxPence: 5000 },
    });
    await poll(
      () => displayStateOf(core.state()).idleScreenText === 'Back in five',
      5_000,
      "the store's idle text on the display",
    );
    const before = (await api(url, 'GET', '/api/payment-requests')) as { totalCount: number };
    expect(await core.handle({ type: 'startPayment', amountPence: 5001 })).toEqual({
      ok: false,
      error: {
        field: 'amountPence',
        message: 'Amount £50.01 is more than the largest keypad amount your merchant set, £50.00',
      },
    });
    expect(await api(url, 'GET', '/api/payment-requests')).toMatchObject({
      totalCount: before.totalCount,
    });
    expect(await core.handle({ type: 'startPayment', amountPence: 5000 })).toMatchObject({
      ok: true,
    });
  });
});

describe('remote actions', () => {
  it('print a test page on the receipt printer, and the kiosk answers DONE', async () => {
    const stand = await startPrinterStandIn();
    cleanups.push(() => stand.close());
    const { url, core } = await pairedKiosk(cleanups);
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
    const id = await terminalIdOf(url);
    const asked = await callOnce(url, 'POST', `/api/terminals/${id}/actions`, {
      action: 'PRINT_TEST_PAGE',
    });
    expect(asked.status).toBe(201);
    const [job] = await stand.waitForJobs(1, 5_000);
    expect(decodeReceipt(job!, 'esc-pos').lines.map((l) => l.trim())).toContain(
      'Receipt printer test page',
    );
    await poll(
      async () => (await actionsOf(url, id))[0]?.status === 'DONE',
      5_000,
      'the kiosk to answer',
    );
    expect((await actionsOf(url, id))[0]?.message).toBe('Printed a test page');
  });

  it('reload each attached customer display, and the kiosk answers DONE', async () => {
    const { url, core } = await pairedKiosk(cleanups);
    let reloads = 0;
    const detach = core.central.onReload(() => reloads++);
    const id = await terminalIdOf(url);
    await callOnce(url, 'POST', `/api/terminals/${id}/actions`, { action: 'RELOAD_DISPLAY' });
    await poll(
      async () => (await actionsOf(url, id))[0]?.status === 'DONE',
      5_000,
      'the kiosk to answer',
    );
    expect(reloads).toBe(1);
    // Gone, it is not reloaded: with no display attached the kiosk says so.
    detach();
    await callOnce(url, 'POST', `/api/terminals/${id}/actions`, { action: 'RELOAD_DISPLAY' });
    await poll(
      async () => (await actionsOf(url, id))[0]?.status === 'FAILED',
      5_000,
      'the kiosk to answer',
    );
    expect((await actionsOf(url, id))[0]?.message).toBe('No customer display is attached');
    expect(reloads).toBe(1);
  });

  it('answer FAILED with why when the kiosk cannot do it', async () => {
    const { url } = await pairedKiosk(cleanups);
    const id = await terminalIdOf(url);
    await callOnce(url, 'POST', `/api/terminals/${id}/actions`, { action: 'PRINT_TEST_PAGE' });
    await poll(
      async () => (await actionsOf(url, id))[0]?.status === 'FAILED',
      5_000,
      'the kiosk to answer',
    );
    expect((await actionsOf(url, id))[0]?.message).toBe('No receipt printer is named in Settings');
  });
});
