/**
 * The SQLite driver (better-sqlite3), in the build the running Node can use. Every runtime use of
 * SQLite goes through here; `import type` from 'better-sqlite3' stays fine for types.
 *
 * Two builds are installed because none serves every supported Node:
 * - `better-sqlite3-napi` (npm alias of better-sqlite3 13): Node-API, prebuilt binaries, for
 *   Node 22 and later, which includes Electron's main process (every Electron from 35 on embeds Node 22 or later).
 *   On Node 24, better-sqlite3 12 can abort a process (`Assertion failed: (env) != nullptr` in
 *   node::RemoveEnvironmentCleanupHook, WiseLibs/better-sqlite3#1515); 13 cannot.
 * - `better-sqlite3` 12, built from source by `npm install`, for Node 20: 13's binaries crash
 *   there (13 requires Node 22).
 * Only the chosen package is ever loaded: loading 13 on Node 20 would crash the process.
 * Both have the same API and the types of @types/better-sqlite3.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

export type SqlitePackage = 'better-sqlite3' | 'better-sqlite3-napi';

/** The first Node major on which the Node-API build (better-sqlite3 13) is used. */
export const NAPI_FROM_NODE_MAJOR = 22;

/** Which package a Node version (`process.versions.node`, e.g. "24.11.1") gets. */
export function sqlitePackageFor(nodeVersion: string): SqlitePackage {
  const major = Number(nodeVersion.split('.')[0]);
  return major >= NAPI_FROM_NODE_MAJOR ? 'better-sqlite3-napi' : 'better-sqlite3';
}

// Not named `require`: electron-vite's ESM output declares its own `require` shim at the top of
// the bundle, and a second top-level `require` would be a SyntaxError there.
const nodeRequire = createRequire(import.meta.url);

/** The package this process loaded. */
export const SQLITE_PACKAGE: SqlitePackage = sqlitePackageFor(process.versions.node);

// Literal specifiers, so bundlers and packagers see both packages (electron-vite keeps them
// external as dependencies).
const Database = (
  SQLITE_PACKAGE === 'better-sqlite3-napi'
    ? nodeRequire('better-sqlite3-napi')
    : nodeRequire('better-sqlite3')
) as typeof BetterSqlite3;

/** The loaded package's version (12.x on Node 20, 13.x on Node 22+). */
export const SQLITE_PACKAGE_VERSION = (
  nodeRequire(`${SQLITE_PACKAGE}/package.json`) as { version: string }
).version;

/** An open database (better-sqlite3's `Database` instance type). */
export type Connection = BetterSqlite3.Database;
export type Statement<
  BindParameters extends unknown[] = unknown[],
  Result = unknown,
> = BetterSqlite3.Statement<BindParameters, Result>;
export type Options = BetterSqlite3.Options;

/** The constructor: `new Database(file, options)`, as better-sqlite3's default export. */
export default Database;

/** Where the loaded package's entry point is, for a worker thread that opens a connection too. */
export const SQLITE_PACKAGE_PATH = nodeRequire.resolve(SQLITE_PACKAGE);
