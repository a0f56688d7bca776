/**
 * A payment started at the counter whose answer is lost (the connection drops after the service
 * made it, then the kiosk restarts) is not made twice: the kiosk kept the Idempotency-Key in its
 * history before sending, and pressing Start again reuses it. Real service, real HTTP through a
 * proxy that can cut an answer off, real SQLite on disk for the kiosk.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from '../../src/sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { answerCuttingProxy } from '../helpers/cutting-proxy';
import {
  createMemoryCredentialStore,
  type CredentialStore,
} from '../../src/main/kiosk/credentials';
import { ok, onDisplay } from '../helpers/kiosk-command';
import { pairKiosk, runningService, testKiosk, type Cleanups } from '../helpers/kiosk';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const proxy = (target: string) =>
  answerCuttingProxy(target, '/api/payments/process-payment', cleanups);

/** A kiosk keeping its history in `dataDir`, learning of payments by polling only. */
const kiosk = (dataDir: string, credentials: CredentialStore) =>
  testKiosk(cleanups, { dataDir, credentials, push: false });

describe('starting a payment whose answer is lost', () => {
  it('makes one payment however often staff press Start, across a kiosk restart', async () => {
    const h = await runningService(cleanups);
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-idem-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const through = await proxy(h.url);
    const credentials = createMemoryCredentialStore();

    const first = kiosk(dir, credentials);
    await first.start();
    await pairKiosk(first, through.url, { connected: false });

    const count = async () =>
      (
        (await h.service.store
          .prepare("SELECT COUNT(*) AS n FROM payment_requests WHERE order_id LIKE 'CTR-%'")
          .get()) as { n: number }
      ).n;
    through.state.cutNext = true;
    const lost = await first.handle({ type: 'startPayment', amountPence: 725 });
    expect(lost.ok).toBe(false);
    expect(through.state.cut).toBe(1);
    expect(await count()).toBe(1); // the service made it; the kiosk never heard
    await first.stop();

    // The kiosk restarts (same history on disk) and staff press Start again.
    const second = kiosk(dir, credentials);
    await second.start();
    const retried = await ok(second, { type: 'startPayment', amountPence: 725 });
    expect(await count()).toBe(1);
    const made = (await h.service.store
      .prepare<[], { id: string }>("SELECT id FROM payment_requests WHERE order_id LIKE 'CTR-%'")
      .get())!;
    expect(onDisplay(retried).paymentRequestId).toBe(made.id);
    await second.stop();

    // The history keeps the key with the payment it made.
    const db = new Database(join(dir, 'kiosk.db'), { readonly: true });
    const attempts = db.prepare('SELECT * FROM payment_attempts').all() as {
      idempotency_key: string;
      payment_request_id: string | null;
    }[];
    db.close();
    expect(attempts).toEqual([
      expect.objectContaining({ payment_request_id: made.id, idempotency_key: expect.any(String) }),
    ]);

    // A new sale of the same amount after the first was answered is a new payment (once the
    // first has left the display: until then a counter payment waits in line, not yet created).
    const third = kiosk(dir, credentials);
    await third.start();
    for (const type of ['cancelPayment', 'dismissPayment'] as const)
      expect((await third.handle({ type, paymentRequestId: made.id })).ok).toBe(true);
    const next = await third.handle({ type: 'startPayment', amountPence: 725 });
    expect(next).toMatchObject({ ok: true, result: { queued: false } });
    expect(await count()).toBe(2);
  });
});
