/**
 * The payments service as integrators run it: createService over a real SQLite file in a
 * fresh temporary directory (WAL, synchronous=NORMAL, as in production), removed on exit; or,
 * given a second argument, over that PostgreSQL database (bench/scale-out.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createService } from '../../src/service/app';
import { createLogger } from '../../src/service/ops/request-log';
import { serveParent } from './protocol';

// The parent chooses the secret so it can call the API; argv keeps it out of shared modules.
const sandboxSecret = process.argv[2];
if (!sandboxSecret) throw new Error('usage: service.ts <sandbox secret>');

const databaseUrl = process.argv[3];
const dataDir = mkdtempSync(join(tmpdir(), 'counter-bench-'));
const service = await createService({
  dataDir,
  ...(databaseUrl ? { databaseUrl } : {}),
  secrets: { sandbox: sandboxSecret, production: 'sk_live_bench' },
  // A line per request as `npm run service` logs it, into a file (the terminal is the parent's).
  logger: createLogger(join(dataDir, 'service.log')),
  log: (line) => console.error(`[service] ${line}`),
});
const url = await service.listen(0);
serveParent(
  url,
  async () => {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
  { dataDir },
);
