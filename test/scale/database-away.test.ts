/**
 * A lost database connection: the service answers 503 in the error envelope while PostgreSQL is
 * away, changes nothing, and serves again by itself once it is back; connections the server
 * ends under load (57P01, as a failing-over primary does) end no process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { freshDatabaseUrl, sharedServer } from '../helpers/postgres';
import { runTs, type Running } from '../helpers/process';
import { startService, type Harness } from '../helpers/service';

let h: Harness | undefined;
let proc: Running | undefined;
const dirs: string[] = [];
afterAll(async () => {
  await h?.close();
  proc?.child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// With DATABASE_URL the server is not this test's to stop.
it.skipIf(process.env.DATABASE_URL)(
  'answers 503 while PostgreSQL is away and recovers by itself, and counts the outage',
  { timeout: 60_000 },
  async () => {
    const server = (await sharedServer())!;
    h = await startService({
      dataDir: null,
      databaseUrl: await freshDatabaseUrl(),
      metricsToken: 'away-metrics',
    });
    const create = () =>
      h!.call('POST', '/api/payments/process-payment', {
        amount: 2,
        customerId: 'c',
        orderId: 'AWAY',
      });
    let made = 0;
    const counted = async () => {
      const res = await create();
      if (res.status === 200) made++;
      return res;
    };
    expect((await counted()).status).toBe(200);

    await server.stop();
    try {
      const away = await counted();
      expect(away.status).toBe(503);
      expect(away.body).toMatchObject({
        name: 'SERVICE_UNAVAILABLE',
        status: 503,
        message: 'The database cannot be reached; try again shortly',
      });
      expect(away.headers.get('retry-after')).toBe('1');
      const ready = await h.call('GET', '/readyz', undefined, null);
      expect([ready.status, ready.body.message]).toEqual([503, 'The database cannot be reached']);
    } finally {
      await server.start();
    }
    await expect.poll(async () => (await counted()).status, { timeout: 15_000 }).toBe(200);
    // Exactly the payments that were answered 200 exist: the refused one left nothing behind.
    const listed = await h.call('GET', '/api/payment-requests?size=100');
    expect(listed.body.totalCount).toBe(made);

    // What an operator sees of it: one outage, over, its length, and the server restarted. The
    // watch probes every quarter second, so a request may succeed just before it sees the primary.
    let metrics = await h.call('GET', '/metrics', undefined, 'away-metrics');
    const value = (name: string) =>
      Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics.body as string)?.[1]);
    await expect
      .poll(async () => {
        metrics = await h!.call('GET', '/metrics', undefined, 'away-metrics');
        return value('counter_database_primary_up');
      })
      .toBe(1);
    expect(value('counter_database_outages_total')).toBe(1);
    expect(value('counter_database_failovers_total')).toBe(1);
    expect(value('counter_database_seconds_without_primary_total')).toBeGreaterThan(0);
    expect((await h.call('GET', '/readyz', undefined, null)).status).toBe(200);
  },
);

const SECRET = 'sk_sandbox_terminated';

async function call(url: string, method: string, path: string, body?: unknown) {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Ends every connection to the database but the caller's, as a server going down does. */
async function terminateAll(admin: pg.Client, database: string): Promise<number> {
  const { rowCount } = await admin.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database],
  );
  return rowCount ?? 0;
}

