/**
 * `npm run service` (src/service/cli.ts) as a real child process that tests can kill -9 and
 * restart many times. The entry point is bundled once by esbuild (packages left to
 * node_modules), as scripts/start.mjs does for `npm start`: the same code, but each start costs
 * one file's load instead of tsx transpiling every module again, which on a loaded machine is
 * most of a start (measured here: 8-10 s per start under tsx, 2-3.5 s bundled).
 */
import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { runTs, type Running } from '../helpers/process';

const root = fileURLToPath(new URL('../..', import.meta.url));
const LISTENING = /^service listening on (http:\/\/127\.0\.0\.1:\d+)$/m;

let bundle: string | null = null;

function serviceBundle(): string {
  if (bundle) return bundle;
  // Inside the repository, so the bundle's package imports resolve to node_modules.
  const outfile = `${root}out/reliability/service-${process.pid}.mjs`;
  buildSync({
    entryPoints: [`${root}src/service/cli.ts`],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return (bundle = outfile);
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
  const proc = runTs(serviceBundle(), ['--port', String(port), '--data-dir', dataDir], env);
  const url = (await proc.waitFor(LISTENING, 60_000))[1]!;
  return { proc, url };
}
