/**
 * `npm run service` (src/service/cli.ts) as a real child process that tests can kill -9 and
 * restart many times. The entry point is bundled once by esbuild (packages left to
 * node_modules, scripts/node-bundle.mjs), as `npm run build:service` and `npm start` bundle
 * theirs: the same code, but each start costs one file's load instead of tsx transpiling every
 * module again, which on a loaded machine is most of a start (measured here: 8-10 s per start under tsx, 2-3.5 s bundled).
 */
import { buildSync } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { nodeBundle } from '../../scripts/node-bundle.mjs';
import { runTs, type Running } from '../helpers/process';

const root = fileURLToPath(new URL('../..', import.meta.url));
const LISTENING = /^service listening on (http:\/\/127\.0\.0\.1:\d+)$/m;

const bundles = new Map<string, string>();

/** Bundles `entry` (relative to the repository) once per test process; returns the bundle. */
export function bundled(entry: string): string {
  const done = bundles.get(entry);
  if (done) return done;
  // Inside the repository, so the bundle's package imports resolve to node_modules.
  const name = entry.replace(/\W+/g, '-');
  const outfile = `${root}out/reliability/${name}-${process.pid}.mjs`;
  buildSync(nodeBundle(`${root}${entry}`, outfile));
  bundles.set(entry, outfile);
  process.once('exit', () => rmSync(outfile, { force: true }));
  return outfile;
}

export interface ServiceProcess {
  proc: Running;
  url: string;
}

/** Starts the service on a free port over `dataDir`; resolves once it accepts requests. */
export async function startServiceProcess(
  dataDir: string,
  env: Record<string, string>,
  port = 0,
): Promise<ServiceProcess> {
  const proc = runTs(
    bundled('src/service/cli.ts'),
    ['--port', String(port), '--data-dir', dataDir],
    env,
  );
  const url = (await proc.waitFor(LISTENING, 60_000))[1]!;
  return { proc, url };
}
