/** A build is stale exactly when an output is missing or a source (not a test) is newer. */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildIsStale } from './stale';

const root = mkdtempSync(join(tmpdir(), 'counter-stale-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const write = (path: string, secondsAgo: number) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), path);
  const at = Date.now() / 1000 - secondsAgo;
  utimesSync(join(root, path), at, at);
};

it('is stale when an output is missing, fresh when every output is newer than every source', () => {
  write('src/app/page.tsx', 100);
  write('config.ts', 100);
  const sources = ['src/app', 'config.ts'];
  expect(buildIsStale(root, ['out/index.html'], sources)).toBe(true);
  write('out/index.html', 50);
  expect(buildIsStale(root, ['out/index.html', 'out/main.js'], sources)).toBe(true);
  write('out/main.js', 50);
  expect(buildIsStale(root, ['out/index.html', 'out/main.js'], sources)).toBe(false);
});

it('is stale after a source changes, in a nested folder too, but not after a test changes', () => {
  const outputs = ['out/index.html', 'out/main.js'];
  const sources = ['src/app', 'config.ts'];
  write('src/app/deep/page.test.tsx', 0);
  expect(buildIsStale(root, outputs, sources)).toBe(false);
  write('src/app/deep/widget.ts', 0);
  expect(buildIsStale(root, outputs, sources)).toBe(true);
});
