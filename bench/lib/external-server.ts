/**
 * A server under test that is not ours to instrument (a peer product such as Prism), started
 * as its own process: the same handle as child-server.ts gives, with its CPU time and memory
 * read from /proc (Linux) instead of asked over IPC.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { ChildServer } from './child-server';

const START_TIMEOUT_MS = 60_000;
/** Clock ticks per second of /proc/PID/stat's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * Runs `command args` and resolves once `url` answers anything (any status) to `probePath`.
 * The process's CPU is read from /proc/PID/stat, so it must be the server itself, not a shell
 * or npx in front of it.
 */
export async function startExternalServer(
  name: string,
  command: string,
  args: string[],
  url: string,
  probePath: string,
): Promise<ChildServer> {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with ${child.exitCode} before answering: ${stderr}`);
    if (Date.now() - started > START_TIMEOUT_MS) {
      child.kill('SIGKILL');
      throw new Error(`${name}: no answer within ${START_TIMEOUT_MS} ms: ${stderr}`);
    }
    try {
      await fetch(url + probePath);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const pid = child.pid!;
  const stat = () => readFileSync(`/proc/${pid}/stat`, 'utf8');
  return {
    url,
    pid,
    info: { name },
    async cpuMicros() {
      // Fields after the command name (which may hold spaces): utime and stime are 14 and 15.
      const fields = stat()
        .slice(stat().lastIndexOf(')') + 2)
        .split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
    },
    async memory() {
      const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
      return { rss: rss * 1024, heapUsed: 0, external: 0 };
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(killer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
