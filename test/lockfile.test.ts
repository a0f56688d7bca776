/**
 * `npm install` on a fresh clone must leave package-lock.json as committed. The lock has no
 * `resolved` URLs, so npm install reads each package's manifest from the registry and writes the
 * registry's `hasInstallScript` into the lock: an entry that lacks it (better-sqlite3 13 ships a
 * binding.gyp but says `"gypfile": false`, so a hand-edited or metadata-only lock missed it) is
 * rewritten by the first install, while `npm ci` and `npm install --package-lock-only` keep it. This compares, for every
 * installed package, what npm will write on install with what the lock says.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

interface LockEntry {
  hasInstallScript?: boolean;
  link?: boolean;
}

/**
 * As the registry marks it, and npm install copies into the lock: a lifecycle install script, or
 * a binding.gyp in the package (npm's implied node-gyp rebuild), even under `"gypfile": false`.
 */
function hasInstallScript(dir: string): boolean {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const scripts = manifest.scripts ?? {};
  if (scripts.preinstall || scripts.install || scripts.postinstall) return true;
  return existsSync(join(dir, 'binding.gyp'));
}

describe('package-lock.json', () => {
  it('says which installed packages have an install script, as npm install would write it', () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, LockEntry>;
    };
    const differences: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (!path.startsWith('node_modules/') || entry.link) continue;
      const dir = join(ROOT, path);
      // Optional packages for other platforms are in the lock but not installed here.
      if (!existsSync(join(dir, 'package.json'))) continue;
      const installed = hasInstallScript(dir);
      if (installed !== (entry.hasInstallScript === true))
        differences.push(`${path}: hasInstallScript ${String(installed)}`);
    }
    expect(differences).toEqual([]);
  });
});
