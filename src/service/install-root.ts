/**
 * Where the service's own files are (package.json, out/dashboard, resources/fonts). The same
 * module runs from its source (src/service/…, under tsx or vitest) and from a bundle
 * (out/service/cli.mjs, what `npm run build` makes), at different depths below the installation,
 * so the folder is found by looking upwards, never by counting `..`.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The first of `start` and the folders above it for which `holds` is true, else undefined. */
export function findUpwards(start: string, holds: (dir: string) => boolean): string | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    if (holds(dir)) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The installation a module belongs to: the nearest folder above it holding package.json. */
export function installRoot(moduleUrl: string): string {
  const here = dirname(fileURLToPath(moduleUrl));
  const root = findUpwards(here, (dir) => existsSync(join(dir, 'package.json')));
  if (root === undefined) throw new Error(`no package.json in ${here} or any folder above it`);
  return root;
}
