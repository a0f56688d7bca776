/**
 * Every server-rendered .tsx file (one that uses hono/jsx; the dashboard's React app is built by
 * Vite and is not one) names its JSX runtime in two pragmas. `@jsxImportSource` alone
 * is enough for tsc, vitest and Playwright, but `npm run service` (tsx) and `npm start` (esbuild)
 * find no tsconfig that covers src/service (the root one lists no files), so without
 * `@jsxRuntime automatic` they compile JSX to React.createElement and the page answers 500.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

const PRAGMAS = '/** @jsxRuntime automatic */\n/** @jsxImportSource hono/jsx */\n';

describe('server-rendered JSX', () => {
  const files = [
    ...tsxFiles(join(root, 'src', 'service')),
    ...tsxFiles(join(root, 'src', 'main', 'browser')),
  ].filter((file) => readFileSync(file, 'utf8').includes('hono/jsx'));

  it('exists', () => expect(files.length).toBeGreaterThan(0));

  for (const file of files)
    it(`${relative(root, file)} starts with the hono/jsx pragmas`, () => {
      expect(readFileSync(file, 'utf8').startsWith(PRAGMAS)).toBe(true);
    });
});
