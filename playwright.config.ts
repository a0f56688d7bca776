import { defineConfig } from '@playwright/test';

// Playwright cannot download its own browsers here, so the tests drive Debian's Chromium.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  // Builds the merchant dashboard once (src/service/site/dashboard-build.ts).
  globalSetup: './test/e2e/global-setup.ts',
  timeout: 60_000,
  workers: 1,
  // A stray test.only would silently shrink the end-to-end run in CI.
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    headless: true,
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
