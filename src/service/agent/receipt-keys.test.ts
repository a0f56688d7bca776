/**
 * Rotating the receipt signing key, on the suite's store (SQLite, or PostgreSQL with several
 * instances): `npm run service -- receipt-key rotate` run beside the running service makes a new
 * key that every instance signs with within a minute (PostgreSQL announces it at once; SQLite's
 * instance re-reads it), the keys that signed receipts still within their validity stay in the
 * JWKS, so a receipt signed before the rotation verifies after it, with the clients and with an
 * independent JOSE library reading the JWKS over HTTP; a key leaves the JWKS only once the longest
 * validity has passed since it stopped signing; the operator's schedule rotates by itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyReceipt, type AgentPay } from '../../agent/index';
import { ReceiptJwks } from '../../shared/contract/agent';
import { activeContract, payee, registeredClient } from '../../../test/helpers/agent';
import { runTs } from '../../../test/helpers/process';
import { TEST_STORE, startService, testStore, type Harness } from '../../../test/helpers/service';
import { openStore } from '../kernel/store/open';
import { RECEIPT_VALIDITY_MS, rotateReceiptKey } from './receipt-signer';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A database a second process can open too: a SQLite file, or a fresh PostgreSQL database. */
async function sharedDatabase() {
  if (TEST_STORE === 'postgres') {
    const { databaseUrl } = await testStore();
    return { options: { dataDir: null, databaseUrl }, args: ['--database-url', databaseUrl!] };
  }
  const dir = mkdtempSync(join(tmpdir(), 'receipt-keys-'));
  dirs.push(dir);
  return { options: { dataDir: dir }, args: ['--data-dir', dir] };
}

const kidOf = (receipt: string): string =>
  JSON.parse(Buffer.from(receipt.split('.')[0]!, 'base64url').toString()).kid;

async function publishedKids(h: Harness): Promise<string[]> {
  const res = await h.call('GET', '/.well-known/counter-receipts.json', undefined, null);
  expect(res.status).toBe(200);
  return ReceiptJwks.parse(res.body).keys.map((k) => k.kid);
}

/** Sends a small payment every 200 ms until its receipt is signed with `kid`; the receipt. */
async function untilSignedWith(client: AgentPay, contractId: string, kid: string, ms: number) {
  const until = Date.now() + ms;
  for (;;) {
    const paid = await client.contract.send(contractId, { amount: 0.5, payee, reference: 'R' });
    if (kidOf(paid.receipt!) === kid || Date.now() > until) return paid.receipt!;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('receipt-key rotate', () => {
  it('running instances sign with the new key within seconds; a receipt of the old one still verifies, with jose over HTTP too', async () => {
    const database = await sharedDatabase();
    // SQLite's instance finds the new key by re-reading it (every 30 s by default, 1 s here).
    // PostgreSQL's are told at once: re-reading only hourly, they can have it from nothing else.
    const receiptKeys = { refreshMs: TEST_STORE === 'sqlite' ? 1_000 : 3_600_000 };
    const first = await startService({ ...database.options, receiptKeys });
    const second =
      TEST_STORE === 'postgres'
        ? await startService({ ...database.options, receiptKeys })
        : undefined;
    try {
      const { client } = await registeredClient(first, 'Rotation');
      const id = await activeContract(first, client);
      const before = (await client.contract.send(id, { amount: 1, payee, reference: 'OLD' }))
        .receipt!;
      const oldKid = kidOf(before);
      expect((await client.verifyReceipt(before)).reference).toBe('OLD');
      expect(await publishedKids(first)).toEqual([oldKid]);

      const rotate = runTs('src/service/cli.ts', ['receipt-key', 'rotate', ...database.args]);
      expect(await rotate.exited).toBe(0);
      const newKid = /receipt key rotated: generation 2 \(kid ([\w-]+)\)/.exec(
        rotate.output(),
      )?.[1];
      expect(newKid).toBeDefined();
      expect(newKid).not.toBe(oldKid);

      const after = await untilSignedWith(client, id, newKid!, 10_000);
      expect(kidOf(after)).toBe(newKid);
      if (second) {
        const { client: other } = await registeredClient(second, 'Rotation 2');
        const otherId = await activeContract(second, other);
        const paid = await other.contract.send(otherId, { amount: 1, payee, reference: 'B' });
        expect(kidOf(paid.receipt!)).toBe(newKid);
        expect(await publishedKids(second)).toEqual([newKid, oldKid]);
      }
      expect(await publishedKids(first)).toEqual([newKid, oldKid]);

      // An independent JOSE library, reading the published JWKS over HTTP, verifies both.
      const keys = createRemoteJWKSet(new URL(`${first.url}/.well-known/counter-receipts.json`));
      const options = { issuer: first.url, algorithms: ['ES256'] };
      const old = await jwtVerify(before, keys, options);
      expect(old.protectedHeader.kid).toBe(oldKid);
      expect(old.payload).toMatchObject({ reference: 'OLD', environment: 'sandbox' });
      expect((await jwtVerify(after, keys, options)).protectedHeader.kid).toBe(newKid);
      // The client, holding the keys it read before the rotation, reads them again for the new
      // kid; the old receipt still verifies.
      expect((await client.verifyReceipt(after)).reference).toBe('R');
      expect((await client.verifyReceipt(before)).reference).toBe('OLD');

      // Only the newest key can sign from the database: the old private half is gone.
      const rows = await first.service.store
        .prepare<[], { generation: number; private_key_pem: string }>(
          'SELECT generation, private_key_pem FROM receipt_keys ORDER BY generation',
        )
        .all();
      expect(rows.map((r) => [r.generation, r.private_key_pem.slice(0, 27)])).toEqual([
        [1, ''],
        [2, '-----BEGIN PRIVATE KEY-----'],
      ]);
    } finally {
      await second?.close();
      await first.close();
    }
  }, 120_000);
});

describe('the published keys', () => {
  it('keep a superseded key until the longest receipt validity has passed since it stopped signing', async () => {
    const h = await startService();
    try {
      const { client } = await registeredClient(h, 'Retired');
      const id = await activeContract(h, client);
      const old = (await client.contract.send(id, { amount: 1, payee, reference: 'OLD' })).receipt!;
      const made = (await rotateReceiptKey(h.service.store, Date.now()))!;
      expect(await publishedKids(h)).toEqual([made.kid, kidOf(old)]);

      // The old key stopped signing when generation 2 was made (and at most a few minutes later
      // on an instance that had not yet re-read it): moved back by a validity and a minute, the
      // old key stays; by a validity and ten minutes, it has gone, and its receipts with it.
      const supersededAgo = (ms: number) =>
        h.service.store
          .prepare<[number]>('UPDATE receipt_keys SET created_at = ? WHERE generation = 2')
          .run(Date.now() - ms);
      await supersededAgo(RECEIPT_VALIDITY_MS + 60_000);
      expect(await publishedKids(h)).toEqual([made.kid, kidOf(old)]);
      await supersededAgo(RECEIPT_VALIDITY_MS + 10 * 60_000);
      expect(await publishedKids(h)).toEqual([made.kid]);
      const jwks = ReceiptJwks.parse(
        (await h.call('GET', '/.well-known/counter-receipts.json', undefined, null)).body,
      );
      await expect(verifyReceipt(old, jwks)).rejects.toThrow(/not in these receipt keys/);
    } finally {
      await h.close();
    }
  });

  it("rotate on the operator's schedule, by themselves", async () => {
    const h = await startService({ receiptKeys: { rotateEveryMs: 1_500 } });
    try {
      const { client } = await registeredClient(h, 'Scheduled');
      const id = await activeContract(h, client);
      const first = (await client.contract.send(id, { amount: 1, payee, reference: 'A' })).receipt!;
      const until = Date.now() + 10_000;
      let kids = await publishedKids(h);
      while (kids.length < 2 && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 200));
        kids = await publishedKids(h);
      }
      expect(kids.slice(1)).toContain(kidOf(first));
      const later = await untilSignedWith(client, id, kids[0]!, 5_000);
      expect(kidOf(later)).toBe(kids[0]);
      expect((await client.verifyReceipt(first)).reference).toBe('A');
    } finally {
      await h.close();
    }
  });
});

