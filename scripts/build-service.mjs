/**
 * `npm run build:service` (and `npm run build`): the payments service as one file,
 * out/service/cli.mjs, which `node out/service/cli.mjs [options]` runs with no TypeScript loader
 * and no development dependency: what a process manager starts (docs/operations.md).
 */
import { build } from 'esbuild';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBundle } from './node-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = join(root, 'out', 'service', 'cli.mjs');

await build(nodeBundle(join(root, 'src', 'service', 'cli.ts'), outfile));
console.log(`built ${relative(process.cwd(), outfile) || outfile}`);
