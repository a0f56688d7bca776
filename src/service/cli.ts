/**
 * `npm run service -- --port P --data-dir DIR [--public-url URL]`: the payments service on its
 * own (and `merchant add NAME` / `merchant list` to keep several merchants on it), as integrators run it; `npm run build` bundles it into out/service/cli.mjs, which a process
 * manager runs with `node` alone (docs/operations.md). Prints `service listening on http://127.0.0.1:P` once it accepts
 * requests; logs one JSON line per request on stderr; SIGTERM and SIGINT drain it (readiness
 * 503, no new connections, requests in flight finish, event streams told to reconnect), then exit.
 */
import cluster from 'node:cluster';
import { realpathSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  approversFromEnv,
  createApprovers,
  recipientOfApprover,
  type Recipient,
} from './agent/approvers';
import { Approver } from '../shared/contract/agent';
import { RECEIPT_VALIDITY_MS, rotateReceiptKey } from './agent/receipt-signer';
import { createService } from './app';
import { nonBlank } from '../shared/contract/common';
import { createClock } from './kernel/clock';
import { openStore } from './kernel/store/open';
import {
  DEMO_MERCHANT_NAME,
  createMerchant,
  listMerchants,
  productionSecretLines,
} from './merchants/bootstrap';
import { builtDashboardDir, ensureDashboardBuilt } from './site/dashboard-build';
import { createLogger } from './ops/request-log';
import { fcmOptionsFromEnv } from './push/fcm';
import { installRoot } from './install-root';
import { runInstances, tellPrimaryListenFailed } from './server';

/**
 * Every option: its parseArgs shape, its help line and the environment variable that sets it
 * when the flag is absent (a process manager's unit file sets variables more easily than flags).
 * The usage is written from this table, so no option goes unlisted.
 */
interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** The placeholder after the flag in the usage (string options). */
  arg?: string;
  env?: string;
  help: string;
}
const OPTIONS = {
  port: {
    type: 'string',
    arg: 'P',
    env: 'SERVICE_PORT',
    help: 'Port to listen on (default 4010; 0 picks a free one)',
  },
  host: {
    type: 'string',
    arg: 'H',
    env: 'SERVICE_HOST',
    help: 'Address to listen on (default 127.0.0.1)',
  },
  'data-dir': {
    type: 'string',
    arg: 'DIR',
    env: 'SERVICE_DATA_DIR',
    help: 'Where the SQLite database lives (default .data/service)',
  },
  'database-url': {
    type: 'string',
    arg: 'URL',
    env: 'DATABASE_URL',
    help: 'Use this PostgreSQL database instead (postgres://user:pass@host/db); any number of instances may share it (docs/scaling.md)',
  },
  postgres: {
    type: 'boolean',
    help: 'Start a private PostgreSQL in DIR/postgres and use it (no install needed)',
  },
  'pool-size': {
    type: 'string',
    arg: 'N',
    env: 'SERVICE_POOL_SIZE',
    help: 'PostgreSQL connections per instance (default 10)',
  },
  instances: {
    type: 'string',
    arg: 'N',
    env: 'SERVICE_INSTANCES',
    help: 'Run N processes sharing the port (needs PostgreSQL: --database-url or --postgres); a process that dies is started again',
  },
  'drain-delay': {
    type: 'string',
    arg: 'S',
    env: 'SERVICE_DRAIN_DELAY',
    help: 'On SIGTERM the port closes at once (a load balancer tries another instance); go on answering on open connections for S seconds, longer than the balancer keeps an idle connection (default 0; behind nginx as docs/scaling.md shows, 3)',
  },
  'import-sqlite': {
    type: 'string',
    arg: 'DIR',
    help: 'Copy the SQLite service database in DIR into the (empty) PostgreSQL database, ids kept, then exit',
  },
  'public-url': {
    type: 'string',
    arg: 'URL',
    env: 'SERVICE_PUBLIC_URL',
    help: 'Base of the links the service returns (default: the listening address)',
  },
  'smtp-url': {
    type: 'string',
    arg: 'URL',
    env: 'SERVICE_SMTP_URL',
    help: 'Send e-mails to customers through this SMTP server',
  },
  'metrics-token': {
    type: 'string',
    arg: 'T',
    env: 'SERVICE_METRICS_TOKEN',
    help: 'Serve Prometheus metrics at /metrics to "Bearer T"',
  },
  'merchant-name': {
    type: 'string',
    arg: 'NAME',
    env: 'SERVICE_MERCHANT_NAME',
    help: `On the first start, name the merchant it creates (default "${DEMO_MERCHANT_NAME}", the demo)`,
  },
  'print-production-secret': {
    type: 'boolean',
    help: 'On the first start, also print the generated production secret',
  },
  'receipt-key-rotate-days': {
    type: 'string',
    arg: 'N',
    env: 'SERVICE_RECEIPT_KEY_ROTATE_DAYS',
    help: 'Make a new Agent Pay receipt signing key once the newest is N days old (whole days, 1 to 3650; default never: only receipt-key rotate makes one)',
  },
  help: { type: 'boolean', short: 'h', help: 'Show this help' },
} as const satisfies Record<string, OptionSpec>;

