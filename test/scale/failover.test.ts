/**
 * The database fails over under load: two service processes reach PostgreSQL 15 through HAProxy
 * (Patroni, etcd, synchronous replication: test/helpers/ha-stack.ts, as docs/scaling.md sets it
 * up) while clients create payments, read them, refund them and send remote payments to a
 * terminal streaming from one instance, each write with an Idempotency-Key and sent again with
 * it after a 503 or a lost answer. The primary is killed (kill -9 of its postgres and of its
 * Patroni); later the old primary comes back as a replica and a switchover moves the primary
 * back to it. Every payment answered is in the database as answered, no key ran twice, no
 * payment is over-refunded, the terminal received each remote payment once, the service is back
 * within Patroni's failover time plus 5 s, and neither process restarted.
 *
 * FAILOVER_LONG=1 keeps the load up longer around each failover (the default is bounded so the
 * whole file runs in about two minutes).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haStackAvailable, PATRONI_TTL_S, startHaStack, type HaStack } from '../helpers/ha-stack';
import { runTs, type Running } from '../helpers/process';
import { connectSse, type SseConnection } from '../helpers/sse';

const SECRET = 'sk_sandbox_failover';
const LOAD_MS = process.env.FAILOVER_LONG ? 20_000 : 2_000;
const LISTENING = /^service listening on (http:\/\/127\.0\.0\.1:\d+)/m;

interface Instance {
  proc: Running;
  url: string;
}

let stack: HaStack | undefined;
const instances: Instance[] = [];
const dirs: string[] = [];
let terminal: { id: string; secret: string; stream: SseConnection } | undefined;

async function instance(databaseUrl: string): Promise<Instance> {
  const dir = mkdtempSync(join(tmpdir(), 'counter-failover-'));
  dirs.push(dir);
  const proc = runTs(
    'src/service/cli.ts',
    ['--port', '0', '--data-dir', dir, '--database-url', databaseUrl],
    { SERVICE_SANDBOX_SECRET: SECRET, SERVICE_PRODUCTION_SECRET: 'sk_live_failover' },
  );
  const [, url] = await proc.waitFor(LISTENING, 60_000);
  return { proc, url: url! };
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function send(url: string, method: string, path: string, body?: unknown, key?: string) {
  const res = await fetch(url + path, {
    method,
    headers: {
      authorization: `Bearer ${SECRET}`,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(40_000),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text || '{}') as Record<string, unknown> };
}

/** What the load saw: answers, 503s, and when the service stopped and started answering. */
class Load {
  payments = new Map<string, { key: string; refunded: number }>();
  remote = new Set<string>();
  unavailable = 0;
  lostAnswers = 0;
  failures: string[] = [];
  lastOkAt = 0;
  /** Start and end of the longest time no request was answered successfully. */
  gap = { from: 0, to: 0 };
  stopped = false;

