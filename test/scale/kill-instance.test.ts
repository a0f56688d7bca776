/**
 * Two service processes on one PostgreSQL database, one killed with SIGKILL under mixed load:
 * every request it answered is in the database, the other goes on serving, and a terminal whose
 * stream it held reconnects to the survivor and misses nothing (docs/scaling.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../helpers/postgres';
import { runTs, type Running } from '../helpers/process';
import { connectSse } from '../helpers/sse';

const LISTENING = /^service listening on (http:\/\/127\.0\.0\.1:(\d+))/m;
const SECRET = 'sk_sandbox_kill';
const dirs: string[] = [];
const procs: Running[] = [];
afterAll(() => {
  for (const p of procs) p.child.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function instance(databaseUrl: string): Promise<{ proc: Running; url: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'counter-kill-'));
  dirs.push(dir);
  const proc = runTs(
    'src/service/cli.ts',
    ['--port', '0', '--data-dir', dir, '--database-url', databaseUrl],
    { SERVICE_SANDBOX_SECRET: SECRET, SERVICE_PRODUCTION_SECRET: 'sk_live_kill' },
  );
  procs.push(proc);
  const [, url] = await proc.waitFor(LISTENING, 30_000);
  return { proc, url: url! };
}

async function call(url: string, method: string, path: string, body?: unknown, secret = SECRET) {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

it('loses nothing an instance answered when it is killed, and its terminal moves on', async () => {
  const databaseUrl = await freshDatabaseUrl();
  const a = await instance(databaseUrl);
  const b = await instance(databaseUrl);

  const code = await call(a.url, 'POST', '/api/terminal/pairing-codes', {});
  const paired = await call(
    a.url,
    'POST',
    '/api/terminal/pair',
    { code: code.body.code, name: 'T' },
    '',
  );
  const terminalId = (paired.body.terminal as { id: string }).id;
  const terminalSecret = paired.body.secret as string;
  const stream = await connectSse(`${a.url}/api/terminal/events`, terminalSecret);
  await stream.next((e) => e.event === 'ready');

  // Mixed load through both: payments, and remote payments to the terminal streaming from A.
  const answered: string[] = [];
  const pushed: string[] = [];
  let stop = false;
  const load = async (url: string, n: number) => {
    for (let i = 0; !stop; i++) {
      const remote = i % 3 === 0;
      const res = await call(
        url,
        'POST',
        remote ? '/api/terminal/process-remote-payment' : '/api/payments/process-payment',
        remote
          ? { id: terminalId, amount: 1 }
          : { amount: 2, customerId: 'c', orderId: `K-${n}-${i}` },
      ).catch(() => null); // the killed instance's connections break
      if (res?.status === 200) {
        answered.push(res.body.paymentRequestId as string);
        if (remote) pushed.push(res.body.paymentRequestId as string);
      }
    }
  };
  const running = [load(a.url, 1), load(a.url, 2), load(b.url, 3)];
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const lastSeen = stream.events.filter((e) => e.id).at(-1)?.id ?? '0';
  a.proc.child.kill('SIGKILL');
  await a.proc.exited;
  await new Promise((resolve) => setTimeout(resolve, 500));
  stop = true;
  await Promise.all(running);
  stream.close();

  // The survivor serves, and holds every payment either instance answered.
  expect(answered.length).toBeGreaterThan(20);
  const missing: string[] = [];
  for (const id of answered) {
    const res = await call(b.url, 'GET', `/api/payments/v1/payment-status/${id}`);
    if (res.status !== 200) missing.push(id);
  }
  expect(missing).toEqual([]);

  // The terminal reconnects to the survivor from the last event it had, and gets every remote
  // payment made for it that it had not yet seen.
  const seen = new Set(
    stream.events
      .filter((e) => e.event === 'REMOTE_PAYMENT_REQUEST')
      .map((e) => JSON.parse(e.data).data.paymentRequestId as string),
  );
  const resumed = await connectSse(`${b.url}/api/terminal/events`, terminalSecret, lastSeen);
  try {
    const unseen = pushed.filter((id) => !seen.has(id));
    for (const id of unseen)
      await resumed.next((e) => e.event === 'REMOTE_PAYMENT_REQUEST' && e.data.includes(id));
  } finally {
    resumed.close();
  }
});
