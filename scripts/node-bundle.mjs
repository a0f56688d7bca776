/**
 * How a Node entry point of this repository becomes plain JavaScript: esbuild bundles it with
 * everything it imports from src/, leaving packages to node_modules (native addons and all), so
 * it runs with `node` alone, without a TypeScript loader. The output must stay inside the
 * installation (out/…) for its package imports to resolve. Used by `npm start`
 * (scripts/start.mjs), `npm run build:service` (scripts/build-service.mjs) and the tests that
 * start the service many times.
 *
 * `split`: what the code loads with `await import()` (the PostgreSQL store, the MCP server) goes
 * into chunk files beside the entry, loaded only when asked for. In one file those modules' own
 * package imports (pg, the MCP SDK) would be hoisted to its top and loaded on every start.
 */
import { basename, dirname } from 'node:path';

export function nodeBundle(entry, outfile, { split = false } = {}) {
  return {
    entryPoints: [entry],
    ...(split
      ? {
          // Chunks in the entry's own folder, so code that finds files from import.meta.url
          // resolves them as it does in the entry.
          outdir: dirname(outfile),
          splitting: true,
          entryNames: basename(outfile, '.mjs'),
          chunkNames: 'chunk-[hash]',
          outExtension: { '.js': '.mjs' },
        }
      : { outfile }),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // No source map: loading one costs ~40 ms of every start, and the bundle is not minified, so
    // its stack traces read well as they are.
    logLevel: 'warning',
  };
}
