/**
 * SQL statements per operation: how many times the service runs a SQLite statement for one
 * saved-card charge (made and settled) and for one refund (initiated, then moved to COMPLETED by
 * the sandbox bank). Each statement has a fixed cost in the request path, so this count is what
 * the charge and refund throughput figures follow (docs/benchmarks.md), and unlike them it does
 * not drift with the machine's speed.
 *
 * The service runs in this process on a file database, driven over real HTTP 32 requests at a
 * time (as the throughput cases); every `run`/`get`/`all`/`iterate` of a prepared statement and
 * every `exec` is counted while the operations run, their settlement included.
 * Env: BENCH_STATEMENT_OPS (default 400 of each).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createService, type Service } from '../src/service/app';
import { sqliteConnection } from '../test/helpers/sqlite-connection';
import type { Figure } from './lib/result';

const OPS = Number(process.env.BENCH_STATEMENT_OPS ?? 400);
const CONCURRENCY = 32;
const SECRET = 'sk_sandbox_bench_statements';

/** Counts the statements a database connection runs while `counting` is on. */
function countStatements(service: Service) {
  // SQLite-only: counts what the SQLite store's better-sqlite3 connection runs.
  const db = sqliteConnection(service.store);
  let counting = false;
  let count = 0;
  const statementProto = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  const dbProto = Object.getPrototypeOf(db) as Record<string, (...args: unknown[]) => unknown>;
  const restore: (() => void)[] = [];
  const wrap = (proto: Record<string, (...args: unknown[]) => unknown>, method: string) => {
    const original = proto[method]!;
    proto[method] = function (this: unknown, ...args: unknown[]) {
      if (counting) count++;
      return original.apply(this, args);
    };
    restore.push(() => (proto[method] = original));
  };
  for (const method of ['run', 'get', 'all', 'iterate']) wrap(statementProto, method);
  wrap(dbProto, 'exec');
  return {
    async during(work: () => Promise<void>): Promise<number> {
      count = 0;
      counting = true;
      try {
        await work();
      } finally {
        counting = false;
      }
      return count;
    },
    restore: () => restore.forEach((undo) => undo()),
  };
}

async function inWaves(total: number, one: (i: number) => Promise<void>) {
  for (let start = 0; start < total; start += CONCURRENCY)
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, total - start) }, (_, k) => one(start + k)),
    );
}

export async function figures(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'counter-bench-statements-'));
  const service = await createService({
    dataDir,
    secrets: { sandbox: SECRET, production: 'sk_live_bench_statements' },
  });
  const base = await service.listen(0);
  const counter = countStatements(service);
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(base + path, {
      method,
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, string>;
  };
  // Moves the merchant's sandbox clock past every settlement and refund step, then lets them run
  // (in this process only, as no statement of the advance's own may be counted).
  const settle = async () => {
    const { clock } = service.ctx;
    const { merchantId } = service.bootstrap;
    for (let i = 0; i < 3; i++) {
      clock.set(merchantId, clock.offset(merchantId) + 60_000);
      await service.ctx.tick();
    }
  };
  try {
    const customer = await call('POST', '/api/customers', {
      fullName: 'Statement Count',
      email: 'statements@example.com',
    });
    const card = await call('POST', `/api/sandbox/customers/${customer.id}/cards`, {
      number: '4242424242424242',
    });
    const charges = await counter.during(async () => {
      await inWaves(OPS, async (i) => {
        await call('POST', '/api/payments/card/process-payment', {
          customerId: customer.id,
          paymentMethodId: card.id,
          captureType: 'AUTO_CAPTURE',
          amount: 12.5,
          orderId: `statements-${i}`,
        });
      });
      await settle();
    });

    const paid: string[] = [];
    for (let i = 0; i < 50; i++) {
      const created = await call('POST', '/api/payments/process-payment', {
        customerId: 'statements',
        orderId: `paid-${i}`,
        amount: 100,
      });
      await call('POST', `/api/sandbox/payment-requests/${created.paymentRequestId}/simulate`, {
        paymentMethod: 'CARD',
        outcome: 'COMPLETED',
      });
      paid.push(created.paymentRequestId!);
    }
    const refunds = await counter.during(async () => {
      await inWaves(OPS, async (i) => {
        await call('POST', `/api/refund/${paid[i % paid.length]}`, { amount: 0.01 });
      });
      await settle();
    });
    return [
      {
        name: 'SQL statements per saved-card charge, settled',
        value: charges / OPS,
        unit: 'statements',
        digits: 1,
      },
      {
        name: 'SQL statements per refund, completed',
        value: refunds / OPS,
        unit: 'statements',
        digits: 1,
      },
    ];
  } finally {
    counter.restore();
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
