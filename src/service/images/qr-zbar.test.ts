/**
 * qr.png as a decoder that ignores transparency sees it: Debian's zbarimg (zbar-tools) reads the
 * PNG the service serves, over real HTTP, and must find the payment link.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type Harness } from '../../../test/helpers/service';

const run = promisify(execFile);
let h: Harness;
const dir = mkdtempSync(join(tmpdir(), 'counter-qr-'));
beforeAll(async () => {
  h = await startService();
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('qr.png', () => {
  it('decodes with zbarimg, which ignores the alpha channel', async () => {
    const created = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'c1',
      orderId: 'zbar-1',
      amount: 4.2,
    });
    expect(created.status).toBe(200);
    const res = await fetch(created.body.qrCodeUrlPng);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());

    // Transparent pixels are transparent white; modules are opaque black.
    const image = PNG.sync.read(png);
    const corner = [...image.data.subarray(0, 4)];
    expect(corner).toEqual([255, 255, 255, 0]);
    expect(image.data.some((v, i) => i % 4 === 3 && v === 255)).toBe(true);

    const file = join(dir, 'qr.png');
    writeFileSync(file, png);
    const { stdout } = await run('/usr/bin/zbarimg', ['-q', '--raw', file], { timeout: 30_000 });
    expect(stdout.trim()).toBe(created.body.paymentUrl);
  });
});
