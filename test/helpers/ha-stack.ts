/**
 * A highly available PostgreSQL for tests, as docs/scaling.md recommends for self-hosting, from
 * Debian's packages (`.ci/run` installs them): etcd, PostgreSQL 15 servers run by Patroni with
 * synchronous replication (`synchronous_mode`), and HAProxy sending connections to whichever
 * server Patroni's REST API says is the primary (GET /primary). Everything listens on 127.0.0.1.
 * PostgreSQL refuses to run as root: Patroni (and the servers it starts) run as `postgres`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './ports';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const SUPERUSER = { username: 'postgres', password: 'ha-secret' };
/** Patroni's timing: a dead primary's leader key lapses after TTL seconds. */
export const PATRONI_TTL_S = 10;
const LOOP_WAIT_S = 1;
const RETRY_TIMEOUT_S = 4;

/** Whether this machine can run the stack (the packages, and root to start it as postgres). */
export function haStackAvailable(): boolean {
  return (
    process.getuid?.() === 0 &&
    ['/usr/bin/patroni', '/usr/bin/etcd', '/usr/sbin/haproxy', `${PG_BIN}/postgres`].every((f) =>
      existsSync(f),
    )
  );
}

export interface HaNode {
  name: string;
  pgPort: number;
  apiPort: number;
  dataDir: string;
  patroni?: ChildProcess;
}

export interface HaStack {
  /** postgres:// through HAProxy, to the database `counter`. */
  url: string;
  nodes: HaNode[];
  /** The node Patroni's REST API reports as the primary, if any. */
  primary(): Promise<HaNode | undefined>;
  /** Waits until a node other than `not` is the primary and HAProxy sends connections to it. */
  waitForPrimary(not?: HaNode, timeoutMs?: number): Promise<HaNode>;
  /** kill -9 of the node's postmaster and of its Patroni, as a machine dying does. */
  kill(node: HaNode): void;
  /** Starts the node's Patroni again: it rejoins as a replica (pg_rewind). */
  restart(node: HaNode): void;
  /**
   * Waits until the node streams as the synchronous standby (GET /sync answers 200): the one
   * that can be promoted without losing a commit.
   */
  waitForReplica(node: HaNode, timeoutMs?: number): Promise<void>;
  /** `patronictl switchover --force` to `candidate`. */
  switchover(candidate: HaNode): void;
  /** A superuser client through HAProxy (for the test's checks). */
  admin(): Promise<pg.Client>;
  stop(): Promise<void>;
  /** What the stack's processes printed, for a failure's message. */
  output(): string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function status(url: string): Promise<number | undefined> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return undefined;
  }
}

