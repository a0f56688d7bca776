/** /favicon.ico is a real icon (not a 404) on every page of the service; /favicon.svg too. */
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

describe('favicon', () => {
  it('serves /favicon.ico as an ICO of 16, 32 and 48 px PNG images', async () => {
    const res = await fetch(`${h.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/x-icon');
    const ico = Buffer.from(await res.arrayBuffer());
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    expect(count).toBe(3);
    const sizes: number[] = [];
    for (let i = 0; i < count; i++) {
      const entry = 6 + 16 * i;
      const size = ico.readUInt8(entry);
      const length = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      const png = PNG.sync.read(ico.subarray(offset, offset + length));
      expect([png.width, png.height]).toEqual([size, size]);
      // The middle of the top edge is the tile's blue, fully opaque.
      const p = (Math.floor(size / 8) * size + Math.floor(size / 2)) * 4;
      expect([...png.data.subarray(p, p + 4)]).toEqual([0x24, 0x51, 0xd6, 255]);
      sizes.push(size);
    }
    expect(sizes).toEqual([16, 32, 48]);
  });

  it('serves /favicon.svg, linked from the hosted pages and the docs', async () => {
    const svg = await fetch(`${h.url}/favicon.svg`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toMatch(/^<svg /);
    const created = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'o-1',
      amount: 1,
    });
    for (const url of [created.body.paymentUrl, `${h.url}/docs`]) {
      const html = await (await fetch(url)).text();
      expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    }
  });
});
