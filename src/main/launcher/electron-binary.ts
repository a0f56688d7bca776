/**
 * Electron, when its binary is installed (a normal `npm install` on a developer's machine; not on
 * machines where the download is blocked). Checked without require('electron'), which would try
 * to download the binary.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function findElectron(root: string): string | null {
  const dir = join(root, 'node_modules', 'electron');
  try {
    const binary = join(dir, 'dist', readFileSync(join(dir, 'path.txt'), 'utf8').trim());
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

/**
 * Starts the Electron shell as a window host for the core running in this process: its main
 * process relays the bridge to COUNTER_BRIDGE_URL (see src/main/electron/index.ts).
 */
export function startElectron(binary: string, root: string, bridgeUrl: string): ChildProcess {
  return spawn(binary, [root], {
    stdio: 'inherit',
    env: { ...process.env, COUNTER_BRIDGE_URL: bridgeUrl },
  });
}
