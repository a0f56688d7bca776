/**
 * `npm run fuzz -- --requests N [--seed S]`: the contract fuzz (test/fuzz/engine.ts) for as long
 * as you like. Prints each failure and a summary; exits 1 when anything failed.
 */
import { runFuzz } from '../test/fuzz/engine';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const requests = Number(option('requests') ?? 10_000);
const seedText = option('seed');
if (!Number.isInteger(requests) || requests < 1) {
  console.error('usage: npm run fuzz -- --requests N [--seed S]');
  process.exit(2);
}
const report = await runFuzz({
  requests,
  seed: seedText === undefined ? undefined : Number(seedText),
  log: (line) => console.log(line),
});
for (const f of report.failures)
  console.log(`\n${f.route}: ${f.problem}\n  ${f.request}\n  → ${f.status} ${f.answer}`);
console.log(
  `\nseed ${report.seed}: ${report.sent} requests in ${report.ms} ms; statuses ${JSON.stringify(report.byStatus)}; ` +
    `${report.refusedChecked} refusals checked for changes; ${report.failures.length} failures`,
);
process.exit(report.failures.length ? 1 : 0);
