/**
 * The failover test's and benchmark's load (test/scale/failover.test.ts, bench/failover.ts): two
 * service processes on one database URL (HAProxy's), a terminal streaming from the first, and
 * clients creating payments, reading them, paying and refunding them and sending remote payments
 * to the terminal through both, each write with an Idempotency-Key and sent again with it after
 * a 503 or a lost answer; then what the database and the stream hold of what was answered.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runTs, type Running } from './process';
import { connectSse, type SseConnection } from './sse';
import { startReceiver, type Receiver } from './webhook-receiver';

const SECRET = 'sk_sandbox_failover';
const LISTENING = /^service listening on (http:\/\/127\.0\.0\.1:\d+)/m;

export interface Instance {
  proc: Running;
  url: string;
}

export interface Rig {
  databaseUrl: string;
  instances: Instance[];
  terminal: { id: string; secret: string; stream: SseConnection };
  /** Subscribed to the merchant's payment and refund events. */
  webhooks: Receiver;
  close(): Promise<void>;
}

async function instance(databaseUrl: string, dirs: string[]): Promise<Instance> {
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

/** Two instances on `databaseUrl`, and a terminal paired and streaming from the first. */
export async function startRig(databaseUrl: string): Promise<Rig> {
  const dirs: string[] = [];
  const instances = [await instance(databaseUrl, dirs), await instance(databaseUrl, dirs)];
  const a = instances[0]!;
  const code = await send(a.url, 'POST', '/api/terminal/pairing-codes', {});
  const res = await fetch(`${a.url}/api/terminal/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: code.body.code, name: 'HA' }),
  });
  const paired = (await res.json()) as { terminal: { id: string }; secret: string };
  const stream = await connectSse(`${a.url}/api/terminal/events`, paired.secret);
  await stream.next((e) => e.event === 'ready');
  const webhooks = await startReceiver();
  await send(a.url, 'POST', '/api/webhooks', {
    url: webhooks.url,
    eventTypes: ['PAYMENTS_STATUS', 'REFUND_STATUS'],
  });
  return {
    databaseUrl,
    instances,
    terminal: { id: paired.terminal.id, secret: paired.secret, stream },
    webhooks,
    async close() {
      stream.close();
      await webhooks.close();
      for (const inst of instances) inst.proc.child.kill('SIGKILL');
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export async function send(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  key?: string,
) {
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
export class Load {
  constructor(private readonly terminal: Rig['terminal']) {}

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
      if (i % 3 === 2) {
        const made = await this.write(
          url,
          'POST',
          '/api/terminal/process-remote-payment',
          { id: this.terminal.id, amount: 1 },
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
export async function underLoad(
  rig: Rig,
  loadMs: number,
  disrupt: () => Promise<void>,
): Promise<{ load: Load; at: number }> {
  const load = new Load(rig.terminal);
  const clients = rig.instances.flatMap((inst, n) =>
    [0, 1].map((c) => load.client(inst.url, `${Date.now()}-${n}-${c}`)),
  );
  await new Promise((resolve) => setTimeout(resolve, loadMs));
  const at = Date.now();
  await disrupt();
  // Until the service answers again after the disruption (or a minute), and a while more.
  const until = Date.now() + 60_000;
  while (load.lastOkAt <= Date.now() - 100 && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, loadMs));
  load.stopped = true;
  await Promise.all(clients);
  return { load, at };
}

/** What the database holds of the load's answers, read through HAProxy. */
export async function checkDatabase(rig: Rig, load: Load): Promise<string[]> {
  const problems: string[] = [];
  try {
    const client = new pg.Client({ connectionString: rig.databaseUrl });
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

/**
 * Every payment the database holds paid and every refund it holds reached the merchant's webhook
 * endpoint, across the failover: a delivery claimed on the old primary is not lost. Delivery is
 * at least once (docs/webhooks.md): one in flight when the primary died may come again with the
 * same webhook-id, never more than once again; and no move was made twice.
 */
export async function checkWebhooks(rig: Rig, load: Load): Promise<string[]> {
  const client = new pg.Client({ connectionString: rig.databaseUrl });
  client.on('error', () => {});
  await client.connect();
  const ids = [...load.payments.keys()];
  const paid = await client.query<{ id: string }>(
    "SELECT id FROM payment_requests WHERE id = ANY($1) AND status = 'COMPLETED'",
    [ids],
  );
  const refunds = await client.query<{ id: string }>(
    'SELECT id FROM refunds WHERE payment_request_id = ANY($1)',
    [ids],
  );
  await client.end();
  const got = rig.webhooks.received;
  const problems = [
    ...paid.rows
      .filter(
        (r) =>
          !got.some(
            (w) =>
              w.json.type === 'PAYMENTS_STATUS' &&
              w.json.data.paymentRequestId === r.id &&
              w.json.data.status === 'COMPLETED',
          ),
      )
      .map((r) => `payment ${r.id}: paid, no webhook`),
    ...refunds.rows
      .filter((r) => !got.some((w) => w.json.data.refundId === r.id))
      .map((r) => `refund ${r.id}: no webhook`),
  ];
  const times = new Map<string, number>();
  // A move made twice (a sweep run on both sides of the failover) is two events for one state.
  const events = new Map<string, Set<string>>();
  for (const w of got) {
    const id = String(w.headers['webhook-id']);
    times.set(id, (times.get(id) ?? 0) + 1);
    const { refundId, paymentRequestId, status } = w.json.data;
    const state = `${w.json.type} ${String(refundId ?? paymentRequestId)} ${String(status)}`;
    events.set(state, (events.get(state) ?? new Set()).add(id));
  }
  for (const [id, n] of times) if (n > 2) problems.push(`webhook ${id} sent ${n} times`);
  for (const [state, ids] of events)
    if (ids.size > 1) problems.push(`${state}: ${ids.size} events`);
  return problems;
}

/** Deliveries the endpoint received more than once (the same webhook-id). */
export const repeatedWebhooks = (rig: Rig): number => {
  const ids = rig.webhooks.received.map((w) => String(w.headers['webhook-id']));
  return ids.length - new Set(ids).size;
};

export function checkStream(rig: Rig, load: Load): string[] {
  const seen = new Map<string, number>();
  for (const e of rig.terminal.stream.events)
    if (e.event === 'REMOTE_PAYMENT_REQUEST') {
      const id = (JSON.parse(e.data) as { data: { paymentRequestId: string } }).data
        .paymentRequestId;
      seen.set(id, (seen.get(id) ?? 0) + 1);
    }
  return [...load.remote]
    .filter((id) => seen.get(id) !== 1)
    .map((id) => `${id} streamed ${seen.get(id) ?? 0} times`);
}

/** `check`'s problems once it has none, or after `ms`: what trails the answers catches up. */
export async function settled(
  check: () => string[] | Promise<string[]>,
  ms = 30_000,
): Promise<string[]> {
  const until = Date.now() + ms;
  let problems = await check();
  while (problems.length && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    problems = await check();
  }
  return problems;
}

/** The longest time nothing was answered successfully, from the disruption on, in seconds. */
export const secondsWithoutService = (load: Load, at: number): number =>
  Math.max(0, load.gap.to - Math.max(load.gap.from, at)) / 1000;

/** What the instances logged as internal errors (each a 500 some client was answered). */
export const internalErrors = (rig: Rig): string[] =>
  rig.instances.flatMap((i) =>
    i.proc
      .output()
      .split('\n')
      .filter((line) => /internal error/.test(line))
      .map((line) => line.slice(0, 600)),
  );
