/**
 * kill -9 of `npm run service` under a mixed load, CYCLES times over one data directory: no
 * answered request is lost, no committed state change is lost, and every committed webhook
 * event reaches the receiver at least once after the restarts, with the same webhook-id (and
 * the same signed body) on every retry. `npm run soak -- --cycles N` runs more cycles.
 *
 * The load is the LOAD table below: one entry per kind of request (payments, simulated payments,
 * remote payments, refunds, webhook test events), each saying what its answer promises. A new
 * kind is one more entry.
 */
import Database from '../../src/sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import type { Running } from '../helpers/process';
import { headerRecord, poll, startReceiver, type Received } from '../helpers/webhook-receiver';
import { startServiceProcess } from './service-process';

const CYCLES = Number(process.env.RELIABILITY_CYCLES ?? 20);
const SECRET = 'sk_sandbox_reliability';
const WORKERS = 4;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type Json = any;

let base = '';
async function call(method: string, path: string, body?: unknown): Promise<Json> {
  const res = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** What an answered request promises once the service is back, however often it was killed. */
interface Promised {
  kind: string;
  /** The payment it created or moved, and the status it must have (at least) afterwards. */
  payment?: { id: string; status: string; paidAmount?: number; terminalId?: string };
  /** A webhook it caused, identified in what the receiver got. */
  webhook?: (r: Received) => boolean;
  /** Anything else to check over the API once the service is back (throws when broken). */
  verify?: () => Promise<void>;
}

interface LoadKind {
  name: string;
  /** Sends one request (or a short sequence); resolves with the answer's promise. */
  send(seq: number, terminalId: string): Promise<Promised>;
}

const created = async (orderId: string, amount: number) =>
  (
    await call('POST', '/api/payments/process-payment', {
      customerId: 'reliability',
      orderId,
      amount,
      expiresIn: 7 * 24 * 3600 * 1000, // open for the whole run, whatever the clock does
    })
  ).paymentRequestId as string;

const LOAD: LoadKind[] = [
  {
    name: 'payment',
    async send(seq) {
      const id = await created(`pay-${seq}`, (100 + (seq % 50)) / 100);
      return { kind: 'payment', payment: { id, status: 'PAYMENT_NOT_INITIATED' } };
    },
  },
  {
    name: 'simulated payment',
    async send(seq) {
      const amount = (200 + (seq % 50)) / 100;
      const id = await created(`sim-${seq}`, amount);
      await call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
        paymentMethod: seq % 2 ? 'CARD' : 'PAY_BY_BANK',
        outcome: 'COMPLETED',
      });
      return {
        kind: 'simulated payment',
        payment: { id, status: 'COMPLETED', paidAmount: amount },
        webhook: (r) =>
          r.json.type === 'PAYMENTS_STATUS' &&
          r.json.data.paymentRequestId === id &&
          r.json.data.status === 'COMPLETED',
      };
    },
  },
  {
    name: 'remote payment',
    async send(seq, terminalId) {
      const { paymentRequestId: id } = await call('POST', '/api/terminal/process-remote-payment', {
        id: terminalId,
        amount: (300 + (seq % 50)) / 100,
      });
      return {
        kind: 'remote payment',
        payment: { id, status: 'PAYMENT_NOT_INITIATED', terminalId },
      };
    },
  },
  {
    name: 'refund',
    async send(seq) {
      const id = await created(`ref-${seq}`, (400 + (seq % 50)) / 100);
      await call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
        paymentMethod: 'PAY_BY_BANK',
        outcome: 'COMPLETED',
      });
      const refund = await call('POST', `/api/refund/${id}`, { amount: 1 });
      return {
        kind: 'refund',
        payment: { id, status: 'COMPLETED' },
        webhook: (r) => r.json.type === 'REFUND_STATUS' && r.json.data.paymentRequestId === id,
        async verify() {
          const list = (await call('GET', `/api/refund/${id}`)) as { refundId: string }[];
          expect(list.map((x) => x.refundId)).toContain(refund.refundId);
        },
      };
    },
  },
  {
    name: 'webhook test event',
    async send(seq) {
      const orderId = `hook-${seq}`;
      await call('POST', '/api/webhook/test', { eventType: 'PAYMENTS_STATUS', orderId });
      return { kind: 'webhook test event', webhook: (r) => r.json.data.orderId === orderId };
    },
  },
];

