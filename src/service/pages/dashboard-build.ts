/**
 * The merchant dashboard is a Vite build (vite.dashboard.config.ts → out/dashboard). `npm run
 * service` and `npm start` build it when it is missing or older than its sources, as the kiosk's
 * windows are built (src/main/launcher/renderer-build.ts), so a fresh clone needs no separate
 * build step; `npm run build` builds it too. Vite is a development dependency, loaded only here.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src/dashboard', 'src/shared'];
const CONFIG = ['vite.dashboard.config.ts', 'package.json'];

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
    if (!/\.test\.tsx?$/.test(entry)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function builtDashboardDir(root: string): string {
  return join(root, 'out', 'dashboard');
}

/** True when out/dashboard is missing or older than any source it is built from. */
export function dashboardIsStale(root: string): boolean {
  const built = newestMtime(join(builtDashboardDir(root), 'index.html'));
  if (built === 0) return true;
  const sources = Math.max(
    ...SOURCES.map((dir) => newestMtime(join(root, dir))),
    ...CONFIG.map((file) => newestMtime(join(root, file))),
  );
  return sources > built;
}

/** Builds the dashboard with Vite when it is stale; resolves once out/dashboard is current. */
export async function ensureDashboardBuilt(
  root: string,
  log: (line: string) => void,
): Promise<void> {
  if (!dashboardIsStale(root)) return;
  log('building the merchant dashboard…');
  const { build } = await import('vite');
  await build({ configFile: join(root, 'vite.dashboard.config.ts'), logLevel: 'warn' });
}
