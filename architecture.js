// @ts-check
/**
 * The floor plans of docs/architecture.md as data: for each part of the app, its units (folders,
 * or single files where a file stands on its own) and the units each may import. eslint.config.js
 * turns them into `import-x/no-restricted-paths` zones, and test/architecture.test.ts checks that
 * every folder is listed, that the plans have no cycle, and that docs/architecture.md's tables say
 * the same.
 *
 * A unit's imports of another unit go through that unit's public module (its `index.ts`) when the
 * plan marks it `publicOnly`: areas reach each other only through what they export on purpose.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * @typedef {{ mayImport: string[] }} Unit
 * @typedef {{
 *   root: string,
 *   units: Record<string, Unit>,
 *   composition: string[],
 *   publicOnly?: string[],
 * }} FloorPlan
 */

/** @type {Record<string, FloorPlan>} */
export const floorPlans = {
  service: {
    root: 'src/service',
    // Files at the root that build the service from its areas: they may import anything.
    composition: [
      'app.ts',
      'cli.ts',
      'context.ts',
      'scheduler.ts',
      'server.ts',
      'install-root.ts',
      'node-flags.ts',
    ],
    units: {
      kernel: { mayImport: [] },
      http: { mayImport: ['kernel'] },
      ui: { mayImport: ['kernel'] },
      ops: { mayImport: ['kernel', 'http'] },
      messages: { mayImport: ['kernel', 'http', 'ui'] },
      webhooks: { mayImport: ['kernel', 'http', 'ui'] },
      merchants: { mayImport: ['kernel', 'http', 'ui', 'ops'] },
      payments: { mayImport: ['kernel', 'http', 'ui', 'merchants', 'webhooks'] },
      customers: { mayImport: ['kernel', 'http', 'ui', 'merchants'] },
      cards: {
        mayImport: ['kernel', 'http', 'ui', 'messages', 'merchants', 'payments', 'customers'],
      },
      refunds: { mayImport: ['kernel', 'http', 'merchants', 'payments'] },
      receipts: { mayImport: ['kernel', 'http', 'ui', 'merchants', 'payments', 'refunds'] },
      terminals: {
        mayImport: ['kernel', 'http', 'ui', 'ops', 'merchants', 'payments', 'customers', 'cards'],
      },
      push: { mayImport: ['kernel', 'http', 'terminals'] },
      'merchant-events': { mayImport: ['kernel', 'http', 'ops', 'terminals'] },
      bank: { mayImport: ['kernel', 'http', 'ui', 'merchants'] },
      hosted: {
        mayImport: [
          'kernel',
          'http',
          'ui',
          'messages',
          'merchants',
          'payments',
          'customers',
          'cards',
          'receipts',
        ],
      },
      agent: {
        mayImport: [
          'kernel',
          'http',
          'ui',
          'messages',
          'merchants',
          'payments',
          'customers',
          'cards',
          'hosted',
        ],
      },
      images: {
        mayImport: ['kernel', 'http', 'ui', 'merchants', 'payments', 'refunds', 'receipts'],
      },
      sandbox: {
        mayImport: [
          'kernel',
          'http',
          'ui',
          'merchants',
          'payments',
          'customers',
          'cards',
          'hosted',
        ],
      },
      site: { mayImport: ['kernel', 'http', 'ui', 'webhooks'] },
      mcp: { mayImport: ['kernel', 'http'] },
      fleet: { mayImport: ['kernel', 'http', 'messages', 'merchants', 'terminals'] },
      'kiosk-config': { mayImport: ['kernel', 'http', 'merchants', 'terminals'] },
      'sandbox-kiosks': { mayImport: ['kernel', 'http', 'terminals', 'fleet', 'kiosk-config'] },
    },
    // Floors, not areas: many areas use many of their modules directly.
    publicOnly: [
      'ops',
      'messages',
      'webhooks',
      'merchants',
      'payments',
      'customers',
      'cards',
      'refunds',
      'receipts',
      'terminals',
      'push',
      'merchant-events',
      'bank',
      'hosted',
      'agent',
      'images',
      'sandbox',
      'site',
      'mcp',
      'fleet',
      'kiosk-config',
      'sandbox-kiosks',
    ],
  },
  kiosk: {
    root: 'src/main/kiosk',
    composition: ['core.ts'],
    units: {
      'types.ts': { mayImport: [] },
      history: { mayImport: ['types.ts'] },
      printer: { mayImport: ['types.ts', 'history', '*.ts'] },
      '*.ts': { mayImport: ['types.ts', 'history'] },
      shifts: { mayImport: ['types.ts', 'history', 'printer', '*.ts'] },
      commands: { mayImport: ['types.ts', 'history', 'printer', 'shifts', '*.ts'] },
    },
  },
  renderer: {
    root: 'src/renderer/src',
    composition: ['console.tsx', 'display.tsx'],
    units: {
      bridge: { mayImport: [] },
      lib: { mayImport: ['bridge'] },
      store: { mayImport: ['bridge', 'lib'] },
      styles: { mayImport: [] },
      staff: { mayImport: ['bridge', 'lib', 'store', 'styles'] },
      display: { mayImport: ['bridge', 'lib', 'store', 'styles'] },
    },
  },
  dashboard: {
    root: 'src/dashboard',
    composition: ['main.tsx', 'App.tsx', 'zod-setup.ts'],
    units: {
      lib: { mayImport: [] },
      store: { mayImport: ['lib'] },
      'context.ts': { mayImport: ['lib', 'store'] },
      components: { mayImport: ['lib', 'store', 'context.ts'] },
      areas: { mayImport: ['lib', 'store', 'context.ts', 'components'] },
    },
  },
};

