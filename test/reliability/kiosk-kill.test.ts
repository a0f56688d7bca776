/**
 * kill -9 of the kiosk mid-payment: a payment staff just started at the counter (on the display)
 * and a remote payment pushed behind it, both open, when the kiosk process dies. Restarted on the same
 * data directory it has lost no history row, shows both payments again, and learns how the
 * remote one ended while it was dead (the customer paid meanwhile).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectBridge, type BridgeClient } from '../../src/main/browser/bridge-client';
import { createService } from '../../src/service/app';
import type { KioskState } from '../../src/shared/bridge';
import { runTs, type Running } from '../helpers/process';
import { PRODUCTION, SANDBOX } from '../helpers/service';
import { poll } from '../helpers/webhook-receiver';
import { bundled } from './service-process';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type Json = any;

/** The staff PIN kiosk-process.ts presets: pairing is a staff-only command. */
const PIN = '2468';
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

async function startKiosk(dataDir: string) {
  const proc: Running = runTs(bundled('test/reliability/kiosk-process.ts'), [dataDir]);
  cleanup.push(async () => {
    if (proc.child.exitCode === null && proc.child.signalCode === null) {
      proc.child.kill('SIGKILL');
      await proc.exited;
    }
  });
  const url = (await proc.waitFor(/^kiosk bridge: (\S+)$/m, 60_000))[1]!;
  const bridge: BridgeClient = connectBridge(url);
  cleanup.push(() => bridge.close());
  await bridge.ready;
  const ok = async (command: unknown): Promise<Json> => {
    const reply = await bridge.handle(command);
    if (!reply.ok) throw new Error(`${JSON.stringify(command)}: ${reply.error.message}`);
    return reply.result;
  };
  return { proc, bridge, ok, state: () => ok({ type: 'getState' }) as Promise<KioskState> };
}

describe('kill -9 of the kiosk mid-payment', () => {
  it('loses no history row and shows the payment again on restart', async () => {
    const service = await createService({
      dataDir: tempDir('kiosk-kill-service-'),
      secrets: { sandbox: SANDBOX, production: PRODUCTION },
    });
    const url = await service.listen(0);
    cleanup.push(() => service.close());
    const api = async (method: string, path: string, body?: unknown): Promise<Json> => {
      const res = await fetch(url + path, {
        method,
        headers: { authorization: `Bearer ${SANDBOX}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };

    const kioskDir = tempDir('kiosk-kill-kiosk-');
    const first = await startKiosk(kioskDir);
    const { code } = await api('POST', '/api/terminal/pairing-codes', {});
    await first.ok({ type: 'pairWithCode', pin: PIN, baseUrl: url, code, name: 'Till' });
    await poll(async () => (await first.state()).connection === 'connected', 20_000, 'push');

    // Staff start a payment at the counter (the display is free, so it is created at once), then
    // a remote payment is pushed and waits behind it.
    const started = await first.ok({
      type: 'startPayment',
      amountPence: 315,
      notes: 'two coffees',
    });
    expect(started.queued).toBe(false);
    const counter = started.payment as { paymentRequestId: string };
    const terminalId = (await api('GET', '/api/terminal'))[0].id as string;
    const remote = (
      await api('POST', '/api/terminal/process-remote-payment', { id: terminalId, amount: 8.4 })
    ).paymentRequestId as string;
    await poll(
      async () => (await first.state()).queue.some((p) => p.paymentRequestId === remote),
      20_000,
      'the remote payment in the queue',
    );
    const before = (await first.ok({ type: 'listHistory', query: {} })).payments as Json[];
    expect(before.map((p) => p.paymentRequestId).sort()).toEqual(
      [remote, counter.paymentRequestId].sort(),
    );

    // Mid-payment: both open, one on the display and one waiting. The kiosk dies at once.
    first.proc.child.kill('SIGKILL');
    await first.proc.exited;
    first.bridge.close();
    // Meanwhile the customer pays the remote one.
    await api('POST', `/api/sandbox/payment-requests/${remote}/simulate`, {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
    });

    const second = await startKiosk(kioskDir);
    // Paired still (credentials on disk), and both payments are back, in the same order.
    const restarted = await second.state();
    expect(restarted.pairing).toMatchObject({ paired: true, terminalName: 'Till' });
    const shown = [restarted.active, ...restarted.queue].map((p) => p?.paymentRequestId);
    expect(shown).toEqual([counter.paymentRequestId, remote]);
    const after = (await second.ok({ type: 'listHistory', query: {} })).payments as Json[];
    expect(after.map((p) => p.paymentRequestId).sort()).toEqual(
      before.map((p) => p.paymentRequestId).sort(),
    );
    const kept = after.find((p) => p.paymentRequestId === counter.paymentRequestId);
    expect(kept).toMatchObject({ amountPence: 315, notes: 'two coffees', origin: 'counter' });

    // The payment that ended while the kiosk was dead reaches its final status.
    await poll(
      async () =>
        (await second.ok({ type: 'getPayment', paymentRequestId: remote })).payment.status ===
        'COMPLETED',
      20_000,
      'the remote payment to be COMPLETED',
    );
    const detail = await second.ok({ type: 'getPayment', paymentRequestId: remote });
    expect(detail.payment).toMatchObject({ paidPence: 840, status: 'COMPLETED' });
    const steps = detail.changes.map((c: Json) => c.to) as string[];
    expect([steps[0], steps.at(-1)]).toEqual(['PAYMENT_NOT_INITIATED', 'COMPLETED']);
    // The counter payment is still open.
    const open = await second.ok({
      type: 'getPayment',
      paymentRequestId: counter.paymentRequestId,
    });
    expect(open.payment.status).toBe('PAYMENT_NOT_INITIATED');
  }, 120_000);
});
