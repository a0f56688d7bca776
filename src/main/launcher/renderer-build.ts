/**
 * The kiosk's windows are a Vite build (out/). `npm start` builds them when they are missing or
 * older than their sources, so a fresh clone needs no separate build step and an edited renderer
 * is never served stale.
 */
import { join } from 'node:path';
import { asProduction } from '../../build/production';
import { buildIsStale } from '../../build/stale';

/** What the windows are built from. */
const SOURCES = [
  'src/renderer',
  'src/shared',
  'src/preload',
  'src/main/electron',
  'electron.vite.config.ts',
  'package.json',
];

export function rendererDir(root: string): string {
  return join(root, 'out', 'renderer');
}

/** True when out/ is missing or older than any source it is built from. */
export const windowsAreStale = (root: string) =>
  buildIsStale(root, ['out/renderer/console.html', 'out/main/index.js'], SOURCES);

export async function ensureBuilt(root: string, log: (line: string) => void): Promise<void> {
  if (!windowsAreStale(root)) return;
  log('building the kiosk windows…');
  const { build } = await import('electron-vite');
  await asProduction(() => build({ root, mode: 'production', logLevel: 'warn' }));
}