/**
 * The files and folders a unit names. `*.ts` is every file at the root that is neither a unit of
 * its own nor a composition file (the kiosk core's modules, which import each other freely).
 * @param {FloorPlan} plan
 * @param {string} unit
 * @returns {string[]} paths relative to the repository
 */
export function pathsOf(plan, unit) {
  if (unit !== '*.ts') return [join(plan.root, unit)];
  const own = new Set([...Object.keys(plan.units), ...plan.composition]);
  return readdirSync(plan.root, { withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .filter((e) => !own.has(e.name))
    .map((e) => join(plan.root, e.name));
}

/**
 * `import-x/no-restricted-paths` zones: for each unit, every other unit it may not import, and
 * for the units it may import that are public-only, every file but their `index.ts`.
 * @param {FloorPlan} plan
 */
export function zonesOf(plan) {
  const zones = [];
  for (const [unit, { mayImport }] of Object.entries(plan.units)) {
    const target = pathsOf(plan, unit).map(asGlob);
    zones.push({
      target,
      from: plan.composition.map((file) => `./${join(plan.root, file)}`),
      message: `${plan.composition.join(', ')} build ${plan.root} from its parts: no part imports them.`,
    });
    for (const other of Object.keys(plan.units)) {
      if (other === unit) continue;
      const from = pathsOf(plan, other);
      if (!mayImport.includes(other)) {
        zones.push({ target, from: from.map(asGlob), message: notAllowed(plan, unit, other) });
      } else if (plan.publicOnly?.includes(other)) {
        zones.push({
          target,
          from: from[0],
          except: ['./index.ts'],
          message: `Import ${other}/ through its public module, ${other}/index.ts.`,
        });
      }
    }
  }
  return zones;
}

/** @param {string} path */
const asGlob = (path) => (/\.tsx?$/.test(path) ? `./${path}` : `./${path}/**`);

/** @param {FloorPlan} plan @param {string} unit @param {string} other */
const notAllowed = (plan, unit, other) =>
  `${plan.root}/${unit} may not import ${other}: see the floor plan in docs/architecture.md.`;
