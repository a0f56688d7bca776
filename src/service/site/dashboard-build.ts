/**
 * The merchant dashboard is a Vite build (vite.dashboard.config.ts → out/dashboard). `npm run
 * service` and `npm start` build it when it is missing or older than its sources, as the kiosk's
 * windows are built (src/main/launcher/renderer-build.ts), so a fresh clone needs no separate
 * build step; `npm run build` builds it too. Vite is a development dependency, loaded only here.
 */
import { join } from 'node:path';
import { asProduction } from '../../build/production';
import { buildIsStale } from '../../build/stale';

/** What the dashboard is built from. */
const SOURCES = ['src/dashboard', 'src/shared', 'vite.dashboard.config.ts', 'package.json'];

export function builtDashboardDir(root: string): string {
  return join(root, 'out', 'dashboard');
}

/** True when out/dashboard is missing or older than any source it is built from. */
export const dashboardIsStale = (root: string) =>
  buildIsStale(root, ['out/dashboard/index.html'], SOURCES);

/** Builds the dashboard with Vite when it is stale; resolves once out/dashboard is current. */
export async function ensureDashboardBuilt(
  root: string,
  log: (line: string) => void,
): Promise<void> {
  if (!dashboardIsStale(root)) return;
  log('building the merchant dashboard…');
  const { build } = await import('vite');
  await asProduction(() =>
    build({
      configFile: join(root, 'vite.dashboard.config.ts'),
      mode: 'production',
      logLevel: 'warn',
    }),
  );
}
