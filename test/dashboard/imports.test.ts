/**
 * The dashboard's modules (src/dashboard) import one another without a cycle: a component that needs another's
 * part takes it from a shared module (components/, lib/) instead of from its sibling, so each
 * file can be read, tested and moved on its own. Type-only imports are left out: they vanish
 * from the build.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/dashboard');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The dashboard files a module imports at run time (relative imports, not `import type`). */
function importsOf(file: string, known: Set<string>): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(
    /^\s*(?:import|export)\s+(type\s+)?[^'";]*?from\s+'(\.[^']+)'/gm,
  )) {
    if (match[1]) continue;
    const base = resolve(dirname(file), match[2]!);
    const target = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) =>
      known.has(p),
    );
    if (target) found.push(target);
  }
  return found;
}

/** The first cycle found, as the files around it; null when there is none. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('the dashboard’s imports', () => {
  it('have no cycle', () => {
    const files = sources(root);
    const known = new Set(files);
    const graph = new Map(files.map((file) => [file, importsOf(file, known)]));
    const cycle = findCycle(graph);
    expect(cycle?.map((file) => relative(root, file)) ?? null).toBeNull();
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['CustomersArea.tsx', ['CustomerPage.tsx']],
      ['CustomerPage.tsx', ['Charges.tsx', 'CustomersArea.tsx']],
      ['Charges.tsx', []],
    ]);
    expect(findCycle(graph)).toEqual([
      'CustomersArea.tsx',
      'CustomerPage.tsx',
      'CustomersArea.tsx',
    ]);
    expect(
      findCycle(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toBeNull();
  });
});
