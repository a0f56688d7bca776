/** Lints a file that does not exist with the repository's ESLint configuration. */
import { ESLint } from 'eslint';

// No TypeScript project knows such a file, so the rules that need types (the service's promise
// rules) are off; the import rules are not.
const eslint = new ESLint({
  cwd: new URL('../..', import.meta.url).pathname,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/await-thenable': 'off',
      '@typescript-eslint/return-await': 'off',
    },
  },
});

/** The messages of the import rules (the parts of src, and each part's floor plan) for `code`. */
export const importRefusals = (filePath: string, code: string) =>
  refusals(filePath, code, ['no-restricted-imports', 'import-x/no-restricted-paths']);

/** The messages of the rule that keeps a service area's SQL in its repository module. */
export const sqlRefusals = (filePath: string, code: string) =>
  refusals(filePath, code, ['no-restricted-syntax']);

async function refusals(filePath: string, code: string, rules: string[]): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => rules.includes(m.ruleId ?? ''))
    .map((m) => m.message);
}
