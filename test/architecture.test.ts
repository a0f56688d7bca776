/**
 * The floor plans (architecture.js) are the one source of what may import what: ESLint enforces
 * them and docs/architecture.md prints them. These tests fail when a folder is added without a row,
 * when the document's tables and the plans disagree, or when the plans themselves have a cycle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { floorPlans, zonesOf, type FloorPlan } from '../architecture.js';
import { importRefusals, sqlRefusals } from './helpers/lint-imports';

const repo = join(import.meta.dirname, '..');
const doc = readFileSync(join(repo, 'docs/architecture.md'), 'utf8');

/** The rows of the table that follows `<!-- floor plan: NAME -->`: unit → what it may import. */
function documentedPlan(name: string): Map<string, string[]> {
  const start = doc.indexOf(`<!-- floor plan: ${name} -->`);
  if (start < 0)
    throw new Error(`docs/architecture.md has no "<!-- floor plan: ${name} -->" table`);
  const rows = new Map<string, string[]>();
  const lines = doc.slice(start).split('\n').slice(1);
  for (const line of lines.slice(lines.findIndex((l) => l.startsWith('|')))) {
    if (!line.startsWith('|')) break;
    const cells = line.split('|').map((c) => c.trim());
    const unit = /^`([^`]+)`$/.exec(cells[1]!)?.[1];
    if (!unit) continue; // the header and its rule
    const mayImport = cells.at(-2)!;
    rows.set(
      unit.replace(/\/$/, ''),
      mayImport === 'nothing'
        ? []
        : [...mayImport.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\/$/, '')),
    );
  }
  return rows;
}

function entriesOf(plan: FloorPlan) {
  const entries = readdirSync(join(repo, plan.root), { withFileTypes: true });
  return {
    folders: entries.filter((e) => e.isDirectory()).map((e) => e.name),
    files: entries
      .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
      .map((e) => e.name),
  };
}

describe.each(Object.entries(floorPlans))('the floor plan of %s', (name, plan) => {
  it('has a row for every folder and every file at its root', () => {
    const { folders, files } = entriesOf(plan);
    const units = Object.keys(plan.units);
    expect(folders.filter((f) => !units.includes(f))).toEqual([]);
    if (!units.includes('*.ts')) {
      const placed = [...units, ...plan.composition];
      expect(files.filter((f) => !placed.includes(f))).toEqual([]);
    }
  });

  it('names only its own units and has no cycle', () => {
    const units = Object.keys(plan.units);
    for (const { mayImport } of Object.values(plan.units))
      for (const other of mayImport) expect(units).toContain(other);
    const visiting = new Set<string>();
    const done = new Set<string>();
    const visit = (unit: string, path: string[]) => {
      if (done.has(unit)) return;
      if (visiting.has(unit)) throw new Error(`cycle: ${[...path, unit].join(' → ')}`);
      visiting.add(unit);
      for (const next of plan.units[unit]!.mayImport) visit(next, [...path, unit]);
      visiting.delete(unit);
      done.add(unit);
    };
    for (const unit of units) visit(unit, []);
  });

  it('is the table docs/architecture.md prints', () => {
    const documented = documentedPlan(name);
    const planned = new Map(
      Object.entries(plan.units).map(([unit, { mayImport }]) => [unit, [...mayImport].sort()]),
    );
    for (const [unit, mayImport] of documented) documented.set(unit, [...mayImport].sort());
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(planned));
  });
});

describe('the lint configuration', () => {
  it('enforces every floor plan and refuses import cycles in src', async () => {
    const eslint = new ESLint({ cwd: repo });
    const config = await eslint.calculateConfigForFile(join(repo, 'src/service/app.ts'));
    expect(config.rules['import-x/no-cycle'][0]).toBe(2);
    const [level, { zones }] = config.rules['import-x/no-restricted-paths'];
    expect(level).toBe(2);
    expect(zones).toEqual(Object.values(floorPlans).flatMap(zonesOf));
    expect(config.rules['max-lines-per-function'][1]).toMatchObject({ max: 150 });
    expect(config.rules['max-lines'][1]).toMatchObject({ max: 500 });
  });

  it('refuses an import its floor plan does not allow', async () => {
    const lint = (file: string, code: string) => importRefusals(join(repo, file), code);
    // Upwards: the kernel knows no area.
    expect(await lint('src/service/kernel/x.ts', "export * from '../payments/model';\n")).toEqual([
      expect.stringContaining('src/service/kernel may not import payments'),
    ]);
    // Sideways past the public module.
    expect(
      await lint('src/service/cards/x.ts', "export * from '../payments/repo/reader';\n"),
    ).toEqual([expect.stringContaining('through its public module, payments/index.ts')]);
    // The kiosk's history knows nothing of the printer.
    expect(await lint('src/main/kiosk/history/x.ts', "export * from '../printer/jobs';\n")).toEqual(
      [expect.stringContaining('src/main/kiosk/history may not import printer')],
    );
  });

  it('refuses SQL in a service area outside its repository module', async () => {
    // Each message once: a statement may be both a prepare call and SQL text.
    const lint = async (file: string, code: string) => [
      ...new Set(await sqlRefusals(join(repo, file), code)),
    ];
    const statement = "ctx.store.prepare('SELECT id FROM payment_requests WHERE id = ?');\n";
    const refusal = ["SQL belongs in this area's repository module (repo.ts or repo/)."];
    expect(await lint('src/service/payments/routes.ts', statement)).toEqual(refusal);
    expect(await lint('src/service/payments/x.ts', 'const q = `DELETE FROM events`;\n')).toEqual(
      refusal,
    );
    expect(await lint('src/service/payments/repo/x.ts', statement)).toEqual([]);
    expect(await lint('src/service/refunds/repo.ts', statement)).toEqual([]);
  });
});
