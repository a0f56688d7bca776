/**
 * The log sink: lines written whole, in order, soon, and at exit; a pipe shared by several
 * processes never gets half a line; a log that cannot be written never stops the caller.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogSink, FLUSH_MS } from './log-sink';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function tempFile(name: string) {
  const dir = mkdtempSync(join(tmpdir(), 'counter-sink-'));
  dirs.push(dir);
  return join(dir, name);
}
const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);

/** Runs a program to its end: its exit code, stdout and stderr. */
function run(
  program: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
const node = (script: string) => run(process.execPath, ['--import', 'tsx', '-e', script]);
const sinkModule = JSON.stringify(join(__dirname, 'log-sink.ts'));

describe('the log sink', () => {
  it('writes a quiet moment’s lines within FLUSH_MS, in order, and a line longer than its buffer whole', async () => {
    const file = tempFile('a.log');
    const sink = createLogSink(openSync(file, 'a'));
    sink.write('{"n":1}\n');
    sink.write('{"n":2}\n');
    expect(lines(file)).toEqual([]); // buffered, not yet written
    await expect
      .poll(() => lines(file), { timeout: FLUSH_MS * 20 })
      .toEqual(['{"n":1}', '{"n":2}']);

    const long = `{"text":"${'é'.repeat(100_000)}"}`;
    sink.write('{"n":3}\n');
    sink.write(`${long}\n`);
    sink.write('{"n":4}\n');
    sink.flushSync();
    expect(lines(file)).toEqual(['{"n":1}', '{"n":2}', '{"n":3}', long, '{"n":4}']);
  });

  it('writes what is buffered when the process exits, by exit() or by an uncaught error', async () => {
    for (const ending of ['process.exit(0)', 'throw new Error("boom")']) {
      const file = tempFile('exit.log');
      const { code } = await node(`
        const { createLogSink } = require(${sinkModule});
        const sink = createLogSink(require('node:fs').openSync(${JSON.stringify(file)}, 'a'));
        for (let i = 0; i < 3000; i++) sink.write(JSON.stringify({ i }) + '\\n');
        ${ending};`);
      expect(code).toBe(ending.startsWith('throw') ? 1 : 0);
      expect(lines(file).map((line) => JSON.parse(line).i)).toEqual(
        Array.from({ length: 3000 }, (_, i) => i),
      );
    }
  });

  it('never interleaves two processes’ lines on one pipe', async () => {
    // Two writers on one stdout pipe, as the instances of --instances share their stderr: lines
    // of many lengths, so writes end at every offset of the pipe's buffer.
    const writer = (name: string) => `
      const { createLogSink } = require(${sinkModule});
      const sink = createLogSink(1);
      for (let i = 0; i < 4000; i++)
        sink.write(JSON.stringify({ w: '${name}', i, pad: 'x'.repeat((i * 37) % 700) }) + '\\n');`;
    const { stdout, code } = await run('/bin/sh', [
      '-c',
      '"$0" --import tsx -e "$1" & "$0" --import tsx -e "$2" & wait',
      process.execPath,
      writer('a'),
      writer('b'),
    ]);
    expect(code).toBe(0);
    const parsed = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { w: string; i: number });
    for (const name of ['a', 'b'])
      expect(parsed.filter((line) => line.w === name).map((line) => line.i)).toEqual(
        Array.from({ length: 4000 }, (_, i) => i),
      );
  });

  it('loses the lines it cannot write, warns once, and lets the caller go on', async () => {
    const { code, stdout, stderr } = await node(`
      const { createLogSink } = require(${sinkModule});
      const fs = require('node:fs');
      const fd = fs.openSync('/dev/null', 'r'); // not writable: every write fails (EBADF)
      const sink = createLogSink(fd);
      for (let i = 0; i < 3; i++) { sink.write('{"lost":true}\\n'); sink.flushSync(); }
      console.log('carried on');`);
    expect({ code, stdout }).toEqual({ code: 0, stdout: 'carried on\n' });
    expect(stderr.match(/log lines could not be written \(EBADF\)/g)).toHaveLength(1);
  });
});
