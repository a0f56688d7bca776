/**
 * The kiosk's windows are a Vite build (out/). `npm start` builds them when they are missing or
 * older than their sources, so a fresh clone needs no separate build step and an edited renderer
 * is never served stale.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Sources whose change requires a new build. */
const SOURCES = ['src/renderer', 'src/shared', 'src/preload', 'src/main/electron'];
const CONFIG = ['electron.vite.config.ts', 'package.json'];

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
    if (!entry.endsWith('.test.ts')) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function rendererDir(root: string): string {
  return join(root, 'out', 'renderer');
}

/** True when out/ is missing or older than any source it is built from. */
export function buildIsStale(root: string): boolean {
  const built = Math.min(
    newestMtime(join(root, 'out', 'renderer', 'console.html')),
    newestMtime(join(root, 'out', 'main', 'index.js')),
  );
  if (built === 0) return true;
  const sources = Math.max(
    ...SOURCES.map((dir) => newestMtime(join(root, dir))),
    ...CONFIG.map((file) => newestMtime(join(root, file))),
  );
  return sources > built;
}

/** Builds the windows (and the Electron main and preload) with electron-vite when stale. */
export async function ensureBuilt(root: string, log: (line: string) => void): Promise<void> {
  if (!buildIsStale(root)) return;
  log('building the kiosk windows…');
  const { build } = await import('electron-vite');
  await build({ root, logLevel: 'warn' });
}
