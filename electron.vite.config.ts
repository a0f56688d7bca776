import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    build: {
      rolldownOptions: { input: { index: resolve('src/main/electron/index.ts') } },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require only electron: zod and the contract are bundled in.
      externalizeDeps: false,
      // A sandboxed preload cannot load ES modules, so it is emitted as CommonJS.
      rolldownOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    build: {
      // electron-vite leaves bundles unminified; the windows load faster minified (cold start).
      minify: true,
      rolldownOptions: {
        input: {
          console: resolve('src/renderer/console.html'),
          display: resolve('src/renderer/display.html'),
        },
      },
    },
    plugins: [react()],
  },
});
