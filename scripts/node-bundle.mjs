/**
 * How a Node entry point of this repository becomes one plain-JavaScript file: esbuild bundles it
 * with everything it imports from src/, leaving packages to node_modules (native addons and all),
 * so the file runs with `node` alone, without a TypeScript loader. The file must stay inside the
 * installation (out/…) for its package imports to resolve. Used by `npm start`
 * (scripts/start.mjs), `npm run build:service` (scripts/build-service.mjs) and the tests that
 * start the service many times.
 */
export function nodeBundle(entry, outfile) {
  return {
    entryPoints: [entry],
    outfile,
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
