/**
 * The kiosk offline for 60 s: the service it is paired with stops while five payments are open.
 * Meanwhile the payments end (on the same database, served elsewhere: the customer paid, the
 * bank declined, the merchant cancelled, one expired) and 60 s pass on the service's sandbox
 * clock and on the kiosk's injected clock. When the service returns on its address, the kiosk
 * reconciles every final status by itself.
 *
 * The 60 s are clock time, not a real sleep: the service's clock is advanced and the kiosk's
 * `now` moves with it, so the test takes seconds. The real-time cost of a longer outage is the
 * kiosk's reconnect backoff, capped at 30 s (docs/kiosk-core.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileCredentialStore, credentialsPath } from '../../src/main/kiosk/credentials';
import { callOnce } from '../helpers/service';
import { poll } from '../helpers/webhook-receiver';
import {
  pairKiosk,
  runningService,
  testKiosk,
  type Cleanups,
  type Json,
  type RunningService,
} from '../helpers/kiosk';

const OFFLINE_MS = 60_000;
const dirs: string[] = [];
const cleanup: Cleanups = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

describe('the kiosk offline for 60 s', () => {
  it('reconciles every final status when the service returns', async () => {
    const serviceDir = tempDir('kiosk-offline-service-');
    const open = (port = 0) => runningService(cleanup, { dataDir: serviceDir, port });
    let service: RunningService = await open();
    const port = Number(new URL(service.url).port);
    const api = async (method: string, path: string, body?: unknown): Promise<Json> => {
      const res = await callOnce(service.url, method, path, body);
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };

    // The kiosk's clock follows the service's sandbox clock.
    let skew = 0;
    const advance = async (ms: number) => {
      await api('POST', '/api/sandbox/clock/advance', { ms });
      skew += ms;
    };
    const kioskDir = tempDir('kiosk-offline-kiosk-');
    const core = testKiosk(cleanup, {
      dataDir: kioskDir,
      credentials: createFileCredentialStore(credentialsPath(kioskDir)),
      pollFastMs: 200,
      pollSlowMs: 500,
      finishedHoldMs: 60_000,
      now: () => Date.now() + skew,
    });
    await core.start();
    const ok = async (command: unknown): Promise<Json> => {
      const reply = await core.handle(command);
      if (!reply.ok) throw new Error(`${JSON.stringify(command)}: ${reply.error.message}`);
      return reply.result;
    };
    await pairKiosk(core, service.url, { connected: false });
    await poll(() => core.state().connection === 'connected', 20_000, 'the push channel');
    const terminalId = (await api('GET', '/api/terminal'))[0].id as string;
    const push = async (amount: number) =>
      (await api('POST', '/api/terminal/process-remote-payment', { id: terminalId, amount }))
        .paymentRequestId as string;

    // The counter payment first, while the display is free (a later one would wait in line,
    // not yet created at the service).
    const started = await ok({ type: 'startPayment', amountPence: 660 });
    expect(started.queued).toBe(false);
    const counter = started.payment.paymentRequestId as string;
    // One payment that will expire during the outage: 30 s of its life left when it starts.
    const expires = await push(1.1);
    const record = await api('GET', `/api/payments/v1/payment-status/${expires}`);
    await advance(Date.parse(record.expiresAt) - Date.parse(record.createdAt) - 30_000);
    const paid = await push(2.2);
    const declined = await push(3.3);
    const cancelled = await push(4.4);
    const stillOpen = await push(5.5);
    const ids = [expires, paid, declined, cancelled, stillOpen, counter];
    await poll(
      () =>
        ids.every((id) =>
          core
            .state()
            .queue.concat(core.state().active ?? [])
            .some((p) => p.paymentRequestId === id),
        ),
      20_000,
      'every payment on the kiosk',
    );

    // The service stops; the kiosk notices.
    await service.close();
    await poll(() => !core.state().online, 20_000, 'the kiosk to show offline');

    // Meanwhile, on the same data behind another address the kiosk does not know, the payments
    // end and 60 s pass.
    service = await open();
    await api('POST', `/api/sandbox/payment-requests/${paid}/simulate`, {
      paymentMethod: 'PAY_BY_BANK',
      outcome: 'COMPLETED',
    });
    await api('POST', `/api/sandbox/payment-requests/${declined}/simulate`, {
      paymentMethod: 'CARD',
      outcome: 'FAILED',
    });
    await api('POST', `/api/payment-request/cancel/${cancelled}`);
    await api('POST', `/api/sandbox/payment-requests/${counter}/simulate`, {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
    });
    await advance(OFFLINE_MS);
    expect(core.state().online).toBe(false);
    await service.close();

    // Back on its address: the kiosk reconciles without being asked.
    const returned = performance.now();
    service = await open(port);
    const expected: Record<string, string> = {
      [expires]: 'EXPIRED',
      [paid]: 'COMPLETED',
      [declined]: 'FAILED',
      [cancelled]: 'CANCELLED',
      [stillOpen]: 'PAYMENT_NOT_INITIATED',
      [counter]: 'COMPLETED',
    };
    const statuses = async () => {
      const out: Record<string, string> = {};
      for (const id of ids)
        out[id] = (await ok({ type: 'getPayment', paymentRequestId: id })).payment.status;
      return out;
    };
    await poll(
      async () => JSON.stringify(await statuses()) === JSON.stringify(expected),
      30_000,
      'every final status on the kiosk',
    );
    const reconcileSeconds = (performance.now() - returned) / 1000;
    expect(await statuses()).toEqual(expected);
    await poll(() => core.state().online, 10_000, 'the kiosk to show online');
    const paidView = (await ok({ type: 'getPayment', paymentRequestId: paid })).payment;
    expect(paidView).toMatchObject({ paidPence: 220, paymentMethod: 'PAY_BY_BANK' });
    // Today's takings count what was paid while the kiosk was away.
    expect(core.state().takings).toMatchObject({ count: 2, totalPence: 880 });
    // The open one is still on the display, waiting for its customer.
    expect([core.state().active, ...core.state().queue].map((p) => p?.paymentRequestId)).toContain(
      stillOpen,
    );
    console.info(
      `kiosk offline ${OFFLINE_MS / 1000} s (clock time): ${ids.length} payments reconciled ` +
        `${reconcileSeconds.toFixed(1)} s (real time) after the service returned`,
    );
  }, 120_000);
});
