/**
 * A COMMIT whose connection is lost: a proxy between the store and PostgreSQL drops the
 * connection either after the server has the COMMIT (it committed; its answer is lost) or
 * before (it never committed). The store answers the first as done, runs the second's work
 * again, and neither leaves a row twice or a row missing.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../../../../../test/helpers/postgres';
import { createPostgresStore, type PostgresStore } from './store';

type Cut = 'none' | 'answer' | 'commit';

/** Forwards to `target`; drops the connection around the next marked COMMIT as `cut` says. */
async function commitCuttingProxy(target: URL) {
  const state = { cut: 'none' as Cut, cuts: 0 };
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    let dropOnAnswer = false;
    client.on('data', (chunk: Buffer) => {
      if (state.cut !== 'none' && chunk.includes('INSERT INTO commit_markers')) {
        const cut = state.cut;
        state.cut = 'none';
        state.cuts++;
        if (cut === 'commit') return drop();
        dropOnAnswer = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => (dropOnAnswer ? drop() : client.write(chunk)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    state,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let proxy: Awaited<ReturnType<typeof commitCuttingProxy>>;
let store: PostgresStore;
beforeAll(async () => {
  proxy = await commitCuttingProxy(new URL(await freshDatabaseUrl()));
  store = await createPostgresStore({ url: proxy.url, poolSize: 3 });
  await store.exec('CREATE TABLE lost_commits (id TEXT PRIMARY KEY)');
});
afterAll(async () => {
  await store?.close();
  await proxy?.close();
});

const insert = (id: string) =>
  store.prepare<[string]>('INSERT INTO lost_commits (id) VALUES (?)').run(id);
const count = async (id: string) =>
  (
    await store
      .prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM lost_commits WHERE id = ?')
      .get(id)
  )?.n;

it('answers a commit whose answer was lost as done, once, having looked it up', async () => {
  proxy.state.cut = 'answer';
  let runs = 0;
  const value = await store.tx(async () => {
    runs++;
    await insert('answer-lost');
    return 'made';
  });
  expect(proxy.state.cuts).toBe(1);
  expect(value).toBe('made');
  expect(runs).toBe(1); // run again, its INSERT would have failed on the key
  expect(await count('answer-lost')).toBe(1);
});

it('runs the work again when the lost commit never reached the server', async () => {
  proxy.state.cut = 'commit';
  const before = proxy.state.cuts;
  let runs = 0;
  const committed: string[] = [];
  const value = await store.tx(async () => {
    runs++;
    await insert('commit-lost');
    store.onCommit(() => committed.push('commit-lost'));
    return 'made';
  });
  expect(proxy.state.cuts).toBe(before + 1);
  expect(value).toBe('made');
  expect(runs).toBe(2);
  expect(committed).toEqual(['commit-lost']);
  expect(await count('commit-lost')).toBe(1);
});
