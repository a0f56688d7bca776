/**
 * `npm start`. Runs src/main/start.ts bundled: esbuild bundles it (and everything it
 * imports from src/, packages left to node_modules: scripts/node-bundle.mjs) into
 * out/start/start.mjs whenever a source is newer than the bundle, then this process imports it. Plain Node loading one file starts
 * about twice as fast as transpiling the hundred-odd TypeScript modules on every start, which is
 * most of the kiosk's cold start. What the kiosk loads only when asked for (the PostgreSQL store,
 * the MCP server) is in chunk files beside it, out of the start.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { nodeBundle } from './node-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'src', 'main', 'start.ts');
const bundle = join(root, 'out', 'start', 'start.mjs');

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return path.endsWith('.test.ts') ? 0 : stat.mtimeMs;
  let max = 0;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

const sources = Math.max(newest(join(root, 'src')), newest(join(root, 'package.json')));
if (!existsSync(bundle) || statSync(bundle).mtimeMs < sources) {
  const { build } = await import('esbuild');
  const { metafile } = await build({
    ...nodeBundle(entry, bundle, { split: true }),
    absWorkingDir: root,
    metafile: true,
  });
  // The last build's chunks (their names are their content's hash) would otherwise pile up.
  const built = new Set(Object.keys(metafile.outputs).map((path) => join(root, path)));
  for (const name of readdirSync(dirname(bundle)))
    if (name.startsWith('chunk-') && !built.has(join(dirname(bundle), name)))
      rmSync(join(dirname(bundle), name), { force: true });
}
await import(pathToFileURL(bundle).href);
