// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';

/**
 * The dependency direction of docs/architecture.md, enforced here rather than hoped for:
 *   shared ← service, client, agent, main/kiosk ← main/electron, main/browser
 *   renderer, dashboard and preload import only shared (the preload also needs electron's
 *   contextBridge).
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
  ['service', 'client', 'agent', 'main', 'renderer', 'preload', 'dashboard'],
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
              ['service', 'client', 'main', 'renderer', 'preload'],
              'The Agent Pay client depends on src/shared only.',
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
              ['service', 'client', 'agent', 'main', 'renderer'],
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
              ['service', 'client', 'agent', 'main', 'preload'],
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
              ['service', 'client', 'agent', 'main', 'preload', 'renderer'],
              'The dashboard imports only src/shared.',
            ),
          ],
        },
      ],
    },
  },
);
