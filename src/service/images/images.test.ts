/**
 * The image endpoints over real HTTP: every QR code must scan back to the payment link, the
 * display image must carry a scannable code, and the receipt must follow the request's status.
 */
import { Resvg } from '@resvg/resvg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../app';

const SANDBOX = 'sk_sandbox_test';
const auth = { authorization: `Bearer ${SANDBOX}`, 'content-type': 'application/json' };

let service: Service;
let base: string;

interface Links {
  paymentUrl: string;
  qrCodeUrl: string;
  qrCodeUrlPng: string;
  templateUrl: string;
  paymentRequestId: string;
}

async function createRequest(extra: Record<string, unknown> = {}): Promise<Links> {
  const res = await fetch(`${base}/api/payments/process-payment`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      customerId: 'c1',
      orderId: 'o1',
      amount: 12.5,
      template: 'EXTERNAL_DISPLAY_PNG',
      ...extra,
    }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Links;
}

const templateUrl = (links: Links, template: string) =>
  `${base}/api/payment-requests/${links.paymentRequestId}/template/${template}`;

/** Decodes a PNG, laying it on white first as a screen would (jsQR ignores alpha). */
function decodeQr(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  const rgba = new Uint8ClampedArray(image.data.length);
  for (let i = 0; i < image.data.length; i += 4) {
    const alpha = (image.data[i + 3] ?? 0) / 255;
    for (let k = 0; k < 3; k++)
      rgba[i + k] = Math.round((image.data[i + k] ?? 0) * alpha + 255 * (1 - alpha));
    rgba[i + 3] = 255;
  }
  return jsQR(rgba, image.width, image.height)?.data;
}

const svgToPng = (svg: string, width?: number) =>
  new Resvg(svg, {
    font: { loadSystemFonts: false },
    ...(width ? { fitTo: { mode: 'width' as const, value: width } } : {}),
  })
    .render()
    .asPng();

async function fetchOk(url: string, init?: RequestInit) {
  const res = await fetch(url, init);
  expect(res.status).toBe(200);
  return res;
}

beforeAll(async () => {
  service = await createService({
    dataDir: null,
    secrets: { sandbox: SANDBOX, production: 'sk_live_test' },
  });
  base = await service.listen(0);
});

afterAll(async () => {
  await service.close();
});

