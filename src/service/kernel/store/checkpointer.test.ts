import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import Database from '../../../sqlite';
import { startService, type Harness } from '../../../../test/helpers/service';
import { sqliteConnection } from '../../../../test/helpers/sqlite-connection';

/**
 * The payment requests in the database file itself (a copy of it without its write-ahead log),
 * or -1 while the file does not even have the schema.
 */
function inMainFile(file: string): number {
  const copy = `${file}.copy-${process.pid}`;
  copyFileSync(file, copy);
  const db = new Database(copy, { readonly: true });
  try {
    return db.prepare<[], { n: number }>('SELECT count(*) AS n FROM payment_requests').get()!.n;
  } catch {
    return -1;
  } finally {
    db.close();
    rmSync(copy, { force: true });
  }
}

describe('WAL checkpoints on their own thread', () => {
  let h: Harness | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await h?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('copy committed payments into the database file without the request thread doing it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'counter-checkpoint-'));
    h = await startService({ dataDir: dir });
    const file = join(dir, 'service.db');
    // The request thread's own automatic checkpoint waits for 10,000 pages; a few payments are
    // far below that, so only the checkpointer can put them in the main file.
    // SQLite-only: WAL checkpoints are the SQLite adapter's; read its own connection's setting.
    expect(sqliteConnection(h.service.store).pragma('wal_autocheckpoint', { simple: true })).toBe(
      10_000,
    );
    const within = async (done: () => boolean) => {
      const deadline = Date.now() + 5000;
      while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    };
    await within(() => inMainFile(file) >= 0); // the schema, written by the migrations
    const before = inMainFile(file);
    expect(before).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < 3; i++) {
      const created = await h.call('POST', '/api/payments/process-payment', {
        amount: 5,
        orderId: `checkpoint-${i}`,
        customerId: 'c1',
      });
      expect(created.status).toBe(200);
    }
    await within(() => inMainFile(file) === before + 3);
    expect(inMainFile(file)).toBe(before + 3);
  });
});
