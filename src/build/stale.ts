/**
 * Whether a Vite build is older than what it is built from: the kiosk's windows and the merchant
 * dashboard are built on first start and again after their sources change, so a fresh clone needs
 * no separate build step and an edited page is never served stale. Tests are not sources.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const TEST_FILE = /\.test\.tsx?$/;

/** The newest modification time under `path` (a file or a folder), tests left out; 0 if absent. */
function newestMtime(path: string): number {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path))
    if (!TEST_FILE.test(entry)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * True when any of `outputs` is missing, or older than any of `sources` (files or folders),
 * all relative to `root`.
 */
export function buildIsStale(root: string, outputs: string[], sources: string[]): boolean {
  const built = Math.min(...outputs.map((file) => newestMtime(join(root, file))));
  if (built === 0) return true;
  return Math.max(...sources.map((path) => newestMtime(join(root, path)))) > built;
}
