/**
 * `npm run build:agent`: builds the Agent Pay client package in src/agent/dist. esbuild bundles
 * src/agent (and the pure src/shared code it uses) into one ES module with no dependencies; the
 * declarations are TypeScript's own, with every wire type (a z.infer in the source) expanded to
 * its structure, so the package's types need neither zod nor this repository.
 * `--pack DIR` also runs `npm pack` into DIR and prints the tarball's path.
 */
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkgDir = join(root, 'src/agent');
const dist = join(pkgDir, 'dist');
const entry = join(pkgDir, 'index.ts');

/** index.d.ts as tsc emits it, with the wire types expanded and the imports they needed gone. */
function declarations(): string {
  const options: ts.CompilerOptions = {
    declaration: true,
    emitDeclarationOnly: true,
    strict: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
  };
  const program = ts.createProgram([entry], options);
  const errors = ts.getPreEmitDiagnostics(program);
  if (errors.length > 0)
    throw new Error(ts.formatDiagnostics(errors, ts.createCompilerHost(options)));
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry)!;
  const expanded = new Map<string, string>();
  const flags =
    ts.TypeFormatFlags.NoTruncation |
    ts.TypeFormatFlags.InTypeAlias |
    ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;
  source.forEachChild((node) => {
    if (ts.isTypeAliasDeclaration(node) && /\bz\./.test(node.type.getText(source)))
      expanded.set(
        node.name.text,
        checker.typeToString(checker.getTypeAtLocation(node.type), node, flags),
      );
  });
  let text = '';
  let keys = '';
  let receipts = '';
  program.emit(undefined, (file, data) => {
    if (file.endsWith('agent/index.d.ts')) text = data;
    if (file.endsWith('agent/keys.d.ts')) keys = data;
    if (file.endsWith('agent/receipts.d.ts')) receipts = data;
  });
  // The package is one file: the types index.ts takes from its sibling modules are written in.
  const signer = /export type Signer = [^;]+;/.exec(keys)?.[0];
  const expectations = /export interface ReceiptExpectations \{[^}]*\}/.exec(receipts)?.[0];
  if (!text || !signer || !expectations)
    throw new Error('tsc emitted no declarations for src/agent');
  text = text
    .replace(/^import type \{[^}]*\} from '(zod|\.\.\/shared\/[^']+)';\n/gm, '')
    .replace(/^import \{ type Signer \} from '\.\/keys';\n/m, '')
    .replace(/^export type \{ Signer \} from '\.\/keys';\n/m, `${signer}\n`)
    .replace(/^import \{ type ReceiptExpectations \} from '\.\/receipts';\n/m, '')
    .replace(/^export type \{ ReceiptExpectations \} from '\.\/receipts';\n/m, `${expectations}\n`);
  for (const [name, structure] of expanded)
    text = text.replace(
      new RegExp(`^export type ${name} = [^;]+;$`, 'm'),
      `export type ${name} = ${structure};`,
    );
  if (/\bz\.|from '(zod|\.\.?\/)/.test(text))
    throw new Error(`index.d.ts still refers to zod or the repository:\n${text}`);
  return text;
}

export async function buildAgentPackage(): Promise<string> {
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    outfile: join(dist, 'index.js'),
    legalComments: 'none',
    logLevel: 'warning',
  });
  writeFileSync(join(dist, 'index.d.ts'), declarations());
  return dist;
}

export function packAgentPackage(destination: string): string {
  mkdirSync(destination, { recursive: true });
  const out = execFileSync('npm', ['pack', '--silent', '--pack-destination', destination], {
    cwd: pkgDir,
    encoding: 'utf8',
  });
  return join(destination, out.trim().split('\n').at(-1)!);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { pack: { type: 'string' } } });
  await buildAgentPackage();
  console.log(`built ${dist}`);
  if (values.pack) console.log(packAgentPackage(resolve(values.pack)));
}