const options = Object.fromEntries(
  Object.entries(OPTIONS).map(([name, spec]: [string, OptionSpec]) => [
    name,
    { type: spec.type, ...(spec.short ? { short: spec.short } : {}) },
  ]),
) as { [K in keyof typeof OPTIONS]: { type: (typeof OPTIONS)[K]['type'] } };

/** The help lines of a set of options, wrapped under their flags. */
function optionLines(names: readonly (keyof typeof OPTIONS)[]): string {
  const lines: string[] = [];
  for (const name of names) {
    const spec: OptionSpec = OPTIONS[name];
    const flag = `${spec.short ? `-${spec.short}, ` : ''}--${name}${spec.arg ? ` ${spec.arg}` : ''}`;
    const text = spec.help + (spec.env ? ` [${spec.env}]` : '');
    const words = text.split(' ');
    const wrapped: string[] = [];
    let line = '';
    for (const word of words) {
      if (line && line.length + word.length + 1 > 72) {
        wrapped.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    wrapped.push(line);
    const pad = ' '.repeat(23);
    if (flag.length >= 20) lines.push(`  ${flag}`, ...wrapped.map((w) => pad + w));
    else lines.push(`  ${flag.padEnd(21)}${wrapped[0]}`, ...wrapped.slice(1).map((w) => pad + w));
  }
  return lines.join('\n');
}

export const USAGE = `Usage: npm run service -- [options]
       npm run service -- merchant add NAME [--approver EMAIL]... | merchant list [--data-dir DIR | --database-url URL | --postgres]
       npm run service -- receipt-key rotate [--data-dir DIR | --database-url URL | --postgres]
       node out/service/cli.mjs [options]    (built by npm run build)

The Counter payments service: the API, hosted payment pages, dashboard and sandbox.

Options (an option not given is taken from the [VARIABLE] named, then the default):
${optionLines(Object.keys(OPTIONS) as (keyof typeof OPTIONS)[])}

Merchants (several may share one service; docs/merchants.md):
  merchant add NAME    Add a merchant and print its sandbox and production secrets, once;
                       --approver EMAIL|PHONE (repeatable) names who approves its agents'
                       spending contracts (docs/agent-pay.md)
  merchant list        Print every merchant's id, name and when it was added

Agent Pay receipts (docs/agent-pay.md#receipts):
  receipt-key rotate   Make a new receipt signing key; running instances sign with it within a
                       minute, and the older keys stay published while their receipts are valid

Environment, besides the variables above: SERVICE_SANDBOX_SECRET, SERVICE_PRODUCTION_SECRET (the
first merchant's access secrets; when unset they are generated on the first start, and only the
sandbox one is printed; a secret set on a later start is added, so production is set or rotated
with SERVICE_PRODUCTION_SECRET), SERVICE_AGENT_APPROVERS (the default approvers of Agent Pay
contracts for a business with none of its own: comma-separated e-mails and phone numbers),
SERVICE_MAIL_FROM, SERVICE_FCM_SERVICE_ACCOUNT, LOG_LEVEL (default info).
Health: GET /healthz, GET /readyz. Docs: docs/operations.md.`;

/** A mistake in the command line: one line saying what, then the usage, and exit 2. */
function usageError(line: string): never {
  console.error(`${line}\n\n${USAGE}`);
  process.exit(2);
}

type Values = {
  [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string;
};

function parse(argv: string[], allowPositionals = false) {
  try {
    const parsed = parseArgs({ args: argv, options, allowPositionals, strict: true });
    const values = parsed.values as Values;
    // A flag wins over its variable; an empty variable counts as unset.
    for (const [name, spec] of Object.entries(OPTIONS) as [keyof Values, OptionSpec][]) {
      const fromEnv = spec.env ? process.env[spec.env] : undefined;
      if (values[name] === undefined && fromEnv)
        (values as Record<string, unknown>)[name] = fromEnv;
    }
    return { values, positionals: parsed.positionals };
  } catch (error) {
    // Node's own message names the option ("Unknown option '--prot'"); no stack for a typo.
    return usageError((error as Error).message);
  }
}

export async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'merchant') return merchantCommand(argv.slice(1));
  if (argv[0] === 'receipt-key') return receiptKeyCommand(argv.slice(1));
  const { values } = parse(argv);
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port ?? '4010');
  if (!/^\d+$/.test(values.port ?? '4010') || port > 65535)
    usageError(`--port must be a port number (0 picks a free one), not ${values.port}`);
  const poolSize = values['pool-size'] === undefined ? undefined : Number(values['pool-size']);
  if (poolSize !== undefined && !(Number.isInteger(poolSize) && poolSize > 0))
    usageError(`--pool-size must be a whole number of connections, not ${values['pool-size']}`);
  const instances = Number(values.instances ?? '1');
  if (!Number.isInteger(instances) || instances < 1 || instances > 64)
    usageError(`--instances must be a number of processes from 1 to 64, not ${values.instances}`);
  const drainDelay = Number(values['drain-delay'] ?? '0');
  if (!(Number.isFinite(drainDelay) && drainDelay >= 0 && drainDelay <= 600))
    usageError(
      `--drain-delay must be a number of seconds from 0 to 600, not ${values['drain-delay']}`,
    );
  const merchantName =
    values['merchant-name'] === undefined
      ? undefined
      : nameOrExit(values['merchant-name'], '--merchant-name');
  const rotateDays = values['receipt-key-rotate-days'];
  if (rotateDays !== undefined && !/^\d+$/.test(rotateDays)) rotateDaysError(rotateDays);
  if (rotateDays !== undefined && !(Number(rotateDays) >= 1 && Number(rotateDays) <= 3650))
    rotateDaysError(rotateDays);
  const publicUrl = values['public-url'];
  if (publicUrl !== undefined && !/^https?:\/\/[^\s/]+/.test(publicUrl))
    usageError(`--public-url must be an http:// or https:// address, not ${publicUrl}`);
  const database = databaseOrExit(values);
  if (instances > 1 && !database.url && !values.postgres)
    usageError(
      '--instances needs a database they can share: add --database-url URL or --postgres (docs/scaling.md)',
    );
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
  const { dataDir } = database;
  let databaseUrl = database.url;
  let embedded: { url: string; stop(): Promise<void> } | undefined;
  if (values.postgres && !databaseUrl && cluster.isPrimary) {
    embedded = await startPrivatePostgres(dataDir);
    databaseUrl = embedded.url;
  }
  if (values['import-sqlite'] !== undefined) {
    if (!databaseUrl) {
      usageError('--import-sqlite copies into PostgreSQL: add --database-url URL or --postgres');
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
    publicUrl,
    ...(merchantName ? { merchantName } : {}),
    secrets: {
      sandbox: process.env.SERVICE_SANDBOX_SECRET || undefined,
      production: process.env.SERVICE_PRODUCTION_SECRET || undefined,
    },
    logger,
    log: (line) => logger.info(line),
    metricsToken: values['metrics-token'],
    agentApprovers: approversFromEnv(process.env),
    ...(rotateDays !== undefined
      ? { receiptKeys: { rotateEveryMs: Number(rotateDays) * 86_400_000 } }
      : {}),
    fcm: fcmOptionsFromEnv(process.env),
    // Emails to customers (card-saving links); without a server they stay in the outbox.
    mail: {
      smtpUrl: values['smtp-url'],
      from: process.env.SERVICE_MAIL_FROM || undefined,
    },
  });
  const { generated } = service.bootstrap;
  const host = values.host ?? '127.0.0.1';
  const url = await service.listen(port, host).catch(async (error: NodeJS.ErrnoException) => {
    const line = listenErrorLine(error, port, host);
    if (!line) throw error;
    await service.close().catch(() => undefined);
    await embedded?.stop();
    logger.flush();
    // An instance of --instances tells the primary, which says it once and stops them all:
    // starting another would only meet the same port.
    if (cluster.isWorker) await tellPrimaryListenFailed(line);
    else console.error(line);
    return process.exit(1);
  });
  // Before the line that says it listens: a process manager may send SIGTERM the moment it reads
  // it, and a signal that comes before its handler ends the process without draining.
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    logger.info('draining: finishing requests in flight, then stopping');
    void service
      .close(undefined, drainDelay * 1000)
      .then(() => embedded?.stop())
      .then(() => {
        logger.flush();
        process.exit(0);
      });
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  if (generated.sandbox || generated.production) {
    console.log(
      `created merchant "${service.bootstrap.merchantName}"; its access secrets are shown only now:`,
    );
    if (generated.sandbox) console.log(`  sandbox secret:    ${generated.sandbox}`);
    for (const line of productionSecretLines(
      generated.production,
      values['print-production-secret'] ?? false,
    ))
      console.log(`  ${line}`);
  }
  console.log(`service listening on ${url}${databaseUrl ? ' (PostgreSQL store)' : ''}`);
  console.log(`  dashboard: ${service.ctx.publicUrl()}/dashboard`);
  console.log(`  API docs:  ${service.ctx.publicUrl()}/docs`);
}

