/**
 * QR codes of payment links. Error correction M survives a scratched or glare-struck screen
 * without making the code much denser; the quiet zone of four modules is what the QR
 * specification asks for, and scanners fail without it.
 */
import QRCode from 'qrcode';

export const ERROR_CORRECTION = 'M';
export const QUIET_ZONE = 4;
/** Pixels per module of qr.png and of the intrinsic size of qr.svg. */
const MODULE_PX = 8;

/** The module grid of a QR code: true where a module is dark. */
export interface QrMatrix {
  size: number;
  dark(row: number, col: number): boolean;
}

export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: ERROR_CORRECTION });
  return { size: modules.size, dark: (row, col) => modules.get(row, col) === 1 };
}

/**
 * Standalone SVG with a white quiet zone: an SVG is usually placed straight onto a page, and a
 * light margin keeps it scannable whatever the page behind it looks like.
 */
export async function qrSvg(text: string): Promise<string> {
  const svg = await QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: ERROR_CORRECTION,
    margin: QUIET_ZONE,
    color: { dark: '#000000ff', light: '#ffffffff' },
  });
  // qrcode gives only a viewBox; an intrinsic size stops viewers drawing it 100 px or page-wide.
  const side = (qrMatrix(text).size + 2 * QUIET_ZONE) * MODULE_PX;
  return svg.replace('<svg ', `<svg width="${side}" height="${side}" `);
}

/**
 * PNG with a transparent background (so it sits on any background), black modules. The
 * transparent pixels are transparent WHITE: decoders that drop the alpha channel (zbarimg,
 * many printers and thermal-receipt drivers) then see black on white, not black on black.
 */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, {
    type: 'png',
    errorCorrectionLevel: ERROR_CORRECTION,
    margin: QUIET_ZONE,
    scale: MODULE_PX,
    color: { dark: '#000000ff', light: '#ffffff00' },
  });
}

/**
 * The dark modules as one SVG path in module units (one rectangle per horizontal run), to be
 * placed with a transform. Vector modules keep the code sharp at any display size.
 */
export function qrPathData(matrix: QrMatrix): string {
  const parts: string[] = [];
  for (let row = 0; row < matrix.size; row++) {
    let col = 0;
    while (col < matrix.size) {
      if (!matrix.dark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < matrix.size && matrix.dark(row, col)) col++;
      parts.push(`M${start} ${row}h${col - start}v1h${start - col}z`);
    }
  }
  return parts.join('');
}