const dataDir = mkdtempSync(join(tmpdir(), 'counter-kill-'));
let current: Running | null = null;
afterAll(async () => {
  current?.child.kill('SIGKILL');
  if (current) await current.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

async function startService(): Promise<Running> {
  const { proc, url } = await startServiceProcess(dataDir, {
    SERVICE_SANDBOX_SECRET: SECRET,
    SERVICE_PRODUCTION_SECRET: 'sk_live_reliability',
  });
  current = proc;
  base = url;
  return proc;
}

describe(`kill -9 of the service under load (${CYCLES} cycles)`, () => {
  it(
    'loses no answered request, no committed change and no webhook',
    async () => {
      const started = performance.now();
      // Some deliveries fail, so retries (with their webhook-ids) cross the restarts too.
      const receiver = await startReceiver();
      for (let i = 0; i < 4000; i++) receiver.script.push(i % 7 === 3 ? 503 : 200);

      await startService();
      const sub = await call('POST', '/api/webhooks', {
        url: receiver.url,
        eventTypes: ['PAYMENTS_STATUS', 'EXPIRED_STATUS', 'REFUND_STATUS', 'POS_PAYMENT_STATUS'],
      });
      const { code } = await call('POST', '/api/terminal/pairing-codes', {});
      const pair = await fetch(`${base}/api/terminal/pair`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code, name: 'Till 1' }),
      });
      const paired = (await pair.json()) as Json;
      const terminalId = paired.terminal.id as string;
      // A terminal takes remote payments once it has been seen (stream, token or feed).
      const feed = await fetch(`${base}/api/terminal/events/feed`, {
        headers: { authorization: `Bearer ${paired.secret}` },
      });
      expect(feed.status).toBe(200);

      const promised: Promised[] = [];
      let unanswered = 0;
      const failures: string[] = [];
      let seq = 0;
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        if (cycle > 0) await startService();
        const proc = current!;
        let killed = false;
        const worker = async () => {
          while (!killed) {
            const n = seq++;
            try {
              promised.push(await LOAD[n % LOAD.length]!.send(n, terminalId));
            } catch (error) {
              // Cut off by the kill: it promised nothing, but whatever of it committed is still
              // checked below. Before the kill, an error is a failure.
              if (killed) unanswered++;
              else failures.push((error as Error).message);
              return;
            }
          }
        };
        const workers = Array.from({ length: WORKERS }, worker);
        // Kill mid-load: after a few answers, at a varying moment.
        const answeredBefore = promised.length;
        await poll(() => promised.length >= answeredBefore + 4 + (cycle % 5) * 3, 30_000);
        proc.child.kill('SIGKILL');
        killed = true;
        await proc.exited;
        await Promise.all(workers);
      }

      expect(failures).toEqual([]);
      // Back for good: every answer's promise holds.
      await startService();
      receiver.script.length = 0; // the receiver now takes everything
      for (const p of promised.filter((x) => x.payment)) {
        const record = await call('GET', `/api/payments/v1/payment-status/${p.payment!.id}`);
        expect(record, `${p.kind} ${p.payment!.id}`).toMatchObject({
          status: p.payment!.status,
          ...(p.payment!.paidAmount === undefined ? {} : { paidAmount: p.payment!.paidAmount }),
          ...(p.payment!.terminalId ? { terminalId: p.payment!.terminalId } : {}),
        });
      }

      for (const p of promised) await p.verify?.();

      // Retries left pending are due by the service clock: move it until everything is delivered.
      const rows = () => {
        const db = new Database(join(dataDir, 'service.db'), { readonly: true });
        try {
          return db
            .prepare<[string], { event_id: string; status: string; body: string }>(
              'SELECT event_id, status, body FROM webhook_deliveries WHERE subscription_id = ?',
            )
            .all(sub.id);
        } finally {
          db.close();
        }
      };
      await poll(
        async () => {
          if (rows().every((r) => r.status === 'DELIVERED')) return true;
          await call('POST', '/api/sandbox/clock/advance', { ms: 60 * 60 * 1000 });
          return false;
        },
        60_000,
        'every delivery to be DELIVERED',
      );
      const committed = rows();
      current!.child.kill('SIGTERM');
      await current!.exited;
      current = null;

      // Every committed event reached the receiver, signed, with one webhook-id and one body.
      const byId = new Map<string, Received[]>();
      for (const r of receiver.received) {
        const id = r.headers['webhook-id'] as string;
        byId.set(id, [...(byId.get(id) ?? []), r]);
      }
      const verifier = new Webhook(sub.secret);
      for (const row of committed) {
        const hits = byId.get(row.event_id);
        expect(hits, `event ${row.event_id} never reached the receiver`).toBeDefined();
        for (const hit of hits!) {
          expect(hit.body).toBe(row.body);
          expect(hit.json.id).toBe(row.event_id);
          expect(verifier.verify(hit.body, headerRecord(hit.headers))).toBeTruthy();
        }
      }
      expect(byId.size).toBe(committed.length); // nothing arrived that was not committed
      // Every answered request that causes a webhook has its webhook among them.
      for (const p of promised.filter((x) => x.webhook))
        expect(receiver.received.some(p.webhook!), `webhook of an answered ${p.kind}`).toBe(true);

      const repeats = receiver.received.length - byId.size;
      const kinds = LOAD.map(
        (k) => `${k.name} ${promised.filter((p) => p.kind === k.name).length}`,
      );
      console.info(
        `service kill -9: ${CYCLES} cycles in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
          `answered ${promised.length} (${kinds.join(', ')}); ${unanswered} cut off by a kill; ` +
          `${committed.length} committed webhook events all delivered ` +
          `(${receiver.received.length} deliveries, ${repeats} repeats with the same webhook-id)`,
      );
      expect(promised.length).toBeGreaterThanOrEqual(CYCLES * 4);
      await receiver.close();
    },
    CYCLES * 15_000 + 60_000,
  );
});
