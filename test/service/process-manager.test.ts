/**
 * The service as a process manager runs it (systemd, a container runtime, a supervisor): the
 * manager signals the one PID it started and expects everything to stop and the port to be free.
 * Both ways to start it are checked: `npm run service` (the manager started npm) and the built
 * entry, `node out/service/cli.mjs` after `npm run build:service`, also as docs/operations.md's
 * systemd unit and container command start it.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAIN_MS } from '../../src/service/app';
import { SERVICE_NODE_FLAGS } from '../../src/service/node-flags';
import { runNpm, runTs, type Running } from '../helpers/process';
import { connectSse } from '../helpers/sse';

const root = fileURLToPath(new URL('../..', import.meta.url));
const LISTENING = /^service listening on (http:\/\/127\.0\.0\.1:(\d+))$/m;
const env = { SERVICE_SANDBOX_SECRET: 'sk_sandbox_pm', SERVICE_PRODUCTION_SECRET: 'sk_live_pm' };

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'counter-pm-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Every process below `pid`, from /proc: what must not outlive a stop. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // exited while we looked
    }
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
  }
  const found: number[] = [];
  const visit = (parent: number) =>
    (children.get(parent) ?? []).forEach((child) => (found.push(child), visit(child)));
  visit(pid);
  return found;
}

/** Running, and not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** True when something still accepts connections on the port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** Sends SIGTERM to the process a manager started; resolves with its exit code and seconds. */
async function stop(proc: Running): Promise<{ code: number | null; seconds: number }> {
  const started = Date.now();
  proc.child.kill('SIGTERM');
  const code = await proc.exited;
  return { code, seconds: (Date.now() - started) / 1000 };
}

describe('npm run service under a process manager', () => {
  it('runs Node with the service’s flags, as service:built does', () => {
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.service).toBe(
      `exec node ${SERVICE_NODE_FLAGS.join(' ')} --import tsx src/service/cli.ts`,
    );
    expect(scripts['service:built']).toBe(
      `exec node ${SERVICE_NODE_FLAGS.join(' ')} out/service/cli.mjs`,
    );
  });

  it('stops, with every process it started, when npm alone gets SIGTERM', async () => {
    const npm = runNpm('service', ['--port', '0', '--data-dir', tempDir()], env);
    // The first start may build the dashboard.
    const [, url, port] = await npm.waitFor(LISTENING, 120_000);
    const tree = descendants(npm.child.pid!);
    try {
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      const { code, seconds } = await stop(npm);
      const survivors = (await until(() => !tree.some(alive), 5_000)) ? [] : tree.filter(alive);
      expect(survivors.map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8'))).toEqual([]);
      expect(await listening(Number(port))).toBe(false);
      expect(seconds).toBeLessThan(5);
      // The service drained and exited 0, and npm passed that on.
      expect(npm.output()).toMatch(/draining: finishing requests in flight/);
      expect(code).toBe(0);
    } finally {
      for (const pid of tree.filter(alive)) process.kill(pid, 'SIGKILL');
    }
  }, 180_000);
});

describe('the built entry: npm run build:service, then node out/service/cli.mjs', () => {
  const bundle = join(root, 'out', 'service', 'cli.mjs');

  beforeAll(async () => {
    const build = runNpm('build:service', []);
    expect(await build.exited, build.output()).toBe(0);
  }, 60_000);

  it('loads only Node and the runtime dependencies, so it runs where devDependencies are not installed', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const source = readFileSync(bundle, 'utf8');
    const specifiers = [
      ...source.matchAll(/^import\s[^;]*?from\s*"([^"]+)";|^import\s*"([^"]+)";/gm),
    ].map((m) => (m[1] ?? m[2])!);
    expect(specifiers).toContain('hono');
    const packageOf = (s: string) =>
      s
        .split('/')
        .slice(0, s.startsWith('@') ? 2 : 1)
        .join('/');
    const outside = specifiers.filter(
      (s) =>
        !s.startsWith('node:') &&
        !builtinModules.includes(s) &&
        !(packageOf(s) in pkg.dependencies),
    );
    expect(outside).toEqual([]);
  });

  it('serves /healthz and /readyz, and on SIGTERM drains (streams told to reconnect) and exits 0', async () => {
    const proc = runTs(bundle, ['--port', '0', '--data-dir', tempDir()], env);
    const [, url, port] = await proc.waitFor(LISTENING, 60_000);
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ status: 'ready' });
    const stream = await connectSse(`${url}/api/merchant/events`, 'sk_sandbox_pm');
    await stream.next((e) => e.event === 'ready');
    proc.child.kill('SIGTERM');
    const reconnect = await stream.next((e) => e.event === 'reconnect');
    expect(JSON.parse(reconnect.data)).toEqual({ retryMs: 1000 });
    expect(await proc.exited).toBe(0);
    expect(await listening(Number(port))).toBe(false);
  });

  it('starts from an installation reached through a symlink (/opt/counter → a release folder)', async () => {
    const link = join(tempDir(), 'counter');
    symlinkSync(root, link);
    const proc = runTs(
      join(link, 'out', 'service', 'cli.mjs'),
      ['--port', '0', '--data-dir', tempDir()],
      env,
    );
    const [, url] = await proc.waitFor(LISTENING, 60_000);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const { code } = await stop(proc);
    expect(code).toBe(0);
  });
});

