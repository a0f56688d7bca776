/**
 * The payments service (as servers/service.ts) with 100,000 sandbox customers written straight
 * into its database before it listens: seeding is not what is measured, and through HTTP it
 * would take longer than the measurements. Each customer has a name, an email, a phone number
 * and two metadata pairs (segment s0…s99, and a unique ref).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createService } from '../../src/service/app';
import { createLogger } from '../../src/service/ops/request-log';
import { sqliteConnection } from '../../test/helpers/sqlite-connection';
import { serveParent } from './protocol';

const sandboxSecret = process.argv[2];
const count = Number(process.argv[3] ?? 100_000);
if (!sandboxSecret) throw new Error('usage: customers-service.ts <sandbox secret> [count]');

export const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Margaret',
  'Ken',
  'Frances',
  'Dennis',
  'Radia',
  'Tim',
  'Sophie',
  'Niklaus',
  'Hedy',
  'John',
  'Karen',
  'Linus',
  'Shafi',
  'Leslie',
];
export const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Hamilton',
  'Thompson',
  'Allen',
  'Ritchie',
  'Perlman',
  'Berners',
  'Wilson',
  'Wirth',
  'Lamarr',
  'Backus',
  'Jones',
  'Torvalds',
  'Goldwasser',
  'Lamport',
  'Kay',
  'Cerf',
  'Kahn',
  'Hoare',
  'Milner',
  'Floyd',
  'Tarjan',
  'Karp',
  'Cook',
  'Valiant',
  'Yao',
  'Rivest',
  'Shamir',
  'Adleman',
  'Diffie',
  'Hellman',
  'Engelbart',
  'Sutherland',
  'McCarthy',
  'Minsky',
  'Feigenbaum',
  'Reddy',
  'Pearl',
  'Bengio',
  'Hinton',
  'LeCun',
  'Stonebraker',
  'Codd',
  'Gray',
  'Bachman',
];

const dataDir = mkdtempSync(join(tmpdir(), 'counter-bench-customers-'));
const service = await createService({
  dataDir,
  secrets: { sandbox: sandboxSecret, production: 'sk_live_bench' },
  // A line per request as `npm run service` logs it, into a file (the terminal is the parent's).
  logger: createLogger(join(dataDir, 'service.log')),
  log: (line) => console.error(`[service] ${line}`),
});
function seed() {
  const merchantId = service.bootstrap.merchantId;
  const started = Date.now();
  // Straight on the store's connection, in one synchronous transaction (through HTTP it would
  // take longer than the measurements), but otherwise as the product builds its database: every
  // row through the full-text index's own trigger, and no maintenance the service does not run
  // itself (no index rebuild, no PRAGMA optimize), so the search measured is the product's.
  const db = sqliteConnection(service.store);
  const insertCustomer = db.prepare(`
    INSERT INTO customers (id, merchant_id, environment, full_name, email, type, phone_country_code,
      phone_number, metadata, created_at)
    VALUES (?, ?, 'sandbox', ?, ?, 'INDIVIDUAL', '44', ?, ?, ?)`);
  const insertPair = db.prepare(`
    INSERT INTO customer_metadata (customer_id, merchant_id, environment, key, value, created_at)
    VALUES (?, ?, 'sandbox', ?, ?, ?)`);
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const first = FIRST[i % FIRST.length]!;
      const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
      const id = randomUUID();
      const metadata = { segment: `s${i % 100}`, ref: `r${i}` };
      const createdAt = now - (count - i) * 1000;
      insertCustomer.run(
        id,
        merchantId,
        `${first} ${last}`,
        `${first}.${last}.${i}@example.com`.toLowerCase(),
        `7700${String(i).padStart(6, '0')}`,
        JSON.stringify(metadata),
        createdAt,
      );
      for (const [key, value] of Object.entries(metadata))
        insertPair.run(id, merchantId, key, value, createdAt);
    }
  })();
  console.error(`customers: seeded ${count} customers in ${Date.now() - started} ms`);
}

// Ready first, then seed: seeding 100,000 rows on a busy machine can outlast the parent's start
// timeout. The parent's first request simply waits until seeding is done.
const url = await service.listen(0);
serveParent(
  url,
  async () => {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
  { dataDir, count },
);
setImmediate(seed);
