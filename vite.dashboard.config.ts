/**
 * The merchant dashboard (src/dashboard) as built static files in out/dashboard, served by the
 * payments service under /dashboard (src/service/site/dashboard.ts). Nothing is inlined, so the
 * page runs under a CSP without 'unsafe-inline'; every asset name carries a content hash.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('./src/dashboard'),
  base: '/dashboard/',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: here('./out/dashboard'),
    emptyOutDir: true,
    minify: true,
    // data: URLs would need img-src data: in the CSP.
    assetsInlineLimit: 0,
    // The modulepreload polyfill is not needed by any browser the dashboard supports.
    modulePreload: { polyfill: false },
  },
});
