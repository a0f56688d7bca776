/**
 * Runs electronegativity through its programmatic API and writes its findings as JSON:
 * `node electronegativity-scan.mjs <input dir> <electron version> <out.json>`.
 *
 * Not the CLI's `-o findings.csv`: the tool writes that file's header and its rows with two
 * unawaited `fs.writeFile` calls (one truncating, one appending), so now and then the header
 * lands over the first row and the report is garbled (seen in CI as a "finding" whose file was
 * a piece of the preload line). The API hands the findings over whole.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const run = createRequire(import.meta.url)('@doyensec/electronegativity');
const [input, electronVersionOverride, out] = process.argv.slice(2);
const { issues, errors } = await run({ input, electronVersionOverride });
const findings = issues.map((i) => ({
  check: i.id,
  severity: i.severity.name,
  file: i.file,
  line: i.location.line,
}));
writeFileSync(out, JSON.stringify({ findings, errors: errors.length }));
