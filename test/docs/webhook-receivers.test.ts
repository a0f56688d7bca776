/**
 * The copy-paste receivers at the top of docs/webhooks.md, run exactly as printed (Node and
 * Python) against a live service: a test event reaches them verified, and a forged delivery is
 * refused. A change to the signing scheme that the docs do not follow fails here.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_RECEIVER } from '../../src/dashboard/lib/receiver-snippet';
import { startService, type Harness } from '../helpers/service';

const doc = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
/** The fenced block of `language` whose first line names `file`, without the doc's indent. */
function snippet(language: string, file: string): string {
  const fence = new RegExp('^( *)```' + language + '\\n((?:.*\\n)*?)\\1```', 'gm');
  for (const [, indent, code] of doc.matchAll(fence))
    if (code!.split('\n')[0]!.includes(file))
      return code!.replace(new RegExp(`^${indent}`, 'gm'), '');
  throw new Error(`docs/webhooks.md has no ${language} block for ${file}`);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

let h: Harness;
const dir = mkdtempSync(join(tmpdir(), 'counter-receivers-'));
beforeAll(async () => {
  h = await startService();
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.each([
  { file: 'receiver.mjs', language: 'js', command: process.execPath },
  { file: 'receiver.py', language: 'python', command: '/usr/bin/python3' },
])('docs/webhooks.md $file', ({ file, language, command }) => {
  it('receives a verified test event and refuses a forged one', async () => {
    const path = join(dir, file);
    writeFileSync(path, snippet(language, file));
    const port = await freePort();
    const subscribed = await h.call('POST', '/api/webhooks', {
      url: `http://127.0.0.1:${port}/`,
      eventTypes: ['PAYMENTS_STATUS'],
    });
    const child = spawn(command, [path], {
      env: { ...process.env, WEBHOOK_SECRET: subscribed.body.secret, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      // Forged: the right headers' shape, a signature made with another key.
      let forged = 0;
      for (let i = 0; i < 100 && forged === 0; i++) {
        forged = await fetch(`http://127.0.0.1:${port}/`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-id': 'evt_forged',
            'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
            'webhook-signature': `v1,${Buffer.alloc(32, 7).toString('base64')}`,
          },
          body: JSON.stringify({ id: 'evt_forged', type: 'PAYMENTS_STATUS', data: {} }),
        }).then(
          (res) => res.status,
          () => new Promise<number>((resolve) => setTimeout(() => resolve(0), 50)),
        );
      }
      expect(forged).toBe(400);

      await h.call('POST', '/api/webhook/test', {
        eventType: 'PAYMENTS_STATUS',
        orderId: `doc-${language}`,
      });
      const deadline = Date.now() + 15_000;
      while (!/PAYMENTS_STATUS evt_\S+ COMPLETED/.test(out) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(out).toMatch(/PAYMENTS_STATUS evt_\S+ COMPLETED/);
      expect(out).not.toContain('evt_forged');
      // The service records the delivery once the receiver's answer is back, a moment after the
      // receiver printed it.
      await expect
        .poll(
          async () =>
            (await h.call('GET', `/api/webhooks/${subscribed.body.id as string}/deliveries`))
              .body[0],
          { timeout: 10_000 },
        )
        .toMatchObject({ status: 'DELIVERED', lastStatusCode: 204 });
    } finally {
      child.kill();
      await h.call('DELETE', `/api/webhooks/${subscribed.body.id as string}`);
    }
  });
});

it('the dashboard shows the same Node receiver as the docs (one copy, run above)', () => {
  expect(NODE_RECEIVER).toBe(snippet('js', 'receiver.mjs'));
});
