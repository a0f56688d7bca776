/**
 * `npm run service -- --port P --data-dir DIR [--public-url URL]`: the payments service on its
 * own, as integrators run it; `npm run build` bundles it into out/service/cli.mjs, which a process
 * manager runs with `node` alone (docs/operations.md). Prints `service listening on http://127.0.0.1:P` once it accepts
 * requests; logs one JSON line per request on stderr; SIGTERM and SIGINT drain it (readiness
 * 503, no new connections, requests in flight finish, event streams told to reconnect), then exit.
 */
import cluster from 'node:cluster';
import { realpathSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { approversFromEnv } from './agent/contracts';
import { createService } from './app';
import { productionSecretLines } from './merchants/bootstrap';
import { builtDashboardDir, ensureDashboardBuilt } from './pages/dashboard-build';
import { createLogger } from './ops/request-log';
import { fcmOptionsFromEnv } from './push/fcm';
import { installRoot } from './install-root';

const options = {
  port: { type: 'string', default: '4010' },
  'data-dir': { type: 'string', default: '.data/service' },
  'database-url': { type: 'string' },
  postgres: { type: 'boolean', default: false },
  'pool-size': { type: 'string' },
  instances: { type: 'string', default: '1' },
  'import-sqlite': { type: 'string' },
  'public-url': { type: 'string' },
  host: { type: 'string', default: '127.0.0.1' },
  'smtp-url': { type: 'string' },
  'metrics-token': { type: 'string' },
  'print-production-secret': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies ParseArgsConfig['options'];

export const USAGE = `Usage: npm run service -- [options]
       node out/service/cli.mjs [options]    (built by npm run build)

The Counter payments service: the API, hosted payment pages, dashboard and sandbox.

Options:
  --port P             Port to listen on (default 4010; 0 picks a free one)
  --host H             Address to listen on (default 127.0.0.1)
  --data-dir DIR       Where the SQLite database lives (default .data/service)
  --database-url URL   Use this PostgreSQL database instead (postgres://user:pass@host/db;
                       DATABASE_URL); any number of instances may share it (docs/scaling.md)
  --postgres           Start a private PostgreSQL in DIR/postgres and use it (no install needed)
  --pool-size N        PostgreSQL connections per instance (default 10)
  --instances N        Run N processes sharing the port (needs PostgreSQL: --database-url or
                       --postgres); a process that dies is started again
  --import-sqlite DIR  Copy the SQLite service database in DIR into the (empty) PostgreSQL
                       database, ids kept, then exit
  --public-url URL     Base of the links the service returns (default: the listening address)
  --smtp-url URL       Send e-mails to customers through this SMTP server (SERVICE_SMTP_URL)
  --metrics-token T    Serve Prometheus metrics at /metrics to "Bearer T" (SERVICE_METRICS_TOKEN)
  --print-production-secret
                       On the first start, also print the generated production secret
  -h, --help           Show this help

Environment: SERVICE_SANDBOX_SECRET, SERVICE_PRODUCTION_SECRET (the access secrets; when unset
they are generated on the first start, and only the sandbox one is printed; a secret set on a
later start is added, so production is set or rotated with SERVICE_PRODUCTION_SECRET),
SERVICE_AGENT_APPROVERS (who may approve production Agent Pay contracts: comma-separated e-mails
and phone numbers), SERVICE_MAIL_FROM, SERVICE_FCM_SERVICE_ACCOUNT, LOG_LEVEL (default info).
Health: GET /healthz, GET /readyz. Docs: docs/operations.md.`;

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: false }).values;
  } catch (error) {
    // Node's own message names the option ("Unknown option '--prot'"); no stack for a typo.
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
}

