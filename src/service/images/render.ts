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

/**
 * resources/fonts sits at the repository root; this module may run from src/service/images
 * (tsx, vitest) or from a bundle elsewhere, so look upwards from here, then from the cwd.
 */
function findFontDir(): string {
  const tried: string[] = [];
  const starts = [dirname(fileURLToPath(import.meta.url)), process.cwd()];
  for (const start of starts) {
    let dir = start;
    for (;;) {
      const candidate = join(dir, 'resources', 'fonts');
      tried.push(candidate);
      if (FONT_FILES.every((file) => existsSync(join(candidate, file)))) return candidate;
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  throw new Error(`DejaVu fonts not found; looked in ${tried.join(', ')}`);
}

let fontFiles: string[] | undefined;

export function svgToPng(svg: string): Buffer {
  fontFiles ??= FONT_FILES.map((file) => join(findFontDir(), file));
  const resvg = new Resvg(svg, {
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
    logLevel: 'off',
  });
  return resvg.render().asPng();
}
