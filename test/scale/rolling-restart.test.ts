/**
 * A rolling restart behind one address fails no request: two service processes on one
 * PostgreSQL database behind nginx, configured as docs/scaling.md says; under steady load each
 * instance in turn gets SIGTERM (it drains: /readyz 503, answers go on for --drain-delay (longer than nginx keeps an idle connection) with
 * their connections closed, then the port closes and requests in flight finish) and is started
 * again on its port. Every request through nginx is answered 200, and every payment answered is
 * there afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Agent, request } from 'undici';
import { afterAll, expect, it } from 'vitest';
import { startNginx, type Nginx } from '../helpers/nginx';
import { freePort } from '../helpers/ports';
import { freshDatabaseUrl } from '../helpers/postgres';
import { runTs, type Running } from '../helpers/process';

const SECRET = 'sk_sandbox_rolling';
const LISTENING = /^service listening on http:\/\/127\.0\.0\.1:\d+/m;
const DRAINED = /"msg":"draining/;
const dirs: string[] = [];
const running = new Set<Running>();
let nginx: Nginx | undefined;
const client = new Agent({ connections: 8 });

afterAll(async () => {
  for (const proc of running) proc.child.kill('SIGKILL');
  await nginx?.stop();
  await client.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const METRICS = 'metrics-rolling';

/** Requests the instance on `port` has answered, by its own `/metrics`. */
async function answeredBy(port: number): Promise<number> {
  const res = await request(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${METRICS}` },
  });
  const text = await res.body.text();
  let total = 0;
  for (const [, route, count] of text.matchAll(
    /^counter_http_requests_total\{[^}]*route="([^"]*)"[^}]*\} (\d+)/gm,
  ))
    if (route?.startsWith('/api/')) total += Number(count);
  return total;
}

/**
 * Back in rotation: the balancer sends the restarted instance requests again. nginx tries a
 * server it found down only after `fail_timeout`, counted from its last failed try, which can come
 * after the instance started listening; stopping the other instance before then leaves nginx no
 * live upstream (docs/scaling.md, rolling restarts).
 */
async function backInRotation(port: number): Promise<void> {
  for (let waited = 0; (await answeredBy(port)) < 10; waited += 100) {
    if (waited > 30_000) throw new Error(`nginx sent no requests to :${port} in 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function instance(databaseUrl: string, port: number): Promise<Running> {
  const dir = mkdtempSync(join(tmpdir(), 'counter-rolling-'));
  dirs.push(dir);
  const proc = runTs(
    'src/service/cli.ts',
    [
      '--port',
      String(port),
      '--data-dir',
      dir,
      '--database-url',
      databaseUrl,
      '--drain-delay',
      '3',
      '--metrics-token',
      METRICS,
    ],
    { SERVICE_SANDBOX_SECRET: SECRET, SERVICE_PRODUCTION_SECRET: 'sk_live_rolling' },
  );
  running.add(proc);
  void proc.exited.then(() => running.delete(proc));
  await proc.waitFor(LISTENING, 30_000);
  return proc;
}

/** SIGTERM, as a process manager stops it; resolves once it has exited. */
async function restart(proc: Running, databaseUrl: string, port: number): Promise<Running> {
  proc.child.kill('SIGTERM');
  await proc.waitFor(DRAINED, 5_000);
  expect(await proc.exited).toBe(0);
  return instance(databaseUrl, port);
}

it('restarts each of two instances behind nginx in turn without failing a request', async () => {
  const databaseUrl = await freshDatabaseUrl();
  const [portA, portB, portLb] = [await freePort(), await freePort(), await freePort()];
  let a = await instance(databaseUrl, portA);
  let b = await instance(databaseUrl, portB);
  nginx = await startNginx(portLb, [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`]);

  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await request(nginx!.url + path, {
      method,
      dispatcher: client,
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    if (!text.startsWith('{'))
      throw new Error(`${method} ${path}: ${res.statusCode} ${text.slice(0, 80)}`);
    return { status: res.statusCode, body: JSON.parse(text) as Record<string, unknown> };
  };

  const failures: string[] = [];
  const created: string[] = [];
  let answered = 0;
  let stop = false;
  const load = async (worker: number) => {
    for (let i = 0; !stop; i++) {
      try {
        const made = await call('POST', '/api/payments/process-payment', {
          amount: 1,
          customerId: 'c',
          orderId: `R-${worker}-${i}`,
        });
        if (made.status !== 200)
          throw new Error(`create ${made.status} ${JSON.stringify(made.body)}`);
        const id = made.body.paymentRequestId as string;
        created.push(id);
        const read = await call('GET', `/api/payments/v1/payment-status/${id}`);
        if (read.status !== 200)
          throw new Error(`read ${read.status} ${JSON.stringify(read.body)}`);
        answered += 2;
      } catch (error) {
        failures.push(String(error));
      }
    }
  };
  const workers = [0, 1, 2, 3].map(load);

  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = answered;
  a = await restart(a, databaseUrl, portA);
  const duringA = answered - before;
  await backInRotation(portA);
  b = await restart(b, databaseUrl, portB);
  await new Promise((resolve) => setTimeout(resolve, 500));
  stop = true;
  await Promise.all(workers);

  // A restarting instance's refused connections are expected (nginx tries the other); what
  // else nginx logged says why a request failed.
  const unexpected = nginx
    .errorLog()
    .split('\n')
    .filter((line) => line && !/connect\(\) failed \(111|temporarily disabled/.test(line));
  expect(failures.slice(0, 5), unexpected.join('\n').slice(0, 3000)).toEqual([]);
  expect(duringA).toBeGreaterThan(20); // the load went on while A restarted
  expect(created.length).toBeGreaterThan(100);
  // Every payment an instance answered for is in the database.
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    const { rows } = await sql.query<{ n: string }>(
      'SELECT count(*) AS n FROM payment_requests WHERE id = ANY($1)',
      [created],
    );
    expect(Number(rows[0]!.n)).toBe(created.length);
  } finally {
    await sql.end();
  }
  a.child.kill('SIGTERM');
  b.child.kill('SIGTERM');
  await Promise.all([a.exited, b.exited]);
}, 90_000);
