/** `npm run service` on a port another process already listens on: one line saying so, no trace. */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runTs } from '../helpers/process';

const dir = mkdtempSync(join(tmpdir(), 'counter-port-taken-'));
let occupier: Server | undefined;
afterAll(async () => {
  await new Promise((resolve) => (occupier ? occupier.close(resolve) : resolve(undefined)));
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run service on a port already taken', () => {
  it('says the port is in use and how to choose another, exits 1, prints no stack trace', async () => {
    // Any process listening there, as `npm start` or a second service would be.
    occupier = createServer();
    await new Promise<void>((resolve) => occupier!.listen(0, '127.0.0.1', resolve));
    const { port } = occupier.address() as { port: number };

    const proc = runTs('src/service/cli.ts', ['--port', String(port), '--data-dir', dir]);
    let stderr = '';
    proc.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await proc.exited;

    const output = proc.output();
    expect(code).toBe(1);
    expect(stderr).toContain(
      `port ${port} on 127.0.0.1 is already in use (npm start or another service may be running); choose another with --port N (or SERVICE_PORT=N)`,
    );
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain('EADDRINUSE');
    expect(output).not.toContain('service listening');
  });
});
