/**
 * `npm run service`, as users type it, builds the merchant dashboard when its build is older
 * than its sources, then serves it: the path of cli.ts that only that command takes. (The
 * global setup has built it already; the test makes that build stale first.)
 */
import { test, expect } from '@playwright/test';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runNpm } from '../helpers/process';

test('npm run service rebuilds a stale dashboard, then serves it', async ({ page }) => {
  test.setTimeout(180_000);
  const index = resolve('out/dashboard/index.html');
  utimesSync(index, new Date(0), new Date(0)); // older than every source: stale
  const started = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'counter-dashboard-build-'));
  // Started as a test runner starts it (NODE_ENV=test): the build must still be React's
  // production build, or StrictMode double-runs the dashboard's effects and stops its live updates.
  const service = runNpm('service', ['--port', '0', '--data-dir', dataDir], {
    SERVICE_SANDBOX_SECRET: 'sk_sandbox_build',
    NODE_ENV: 'test',
  });
  try {
    const [, url] = await service.waitFor(/^service listening on (http:\/\/\S+)$/m, 150_000);
    expect(service.output()).toContain('building the merchant dashboard');
    expect(statSync(index).mtimeMs).toBeGreaterThan(started - 1_000);
    const assets = resolve('out/dashboard/assets');
    for (const file of readdirSync(assets).filter((f) => f.endsWith('.js')))
      // Only React's development build carries this line.
      expect(readFileSync(join(assets, file), 'utf8')).not.toContain('Download the React DevTools');
    await page.goto(`${url}/dashboard`);
    await page.getByLabel('Access secret').fill('sk_sandbox_build');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('live-mode')).toHaveText('Live updates', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.goto(`${url}/dashboard`);
    await expect(page.getByRole('heading', { name: /sign in/i })).toBeVisible();
  } finally {
    service.child.kill('SIGTERM');
    await service.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