function asPostgres(command: string, args: string[], log: (s: string) => void): ChildProcess {
  // setpriv execs the command itself: its pid is Patroni's, so kill -9 reaches Patroni.
  const child = spawn(
    'setpriv',
    ['--reuid=postgres', '--regid=postgres', '--init-groups', command, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.on('data', (c: Buffer) => log(c.toString()));
  child.stderr!.on('data', (c: Buffer) => log(c.toString()));
  return child;
}

function patroniConfig(root: string, node: HaNode, etcdPort: number): string {
  return JSON.stringify({
    scope: 'counter',
    name: node.name,
    log: { level: 'WARNING' },
    restapi: {
      listen: `127.0.0.1:${node.apiPort}`,
      connect_address: `127.0.0.1:${node.apiPort}`,
    },
    etcd3: { hosts: [`127.0.0.1:${etcdPort}`] },
    bootstrap: {
      dcs: {
        ttl: PATRONI_TTL_S,
        loop_wait: LOOP_WAIT_S,
        retry_timeout: RETRY_TIMEOUT_S,
        maximum_lag_on_failover: 1048576,
        synchronous_mode: true,
        postgresql: {
          use_pg_rewind: true,
          parameters: { wal_log_hints: 'on', max_connections: 100, wal_keep_size: '128MB' },
        },
      },
      initdb: [{ encoding: 'UTF8' }, { 'auth-host': 'scram-sha-256' }],
      pg_hba: [
        'host replication replicator 127.0.0.1/32 scram-sha-256',
        'host all all 127.0.0.1/32 scram-sha-256',
      ],
    },
    postgresql: {
      listen: `127.0.0.1:${node.pgPort}`,
      connect_address: `127.0.0.1:${node.pgPort}`,
      data_dir: node.dataDir,
      bin_dir: PG_BIN,
      pgpass: join(root, `pgpass-${node.name}`),
      authentication: {
        superuser: SUPERUSER,
        replication: { username: 'replicator', password: 'ha-replicator' },
        rewind: SUPERUSER,
      },
      parameters: { unix_socket_directories: root },
    },
  });
}

function haproxyConfig(port: number, nodes: HaNode[]): string {
  return [
    'global',
    '  maxconn 400',
    'defaults',
    '  mode tcp',
    '  timeout connect 2s',
    '  timeout client 30m',
    '  timeout server 30m',
    '  timeout check 1s',
    'listen primary',
    `  bind 127.0.0.1:${port}`,
    '  option httpchk GET /primary',
    '  http-check expect status 200',
    // A server that stops being the primary loses its connections at once.
    '  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions',
    ...nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.pgPort} check port ${n.apiPort}`),
    '',
  ].join('\n');
}

export async function startHaStack(nodeCount = 2): Promise<HaStack> {
  const root = mkdtempSync(join(tmpdir(), 'counter-ha-'));
  chmodSync(root, 0o755);
  const uid = Number(spawnSync('id', ['-u', 'postgres']).stdout.toString().trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres']).stdout.toString().trim());
  chownSync(root, uid, gid);
  let log = '';
  const append = (s: string) => (log = (log + s).slice(-20_000));
  const children: ChildProcess[] = [];

  const [etcdClient, etcdPeer, haPort] = [await freePort(), await freePort(), await freePort()];
  const etcd = spawn(
    'etcd',
    [
      '--name=e1',
      `--data-dir=${join(root, 'etcd')}`,
      `--listen-client-urls=http://127.0.0.1:${etcdClient}`,
      `--advertise-client-urls=http://127.0.0.1:${etcdClient}`,
      `--listen-peer-urls=http://127.0.0.1:${etcdPeer}`,
      `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeer}`,
      `--initial-cluster=e1=http://127.0.0.1:${etcdPeer}`,
      '--log-level=error',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  etcd.stdout!.on('data', (c: Buffer) => append(c.toString()));
  etcd.stderr!.on('data', (c: Buffer) => append(c.toString()));
  children.push(etcd);

  const nodes: HaNode[] = [];
  for (let i = 1; i <= nodeCount; i++)
    nodes.push({
      name: `pg${i}`,
      pgPort: await freePort(),
      apiPort: await freePort(),
      dataDir: join(root, `pg${i}`),
    });
  for (const node of nodes) {
    const file = join(root, `${node.name}.yml`);
    writeFileSync(file, patroniConfig(root, node, etcdClient)); // JSON is YAML
    chownSync(file, uid, gid);
  }
  const startNode = (node: HaNode) => {
    node.patroni = asPostgres('patroni', [join(root, `${node.name}.yml`)], append);
    children.push(node.patroni);
  };
  const haCfg = join(root, 'haproxy.cfg');
  writeFileSync(haCfg, haproxyConfig(haPort, nodes));
  const haproxy = spawn('haproxy', ['-db', '-f', haCfg], { stdio: ['ignore', 'pipe', 'pipe'] });
  haproxy.stderr!.on('data', (c: Buffer) => append(c.toString()));
  children.push(haproxy);

  const base = `postgres://${SUPERUSER.username}:${SUPERUSER.password}@127.0.0.1:${haPort}`;
  const stack: HaStack = {
    url: `${base}/counter`,
    nodes,
    async primary() {
      for (const node of nodes)
        if ((await status(`http://127.0.0.1:${node.apiPort}/primary`)) === 200) return node;
      return undefined;
    },
    async waitForPrimary(not, timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const node = await stack.primary();
        if (node && node !== not && (await answersThroughHaproxy(`${base}/postgres`))) return node;
        await sleep(200);
      }
      throw new Error(`no primary within ${timeoutMs} ms:\n${log}`);
    },
    kill(node) {
      const pid = Number(readFileSync(join(node.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      node.patroni?.kill('SIGKILL');
      process.kill(pid, 'SIGKILL');
    },
    restart: startNode,
    async waitForReplica(node, timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if ((await status(`http://127.0.0.1:${node.apiPort}/sync`)) === 200) return;
        await sleep(250);
      }
      throw new Error(`${node.name} is no replica after ${timeoutMs} ms:\n${log}`);
    },
    switchover(candidate) {
      const done = spawnSync(
        'patronictl',
        [
          '-c',
          join(root, `${candidate.name}.yml`),
          'switchover',
          '--candidate',
          candidate.name,
          '--force',
        ],
        { encoding: 'utf8', timeout: 60_000 },
      );
      if (done.status !== 0 || !/Successfully switched over/.test(done.stdout))
        throw new Error(`switchover failed: ${done.stdout}${done.stderr}`);
    },
    async admin() {
      const client = new pg.Client({ connectionString: `${base}/postgres` });
      client.on('error', () => {});
      await client.connect();
      return client;
    },
    async stop() {
      for (const node of nodes) node.patroni?.kill('SIGTERM');
      await Promise.all(
        nodes.map((n) => (n.patroni ? exited(n.patroni, 15_000) : Promise.resolve())),
      );
      for (const child of children) child.kill('SIGKILL');
      // A postmaster whose Patroni was killed outlives it: end what is left of the servers.
      for (const node of nodes) {
        try {
          const pid = Number(
            readFileSync(join(node.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
          );
          process.kill(pid, 'SIGKILL');
        } catch {
          /* not running */
        }
      }
      rmSync(root, { recursive: true, force: true });
    },
    output: () => log,
  };
  try {
    await waitFor(`http://127.0.0.1:${etcdClient}/health`, 30_000, () => log);
    for (const node of nodes) {
      startNode(node);
      // One at a time: the first bootstraps the cluster, the others copy it.
      if (node === nodes[0]) await stack.waitForPrimary(undefined, 90_000);
      else await stack.waitForReplica(node, 90_000);
    }
    const admin = await stack.admin();
    try {
      await admin.query('CREATE DATABASE counter');
    } finally {
      await admin.end();
    }
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}

async function waitFor(url: string, timeoutMs: number, log: () => string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if ((await status(url)) === 200) return;
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${log()}`);
}

async function answersThroughHaproxy(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ replica: boolean }>(
      'SELECT pg_is_in_recovery() AS replica',
    );
    return rows[0]?.replica === false;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function exited(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