export async function main(argv: string[]): Promise<void> {
  const values = parse(argv);
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a port number (0 picks a free one), not ${values.port}`);
    process.exit(2);
  }
  // `npm run service` builds the dashboard on first start (and after its sources change), as npm
  // start does. Started any other way (tests spawn this file; `node out/service/cli.mjs`, the
  // built entry, where Vite may not even be installed), it serves what is built, or a 503.
  const root = installRoot(import.meta.url);
  if (process.env.npm_lifecycle_event === 'service' && cluster.isPrimary)
    await ensureDashboardBuilt(root, (line) => console.error(line)).catch((error: Error) =>
      console.error(
        `the dashboard could not be built (${error.message}); the API works without it`,
      ),
    );
  const poolSize = values['pool-size'] === undefined ? undefined : Number(values['pool-size']);
  if (poolSize !== undefined && !(Number.isInteger(poolSize) && poolSize > 0)) {
    console.error(`--pool-size must be a whole number of connections, not ${values['pool-size']}`);
    process.exit(2);
  }
  const dataDir = resolve(values['data-dir']);
  let databaseUrl = values['database-url'] ?? (process.env.DATABASE_URL || undefined);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    console.error('--database-url must be a postgres:// URL');
    process.exit(2);
  }
  const instances = Number(values.instances);
  if (!Number.isInteger(instances) || instances < 1 || instances > 64) {
    console.error(
      `--instances must be a number of processes from 1 to 64, not ${values.instances}`,
    );
    process.exit(2);
  }
  if (instances > 1 && !databaseUrl && !values.postgres) {
    console.error(
      '--instances needs a database they can share: add --database-url URL or --postgres (docs/scaling.md)',
    );
    process.exit(2);
  }
  let embedded: { url: string; stop(): Promise<void> } | undefined;
  if (values.postgres && !databaseUrl && cluster.isPrimary) {
    // Loaded only here: the package installs exit hooks as soon as it is imported.
    const { startEmbeddedPostgres } = await import('./kernel/store/postgres/embedded');
    embedded = await startEmbeddedPostgres({ dataDir: resolve(dataDir, 'postgres') });
    databaseUrl = embedded.url;
  }
  if (values['import-sqlite'] !== undefined) {
    if (!databaseUrl) {
      console.error('--import-sqlite copies into PostgreSQL: add --database-url URL or --postgres');
      process.exit(2);
    }
    return importInto(databaseUrl, resolve(values['import-sqlite']), embedded);
  }
  if (instances > 1 && cluster.isPrimary) return runInstances(instances, databaseUrl!, embedded);
  const logger = createLogger();
  const service = await createService({
    dashboardDir: builtDashboardDir(root),
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(poolSize ? { poolSize } : {}),
    publicUrl: values['public-url'],
    secrets: {
      sandbox: process.env.SERVICE_SANDBOX_SECRET || undefined,
      production: process.env.SERVICE_PRODUCTION_SECRET || undefined,
    },
    logger,
    log: (line) => logger.info(line),
    metricsToken: values['metrics-token'] ?? (process.env.SERVICE_METRICS_TOKEN || undefined),
    agentApprovers: approversFromEnv(process.env),
    fcm: fcmOptionsFromEnv(process.env),
    // Emails to customers (card-saving links); without a server they stay in the outbox.
    mail: {
      smtpUrl: values['smtp-url'] ?? (process.env.SERVICE_SMTP_URL || undefined),
      from: process.env.SERVICE_MAIL_FROM || undefined,
    },
  });
  const { generated, merchantName } = service.bootstrap;
  const url = await service.listen(port, values.host);
  if (generated.sandbox || generated.production) {
    console.log(`created merchant "${merchantName}"; its access secrets are shown only now:`);
    if (generated.sandbox) console.log(`  sandbox secret:    ${generated.sandbox}`);
    for (const line of productionSecretLines(
      generated.production,
      values['print-production-secret'],
    ))
      console.log(`  ${line}`);
  }
  console.log(`service listening on ${url}${databaseUrl ? ' (PostgreSQL store)' : ''}`);
  console.log(`  dashboard: ${service.ctx.publicUrl()}/dashboard`);
  console.log(`  API docs:  ${service.ctx.publicUrl()}/docs`);

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    logger.info('draining: finishing requests in flight, then stopping');
    void service
      .close()
      .then(() => embedded?.stop())
      .then(() => {
        logger.flush();
        process.exit(0);
      });
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

/** `--import-sqlite DIR`: the copy, its one-line summary, and exit 0 (or 1 with the reason). */
async function importInto(
  databaseUrl: string,
  dir: string,
  embedded: { stop(): Promise<void> } | undefined,
): Promise<void> {
  const { createPostgresStore } = await import('./kernel/store/postgres/store');
  const { importSqlite } = await import('./kernel/store/postgres/import-sqlite');
  const store = await createPostgresStore({ url: databaseUrl });
  try {
    const { tables, rows } = await importSqlite(dir, store.pool);
    console.log(`imported ${rows} rows of ${tables} tables from ${dir} into PostgreSQL`);
  } catch (error) {
    console.error(`import failed, nothing was imported: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await store.close();
    await embedded?.stop();
  }
}

/**
 * `--instances N`: this process only keeps N service processes running (node:cluster shares the
 * port among them), each on the same database; SIGTERM drains them all, then stops the private
 * PostgreSQL if this process started one.
 */
function runInstances(
  count: number,
  databaseUrl: string,
  embedded: { stop(): Promise<void> } | undefined,
): void {
  let stopping = false;
  const fork = () => cluster.fork({ DATABASE_URL: databaseUrl });
  for (let i = 0; i < count; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0)
        void (embedded?.stop() ?? Promise.resolve()).then(() => process.exit(0));
      return;
    }
    console.error(`instance ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    setTimeout(fork, 500);
  });
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

/**
 * Run when this module is the process's entry: `node --import tsx src/service/cli.ts` or the
 * built `node out/service/cli.mjs`. Node gives this module's URL with symlinks resolved and
 * percent-encoded, but argv[1] as typed (made absolute), so they are compared as real paths: a
 * release installed behind a symlink (/opt/counter → /opt/counter-1.4) must start, not exit 0
 * having done nothing.
 */
const isEntry = (argv1: string | undefined) => {
  try {
    return argv1 !== undefined && realpathSync(argv1) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
};
if (isEntry(process.argv[1])) await main(process.argv.slice(2));