describe('the systemd unit and the container command of docs/operations.md', () => {
  const doc = readFileSync(join(root, 'docs', 'operations.md'), 'utf8');
  const fenced = (language: string) => {
    const code = new RegExp('^```' + language + '\\n((?:.*\\n)*?)```', 'm').exec(doc)?.[1];
    if (code === undefined) throw new Error(`docs/operations.md has no ${language} block`);
    return code;
  };
  const unit = fenced('ini');
  /** The unit's [Service] settings (the last value of a key that is repeated). */
  const service = new Map(
    unit
      .split(/^\[/m)
      .find((section) => section.startsWith('Service]'))!
      .split('\n')
      .filter((line) => /^\w+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  /** The documented command with this repository for /opt/counter and the test's own data and port. */
  const localize = (argv: string[], dataDir: string) =>
    argv
      .map((arg) => arg.replace(/^\/opt\/counter\//, root))
      .map((arg) => (arg === '/var/lib/counter' ? dataDir : arg))
      .map((arg) => (arg === '4010' ? '0' : arg === '0.0.0.0' ? '127.0.0.1' : arg));

  beforeAll(async () => {
    // The built entry the documented commands run (the other describe builds it too; once is
    // enough, but each block must stand alone under -t).
    const build = runNpm('build:service', []);
    expect(await build.exited, build.output()).toBe(0);
  }, 60_000);

  it('the unit runs the built entry, stops it with SIGTERM after the drain, and restarts a failure', () => {
    const [node, ...rest] = service.get('ExecStart')!.split(/\s+/);
    expect(node).toBe('/usr/bin/node');
    expect(rest.slice(0, SERVICE_NODE_FLAGS.length)).toEqual(SERVICE_NODE_FLAGS);
    expect(rest[SERVICE_NODE_FLAGS.length]).toBe('/opt/counter/out/service/cli.mjs');
    expect(service.get('KillSignal')).toBe('SIGTERM');
    expect(Number(service.get('TimeoutStopSec'))).toBeGreaterThan(DRAIN_MS / 1000);
    expect(service.get('Restart')).toBe('on-failure');
    expect(service.get('User')).toBe('counter');
    expect(service.get('StateDirectory')).toBe('counter');
    expect(service.get('ReadWritePaths')).toBe('/var/lib/counter');
    expect(service.get('ExecStart')).toContain('--data-dir /var/lib/counter');
    expect(service.get('EnvironmentFile')).toBe('/etc/counter/counter.env');
  });

  it('the unit’s ExecStart starts the service, and its KillSignal stops it with 0 within TimeoutStopSec', async () => {
    const dataDir = tempDir();
    const [, ...argv] = localize(service.get('ExecStart')!.split(/\s+/), dataDir);
    const args = argv.slice(SERVICE_NODE_FLAGS.length);
    const environment = Object.fromEntries(
      service
        .get('Environment')!
        .split(/\s+/)
        .map((pair) => pair.split('=') as [string, string]),
    );
    const proc = runTs(args[0]!, args.slice(1), { ...environment, ...env }, SERVICE_NODE_FLAGS);
    const [, url] = await proc.waitFor(LISTENING, 60_000);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const started = Date.now();
    proc.child.kill(service.get('KillSignal') as NodeJS.Signals);
    expect(await proc.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(Number(service.get('TimeoutStopSec')) * 1000);
  });

  it.skipIf(!existsSync('/usr/bin/systemd-analyze') || !existsSync('/usr/bin/node'))(
    'systemd-analyze verify accepts the unit without a warning',
    () => {
      const file = join(tempDir(), 'counter.service');
      writeFileSync(file, unit);
      const verify = spawnSync('/usr/bin/systemd-analyze', ['verify', file], { encoding: 'utf8' });
      expect(verify.stderr + verify.stdout).toBe('');
      expect(verify.status).toBe(0);
    },
  );

  it('the container command is in exec form (node is PID 1) and drains on SIGTERM', async () => {
    const line = /^CMD (.*)$/m.exec(fenced('dockerfile'))?.[1];
    const argv = JSON.parse(line!) as string[];
    expect(argv.slice(0, 2 + SERVICE_NODE_FLAGS.length)).toEqual([
      'node',
      ...SERVICE_NODE_FLAGS,
      'out/service/cli.mjs',
    ]);
    // WORKDIR /opt/counter: the relative entry is relative to the installation.
    const args = localize(argv, tempDir()).slice(1 + SERVICE_NODE_FLAGS.length);
    const proc = runTs(join(root, args[0]!), args.slice(1), env, SERVICE_NODE_FLAGS);
    const [, url] = await proc.waitFor(LISTENING, 60_000);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const { code } = await stop(proc);
    expect(code).toBe(0);
  });
});
