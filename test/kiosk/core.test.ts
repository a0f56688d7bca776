/**
 * The kiosk core under plain Node against the real service on loopback: each source alone
 * reaches the final status, the queue, the bridge's validation, the service restarting
 * mid-payment and the kiosk restarting with the service down.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../src/shared/bridge';
import type { KioskCore } from '../../src/main/kiosk/core';
import { createFileCredentialStore, credentialsPath } from '../../src/main/kiosk/credentials';
import { SANDBOX } from '../helpers/service';
import { poll } from '../helpers/webhook-receiver';
import { inLine, ok, onDisplay } from '../helpers/kiosk-command';
import { api, pairKiosk, PIN, runningService, testKiosk, type Cleanups } from '../helpers/kiosk';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-core-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const service = (dataDir: string | null = null, port = 0) =>
  runningService(cleanups, { dataDir, port });
const kiosk = (options: Parameters<typeof testKiosk>[1] = {}) => testKiosk(cleanups, options);

const terminalId = async (url: string) => (await api(url, 'GET', '/api/terminal'))[0].id as string;
const statusIn = async (core: KioskCore, id: string) =>
  (await ok(core, { type: 'getPayment', paymentRequestId: id })).payment.status;
const sources = async (core: KioskCore, id: string) =>
  (await ok(core, { type: 'getPayment', paymentRequestId: id })).changes.map(
    (c) => `${c.to}:${c.source}`,
  );

describe('the kiosk core', () => {
  it('push alone: a remote payment becomes the active payment and reaches COMPLETED', async () => {
    const { url } = await service();
    const core = kiosk();
    await core.start();
    const events: BridgeEvent[] = [];
    core.subscribe((e) => events.push(e));
    const pairing = await pairKiosk(core, url);
    expect(pairing).toMatchObject({
      environment: 'sandbox',
      kind: 'terminal',
      terminalName: 'Till',
    });

    const { paymentRequestId: id } = await api(
      url,
      'POST',
      '/api/terminal/process-remote-payment',
      {
        id: await terminalId(url),
        amount: 12.5,
        notes: 'Table 4',
      },
    );
    await poll(() => core.state().active?.paymentRequestId === id, 5000, 'the active payment');
    expect(core.state().active).toMatchObject({
      amountPence: 1250,
      notes: 'Table 4',
      origin: 'remote',
      status: 'PAYMENT_NOT_INITIATED',
    });
    expect(core.state().active!.qrCodeUrl).toMatch(/qr\.svg$/);

    await api(url, 'POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
      tipAmount: 1,
    });
    await poll(async () => (await statusIn(core, id)) === 'COMPLETED', 5000, 'COMPLETED by push');
    expect(await sources(core, id)).toEqual([
      'PAYMENT_NOT_INITIATED:push',
      'PENDING:push',
      'COMPLETED:push',
    ]);
    expect(events.some((e) => e.type === 'paymentChanged' && e.change.to === 'COMPLETED')).toBe(
      true,
    );
    expect(core.state().takings).toEqual({
      count: 1,
      totalPence: 1350,
      tipsPence: 100,
      refundedPence: 0,
    });
    // The finished payment gives way after the hold.
    await poll(() => core.state().active === null, 5000, 'the display to return to idle');
  });

  it('polling alone: a counter payment started with a merchant secret reaches COMPLETED', async () => {
    const { url } = await service();
    const core = kiosk({ pollFastMs: 100 });
    await core.start();
    await ok(core, { type: 'configureManually', pin: PIN, baseUrl: url, secret: SANDBOX });
    expect(core.state().pairing).toMatchObject({
      paired: true,
      kind: 'merchant',
      environment: 'sandbox',
    });
    const started = onDisplay(
      await ok(core, {
        type: 'startPayment',
        amountPence: 420,
        notes: 'Coffee',
        paymentMethod: 'PAY_BY_BANK',
      }),
    );
    expect(core.state().active).toMatchObject({
      paymentRequestId: started.paymentRequestId,
      origin: 'counter',
      amountPence: 420,
    });
    await api(url, 'POST', `/api/sandbox/payment-requests/${started.paymentRequestId}/simulate`, {
      paymentMethod: 'PAY_BY_BANK',
      outcome: 'COMPLETED',
    });
    await poll(
      async () => (await statusIn(core, started.paymentRequestId)) === 'COMPLETED',
      5000,
      'COMPLETED by polling',
    );
    expect((await sources(core, started.paymentRequestId)).at(-1)).toBe('COMPLETED:poll');
  });

  it('push turned off: a paired terminal learns of remote payments from its event feed', async () => {
    const { url } = await service();
    const core = kiosk({ pollFastMs: 100, push: false });
    await core.start();
    await pairKiosk(core, url, { connected: false });
    await poll(() => core.state().online, 5000, 'the first poll');
    // No stream is ever opened: the service sees no push connection for this terminal.
    expect(core.state().connection).toBe('connected');
    expect((await api(url, 'GET', '/api/terminal'))[0].online).toBe(false);

    const { paymentRequestId: id } = await api(
      url,
      'POST',
      '/api/terminal/process-remote-payment',
      {
        id: await terminalId(url),
        amount: 7.25,
      },
    );
    await poll(() => core.state().active?.paymentRequestId === id, 5000, 'the remote payment');
    await api(url, 'POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'PAY_BY_BANK',
      outcome: 'COMPLETED',
    });
    await poll(async () => (await statusIn(core, id)) === 'COMPLETED', 5000, 'COMPLETED');
    const seen = await sources(core, id);
    // Everything came by polling (the feed and payment status), nothing by push or webhook.
    expect(seen[0]).toBe('PAYMENT_NOT_INITIATED:poll');
    expect(seen.every((s) => s.endsWith(':poll'))).toBe(true);
  });

  it('webhook alone: the local receiver hears the final status', async () => {
    const { url } = await service();
    let secret = '';
    const core = kiosk({ webhook: { secret: () => secret } });
    await core.start();
    await ok(core, { type: 'configureManually', pin: PIN, baseUrl: url, secret: SANDBOX });
    const sub = await api(url, 'POST', '/api/webhooks', {
      url: core.webhookUrl(),
      eventTypes: ['PAYMENTS_STATUS', 'EXPIRED_STATUS'],
    });
    secret = sub.secret;
    const started = onDisplay(await ok(core, { type: 'startPayment', amountPence: 300 }));
    await api(url, 'POST', `/api/sandbox/payment-requests/${started.paymentRequestId}/simulate`, {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
    });
    await poll(
      async () => (await statusIn(core, started.paymentRequestId)) === 'COMPLETED',
      5000,
      'COMPLETED by webhook',
    );
    expect((await sources(core, started.paymentRequestId)).at(-1)).toBe('COMPLETED:webhook');
  });

  it('queues a second payment, cancels the first, and moves on', async () => {
    const { url } = await service();
    const core = kiosk();
    await core.start();
    await pairKiosk(core, url);
    const id = await terminalId(url);
    const first = await api(url, 'POST', '/api/terminal/process-remote-payment', { id, amount: 1 });
    const second = await api(url, 'POST', '/api/terminal/process-remote-payment', {
      id,
      amount: 2,
    });
    await poll(() => core.state().queue.length === 1, 5000, 'the queue');
    expect(core.state().active!.paymentRequestId).toBe(first.paymentRequestId);
    expect(core.state().queue[0]!.paymentRequestId).toBe(second.paymentRequestId);
    const cancelled = await ok(core, {
      type: 'cancelPayment',
      paymentRequestId: first.paymentRequestId,
    });
    expect(cancelled.status).toBe('CANCELLED');
    await poll(
      () => core.state().active?.paymentRequestId === second.paymentRequestId,
      5000,
      'the next payment',
    );
    // Cancelling again is refused by the service, and staff see why.
    const again = await core.handle({
      type: 'cancelPayment',
      paymentRequestId: first.paymentRequestId,
    });
    expect(again).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/already been processed/) },
    });
  });

  it('holds a counter payment started while the display is busy; its expiry starts when shown', async () => {
    const { url } = await service();
    const core = kiosk();
    await core.start();
    await pairKiosk(core, url);
    const requestsAtService = async () =>
      (await api(url, 'GET', '/api/payment-requests?size=100')).totalCount as number;

    const first = await ok(core, { type: 'startPayment', amountPence: 500 });
    expect(first).toMatchObject({
      queued: false,
      payment: { amountPence: 500, origin: 'counter' },
    });
    const second = await ok(core, { type: 'startPayment', amountPence: 750, notes: 'Second' });
    expect(second).toMatchObject({
      queued: true,
      position: 1,
      held: { amountPence: 750, notes: 'Second', error: null },
    });
    const third = await ok(core, { type: 'startPayment', amountPence: 900 });
    expect(third).toMatchObject({ queued: true, position: 2 });
    // Held, not created: the service knows only the payment on the display.
    expect(await requestsAtService()).toBe(1);
    expect(core.state().held.map((h) => h.amountPence)).toEqual([750, 900]);
    expect(core.state().queue).toEqual([]);

    // Staff take the third out of the line: nothing to cancel at the service.
    expect(await ok(core, { type: 'removeHeldPayment', id: inLine(third).id })).toEqual({
      removed: true,
    });
    expect(core.state().held.map((h) => h.amountPence)).toEqual([750]);

    // Two minutes pass on the service's clock while the first is on the display.
    await api(url, 'POST', '/api/sandbox/clock/advance', { ms: 120_000 });
    await ok(core, { type: 'cancelPayment', paymentRequestId: onDisplay(first).paymentRequestId });
    await poll(
      () => core.state().active?.amountPence === 750,
      5000,
      'the held payment on the display',
    );
    const shown = core.state().active!;
    expect(core.state().held).toEqual([]);
    expect(shown).toMatchObject({
      origin: 'counter',
      notes: 'Second',
      status: 'PAYMENT_NOT_INITIATED',
    });
    // Created when it reached the display: the whole three minutes from then.
    const firstCreated = Date.parse(onDisplay(first).createdAt);
    expect(Date.parse(shown.createdAt) - firstCreated).toBeGreaterThanOrEqual(120_000);
    expect(Date.parse(shown.expiresAt) - Date.parse(shown.createdAt)).toBe(180_000);
    expect(await requestsAtService()).toBe(2);
  });

  it('puts a payment pushed from the dashboard ahead of held counter payments', async () => {
    const { url } = await service();
    const core = kiosk();
    await core.start();
    await pairKiosk(core, url);
    const first = await ok(core, { type: 'startPayment', amountPence: 100 });
    const held = await ok(core, { type: 'startPayment', amountPence: 200 });
    const pushed = await api(url, 'POST', '/api/terminal/process-remote-payment', {
      id: await terminalId(url),
      amount: 3,
    });
    await poll(() => core.state().queue.length === 1, 5000, 'the pushed payment in the queue');
    // Its expiry is already running at the service, so it goes first.
    expect(core.state().queue[0]!.paymentRequestId).toBe(pushed.paymentRequestId);
    expect(core.state().held.map((h) => h.id)).toEqual([inLine(held).id]);
    await ok(core, { type: 'cancelPayment', paymentRequestId: onDisplay(first).paymentRequestId });
    await poll(
      () => core.state().active?.paymentRequestId === pushed.paymentRequestId,
      5000,
      'the pushed payment',
    );
    expect(core.state().held).toHaveLength(1);
    await ok(core, { type: 'cancelPayment', paymentRequestId: pushed.paymentRequestId });
    await poll(() => core.state().active?.amountPence === 200, 5000, 'the held payment');
  });

  it("refuses an amount over the terminal's largest payment before calling the service", async () => {
    const { url } = await service();
    const core = kiosk({ terminalRefreshMs: 100 });
    await core.start();
    await pairKiosk(core, url);
    await poll(() => core.state().maxPence === 1_000_000, 5000, 'the default limit');
    await api(url, 'PUT', `/api/terminal/${await terminalId(url)}`, { maxAmount: 50 });
    await poll(() => core.state().maxPence === 5000, 5000, 'the new limit from the dashboard');

    const refused = await core.handle({ type: 'startPayment', amountPence: 9_999_999_999 });
    expect(refused).toEqual({
      ok: false,
      error: {
        field: 'amountPence',
        message: "Amount £99,999,999.99 is more than this terminal's largest payment, £50.00",
      },
    });
    expect((await api(url, 'GET', '/api/payment-requests')).totalCount).toBe(0);
    expect(await core.handle({ type: 'startPayment', amountPence: 5000 })).toMatchObject({
      ok: true,
    });
  });

  it('reads its limit again before refusing, so a limit just raised on the dashboard applies at once', async () => {
    const { url } = await service();
    const core = kiosk(); // reads its record at start only (the refresh is an hour here)
    await core.start();
    await pairKiosk(core, url);
    await poll(() => core.state().maxPence === 1_000_000, 5000, 'the default limit');
    await api(url, 'PUT', `/api/terminal/${await terminalId(url)}`, { maxAmount: 99_999_999.99 });
    const started = await ok(core, { type: 'startPayment', amountPence: 9_999_999_999 });
    expect(started).toMatchObject({ queued: false, payment: { amountPence: 9_999_999_999 } });
    expect(core.state().maxPence).toBe(9_999_999_999);
  });

  it('passes on the service refusing a limit the kiosk had not heard of yet, in the same words', async () => {
    const { url } = await service();
    const core = kiosk(); // reads its record at start only (the refresh is an hour here)
    await core.start();
    await pairKiosk(core, url);
    await poll(() => core.state().maxPence === 1_000_000, 5000, 'the default limit');
    await api(url, 'PUT', `/api/terminal/${await terminalId(url)}`, { maxAmount: 20 });
    expect(await core.handle({ type: 'startPayment', amountPence: 2500 })).toEqual({
      ok: false,
      error: {
        field: 'amountPence',
        message: "Amount £25.00 is more than this terminal's largest payment, £20.00",
      },
    });
    // The refusal makes the kiosk read its record again.
    await poll(() => core.state().maxPence === 2000, 5000, 'the limit after the refusal');
  });

  it('refuses bad commands with a message naming the field, changing nothing', async () => {
    const core = kiosk();
    await core.start();
    expect(await core.handle({ type: 'startPayment', amountPence: 123.4 })).toMatchObject({
      ok: false,
      error: { field: 'amountPence' },
    });
    expect(await core.handle({ type: 'nope' })).toMatchObject({ ok: false });
    expect(await core.handle({ type: 'startPayment', amountPence: 500 })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/Pair this kiosk/) },
    });
    expect(
      await core.handle({
        type: 'pairWithCode',
        pin: PIN,
        baseUrl: 'http://127.0.0.1:1',
        code: '12',
        name: 'x',
      }),
    ).toMatchObject({ ok: false, error: { field: 'code' } });
    expect(core.state().pairing).toEqual({ paired: false });
  });

  it('survives the service restarting mid-payment', async () => {
    const dir = tempDir();
    const first = await service(dir);
    const port = Number(new URL(first.url).port);
    const core = kiosk({ pollFastMs: 200, pollSlowMs: 200 });
    await core.start();
    await pairKiosk(core, first.url);
    const { paymentRequestId: id } = await api(
      first.url,
      'POST',
      '/api/terminal/process-remote-payment',
      { id: await terminalId(first.url), amount: 9 },
    );
    await poll(() => core.state().active?.paymentRequestId === id, 5000, 'the active payment');
    await first.close();
    await poll(() => core.state().connection !== 'connected', 10_000, 'the kiosk to notice');
    const second = await service(dir, port);
    await api(second.url, 'POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
    });
    await poll(
      async () => (await statusIn(core, id)) === 'COMPLETED',
      15_000,
      'COMPLETED after the restart',
    );
    await poll(
      () => core.state().connection === 'connected',
      15_000,
      'the push channel to reconnect',
    );
  });

  it('shows its history after a restart with the service down', async () => {
    const dir = tempDir();
    const { url, close } = await service();
    const core = kiosk({
      dataDir: dir,
      credentials: createFileCredentialStore(credentialsPath(dir)),
      pollFastMs: 200,
      pollSlowMs: 200,
    });
    await core.start();
    await pairKiosk(core, url);
    const { paymentRequestId: id } = await api(
      url,
      'POST',
      '/api/terminal/process-remote-payment',
      { id: await terminalId(url), amount: 6.5 },
    );
    await api(url, 'POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'PAY_BY_BANK',
      outcome: 'COMPLETED',
    });
    await poll(async () => (await statusIn(core, id)) === 'COMPLETED', 5000, 'COMPLETED');
    await core.stop();
    await close();

    const again = kiosk({
      dataDir: dir,
      credentials: createFileCredentialStore(credentialsPath(dir)),
      pollFastMs: 100,
      pollSlowMs: 100,
    });
    await again.start();
    expect(again.state().pairing).toMatchObject({ paired: true, terminalName: 'Till' });
    const page = await ok(again, { type: 'listHistory', query: {} });
    expect(page.payments).toEqual([
      expect.objectContaining({ paymentRequestId: id, status: 'COMPLETED', amountPence: 650 }),
    ]);
    const found = await ok(again, {
      type: 'listHistory',
      query: { amountPence: 650, status: 'COMPLETED' },
    });
    expect(found.payments).toHaveLength(1);
    await poll(
      () => again.state().connection === 'offline' || again.state().connection === 'reconnecting',
      10_000,
      'offline',
    );
    expect(again.state().online).toBe(false);
  });
});
