import { defineConfig } from 'vitest/config';

/**
 * Two passes: everything on the embedded SQLite store, then the payments service's tests again on
 * PostgreSQL (COUNTER_TEST_STORE=postgres: test/helpers/service.ts gives each test a fresh
 * database on an embedded PostgreSQL server, or on the server DATABASE_URL names).
 */
const SERVICE_ON_POSTGRES = ['src/service/**/*.test.ts', 'test/service/**/*.test.ts'];
/**
 * About SQLite itself (its file, WAL checkpoints, migrations) or the store adapters directly, and
 * the service run as a process by its command line (its store is the command's default).
 */
const SQLITE_ONLY = [
  'src/service/kernel/store/**',
  'test/service/process-manager.test.ts',
  'test/service/cli.test.ts',
  'test/service/idempotency-crash.test.ts',
  'test/service/webhooks-listen.test.ts',
  'test/service/port-taken.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: SERVICE_ON_POSTGRES,
          exclude: ['node_modules/**', ...SQLITE_ONLY],
          env: { COUNTER_TEST_STORE: 'postgres' },
        },
      },
    ],
  },
});
