/**
 * `npm run service` on a port another process already listens on: one line saying so, no trace,
 * exit 1; with `--instances N` too, where the primary once started an instance every 500 ms for ever.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../helpers/postgres';
import { runTs } from '../helpers/process';

const dir = mkdtempSync(join(tmpdir(), 'counter-port-taken-'));
let occupier: Server | undefined;
afterAll(async () => {
  await new Promise((resolve) => (occupier ? occupier.close(resolve) : resolve(undefined)));
  rmSync(dir, { recursive: true, force: true });
});

/** Any process listening there, as `npm start` or a second service would be. */
async function takenPort(): Promise<number> {
  occupier ??= createServer();
  if (!occupier.listening)
    await new Promise<void>((resolve) => occupier!.listen(0, '127.0.0.1', resolve));
  return (occupier.address() as { port: number }).port;
}

const inUse = (port: number) =>
  `port ${port} on 127.0.0.1 is already in use (npm start or another service may be running); choose another with --port N (or SERVICE_PORT=N)`;

describe('npm run service on a port already taken', () => {
  it('says the port is in use and how to choose another, exits 1, prints no stack trace', async () => {
    const port = await takenPort();
    const proc = runTs('src/service/cli.ts', ['--port', String(port), '--data-dir', dir]);
    let stderr = '';
    proc.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await proc.exited;

    const output = proc.output();
    expect(code).toBe(1);
    expect(stderr).toContain(inUse(port));
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain('EADDRINUSE');
    expect(output).not.toContain('service listening');
  });

  it('with --instances 2: the primary says the same line once, starts no more instances, exits 1', async () => {
    const port = await takenPort();
    const databaseUrl = await freshDatabaseUrl();
    const proc = runTs('src/service/cli.ts', [
      '--port',
      String(port),
      '--instances',
      '2',
      '--database-url',
      databaseUrl,
      '--data-dir',
      dir,
    ]);
    let stderr = '';
    proc.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await Promise.race([
      proc.exited,
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 90_000)),
    ]);
    if (code === 'still running') proc.child.kill('SIGKILL');

    const output = proc.output();
    expect(code).toBe(1);
    expect(stderr.split('\n').filter((line) => line === inUse(port))).toHaveLength(1);
    expect(output).not.toContain('starting another');
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain('EADDRINUSE');
    expect(output).not.toContain('service listening');
  }, 150_000);
});
