/**
 * SVG to PNG with resvg. The fonts are the DejaVu files shipped in resources/fonts, never the
 * machine's, so a PNG looks the same on every kiosk and in every test run.
 */
import { Resvg } from '@resvg/resvg-js';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FONT_FAMILY = 'DejaVu Sans';
const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'];

/** The first of `start` and the folders above it for which `holds` is true, else undefined. */
function findUpwards(start: string, holds: (dir: string) => boolean): string | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    if (holds(dir)) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * resources/fonts sits at the repository root; this module may run from src/service/ui
 * (tsx, vitest) or from a bundle elsewhere, so look upwards from here, then from the cwd.
 */
function findFontDir(): string {
  const starts = [dirname(fileURLToPath(import.meta.url)), process.cwd()];
  const holdsFonts = (dir: string) =>
    FONT_FILES.every((file) => existsSync(join(dir, 'resources', 'fonts', file)));
  for (const start of starts) {
    const root = findUpwards(start, holdsFonts);
    if (root !== undefined) return join(root, 'resources', 'fonts');
  }
  throw new Error(`DejaVu fonts not found in resources/fonts above ${starts.join(' or ')}`);
}

let fontFiles: string[] | undefined;

/** The font files every drawing uses (a merchant's SVG logo too, drawn in another process). */
export function fontFilePaths(): string[] {
  fontFiles ??= FONT_FILES.map((file) => join(findFontDir(), file));
  return fontFiles;
}

export function svgToPng(svg: string): Buffer {
  const resvg = new Resvg(svg, {
    font: { fontFiles: fontFilePaths(), loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
    logLevel: 'off',
  });
  return resvg.render().asPng();
}
