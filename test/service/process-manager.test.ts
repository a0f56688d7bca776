/**
 * The service as a process manager runs it (systemd, a container runtime, a supervisor): the
 * manager signals the one PID it started and expects everything to stop and the port to be free.
 * Both ways to start it are checked: `npm run service` (the manager started npm) and the built
 * entry, `node out/service/cli.mjs` after `npm run build:service`.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
