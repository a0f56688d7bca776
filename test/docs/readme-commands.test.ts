/**
 * The README's first payment request, run as printed (bash, curl, node) against a live service:
 * only the secret and the port are the test's own. A command that stops working fails here.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SANDBOX, startService, type Harness } from '../helpers/service';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const block = /```sh\n(S=sk_sandbox_\.\.\..*?)```/s.exec(readme)?.[1];

let h: Harness;
const dir = mkdtempSync(join(tmpdir(), 'counter-readme-'));
beforeAll(async () => {
  h = await startService();
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

it("the README's first payment request runs as printed", async () => {
  expect(block).toBeDefined();
  const port = new URL(h.url).port;
  const script = block!
    .replace('S=sk_sandbox_...', `S=${SANDBOX}`)
    .replaceAll('127.0.0.1:4010', `127.0.0.1:${port}`);
  // Not execFileSync: the service answering curl runs in this very process.
  const { stdout: out } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script], {
    cwd: dir,
  });
  const answers = out
    .split('\n')
    .flatMap((line) => line.match(/\{.*?\}(?=\{|$)/g) ?? [])
    .map((json) => JSON.parse(json) as Record<string, unknown>);
  expect(answers[0]).toMatchObject({ paymentRequestId: expect.any(String) });
  expect(answers.at(-1)).toMatchObject({ status: 'COMPLETED', paidAmount: 13.5 });
});