describe.runIf(TEST_STORE === 'sqlite')('npm run service -- --receipt-key-rotate-days N', () => {
  const LISTENING = /^service listening on (http:\/\/127\.0\.0\.1:\d+)$/m;

  it('is refused unless whole days from 1 to 3650, with the usage', async () => {
    const runs = ['0', '1.5'].map((days) => ({
      days,
      proc: runTs('src/service/cli.ts', ['--receipt-key-rotate-days', days]),
    }));
    for (const { days, proc } of runs) {
      expect(await proc.exited).toBe(2);
      expect(proc.output()).toContain(
        `--receipt-key-rotate-days must be a whole number of days from 1 to 3650, not ${days}\n\nUsage:`,
      );
    }
  }, 60_000);

  it('makes a new key at start when the newest is older than N days (SERVICE_RECEIPT_KEY_ROTATE_DAYS)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'receipt-keys-'));
    dirs.push(dir);
    const rotate = runTs('src/service/cli.ts', ['receipt-key', 'rotate', '--data-dir', dir]);
    expect(await rotate.exited).toBe(0);
    expect(rotate.output()).toMatch(/generation 1 /);
    const opened = await openStore({ dataDir: dir });
    await opened.store
      .prepare<[number]>('UPDATE receipt_keys SET created_at = ?')
      .run(Date.now() - 2 * 86_400_000);
    await opened.close();

    const proc = runTs('src/service/cli.ts', ['--port', '0', '--data-dir', dir], {
      SERVICE_RECEIPT_KEY_ROTATE_DAYS: '1',
      SERVICE_SANDBOX_SECRET: 'sk_sandbox_receipt_keys',
    });
    try {
      const [, url] = await proc.waitFor(LISTENING);
      const until = Date.now() + 10_000;
      let keys: string[] = [];
      while (keys.length < 2 && Date.now() < until) {
        const res = await fetch(`${url}/.well-known/counter-receipts.json`);
        keys = ((await res.json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);
        if (keys.length < 2) await new Promise((r) => setTimeout(r, 200));
      }
      expect(keys).toHaveLength(2);
    } finally {
      proc.child.kill('SIGTERM');
      await proc.exited;
    }
  }, 60_000);
});