it(
  'survives its connections being terminated under load, and answers only what it kept',
  {
    timeout: 90_000,
  },
  async () => {
    const databaseUrl = await freshDatabaseUrl();
    const dir = mkdtempSync(join(tmpdir(), 'counter-terminated-'));
    dirs.push(dir);
    proc = runTs(
      'src/service/cli.ts',
      ['--port', '0', '--data-dir', dir, '--database-url', databaseUrl],
      {
        SERVICE_SANDBOX_SECRET: SECRET,
        SERVICE_PRODUCTION_SECRET: 'sk_live_terminated',
      },
    );
    const [, url] = await proc.waitFor(
      /^service listening on (http:\/\/127\.0\.0\.1:\d+)/m,
      30_000,
    );
    const admin = new pg.Client({ connectionString: databaseUrl });
    admin.on('error', () => {});
    await admin.connect();

    // Creates, reads and refunds without pause: transactions hold connections between statements,
    // where the server's end reaches an idle checked-out client.
    const answered = new Map<string, number>();
    let stop = false;
    const load = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const made = await call(url!, 'POST', '/api/payments/process-payment', {
          amount: 5,
          customerId: 'c',
          orderId: `T-${n}-${i}`,
        }).catch(() => null);
        if (made?.status !== 200) continue;
        const id = made.body.paymentRequestId as string;
        answered.set(id, 0);
        await call(url!, 'GET', `/api/payments/v1/payment-status/${id}`).catch(() => null);
        const refund = await call(url!, 'POST', `/api/refund/${id}`, { amount: 2 }).catch(
          () => null,
        );
        if (refund?.status === 200 || refund?.status === 201) answered.set(id, 2);
      }
    };
    const running = [load(1), load(2), load(3)];
    let terminated = 0;
    for (let round = 0; round < 15; round++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      terminated += await terminateAll(admin, new URL(databaseUrl).pathname.slice(1));
    }
    // Serving again under the same load: ten more payments answered after the last end.
    const before = answered.size;
    await expect.poll(() => answered.size, { timeout: 30_000 }).toBeGreaterThan(before + 10);
    stop = true;
    await Promise.all(running);
    expect(terminated).toBeGreaterThan(15);

    // The same process serves on, and every payment it answered is there as answered.
    expect(proc.child.exitCode, proc.output().slice(-2000)).toBeNull();
    await expect
      .poll(async () => (await call(url!, 'GET', '/readyz').catch(() => null))?.status, {
        timeout: 15_000,
      })
      .toBe(200);
    await admin.end();
    const problems: string[] = [];
    const check = async ([id, refunded]: [string, number]) => {
      const status = await call(url!, 'GET', `/api/payments/v1/payment-status/${id}`);
      if (status.status !== 200) problems.push(`${id}: status read ${status.status}`);
      const listed = await fetch(`${url}/api/refund/${id}`, {
        headers: { authorization: `Bearer ${SECRET}` },
      });
      // 404: the payment has no refund.
      const refunds = (listed.status === 404 ? [] : await listed.json()) as {
        refundAmount: number;
      }[];
      const total = refunds.reduce((sum, r) => sum + Number(r.refundAmount), 0);
      // A refund answered is there; one that was not answered may be there too (its answer was
      // the 503 of a commit whose outcome the lost connection hid), never more than one.
      if (total < refunded || total > 2)
        problems.push(`${id}: refunded ${total}, answered ${refunded} (${listed.status})`);
    };
    const all = [...answered];
    for (let i = 0; i < all.length; i += 16) await Promise.all(all.slice(i, i + 16).map(check));
    expect(problems).toEqual([]);
  },
);

it(
  'answers 503, never "Terminal not found", when the lookup of a terminal loses its connection',
  {
    timeout: 30_000,
  },
  async () => {
    const databaseUrl = await freshDatabaseUrl();
    const service = await startService({ dataDir: null, databaseUrl });
    const admin = new pg.Client({ connectionString: databaseUrl });
    admin.on('error', () => {});
    await admin.connect();
    try {
      expect((await service.call('GET', '/api/terminal')).status).toBe(200);
      // The lookup waits on a lock; its connection is then ended, as a primary going down ends it
      // mid-statement.
      await admin.query('BEGIN; LOCK TABLE terminals IN ACCESS EXCLUSIVE MODE');
      const terminal = '6f1c2a44-0b7e-4c1e-9a55-3f5b8d2e7c10';
      const answers = Promise.all([
        service.call('POST', '/api/terminal/process-remote-payment', { id: terminal, amount: 2 }),
        service.call('POST', `/api/terminal/${terminal}/display`, {
          lineItems: [{ description: 'Tea', quantity: 1, unitAmount: 2 }],
          currency: 'GBP',
        }),
      ]);
      // The two requests' lookups of the terminal, not the fleet's alert sweep, which reads
      // terminals too and may wait on the same lock.
      const waiting = `SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock'
        AND datname = $1 AND query LIKE 'SELECT * FROM terminals WHERE id = %'`;
      const database = new URL(databaseUrl).pathname.slice(1);
      // Inside the lock's transaction pg_stat_activity is read once and kept: cleared each look.
      const lookups = async () => {
        await admin.query('SELECT pg_stat_clear_snapshot()');
        return (await admin.query(waiting, [database])).rowCount;
      };
      await expect.poll(lookups, { timeout: 10_000 }).toBe(2);
      await admin.query(`SELECT pg_terminate_backend(pid) FROM (${waiting}) AS w`, [database]);
      const [remote, shown] = await answers;
      expect([remote.status, remote.body.name, shown.status]).toEqual([
        503,
        'SERVICE_UNAVAILABLE',
        503,
      ]);
    } finally {
      await admin.query('ROLLBACK').catch(() => {});
      await admin.end();
      await service.close();
    }
  },
);
