/**
 * The service's data folder and database files are readable by their owner only: the database
 * holds webhook signing secrets and customers' details. Real files in a temporary folder, made by
 * a real service that has written to its database (so the -wal and -shm files exist).
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createService } from '../../app';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});
const tempRoot = () => {
  const root = mkdtempSync(join(tmpdir(), 'counter-private-'));
  roots.push(root);
  return root;
};

const mode = (path: string) => statSync(path).mode & 0o777;

/** Starts a service on `dataDir`, makes it write (a webhook subscription, with its secret), stops it. */
async function runService(dataDir: string) {
  const service = await createService({ dataDir, secrets: { sandbox: 'sk_sandbox_files' } });
  const url = await service.listen(0);
  const res = await fetch(`${url}/api/webhooks`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_sandbox_files', 'content-type': 'application/json' },
    body: JSON.stringify({ url: 'https://example.com/hooks', eventTypes: ['PAYMENTS_STATUS'] }),
  });
  expect(res.status).toBe(201);
  const files = {
    dir: mode(dataDir),
    db: mode(join(dataDir, 'service.db')),
    wal: mode(join(dataDir, 'service.db-wal')),
    shm: mode(join(dataDir, 'service.db-shm')),
  };
  await service.close();
  return files;
}

describe.skipIf(process.platform === 'win32')('the data folder and database files', () => {
  it('are made 0700 and 0600 (the database, its -wal and -shm)', async () => {
    const dataDir = join(tempRoot(), 'data', 'service');
    expect(await runService(dataDir)).toEqual({ dir: 0o700, db: 0o600, wal: 0o600, shm: 0o600 });
    expect(mode(join(dataDir, 'service.db'))).toBe(0o600);
  });

  it('are tightened when an earlier version left them readable by others', async () => {
    const dataDir = join(tempRoot(), 'service');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    for (const suffix of ['', '-wal', '-shm']) {
      writeFileSync(join(dataDir, `service.db${suffix}`), '');
      chmodSync(join(dataDir, `service.db${suffix}`), 0o644);
    }
    expect(await runService(dataDir)).toEqual({ dir: 0o700, db: 0o600, wal: 0o600, shm: 0o600 });
  });
});
