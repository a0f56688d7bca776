/**
 * The merchant dashboard at /dashboard: a React app (src/dashboard) that Vite builds into
 * out/dashboard (dashboard-build.ts). The service serves its index.html for /dashboard and every
 * /dashboard/... deep link, so a reload or a shared URL opens the same page, and its hashed
 * assets from /dashboard/assets/ with a long cache. The page carries no data and no secret; it
 * signs in with an access secret and calls this service's JSON API with it.
 *
 * Not built yet (a fresh checkout under `vitest`, say): a 503 that says how to build it.
 */
import { readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import type { Context } from 'hono';
import type { Area } from '../http/context';
import type { SiteContext } from './context';

/** Where the built dashboard is: COUNTER_DASHBOARD_DIR, else out/dashboard under the cwd. */
export function defaultDashboardDir(): string {
  return resolve(process.env.COUNTER_DASHBOARD_DIR ?? join(process.cwd(), 'out', 'dashboard'));
}

/**
 * Only the page's own script and stylesheet run (no inline script or style, so no nonce); it may
 * talk to this service and nothing else, and no form may submit anywhere (so the secret field
 * can never be sent in a URL).
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const PAGE_HEADERS = {
  'Content-Security-Policy': DASHBOARD_CSP,
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** A built asset's name: Vite's `name-hash.ext`, never a path. */
const ASSET_NAME = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.[a-z0-9]+$/;

export const NOT_BUILT_MESSAGE =
  'The dashboard is not built; run npm run build (npm start and npm run service build it on first start).';

function readIfFile(path: string): Buffer | null {
  try {
    return statSync(path).isFile() ? readFileSync(path) : null;
  } catch {
    return null;
  }
}

export function dashboardArea(dir: string = defaultDashboardDir()): Area<SiteContext> {
  return (app) => {
    app.get('/dashboard/assets/:name', (c) => {
      const name = c.req.param('name');
      const type = TYPES[extname(name)];
      const body = ASSET_NAME.test(name) && type ? readIfFile(join(dir, 'assets', name)) : null;
      if (!body)
        return c.text('No such dashboard file', 404, { 'X-Content-Type-Options': 'nosniff' });
      return c.body(new Uint8Array(body), 200, {
        'Content-Type': type!,
        // The name carries a hash of the content: it never changes under the same name.
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      });
    });

    const page = (c: Context) => {
      const html = readIfFile(join(dir, 'index.html'));
      if (!html) return c.text(NOT_BUILT_MESSAGE, 503, { ...PAGE_HEADERS, 'Retry-After': '30' });
      return c.body(html.toString('utf8'), 200, {
        ...PAGE_HEADERS,
        'Content-Type': 'text/html; charset=utf-8',
      });
    };
    app.get('/dashboard', page);
    app.get('/dashboard/*', page);
  };
}
