// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { floorPlans, zonesOf } from './architecture.js';
import { builtinModules } from 'node:module';

/**
 * The dependency direction of docs/architecture.md, enforced here rather than hoped for:
 *   shared ← service, client, agent, main/kiosk ← main/electron, main/browser
 *   renderer, dashboard and preload import only shared (the preload also needs electron's
 *   contextBridge).
 * src/sqlite (the SQLite driver) is for the service and the kiosk core only, and is the one way
 * to load better-sqlite3 at run time (it picks the build the running Node needs).
 */
const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const noNode = { group: nodeBuiltins, message: 'This layer runs without Node: no node modules.' };
const noElectron = {
  group: ['electron', 'electron/*'],
  message: 'Only src/main/electron (and the preload) may import electron.',
};
const layer = (dirs, message) => ({
  // Only paths that climb out of the importing folder name another layer.
  regex: `^(\\.\\./)+(src/|main/)?(${dirs.join('|')})(/|$)`,
  message,
});
const outsideShared = layer(
  ['service', 'client', 'agent', 'main', 'renderer', 'preload', 'dashboard', 'sqlite'],
  'src/shared depends on nothing else in src.',
);

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'out/**',
      'dist/**',
      'src/agent/dist/**',
      'test-results/**',
      'playwright-report/**',
      'docs/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { patterns: [noElectron] }],
      // better-sqlite3 12 can abort a Node 24 process and 13 crashes Node 20: load it only
      // through src/sqlite, which picks the right build. Types may still come from it.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['better-sqlite3', 'better-sqlite3-napi'].map((name) => ({
            name,
            message: 'Import the SQLite driver from src/sqlite (it picks the build for this Node).',
            allowTypeImports: true,
          })),
        },
      ],
    },
  },
  {
    // The floor plans (architecture.js, docs/architecture.md): no import cycle anywhere in src,
    // and each part's units import only what their row of the plan allows.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Tests may reach into any unit they test.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: Object.values(floorPlans).flatMap(zonesOf), basePath: import.meta.dirname },
      ],
    },
  },
  {
    // SQL in one place per area: a service area's statements live in its repository module
    // (repo.ts or repo/); routes, handlers and pages call it. The kernel owns the store itself.
    files: ['src/service/**/*.{ts,tsx}'],
    ignores: [
      'src/service/**/repo.ts',
      'src/service/**/repo/**',
      'src/service/kernel/**',
      'src/service/**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='prepare']",
          message: "SQL belongs in this area's repository module (repo.ts or repo/).",
        },
        {
          selector:
            'Literal[value=/^\\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\\s/], TemplateElement[value.raw=/^\\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\\s/]',
          message: "SQL belongs in this area's repository module (repo.ts or repo/).",
        },
      ],
    },
  },
  {
    // Functions that fit on a screen, files a reader can hold: tests in src too.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
      'max-lines': ['error', { max: 500, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noNode,
            noElectron,
            outsideShared,
            {
              group: [
                'react',
                'react-dom',
                'zustand',
                'hono',
                'hono/*',
                'better-sqlite3',
                'better-sqlite3-napi',
                'undici',
              ],
              message: 'src/shared is pure TypeScript + zod.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/service/**/*.{ts,tsx}', 'src/client/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noElectron,
            layer(
              ['main', 'renderer', 'preload'],
              'The service, client and agent do not depend on the kiosk.',
            ),
          ],
        },
      ],
    },
  },
  {
    // The service reaches its database through promises (kernel/store/port.ts): a statement or a
    // transaction that is not awaited would answer before its write, or lose its error. Typed
    // rules catch both.
    files: ['src/service/**/*.{ts,tsx}'],
    ignores: ['src/service/**/*.test.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // A promise returned from inside `try` without `await` escapes its `catch`.
      '@typescript-eslint/return-await': ['error', 'error-handling-correctness-only'],
    },
  },
  {
    // The Agent Pay client is its own package that also runs in browsers: platform APIs (fetch,
    // WebCrypto) and src/shared only.
    files: ['src/agent/**/*.ts'],
    ignores: ['src/agent/**/*.test.ts', 'src/agent/build.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noNode,
            noElectron,
            layer(
              ['service', 'client', 'main', 'renderer', 'preload', 'sqlite'],
              'The Agent Pay client depends on src/shared only.',
            ),
          ],
        },
      ],
    },
  },
  {
    // The MCP server (docs/mcp.md) reaches the service only over its HTTP API, through the
    // contract's typed client and the Agent Pay client: never the service's insides.
    files: ['src/mcp/**/*.ts'],
    ignores: ['src/mcp/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noElectron,
            layer(
              ['service', 'client', 'main', 'renderer', 'preload', 'dashboard', 'sqlite'],
              'The MCP server depends on src/shared and the Agent Pay client only.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/kiosk/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noElectron,
            layer(
              ['electron', 'browser', 'renderer', 'preload', 'service'],
              'The kiosk core depends on shared and client only.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/browser/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noElectron,
            layer(
              ['electron', 'renderer', 'preload'],
              'Browser mode does not use the electron shell.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/electron/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noNode,
            layer(
              ['service', 'client', 'agent', 'main', 'renderer', 'sqlite'],
              'The preload imports only src/shared.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noNode,
            noElectron,
            layer(
              ['service', 'client', 'agent', 'main', 'preload', 'sqlite'],
              'The renderer imports only src/shared.',
            ),
          ],
        },
      ],
    },
  },
  {
    // The merchant dashboard: a browser app like the renderer, under the same rules.
    files: ['src/dashboard/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noNode,
            noElectron,
            layer(
              ['service', 'client', 'agent', 'main', 'preload', 'renderer', 'sqlite'],
              'The dashboard imports only src/shared.',
            ),
          ],
        },
      ],
    },
  },
);
