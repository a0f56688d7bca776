/**
 * Who pushed a remote payment, from the service to the words staff read: the service's push
 * event says who created the request, the kiosk core keeps it with the payment in its History
 * (across a restart) and the console's label names it. A push event without it (an older
 * service) keeps the generic label. Plain Node: the kiosk core and a real service on loopback.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryCredentialStore } from '../../src/main/kiosk/credentials';
import { originLabel } from '../../src/shared/labels';
import { ok } from '../helpers/kiosk-command';
import { pairKiosk, runningService, testKiosk, type Cleanups } from '../helpers/kiosk';
import { SANDBOX } from '../helpers/service';
import { poll } from '../helpers/webhook-receiver';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function pushTo(url: string, terminalId: string, amount: number, client?: string) {
  const res = await fetch(`${url}/api/terminal/process-remote-payment`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SANDBOX}`,
      'content-type': 'application/json',
      ...(client ? { 'counter-client': client } : {}),
    },
    body: JSON.stringify({ id: terminalId, amount }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { paymentRequestId: string }).paymentRequestId;
}

describe('the source of a pushed payment, service to console', () => {
  it('names who pushed each payment, and keeps it in History across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'counter-source-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const service = await runningService(cleanups);
    const credentials = createMemoryCredentialStore();
    const kiosk = testKiosk(cleanups, { dataDir, credentials });
    await kiosk.start();
    const pairing = await pairKiosk(kiosk, service.url);
    const terminalId = (pairing as { terminalId?: string }).terminalId;
    const terminals = (await (
      await fetch(`${service.url}/api/terminal`, {
        headers: { authorization: `Bearer ${SANDBOX}` },
      })
    ).json()) as { id: string; name: string }[];
    const id = terminalId ?? terminals.find((t) => t.name === 'Till')!.id;

    const pushed = {
      'From MCP (assistant)': await pushTo(service.url, id, 2, 'mcp'),
      'From the API': await pushTo(service.url, id, 3),
      'From an agent': await pushTo(service.url, id, 4, 'agent'),
      'From the dashboard': await pushTo(service.url, id, 5, 'dashboard'),
    };
    await poll(() => kiosk.state().queue.length + 1 >= 4, 10_000, 'the pushes to arrive');
    const labels = async (core: typeof kiosk) => {
      const page = await ok(core, { type: 'listHistory', query: {} });
      return new Map(page.payments.map((p) => [p.paymentRequestId, originLabel(p)]));
    };
    const seen = await labels(kiosk);
    for (const [label, paymentId] of Object.entries(pushed))
      expect(seen.get(paymentId)).toBe(label);
    expect(kiosk.state().queue.map(originLabel)).not.toContain('Merchant dashboard');

    await kiosk.stop();
    const again = testKiosk(cleanups, { dataDir, credentials });
    await again.start();
    const kept = await labels(again);
    for (const [label, paymentId] of Object.entries(pushed))
      expect(kept.get(paymentId)).toBe(label);
  });

  it('a push that does not say who created it keeps the generic label', () => {
    expect(originLabel({ origin: 'remote' })).toBe('Merchant dashboard');
    expect(originLabel({ origin: 'counter' })).toBe('This counter');
  });
});
