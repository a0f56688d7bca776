/**
 * What `npm start` loads before the kiosk's URLs are printed. Every package the start bundle
 * imports statically is loaded, compiled and run on each cold start, so the packages the embedded
 * service needs only when configured for them (PostgreSQL, MCP clients, SMTP, Prometheus) must be
 * reached only through `await import()`: in the entry they would cost a shop's kiosk a few hundred
 * milliseconds every morning.
 */
import { build, type Metafile } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeBundle } from '../../scripts/node-bundle.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Inside the repository, as scripts/start.mjs builds it, so packages resolve as they do there.
const outDir = mkdtempSync(join(root, 'out', 'start-bundle-test-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The packages loaded with the entry: its static imports and its static chunks' own. */
function loadedAtStart(metafile: Metafile, entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of metafile.outputs[file]!.imports) {
      if (imp.kind !== 'import-statement') continue;
      if (imp.external) packages.add(imp.path);
      else visit(imp.path);
    }
  };
  visit(entry);
  return packages;
}

describe('npm start', () => {
  it('loads the PostgreSQL driver, the MCP SDK, nodemailer and prom-client only when asked for', async () => {
    const outfile = join(outDir, 'start.mjs');
    const { metafile } = await build({
      ...nodeBundle(join(root, 'src/main/start.ts'), outfile, { split: true }),
      absWorkingDir: root,
      metafile: true,
      write: false,
    });
    const entry = Object.keys(metafile.outputs).find((file) => file.endsWith('/start.mjs'))!;
    const loaded = [...loadedAtStart(metafile, entry)];
    // What the kiosk needs to start is there (the check sees the real imports).
    expect(loaded).toContain('hono');
    expect(loaded).toContain('ws');
    for (const lazy of ['pg', 'nodemailer', 'prom-client', 'firebase-admin'])
      expect(loaded.filter((path) => path === lazy || path.startsWith(`${lazy}/`))).toEqual([]);
    expect(loaded.filter((path) => path.startsWith('@modelcontextprotocol/'))).toEqual([]);
  });
});
