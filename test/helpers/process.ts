/** Runs a project command as a real child process and waits for a line it prints. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Running {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the first match of `pattern` in stdout. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

export function runTs(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  nodeFlags: readonly string[] = [],
): Running {
  // Node itself with tsx's loader, not the tsx launcher: the launcher runs the script in a child
  // of its own, so a SIGKILL would kill only the launcher and leave the script running.
  // Plain JavaScript (scripts/start.mjs, what `npm start` runs) needs no loader.
  const loader = script.endsWith('.mjs') ? [] : ['--import', 'tsx'];
  return watch(
    spawn(process.execPath, [...nodeFlags, ...loader, script, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

/** `npm run <script> -- <args>` from the repository, as a user types it. */
export function runNpm(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Running {
  return watch(
    spawn('npm', ['run', script, '--', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

function watch(child: ChildProcess): Running {
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return {
    child,
    output: () => out,
    exited,
    waitFor(pattern, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          clearInterval(poll);
          reject(new Error(`timed out waiting for ${pattern}; output:\n${out}`));
        }, timeoutMs);
        const poll = setInterval(() => {
          const match = pattern.exec(out);
          if (match) {
            clearInterval(poll);
            clearTimeout(timer);
            resolve(match);
          }
        }, 20);
        void exited.then(() => {
          if (!pattern.exec(out)) {
            clearInterval(poll);
            clearTimeout(timer);
            reject(new Error(`process exited before ${pattern}; output:\n${out}`));
          }
        });
      });
    },
  };
}