/**
 * Why the port could not be taken, in one line that says what to do, for the two causes a user
 * fixes by choosing another port (a stack trace would only hide that); undefined for the rest.
 */
function listenErrorLine(error: NodeJS.ErrnoException, port: number, host: string) {
  const how = 'with --port N (or SERVICE_PORT=N)';
  if (error.code === 'EADDRINUSE')
    return `port ${port} on ${host} is already in use (npm start or another service may be running); choose another ${how}`;
  if (error.code === 'EACCES')
    return `port ${port} on ${host} needs privileges this user lacks (ports below 1024 do); choose one from 1024 up ${how}`;
  return undefined;
}

/** The database the options name: a PostgreSQL URL, or the SQLite file in the data directory. */
function databaseOrExit(values: Values): { dataDir: string; url: string | undefined } {
  const url = values['database-url'];
  if (url && !/^postgres(ql)?:\/\//.test(url))
    usageError('--database-url must be a postgres:// URL');
  return { dataDir: resolve(values['data-dir'] ?? '.data/service'), url: url || undefined };
}

/** A merchant's name as the dashboard and payment pages show it: 1-100 characters of plain text. */
function nameOrExit(name: string, what: string): string {
  const parsed = nonBlank(1, 100).safeParse(name);
  if (!parsed.success) usageError(`${what} ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

async function startPrivatePostgres(dataDir: string) {
  // Loaded only here: the package installs exit hooks as soon as it is imported.
  const { startEmbeddedPostgres } = await import('./kernel/store/postgres/embedded');
  return await startEmbeddedPostgres({ dataDir: resolve(dataDir, 'postgres') });
}

/**
 * `merchant add NAME` and `merchant list`: several merchants on one service, each with its own
 * secrets, every row of theirs apart (docs/merchants.md). Run on the service's database, with the
 * service running or not: a new merchant's secrets are looked up at their first use.
 */
async function merchantCommand(argv: string[]): Promise<void> {
  const { approvers, others } = approverFlags(argv);
  const { values, positionals } = parse(others, true);
  const [action, name, ...rest] = positionals;
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (action !== 'add' && action !== 'list')
    usageError(`merchant needs add NAME or list, not ${action ?? 'nothing'}`);
  if (action === 'add' && name === undefined) usageError("merchant add needs the merchant's NAME");
  if (action === 'list' && approvers.length > 0) usageError('--approver goes with merchant add');
  const extra = action === 'list' ? [name, ...rest] : rest;
  if (extra.some((word) => word !== undefined))
    usageError(
      `merchant ${action} takes no more words: ${extra.filter(Boolean).join(' ')} (quote a name with spaces)`,
    );
  const merchantName = action === 'add' ? nameOrExit(name!, 'NAME') : undefined;
  const database = databaseOrExit(values);
  let url = database.url;
  const embedded =
    values.postgres && !url ? await startPrivatePostgres(database.dataDir) : undefined;
  url ??= embedded?.url;
  const opened = await openStore({
    dataDir: database.dataDir,
    ...(url ? { databaseUrl: url } : {}),
  });
  try {
    if (merchantName !== undefined) {
      const clock = createClock();
      const made = await createMerchant(opened.store, clock, merchantName);
      await createApprovers(opened.store, clock).setByOperator(made.merchantId, approvers);
      console.log(
        `added merchant "${made.merchantName}" (${made.merchantId}); its access secrets are shown only now:`,
      );
      console.log(`sandbox secret: ${made.generated.sandbox}`);
      console.log(`production secret: ${made.generated.production}`);
      if (approvers.length > 0)
        console.log(
          `approvers of its agents' spending (sandbox and production): ${approvers.map((a) => a.to).join(', ')}`,
        );
    } else {
      for (const m of await listMerchants(opened.store))
        console.log(`${m.id}  ${JSON.stringify(m.name)}  ${new Date(m.created_at).toISOString()}`);
    }
  } finally {
    await opened.close();
    await embedded?.stop();
  }
}