  /** Sends until answered (a 503 or a lost answer: again, with the same key), or stopped. */
  async write(url: string, method: string, path: string, body: unknown, key: string) {
    for (;;) {
      let answer: Answer | undefined;
      try {
        answer = await send(url, method, path, body, key);
      } catch {
        this.lostAnswers++;
      }
      if (answer && answer.status !== 503) {
        this.ok();
        return answer;
      }
      if (answer) this.unavailable++;
      if (this.stopped) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  ok() {
    const now = Date.now();
    if (this.lastOkAt && now - this.lastOkAt > this.gap.to - this.gap.from)
      this.gap = { from: this.lastOkAt, to: now };
    this.lastOkAt = now;
  }

  async client(url: string, name: string) {
    for (let i = 0; !this.stopped; i++) {
      const key = `${name}-${i}`;
      if (i % 3 === 2 && terminal) {
        const made = await this.write(
          url,
          'POST',
          '/api/terminal/process-remote-payment',
          { id: terminal.id, amount: 1 },
          key,
        );
        if (made?.status === 200) this.remote.add(made.body.paymentRequestId as string);
        else if (made)
          this.failures.push(`${key}: remote ${made.status} ${JSON.stringify(made.body)}`);
        continue;
      }
      const made = await this.write(
        url,
        'POST',
        '/api/payments/process-payment',
        { amount: 3, customerId: 'c', orderId: key },
        key,
      );
      if (!made) continue;
      if (made.status !== 200) {
        this.failures.push(`${key}: create ${made.status} ${JSON.stringify(made.body)}`);
        continue;
      }
      const id = made.body.paymentRequestId as string;
      const entry = { key, refunded: 0 };
      this.payments.set(id, entry);
      const read = await send(url, 'GET', `/api/payments/v1/payment-status/${id}`).catch(
        () => undefined,
      );
      if (read?.status === 200) this.ok();
      // Paid by the sandbox's bank, so it can be refunded (sent again after a 503: a second
      // answer says it is paid already).
      await this.write(
        url,
        'POST',
        `/api/sandbox/payment-requests/${id}/simulate`,
        { outcome: 'COMPLETED', paymentMethod: 'PAY_BY_BANK' },
        `${key}-s`,
      );
      const refund = await this.write(url, 'POST', `/api/refund/${id}`, { amount: 1 }, `${key}-r`);
      if (refund?.status === 201) entry.refunded = 1;
      else if (refund)
        this.failures.push(`${key}: refund ${refund.status} ${JSON.stringify(refund.body)}`);
    }
  }
}

/** Runs the load through both instances around `disrupt`; resolves with what it saw. */
async function underLoad(disrupt: () => Promise<void>): Promise<{ load: Load; at: number }> {
  const load = new Load();
  const clients = instances.flatMap((inst, n) =>
    [0, 1].map((c) => load.client(inst.url, `${Date.now()}-${n}-${c}`)),
  );
  await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
  const at = Date.now();
  await disrupt();
  // Until every client has been answered again after the disruption, and a while more.
  const resumed = load.lastOkAt;
  await expect
    .poll(() => load.lastOkAt > resumed && load.lastOkAt > at, { timeout: 60_000 })
    .toBe(true);
  await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
  load.stopped = true;
  await Promise.all(clients);
  return { load, at };
}

/** What the database holds of the load's answers, read through HAProxy. */
async function checkDatabase(load: Load): Promise<string[]> {
  const problems: string[] = [];
  try {
    const client = new pg.Client({ connectionString: stack!.url });
    client.on('error', () => {});
    await client.connect();
    const ids = [...load.payments.keys()];
    const { rows } = await client.query<{ id: string; order_id: string; refunds: string }>(
      `SELECT p.id, p.order_id,
              (SELECT COUNT(*) FROM refunds r WHERE r.payment_request_id = p.id) AS refunds
         FROM payment_requests p WHERE p.order_id = ANY($1)`,
      [[...load.payments.values()].map((p) => p.key)],
    );
    await client.end();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const perKey = new Map<string, number>();
    for (const r of rows) perKey.set(r.order_id, (perKey.get(r.order_id) ?? 0) + 1);
    for (const id of ids) {
      const entry = load.payments.get(id)!;
      const row = byId.get(id);
      if (!row) problems.push(`${id} (${entry.key}) answered but missing`);
      else if (Number(row.refunds) !== entry.refunded)
        problems.push(`${id}: ${row.refunds} refunds, ${entry.refunded} answered`);
    }
    for (const [key, n] of perKey) if (n !== 1) problems.push(`${key} ran ${n} times`);
  } catch (error) {
    problems.push(String(error));
  }
  return problems;
}

function checkStream(load: Load): string[] {
  const seen = new Map<string, number>();
  for (const e of terminal!.stream.events)
    if (e.event === 'REMOTE_PAYMENT_REQUEST') {
      const id = (JSON.parse(e.data) as { data: { paymentRequestId: string } }).data
        .paymentRequestId;
      seen.set(id, (seen.get(id) ?? 0) + 1);
    }
  return [...load.remote]
    .filter((id) => seen.get(id) !== 1)
    .map((id) => `${id} streamed ${seen.get(id) ?? 0} times`);
}

async function expectSafe(load: Load, at: number, name: string) {
  // The stream catches up with what was answered.
  await expect.poll(() => checkStream(load), { timeout: 15_000, interval: 250 }).toEqual([]);
  expect(await checkDatabase(load)).toEqual([]);
  expect(load.failures).toEqual([]);
  for (const inst of instances) expect(inst.proc.child.exitCode, inst.proc.output()).toBeNull();
  const down = (load.gap.to - Math.max(load.gap.from, at)) / 1000;
  console.log(
    `${name}: ${load.payments.size} payments, ${load.remote.size} remote; ` +
      `${down.toFixed(1)} s without service, ${load.unavailable} answered 503, ` +
      `${load.lostAnswers} answers lost`,
  );
  expect(down).toBeLessThan(PATRONI_TTL_S + 5);
  expect(load.payments.size).toBeGreaterThan(5);
}

describe.skipIf(!haStackAvailable())('a PostgreSQL failover under load', () => {
  beforeAll(async () => {
    stack = await startHaStack(2);
    instances.push(await instance(stack.url), await instance(stack.url));
    const [a] = instances;
    const code = await send(a!.url, 'POST', '/api/terminal/pairing-codes', {});
    const res = await fetch(`${a!.url}/api/terminal/pair`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: code.body.code, name: 'HA' }),
    });
    const paired = (await res.json()) as { terminal: { id: string }; secret: string };
    const stream = await connectSse(`${a!.url}/api/terminal/events`, paired.secret);
    await stream.next((e) => e.event === 'ready');
    terminal = { id: paired.terminal.id, secret: paired.secret, stream };
  }, 180_000);

  afterAll(async () => {
    terminal?.stream.close();
    for (const inst of instances) inst.proc.child.kill('SIGKILL');
    await stack?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('loses no answered payment when the primary is killed, and needs no one', async () => {
    const old = (await stack!.primary())!;
    const { load, at } = await underLoad(async () => {
      stack!.kill(old);
      await stack!.waitForPrimary(old);
    });
    await expectSafe(load, at, 'kill -9');
  }, 150_000);

  it('the same when the old primary is back as a replica and a switchover moves to it', async () => {
    const current = (await stack!.primary())!;
    const old = stack!.nodes.find((n) => n !== current)!;
    stack!.restart(old);
    await stack!.waitForReplica(old, 90_000);
    const { load, at } = await underLoad(async () => {
      stack!.switchover(old);
      await stack!.waitForPrimary(current);
    });
    await expectSafe(load, at, 'switchover');
  }, 180_000);
});
