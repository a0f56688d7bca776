/**
 * Idempotency across kill -9 (docs/reliability.md): the service process is killed while keyed
 * payments are in flight, restarted on the same data, and every request is retried with its key.
 * Every answer given before the kill is given again, and every key made exactly one payment
 * request, whether or not its first attempt committed. Real processes, real SQLite on disk.
 */
import Database from '../../src/sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runTs, type Running } from '../helpers/process';

const dir = mkdtempSync(join(tmpdir(), 'counter-idem-crash-'));
const running: Running[] = [];
afterAll(() => {
  for (const proc of running) proc.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const LISTENING = /service listening on (http:\/\/127\.0\.0\.1:\d+)/;
const SECRET = 'sk_sandbox_crash';
const CYCLES = 3;

async function start() {
  const proc = runTs('src/service/cli.ts', ['--port', '0', '--data-dir', dir], {
    SERVICE_SANDBOX_SECRET: SECRET,
    SERVICE_PRODUCTION_SECRET: 'sk_live_crash',
  });
  running.push(proc);
  const [, url] = await proc.waitFor(LISTENING, 30_000);
  return { proc, url: url! };
}

async function pay(url: string, key: string, signal?: AbortSignal) {
  const res = await fetch(`${url}/api/payments/process-payment`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SECRET}`,
      'content-type': 'application/json',
      'idempotency-key': key,
    },
    body: JSON.stringify({ customerId: 'crash', orderId: `order-${key}`, amount: 1.25 }),
    signal,
  });
  return { status: res.status, body: (await res.json()) as { paymentRequestId?: string } };
}

describe('idempotency keys across kill -9', () => {
  it(`never runs a keyed payment twice and never loses an answer, over ${CYCLES} kills`, async () => {
    const answered = new Map<string, string>();
    const sent = new Set<string>();
    let next = 0;
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const { proc, url } = await start();
      // Retry everything sent so far: answers must match, nothing is made twice.
      for (const key of sent) {
        const retry = await pay(url, key);
        expect(retry.status, key).toBe(200);
        const id = retry.body.paymentRequestId!;
        if (answered.has(key)) expect(id, key).toBe(answered.get(key));
        answered.set(key, id);
      }
      // A stream of new keyed payments, eight at a time, killed in the middle.
      let stop = false;
      const workers = Array.from({ length: 8 }, async () => {
        while (!stop) {
          const key = `c${cycle}-${next++}`;
          sent.add(key);
          try {
            const res = await pay(url, key);
            if (res.status === 200) answered.set(key, res.body.paymentRequestId!);
          } catch {
            return; // the process is gone
          }
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      proc.child.kill('SIGKILL');
      stop = true;
      await Promise.all(workers);
      await proc.exited;
    }

    // A last restart retries every key; then count what exists.
    const { proc, url } = await start();
    for (const key of sent) {
      const retry = await pay(url, key);
      expect(retry.status).toBe(200);
      if (answered.has(key)) expect(retry.body.paymentRequestId, key).toBe(answered.get(key));
    }
    proc.child.kill('SIGTERM');
    await proc.exited;

    const db = new Database(join(dir, 'service.db'), { readonly: true });
    const perOrder = db
      .prepare<[], { order_id: string; n: number }>(
        "SELECT order_id, COUNT(*) AS n FROM payment_requests WHERE customer_ref = 'crash' GROUP BY order_id",
      )
      .all();
    db.close();
    expect(sent.size).toBeGreaterThan(CYCLES * 8);
    expect(perOrder).toHaveLength(sent.size);
    expect(perOrder.filter((row) => row.n !== 1)).toEqual([]);
  }, 240_000);
});
