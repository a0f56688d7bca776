/**
 * `npm run service -- --port P --data-dir DIR [--public-url URL]`: the payments service on its
 * own, as integrators run it. Prints `service listening on http://127.0.0.1:P` once it accepts
 * requests; SIGTERM and SIGINT shut it down cleanly.
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createService } from './app';
import { builtDashboardDir, ensureDashboardBuilt } from './pages/dashboard-build';
import { fcmOptionsFromEnv } from './push/fcm';

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '4010' },
      'data-dir': { type: 'string', default: '.data/service' },
      'public-url': { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      'smtp-url': { type: 'string' },
    },
    allowPositionals: false,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a port number (0 picks a free one), not ${values.port}`);
    process.exit(2);
  }
  // `npm run service` builds the dashboard on first start (and after its sources change), as npm
  // start does. Started any other way (tests spawn this file), it serves what is built, or a 503.
  const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
  if (process.env.npm_lifecycle_event === 'service')
    await ensureDashboardBuilt(root, (line) => console.error(line)).catch((error: Error) =>
      console.error(
        `the dashboard could not be built (${error.message}); the API works without it`,
      ),
    );
  const service = createService({
    dashboardDir: builtDashboardDir(root),
    dataDir: resolve(values['data-dir']),
    publicUrl: values['public-url'],
    secrets: {
      sandbox: process.env.SERVICE_SANDBOX_SECRET || undefined,
      production: process.env.SERVICE_PRODUCTION_SECRET || undefined,
    },
    log: (line) => console.error(line),
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
    if (generated.production) console.log(`  production secret: ${generated.production}`);
  }
  console.log(`service listening on ${url}`);
  console.log(`  dashboard: ${service.ctx.publicUrl()}/dashboard`);
  console.log(`  API docs:  ${service.ctx.publicUrl()}/docs`);

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    void service.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