describe('QR codes', () => {
  it('qr.png is a transparent PNG that scans to the payment link and may be cached for good', async () => {
    const links = await createRequest();
    const res = await fetchOk(links.qrCodeUrlPng);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const png = Buffer.from(await res.arrayBuffer());
    expect(decodeQr(png)).toBe(links.paymentUrl);

    const image = PNG.sync.read(png);
    expect(image.data[3]).toBe(0); // top-left corner lies in the quiet zone: no background
    const lastPixel = (image.width * image.height - 1) * 4;
    expect(image.data[lastPixel + 3]).toBe(0);
    // Dark modules are opaque black.
    const dark = [...Array(image.width * image.height).keys()].find(
      (p) => image.data[p * 4 + 3] === 255,
    );
    expect(dark).toBeDefined();
    expect([...image.data.subarray(dark! * 4, dark! * 4 + 3)]).toEqual([0, 0, 0]);
  });

  it('qr.svg renders to a code that scans to the payment link', async () => {
    const links = await createRequest();
    const res = await fetchOk(links.qrCodeUrl);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const svg = await res.text();
    expect(svg).toMatch(/^<svg /);
    expect(decodeQr(svgToPng(svg, 400))).toBe(links.paymentUrl);
  });

  it('serves the same bytes again (from the cache) and answers 304 to its ETag', async () => {
    const links = await createRequest();
    const first = await fetchOk(links.qrCodeUrlPng);
    const second = await fetchOk(links.qrCodeUrlPng);
    expect(Buffer.from(await second.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const revalidated = await fetch(links.qrCodeUrlPng, { headers: { 'if-none-match': etag! } });
    expect(revalidated.status).toBe(304);
  });

  it('still renders after the request is cancelled (links never expire)', async () => {
    const links = await createRequest();
    const cancel = await fetch(`${base}/api/payment-request/cancel/${links.paymentRequestId}`, {
      method: 'POST',
      headers: auth,
    });
    expect(cancel.status).toBe(200);
    const res = await fetchOk(links.qrCodeUrlPng);
    expect(decodeQr(Buffer.from(await res.arrayBuffer()))).toBe(links.paymentUrl);
    const receipt = await (await fetchOk(templateUrl(links, 'RECEIPT'))).text();
    expect(receipt).toContain('CANCELLED');
  });

  it('answers 404 for an unknown id and 400 for an id that is not a UUID', async () => {
    const unknown = '0b7e9f1c-5a0e-4c3b-9d7a-3f2e1d0c9b8a';
    for (const path of ['qr.svg', 'qr.png', 'template/RECEIPT']) {
      const res = await fetch(`${base}/api/payment-requests/${unknown}/${path}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ status: 404, name: expect.any(String) });
      const bad = await fetch(`${base}/api/payment-requests/not-a-uuid/${path}`);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ status: 400 });
    }
  });
});

describe('templates', () => {
  it('EXTERNAL_DISPLAY shows merchant, amount, instruction and a scannable QR code', async () => {
    const links = await createRequest({ notes: 'Table 4' });
    expect(links.templateUrl).toBe(templateUrl(links, 'EXTERNAL_DISPLAY_PNG'));

    const res = await fetchOk(templateUrl(links, 'EXTERNAL_DISPLAY'));
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const svg = await res.text();
    expect(svg).toContain(service.bootstrap.merchantName);
    expect(svg).toContain('£12.50');
    expect(svg).toContain('Scan with your phone camera to pay');
    expect(svg).toContain('Table 4');
    expect(svg).toMatch(/width="1280" height="800"/);
    // The code is vector paths inside the SVG, so the SVG alone scans.
    expect(svg).not.toContain('<image');
    expect(decodeQr(svgToPng(svg))).toBe(links.paymentUrl);
  });

  it('EXTERNAL_DISPLAY_PNG is a landscape PNG whose QR code scans to the payment link', async () => {
    const links = await createRequest();
    const res = await fetchOk(links.templateUrl);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const png = Buffer.from(await res.arrayBuffer());
    const image = PNG.sync.read(png);
    expect([image.width, image.height]).toEqual([1280, 800]);
    expect(decodeQr(png)).toBe(links.paymentUrl);
  });

  it('RECEIPT follows the status, with a new ETag once paid, and answers 304 while unchanged', async () => {
    const links = await createRequest();
    const before = await fetchOk(templateUrl(links, 'RECEIPT'));
    expect(before.headers.get('content-type')).toBe('image/svg+xml');
    expect(before.headers.get('cache-control')).toBe('no-cache');
    const etagBefore = before.headers.get('etag');
    expect(etagBefore).toBeTruthy();
    const unpaid = await before.text();
    expect(unpaid).toContain('PAYMENT_NOT_INITIATED');
    expect(unpaid).toContain('£12.50');
    expect(unpaid).toContain(links.paymentRequestId);
    expect(unpaid).toContain('o1');

    const unchanged = await fetch(templateUrl(links, 'RECEIPT'), {
      headers: { 'if-none-match': etagBefore! },
    });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');

    const simulate = await fetch(
      `${base}/api/sandbox/payment-requests/${links.paymentRequestId}/simulate`,
      {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ paymentMethod: 'PAY_BY_BANK', outcome: 'COMPLETED' }),
      },
    );
    expect(simulate.status).toBe(200);

    const after = await fetch(templateUrl(links, 'RECEIPT'), {
      headers: { 'if-none-match': etagBefore! },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etagBefore);
    const paid = await after.text();
    expect(paid).toContain('COMPLETED');
    expect(paid).not.toContain('PAYMENT_NOT_INITIATED');
    expect(paid).toContain('Pay by bank');
  });

  it('RECEIPT shows tip and total paid when the customer tipped', async () => {
    const links = await createRequest();
    const simulate = await fetch(
      `${base}/api/sandbox/payment-requests/${links.paymentRequestId}/simulate`,
      {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ paymentMethod: 'CARD', outcome: 'COMPLETED', tipAmount: 1.5 }),
      },
    );
    expect(simulate.status).toBe(200);
    const svg = await (await fetchOk(templateUrl(links, 'RECEIPT'))).text();
    expect(svg).toContain('Tip');
    expect(svg).toContain('£1.50');
    expect(svg).toContain('Total paid');
    expect(svg).toContain('£14.00');
    expect(svg).toContain('VISA •••• 4242');
  });

  it('RECEIPT_PNG is a portrait PNG that revalidates', async () => {
    const links = await createRequest();
    const res = await fetchOk(templateUrl(links, 'RECEIPT_PNG'));
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('etag')).toBeTruthy();
    const image = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
    expect(image.height).toBeGreaterThan(image.width);
    // The detail rows (below the status badge) are text only: they have ink only if the
    // bundled fonts were loaded, since system fonts are off.
    let ink = 0;
    for (let y = 380; y < 850; y++)
      for (let x = 0; x < image.width; x++) {
        const i = (y * image.width + x) * 4;
        if ((image.data[i] ?? 255) < 100 && (image.data[i + 1] ?? 255) < 100) ink++;
      }
    expect(ink).toBeGreaterThan(1000);
  });

  it('answers 400 for an unknown template name', async () => {
    const links = await createRequest();
    const res = await fetch(templateUrl(links, 'POSTER'));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 400 });
  });

  it('escapes user text for XML and the document still parses and renders', async () => {
    await service.store
      .prepare('UPDATE merchants SET name = ? WHERE id = ?')
      .run('Bob & Sue\'s "<Café>"', service.bootstrap.merchantId);
    try {
      const links = await createRequest({ notes: '<b>&', orderId: 'o<1>&"x"' });
      const display = await (await fetchOk(templateUrl(links, 'EXTERNAL_DISPLAY'))).text();
      expect(display).toContain('&lt;b&gt;&amp;');
      expect(display).not.toContain('<b>');
      expect(display).toContain('Bob &amp; Sue&apos;s &quot;&lt;Café&gt;&quot;');
      expect(decodeQr(svgToPng(display))).toBe(links.paymentUrl);

      const receipt = await (await fetchOk(templateUrl(links, 'RECEIPT'))).text();
      expect(receipt).toContain('o&lt;1&gt;&amp;&quot;x&quot;');
      expect(() => svgToPng(receipt)).not.toThrow();
      await fetchOk(templateUrl(links, 'RECEIPT_PNG'));
    } finally {
      await service.store
        .prepare('UPDATE merchants SET name = ? WHERE id = ?')
        .run(service.bootstrap.merchantName, service.bootstrap.merchantId);
    }
  });
});