/**
 * `--approver EMAIL|PHONE` (repeatable) of `merchant add`: the new business's own approvers of
 * its agents' SEND contracts, in both environments. Taken out of argv before the other options.
 */
function approverFlags(argv: string[]): { approvers: Recipient[]; others: string[] } {
  const approvers: Recipient[] = [];
  const others: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const inline = arg.startsWith('--approver=') ? arg.slice('--approver='.length) : undefined;
    if (arg !== '--approver' && inline === undefined) {
      others.push(arg);
      continue;
    }
    const given = inline ?? argv[++i];
    if (!given) usageError('--approver needs an e-mail address or a phone number (+447700900123)');
    const parsed = Approver.safeParse(given.includes('@') ? { email: given } : { phone: given });
    if (!parsed.success) usageError(`--approver ${given}: ${parsed.error.issues[0]!.message}`);
    approvers.push(recipientOfApprover(parsed.data));
  }
  return { approvers, others };
}

const rotateDaysError = (given: string): never =>
  usageError(
    `--receipt-key-rotate-days must be a whole number of days from 1 to 3650, not ${given}`,
  );

/**
 * `receipt-key rotate`: a new receipt signing key in the service's database, with the service
 * running or not (docs/agent-pay.md#receipts). Running instances re-read the newest key at least
 * every KEY_REFRESH_MS, and on PostgreSQL are told at once.
 */
async function receiptKeyCommand(argv: string[]): Promise<void> {
  const { values, positionals } = parse(argv, true);
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const [action, ...rest] = positionals;
  if (action !== 'rotate') usageError(`receipt-key needs rotate, not ${action ?? 'nothing'}`);
  if (rest.length) usageError(`receipt-key rotate takes no more words: ${rest.join(' ')}`);
  const database = databaseOrExit(values);
  let url = database.url;
  const embedded =
    values.postgres && !url ? await startPrivatePostgres(database.dataDir) : undefined;
  url ??= embedded?.url;
  const opened = await openStore({
    dataDir: database.dataDir,
    ...(url ? { databaseUrl: url } : {}),
  });
  try {
    const made = (await rotateReceiptKey(opened.store, Date.now()))!;
    console.log(
      `receipt key rotated: generation ${made.generation} (kid ${made.kid}) signs from now on; running instances take it within a minute`,
    );
    console.log(
      `the keys before it stay in /.well-known/counter-receipts.json for ${RECEIPT_VALIDITY_MS / 86_400_000} days, while receipts they signed are valid`,
    );
  } finally {
    await opened.close();
    await embedded?.stop();
  }
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
