/**
 * PostgreSQL for tests: one embedded server per test process, started when a test first asks
 * for a database and reused by every later test file in that process; each test then gets a
 * new empty database of its own. With DATABASE_URL set, that server is used instead (the
 * databases are created next to the one it names, so its user needs CREATEDB).
 */
import { mkdtempSync, rmSync } from 'node:fs';
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
  url: Promise<string>;
  server?: EmbeddedPostgresServer;
}

// Kept on the process, not the module: vitest evaluates this module again for each test file.
const KEY = Symbol.for('counter.test.postgres');
const holder = globalThis as { [KEY]?: Shared };

function startShared(): Shared {
  const external = process.env.DATABASE_URL;
  if (external) return { url: Promise.resolve(external) };
  const shared: Shared = {
    url: (async () => {
      const root = mkdtempSync(join(tmpdir(), 'counter-pg-'));
      const server = await startEmbeddedPostgres({ dataDir: join(root, 'data') });
      shared.server = server;
      process.once('exit', () => rmSync(root, { recursive: true, force: true }));
      return server.url;
    })(),
  };
  return shared;
}

function shared(): Shared {
  return (holder[KEY] ??= startShared());
}

/** The test process's server (not with DATABASE_URL): to stop and start it. */
export async function sharedServer(): Promise<EmbeddedPostgresServer | undefined> {
  await shared().url;
  return shared().server;
}

/** A new empty database on the shared server, for one test. */
export async function freshDatabaseUrl(): Promise<string> {
  const base = new URL(await shared().url);
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
