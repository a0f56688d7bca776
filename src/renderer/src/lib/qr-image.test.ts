import jsQR from 'jsqr';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { qrDataUrl } from './qr-image';

describe('the QR code the display draws', () => {
  it('is an SVG that a real decoder reads back as the payment URL', async () => {
    const url = 'http://192.0.2.2:4010/pay/6f1c1f3e-2b9a-4c55-9a43-0d5b8f1e7a10';
    const dataUrl = await qrDataUrl(url);
    expect(dataUrl).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    const svg = decodeURIComponent(dataUrl.slice(dataUrl.indexOf(',') + 1));
    const png = new Resvg(svg, {
      fitTo: { mode: 'width', value: 400 },
      background: 'white',
    }).render();
    const code = jsQR(new Uint8ClampedArray(png.pixels), png.width, png.height);
    expect(code?.data).toBe(url);
  });
});
