/**
 * A merchant's logo as it is stored and served (docs/security.md, "The merchant's logo"): a PNG,
 * always. The logo is shown on public pages of this service's origin, and an SVG there is a
 * document: no list of what it may not hold keeps up with what a browser will do with one (a
 * meta refresh, a prefixed foreignObject, an href under any prefix, <set> changing an href, CSS
 * escapes), and a few kilobytes of <use> can freeze every page that shows it. So an uploaded SVG
 * is drawn into a PNG once, here, within limits (logo-svg.ts, logo-raster.ts), and only the PNG
 * is kept. A PNG upload is checked chunk by chunk, so nothing else passes as one.
 */
import { crc32 } from 'node:zlib';
import { MAX_LOGO_BYTES } from '../../shared/contract/merchants';
import { drawSvgLogo } from './logo-raster';
import { logoRefusal, measureSvg } from './logo-svg';

/** The largest PNG upload, in pixels a side: every page shows the logo at most 200 px wide. */
export const MAX_LOGO_SIDE = 2048;

export interface Logo {
  contentType: 'image/png';
  bytes: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** IHDR's allowed bit depths for each colour type (PNG specification, table 11.1). */
const BIT_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/**
 * A PNG: the signature, IHDR first with a size within `maxSide`, every chunk whole with its
 * CRC, IDAT present, and nothing after IEND. Otherwise a 400 naming `logo`.
 */
export function checkPng(
  bytes: Buffer,
  maxSide = MAX_LOGO_SIDE,
): { width: number; height: number } {
  const notPng = (why: string) => logoRefusal(`is not a PNG image (${why})`);
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE))
    throw notPng('its first bytes are not the PNG signature');
  let at = 8;
  let size: { width: number; height: number } | undefined;
  let sawData = false;
  for (;;) {
    if (at + 12 > bytes.length) throw notPng('it ends inside a chunk');
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) throw notPng('it ends inside a chunk');
    if (crc32(bytes.subarray(at + 4, end - 4)) !== bytes.readUInt32BE(end - 4))
      throw notPng(`its ${type} chunk is damaged`);
    if (size === undefined) {
      if (type !== 'IHDR' || length !== 13) throw notPng('it does not start with IHDR');
      size = { width: bytes.readUInt32BE(at + 8), height: bytes.readUInt32BE(at + 12) };
      const depth = bytes[at + 16]!;
      if (!BIT_DEPTHS[bytes[at + 17]!]?.includes(depth)) throw notPng('its IHDR is not valid');
      if (size.width < 1 || size.height < 1) throw notPng('it has no pixels');
      if (size.width > maxSide || size.height > maxSide)
        throw logoRefusal(
          `must be at most ${maxSide}×${maxSide} pixels (it is ${size.width}×${size.height})`,
        );
    }
    if (type === 'IDAT') sawData = true;
    at = end;
    if (type === 'IEND') break;
  }
  if (!sawData) throw notPng('it has no image data');
  if (at !== bytes.length) throw notPng('it has bytes after its end');
  return size;
}

/** An SVG logo drawn into a PNG (the only thing kept), or a 400 naming `logo`. */
export async function logoFromSvg(bytes: Buffer): Promise<Logo> {
  const { text } = measureSvg(bytes);
  const png = await drawSvgLogo(text, MAX_LOGO_BYTES);
  checkPng(png);
  return { contentType: 'image/png', bytes: png };
}

/**
 * The logo in a data URL the contract has already matched, as the PNG to keep, or a 400 naming
 * `logo`. Bounded in time whatever the file: an SVG's drawing is killed when it overruns.
 */
export async function prepareLogo(dataUrl: string): Promise<Logo> {
  const comma = dataUrl.indexOf(',');
  const type = dataUrl.slice('data:'.length, dataUrl.indexOf(';'));
  const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  if (bytes.length === 0) throw logoRefusal('must not be empty');
  if (bytes.length > MAX_LOGO_BYTES)
    throw logoRefusal(`must be at most ${MAX_LOGO_BYTES / 1024} KiB (it is ${bytes.length} bytes)`);
  if (type === 'image/svg+xml') return await logoFromSvg(bytes);
  checkPng(bytes);
  return { contentType: 'image/png', bytes };
}
