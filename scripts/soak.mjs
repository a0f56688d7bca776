/**
 * `npm run soak -- --cycles N`: the kill -9 test of test/reliability/service-kill.test.ts with
 * N cycles instead of the 20 that `npm test` runs (its time limit grows with N).
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { cycles: { type: 'string', default: '200' } } });
const cycles = Number(values.cycles);
if (!Number.isInteger(cycles) || cycles < 1) {
  console.error(`--cycles must be a whole number of at least 1, not ${values.cycles}`);
  process.exit(2);
}
const result = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', 'test/reliability/service-kill.test.ts'],
  { stdio: 'inherit', env: { ...process.env, RELIABILITY_CYCLES: String(cycles) } },
);
process.exit(result.status ?? 1);
