/**
 * How the service serves the built dashboard: index.html for /dashboard and every deep link
 * under a strict CSP, hashed assets with a long cache, nothing outside the build, and a clear 503
 * when it is not built. A small stand-in build in a temporary folder keeps this test from
 * needing Vite; the real build is exercised by test/e2e/dashboard.spec.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../app';

const INDEX =
  '<!doctype html><html lang="en-GB"><head><script type="module" src="/dashboard/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

let dir: string;
let built: Service;
let missing: Service;
let base: string;
let missingBase: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'counter-dashboard-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), 'not an asset');
  built = await createService({ dataDir: null, dashboardDir: dir });
  base = await built.listen(0);
  missing = await createService({ dataDir: null, dashboardDir: join(dir, 'nothing-here') });
  missingBase = await missing.listen(0);
});
afterAll(async () => {
  await built.close();
  await missing.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /dashboard', () => {
  it.each(['/dashboard', '/dashboard/', '/dashboard/payments', '/dashboard/webhooks/x'])(
    'serves index.html for %s under a strict CSP',
    async (path) => {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("form-action 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(await res.text()).toBe(INDEX);
    },
  );

  it('serves hashed assets with a long cache, and nothing else from the folder', async () => {
    const res = await fetch(`${base}/dashboard/assets/index-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(await res.text()).toBe('console.log(1)');
    for (const path of [
      '/dashboard/assets/missing-1.js',
      '/dashboard/assets/..%2Fsecret.txt',
      '/dashboard/assets/%2E%2E%2Findex.html',
    ])
      expect((await fetch(`${base}${path}`)).status, path).toBe(404);
  });

  it('answers 503 saying how to build it when the dashboard is not built', async () => {
    for (const path of ['/dashboard', '/dashboard/terminals']) {
      const res = await fetch(`${missingBase}${path}`);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('run npm run build');
    }
  });
});
