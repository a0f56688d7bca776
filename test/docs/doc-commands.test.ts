/**
 * Every shell command block of README.md and docs/*.md, run as printed against a live service,
 * so that no documented command can rot. The rules the pages follow:
 *
 * - A ```sh block is run, unless the line before it says why not: `<!-- not run: reason -->`.
 *   A block holding a command (curl, npm, the built service) must be fenced as ```sh, so that no
 *   command escapes this test by its fence. A ```http block is run too, as the request it shows.
 * - The blocks of a page run in page order in one bash session (`-euo pipefail`), in a fresh
 *   folder, so a block may use what an earlier one set (`S=`, `ID=$(node -p ...)`, files).
 *   In a block whose lines start with `$ ` (a transcript), only those lines are run.
 * - Placeholders: `sk_sandbox_...` (or `…`) is the sandbox secret; `http://127.0.0.1:4010` (or
 *   localhost) is the service, started by this test for each page. Ids come from shell
 *   variables the page sets from earlier answers (`node -p`: jq need not be installed).
 * - `curl` must get a 2xx: the session's curl adds `--fail-with-body`.
 * - `npm run service` and `npm run webhooks` run for real, in the background (as in a second
 *   terminal), until the page ends: the service with `--port 0` (4010 may be taken here) and
 *   without the dashboard build of its first start; later calls to 127.0.0.1:4010 go to it;
 *   `webhooks listen` is given `--service-url` for the page's service. Any other npm command,
 *   `sudo`, or `node` but for `node -p`/`-e`, in a run block fails the page rather than run.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICE_NODE_FLAGS } from '../../src/service/node-flags';
import { PRODUCTION, SANDBOX, startService } from '../helpers/service';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pages = ['README.md', ...readdirSync(join(root, 'docs')).map((name) => `docs/${name}`)]
  .filter((page) => page.endsWith('.md'))
  .sort();

interface Block {
  page: string;
  line: number;
  language: string;
  code: string;
  notRun?: string;
}

/** The fenced blocks of a page, without their indent, with the `not run` reason before each. */
function blocks(page: string): Block[] {
  const lines = readFileSync(join(root, page), 'utf8').split('\n');
  const found: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^( *)```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, language] = open;
    const end = lines.findIndex((line, j) => j > i && line === `${indent}\`\`\``);
    if (end < 0) throw new Error(`${page}:${i + 1}: unclosed code fence`);
    let before = i - 1;
    while (before >= 0 && lines[before]!.trim() === '') before--;
    found.push({
      page,
      line: i + 1,
      language: language!,
      code: lines
        .slice(i + 1, end)
        .map((line) => line.slice(indent!.length))
        .join('\n'),
      notRun: /^\s*<!-- not run: (.+?) -->\s*$/.exec(lines[before] ?? '')?.[1],
    });
    i = end;
  }
  return found;
}

const shell = new Set(['sh', 'bash', 'shell', 'console']);
/** A line that runs something against the service or the project, in any block. */
const command = /^\s*(\$ )?([A-Z_]+=\S* +)*(curl|npm|node out\/service)\b/m;
const all = pages.flatMap(blocks);
const runnable = (block: Block) =>
  (shell.has(block.language) || block.language === 'http') && block.notRun === undefined;

const q = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** The commands of a block, as bash runs them. */
function script(block: Block): string {
  let code = block.code;
  if (block.language === 'http') {
    // Request line, headers, a blank line, the body: the same request through curl.
    const [head, ...body] = code.split(/\n\s*\n/);
    const [request, ...headers] = head!.split('\n');
    const [method, path] = request!.split(' ');
    const data = body.join('\n\n').trim();
    code =
      `curl -s -X ${method} ${q(`http://127.0.0.1:4010${path}`)}` +
      headers.map((header) => ` -H ${q(header)}`).join('') +
      (data ? ` --data-binary @- <<'COUNTER_HTTP_BODY'\n${data}\nCOUNTER_HTTP_BODY` : '');
  } else if (/^\$ /m.test(code)) {
    const kept: string[] = [];
    let continued = false;
    for (const line of code.split('\n')) {
      if (line.startsWith('$ ') || continued) kept.push(line.replace(/^\$ /, ''));
      continued = (line.startsWith('$ ') || continued) && line.endsWith('\\');
    }
    code = kept.join('\n');
  }
  return code.replaceAll(/sk_sandbox_(\.\.\.|…)/g, SANDBOX);
}

const requireFromHere = createRequire(import.meta.url);
const tsx = requireFromHere.resolve('tsx');
const scripts = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;
/** The npm scripts a run block may start, what each runs, and the line that says it is up. */
const daemons = {
  service: {
    entry: 'src/service/cli.ts',
    ready: 'service listening on ',
    nodeFlags: SERVICE_NODE_FLAGS,
  },
  webhooks: { entry: 'src/client/webhooks-listen.ts', ready: 'Ready. ', nodeFlags: [] },
};

