/** `npm run service` as a real process: start, restart, SIGTERM and kill -9. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runTs } from '../helpers/process';
import { connectSse } from '../helpers/sse';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'counter-cli-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const LISTENING = /^service listening on (http:\/\/127\.0\.0\.1:(\d+))$/m;
const env = { SERVICE_SANDBOX_SECRET: 'sk_sandbox_cli', SERVICE_PRODUCTION_SECRET: 'sk_live_cli' };

const start = async (dir: string, extraEnv: Record<string, string> = env) => {
  const proc = runTs('src/service/cli.ts', ['--port', '0', '--data-dir', dir], extraEnv);
  const [, url] = await proc.waitFor(LISTENING);
  return { proc, url: url! };
};

async function call(url: string, method: string, path: string, body?: unknown) {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: 'Bearer sk_sandbox_cli', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('npm run service', () => {
  it('prints the generated sandbox secret once, and it works; production only on request', async () => {
    const dir = dataDir();
    const { proc, url } = await start(dir, {});
    const secret = /sandbox secret:\s+(sk_sandbox_\S+)/.exec(proc.output())?.[1];
    expect(secret).toBeDefined();
    // The production secret is not left in the terminal's scroll-back; the output says how to
    // set one instead.
    expect(proc.output()).not.toMatch(/sk_live_/);
    expect(proc.output()).toContain('SERVICE_PRODUCTION_SECRET');
    const res = await fetch(`${url}/api/payments/process-payment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ customerId: 'c', orderId: 'o', amount: 1 }),
    });
    expect(res.status).toBe(200);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    // A second start creates nothing new and prints no secret.
    const again = await start(dir, {});
    expect(again.proc.output()).not.toMatch(/secret:/);
    again.proc.child.kill('SIGTERM');
    await again.proc.exited;
  });

  it('prints the generated production secret with --print-production-secret, and it works', async () => {
    const dir = dataDir();
    const proc = runTs(
      'src/service/cli.ts',
      ['--port', '0', '--data-dir', dir, '--print-production-secret'],
      {},
    );
    const [, url] = await proc.waitFor(LISTENING);
    const live = /production secret:\s+(sk_live_\S+)/.exec(proc.output())?.[1];
    expect(live).toBeDefined();
    const res = await fetch(`${url}/api/terminal`, {
      headers: { authorization: `Bearer ${live}` },
    });
    expect(res.status).toBe(200);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  });

  it('adds a production secret set on a later start (how production is set or rotated)', async () => {
    const dir = dataDir();
    const first = await start(dir, {});
    first.proc.child.kill('SIGTERM');
    await first.proc.exited;
    const later = await start(dir, { SERVICE_PRODUCTION_SECRET: 'sk_live_chosen_later' });
    const res = await fetch(`${later.url}/api/terminal`, {
      headers: { authorization: 'Bearer sk_live_chosen_later' },
    });
    expect(res.status).toBe(200);
    later.proc.child.kill('SIGTERM');
    await later.proc.exited;
  });

  it('keeps every record across SIGTERM and kill -9', async () => {
    const dir = dataDir();
    const first = await start(dir);
    const created = await call(first.url, 'POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'kill-test',
      amount: 4.2,
    });
    const id = created.body.paymentRequestId as string;
    await call(first.url, 'POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'PAY_BY_BANK',
      outcome: 'COMPLETED',
    });
    const other = await call(first.url, 'POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'still-open',
      amount: 1,
    });
    first.proc.child.kill('SIGKILL');
    await first.proc.exited;

    const second = await start(dir);
    const paid = await call(second.url, 'GET', `/api/payments/v1/payment-status/${id}`);
    expect(paid.body).toMatchObject({ status: 'COMPLETED', paidAmount: 4.2, orderId: 'kill-test' });
    const open = await call(
      second.url,
      'GET',
      `/api/payments/v1/payment-status/${other.body.paymentRequestId}`,
    );
    expect(open.body).toMatchObject({ status: 'PAYMENT_NOT_INITIATED' });
    second.proc.child.kill('SIGTERM');
    expect(await second.proc.exited).toBe(0);
  });

  it('refuses a bad --port with a clear message', async () => {
    const proc = runTs('src/service/cli.ts', ['--port', 'abc', '--data-dir', dataDir()]);
    expect(await proc.exited).toBe(2);
    expect(proc.output()).toMatch(/--port must be a port number/);
  });

  it('prints its options for --help, and a clear message with them for an unknown option', async () => {
    const help = runTs('src/service/cli.ts', ['--help']);
    expect(await help.exited).toBe(0);
    expect(help.output()).toMatch(/^Usage: npm run service -- \[options\]/m);
    expect(help.output()).toMatch(/--data-dir DIR/);
    const typo = runTs('src/service/cli.ts', ['--prot', '4010']);
    expect(await typo.exited).toBe(2);
    expect(typo.output()).toMatch(/Unknown option '--prot'/);
    expect(typo.output()).toMatch(/Usage: npm run service/);
    expect(typo.output()).not.toMatch(/ERR_PARSE_ARGS|at parseArgs|node:internal/);
  });

  it('lists every option with its environment variable, and takes the variable when the flag is absent', async () => {
    const help = runTs('src/service/cli.ts', ['--help']);
    expect(await help.exited).toBe(0);
    const text = help.output();
    const names = [
      ...readFileSync('src/service/cli.ts', 'utf8').matchAll(/^ {2}'?([a-z-]+)'?: \{$/gm),
    ]
      .map((m) => m[1]!)
      .filter((name) => name !== 'help');
    expect(names).toContain('merchant-name');
    for (const name of names) expect(text).toContain(`--${name}`);
    for (const variable of [
      'SERVICE_PORT',
      'SERVICE_HOST',
      'SERVICE_DATA_DIR',
      'DATABASE_URL',
      'SERVICE_POOL_SIZE',
      'SERVICE_INSTANCES',
      'SERVICE_PUBLIC_URL',
      'SERVICE_SMTP_URL',
      'SERVICE_METRICS_TOKEN',
      'SERVICE_MERCHANT_NAME',
    ])
      expect(text).toContain(`[${variable}]`);
    expect(text).toMatch(/merchant add NAME/);
    // The variable sets the data directory when the flag is absent.
    const dir = dataDir();
    const proc = runTs('src/service/cli.ts', ['--port', '0'], { ...env, SERVICE_DATA_DIR: dir });
    await proc.waitFor(LISTENING);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    expect(existsSync(join(dir, 'service.db'))).toBe(true);
  });

  it('answers a bad value with one line saying which, then the usage, and exit 2', async () => {
    for (const [args, line] of [
      [['--pool-size', 'lots'], '--pool-size must be a whole number of connections, not lots'],
      [['--port', '70000'], '--port must be a port number (0 picks a free one), not 70000'],
      [['--instances', '0'], '--instances must be a number of processes from 1 to 64, not 0'],
      [['--merchant-name', '  '], '--merchant-name must not be blank'],
      [['--database-url', 'mysql://x'], '--database-url must be a postgres:// URL'],
    ] as const) {
      const proc = runTs('src/service/cli.ts', [...args, '--data-dir', dataDir()]);
      expect(await proc.exited).toBe(2);
      const [first, blank, usage] = proc.output().split('\n');
      expect(first).toBe(line);
      expect(blank).toBe('');
      expect(usage).toMatch(/^Usage: npm run service/);
    }
  });

  it('names the merchant of a first start with --merchant-name', async () => {
    const dir = dataDir();
    const proc = runTs('src/service/cli.ts', [
      '--port',
      '0',
      '--data-dir',
      dir,
      '--merchant-name',
      "Ada's Bakery",
    ]);
    await proc.waitFor(LISTENING);
    expect(proc.output()).toContain(`created merchant "Ada's Bakery"`);
    expect(proc.output()).not.toContain('Counter Demo Shop');
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    const list = runTs('src/service/cli.ts', ['merchant', 'list', '--data-dir', dir]);
    expect(await list.exited).toBe(0);
    expect(list.output()).toMatch(/^[0-9a-f-]{36} {2}"Ada's Bakery" {2}\d{4}-\d\d-\d\dT/m);
  });

  it('adds merchants to a running service: each prints its secrets once, and sees only its own', async () => {
    const dir = dataDir();
    const { proc, url } = await start(dir);
    const add = runTs('src/service/cli.ts', [
      'merchant',
      'add',
      "Ben's Books",
      '--approver',
      'ben@books.example',
      '--data-dir',
      dir,
    ]);
    expect(await add.exited).toBe(0);
    expect(add.output()).toContain(
      "approvers of its agents' spending (sandbox and production): ben@books.example",
    );
    const sandbox = /^sandbox secret: (sk_sandbox_\S+)$/m.exec(add.output())?.[1];
    const production = /^production secret: (sk_live_\S+)$/m.exec(add.output())?.[1];
    expect(sandbox).toBeDefined();
    expect(production).toBeDefined();
    const as = (secret: string, method: string, path: string, body?: unknown) =>
      fetch(url + path, {
        method,
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as never }));
    const mine = await call(url, 'POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'o',
      amount: 1,
    });
    const id = (mine.body as { paymentRequestId: string }).paymentRequestId;
    // The new merchant's secrets work at once on the running service, and reach none of the
    // first merchant's records.
    expect((await as(sandbox!, 'GET', '/api/payment-requests')).body).toMatchObject({
      totalCount: 0,
    });
    expect((await as(sandbox!, 'GET', `/api/payments/v1/payment-status/${id}`)).status).toBe(404);
    expect((await as(production!, 'GET', '/api/merchant/secrets')).status).toBe(200);
    // Its approvers of Agent Pay contracts, in both environments, its own.
    for (const secret of [sandbox!, production!])
      expect((await as(secret, 'GET', '/api/merchant/approvers')).body).toMatchObject({
        approvers: [{ email: 'ben@books.example' }],
        operatorDefault: false,
      });
    expect((await call(url, 'GET', '/api/merchant/approvers')).body).toMatchObject({
      approvers: [],
    });
    const list = runTs('src/service/cli.ts', ['merchant', 'list', '--data-dir', dir]);
    expect(await list.exited).toBe(0);
    expect(list.output()).toContain('"Counter Demo Shop"');
    expect(list.output()).toContain('"Ben\'s Books"');
    expect(list.output()).not.toMatch(/sk_/);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  });

  it('refuses a merchant command without its words, with the usage', async () => {
    const none = runTs('src/service/cli.ts', ['merchant', 'add', '--data-dir', dataDir()]);
    expect(await none.exited).toBe(2);
    expect(none.output()).toMatch(/^merchant add needs the merchant's NAME\n\nUsage:/);
    const unquoted = runTs('src/service/cli.ts', ['merchant', 'add', 'Ada', 'Bakery']);
    expect(await unquoted.exited).toBe(2);
    expect(unquoted.output()).toMatch(/quote a name with spaces/);
  });

  it('refuses an approver that is neither an e-mail address nor an international number', async () => {
    const bad = runTs('src/service/cli.ts', ['merchant', 'add', 'Ada', '--approver', '07700']);
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toMatch(/^--approver 07700: must be an international number/);
  });

  it('logs each request as one JSON line with its id, and on SIGTERM tells streams to reconnect', async () => {
    const { proc, url } = await start(dataDir());
    const res = await fetch(`${url}/healthz`, { headers: { 'x-request-id': 'cli-probe-1' } });
    expect(res.headers.get('x-request-id')).toBe('cli-probe-1');
    const stream = await connectSse(`${url}/api/merchant/events`, 'sk_sandbox_cli');
    await stream.next((e) => e.event === 'ready');
    proc.child.kill('SIGTERM');
    const reconnect = await stream.next((e) => e.event === 'reconnect');
    expect(JSON.parse(reconnect.data)).toEqual({ retryMs: 1000 });
    expect(await proc.exited).toBe(0);
    const line = proc
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.requestId === 'cli-probe-1');
    expect(line).toMatchObject({ method: 'GET', route: '/healthz', status: 200 });
    expect(proc.output()).not.toContain('sk_sandbox_cli');
  });
});
