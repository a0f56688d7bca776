/**
 * `npm start` after a restart: the kiosk core starts a moment before its embedded service
 * listens (src/main/start.ts), as a paired kiosk. It must not say the service cannot be reached
 * while the service is only starting: it says it is connecting, and connects once the service
 * listens. Plain Node: the core and a real service on loopback, restarted on the same port.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryCredentialStore } from '../../src/main/kiosk/credentials';
import { pairKiosk, runningService, testKiosk, type Cleanups } from '../helpers/kiosk';
import { poll } from '../helpers/webhook-receiver';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the kiosk started before its service', () => {
  it('says it is connecting, never that the service cannot be reached, and connects', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'counter-start-order-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const credentials = createMemoryCredentialStore();
    const first = await runningService(cleanups, { dataDir });
    const port = Number(new URL(first.url).port);
    const kiosk = testKiosk(cleanups, { credentials, dataDir: null });
    await kiosk.start();
    await pairKiosk(kiosk, first.url);
    await kiosk.stop();
    await first.close();

    // Started again as npm start does: the kiosk first, its service a moment later.
    const lines: string[] = [];
    const again = testKiosk(cleanups, { credentials, log: (line) => lines.push(line) });
    await again.start();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(again.state().connection).toBe('connecting');
    const listening = Date.now();
    await runningService(cleanups, { dataDir, port });
    await poll(() => again.state().connection === 'connected', 10_000, 'the kiosk to connect');
    // Tried again soon, not after a backoff grown while the service was starting.
    expect(Date.now() - listening).toBeLessThan(3_000);

    expect(lines.filter((line) => /cannot reach/i.test(line))).toEqual([]);
    expect(lines.filter((line) => line.startsWith('push: Connecting…'))).toHaveLength(1);
  });
});
