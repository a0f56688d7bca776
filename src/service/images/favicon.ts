/**
 * The service's icon, so no page of it (hosted pages, docs, dashboard) meets a 404 for
 * /favicon.ico. One SVG source: served as /favicon.svg for browsers that take SVG icons, and as
 * a real /favicon.ico (16, 32 and 48 px PNGs in an ICO container, rendered once on first use)
 * for everything that asks for the classic path. No text, so no font is involved.
 */
import { Resvg } from '@resvg/resvg-js';
import type { Area } from '../http/context';
import type { ImagesContext } from './context';

/** A counter-blue tile with a white "C" ring and a coin dot: readable at 16 px. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
<rect width="64" height="64" rx="14" fill="#2451d6"/>
<path d="M44.5 21.5a16 16 0 1 0 0 21" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round"/>
<circle cx="46" cy="32" r="5" fill="#f5a524"/>
</svg>
`;

const SIZES = [16, 32, 48] as const;

/**
 * ICO with PNG entries (supported by every browser since 2007): a 6-byte header, a 16-byte
 * directory entry per image, then the images.
 */
export function icoFromPngs(images: ReadonlyArray<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

let ico: Buffer | undefined;

export function faviconIco(): Buffer {
  ico ??= icoFromPngs(
    SIZES.map((size) => ({
      size,
      png: new Resvg(FAVICON_SVG, { fitTo: { mode: 'width', value: size }, logLevel: 'off' })
        .render()
        .asPng(),
    })),
  );
  return ico;
}

// A day: the icon changes only with a new version, and a stale one harms nobody.
const CACHE = 'public, max-age=86400';

export const faviconRoutes: Area<ImagesContext> = (app) => {
  app.get('/favicon.ico', (c) =>
    c.body(new Uint8Array(faviconIco()), 200, {
      'Content-Type': 'image/x-icon',
      'Cache-Control': CACHE,
      'X-Content-Type-Options': 'nosniff',
    }),
  );
  app.get('/favicon.svg', (c) =>
    c.body(FAVICON_SVG, 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': CACHE,
      'X-Content-Type-Options': 'nosniff',
    }),
  );
};