/** Bash run before a page's blocks: the curl and npm the rules above describe. */
function prelude(url: string, dir: string): string {
  const cases = Object.entries(daemons)
    .map(
      ([name, { entry, ready, nodeFlags }]) =>
        `${name}) entry=${q(join(root, entry))}; ready=${q(ready)}; flags=(${nodeFlags.map(q).join(' ')}) ;;`,
    )
    .join('\n    ');
  return String.raw`
COUNTER_URL=${q(url)}
export SERVICE_SANDBOX_SECRET=${q(SANDBOX)} SERVICE_PRODUCTION_SECRET=${q(PRODUCTION)}
counter_started=()
trap 'for pid in "${'$'}{counter_started[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done; wait' EXIT
# Killed on timeout, it still stops what it started.
trap 'exit 143' TERM
counter_refuse() {
  echo "doc-commands: '$*' is not run here; mark its block <!-- not run: why -->" >&2
  return 1
}
# What a block must not do here, or could not finish: root, a server in the foreground.
sudo() { counter_refuse sudo "$@"; }
node() {
  case ${'$'}{1-} in
    -p | -e | --print | --eval) command node "$@" ;;
    *) counter_refuse node "$@" ;;
  esac
}
counter_arg() {
  local arg=$1
  arg=${'$'}{arg//"http://127.0.0.1:4010"/$COUNTER_URL}
  arg=${'$'}{arg//"http://localhost:4010"/$COUNTER_URL}
  printf '%s\n' "$arg"
}
curl() {
  local args=() arg
  for arg in "$@"; do args+=("$(counter_arg "$arg")"); done
  command curl -sS --fail-with-body "${'$'}{args[@]}"
}
npm() {
  if [ "${'$'}{1-}" != run ]; then counter_refuse npm "$@"; return 1; fi
  local name=${'$'}{2-} entry ready flags=() args=() arg port=0 log
  shift 2
  [ "${'$'}{1-}" = -- ] && shift
  case $name in
    ${cases}
    *) counter_refuse npm run "$name" "$@"; return 1 ;;
  esac
  for arg in "$@"; do
    # 4010 may be taken on this machine: the service takes a free port, the calls follow it.
    if [ "$port" = next ]; then arg=0; fi
    if [ "$arg" = --port ]; then port=next; else port=0; fi
    args+=("$(counter_arg "$arg")")
  done
  # A service line that names no port would take 4010, which may be taken here.
  if [ "$name" = service ] && [[ " ${'$'}{args[*]} " != *" --port "* ]]; then
    args+=(--port 0)
  fi
  if [ "$name" = webhooks ] && [[ " ${'$'}{args[*]} " != *" --service-url "* ]]; then
    args+=(--service-url "$COUNTER_URL")
  fi
  log=$(mktemp -p ${q(dir)} "npm-run-$name.XXXX.log")
  command node "${'$'}{flags[@]}" --import ${q(tsx)} "$entry" "${'$'}{args[@]}" >"$log" 2>&1 &
  counter_started+=($!)
  local waited=0
  until grep -q "$ready" "$log"; do
    if ! kill -0 $! 2>/dev/null || [ $waited -gt 300 ]; then
      echo "doc-commands: npm run $name did not print '$ready':" >&2
      cat "$log" >&2
      return 1
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
  if [ "$name" = service ]; then
    COUNTER_URL=$(sed -n 's/^service listening on //p' "$log" | head -n 1)
  fi
}
`;
}

describe('every command block of README.md and docs/*.md', () => {
  it('is fenced as sh (or http) when it holds a command, and says why when it is not run', () => {
    const misfenced = all
      .filter(
        (block) =>
          !shell.has(block.language) && block.language !== 'http' && command.test(block.code),
      )
      .map((block) => `${block.page}:${block.line} (fenced as "${block.language}")`);
    expect(misfenced).toEqual([]);
    for (const block of all.filter((b) => b.notRun !== undefined))
      expect(block.notRun!.trim().length, `${block.page}:${block.line}`).toBeGreaterThan(10);
  });

  it('starts what npm runs for the scripts this test starts', () => {
    for (const [name, { entry, nodeFlags }] of Object.entries(daemons))
      expect(scripts[name]).toMatch(
        new RegExp(`node ${[...nodeFlags, '--import tsx', entry].join(' ')}$`),
      );
  });

  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  const withBlocks = pages.filter((page) => all.some((b) => b.page === page && runnable(b)));
  it.each(withBlocks)(
    '%s: its blocks run as printed',
    async (page) => {
      const h = await startService();
      const dir = mkdtempSync(join(tmpdir(), 'counter-doc-'));
      dirs.push(dir);
      const body = all
        .filter((block) => block.page === page && runnable(block))
        .map((block) => `echo ${q(`### ${block.page}:${block.line}`)} >&2\n${script(block)}`)
        .join('\n');
      try {
        // Not execFileSync: the service answering curl runs in this very process.
        const { stdout } = await promisify(execFile)(
          'bash',
          ['-euo', 'pipefail', '-c', prelude(h.url, dir) + body],
          { cwd: dir, timeout: 25_000, killSignal: 'SIGTERM' },
        ).catch((error: { stdout: string; stderr: string }) => {
          // The last `###` line of stderr names the block that failed.
          throw new Error(`${page}: a block failed\n${error.stderr}\n${error.stdout.slice(-2000)}`);
        });
        // The README's first payment is paid by its own simulate call.
        if (page === 'README.md')
          expect(stdout).toMatch(/"status":"COMPLETED".*"paidAmount":13\.5[,}]/);
      } finally {
        await h.close();
      }
    },
    30_000,
  );
});
