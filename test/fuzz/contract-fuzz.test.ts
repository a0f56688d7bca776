/**
 * The bounded run of the contract-driven fuzz (engine.ts) in `npm test`: a few thousand
 * requests over every route. `npm run fuzz -- --requests N [--seed S]` runs longer; a failure
 * prints its seed, so `--seed` replays it.
 */
import { describe, expect, it } from 'vitest';
import { runFuzz } from './engine';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2500);

describe('the contract fuzz', () => {
  it(`sends ${REQUESTS} generated requests: no 5xx, every error in the envelope naming its field, no change from a refusal`, async () => {
    const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
    const report = await runFuzz({ requests: REQUESTS, seed });
    const summary = `seed ${report.seed}: ${report.sent} requests in ${report.ms} ms, statuses ${JSON.stringify(report.byStatus)}`;
    expect(report.failures, summary).toEqual([]);
    expect(report.sent).toBe(REQUESTS);
    // The run reached the handlers and the refusals both, not just one of them.
    const ok = Object.entries(report.byStatus).filter(([s]) => Number(s) < 300);
    expect(
      ok.reduce((n, [, c]) => n + c, 0),
      summary,
    ).toBeGreaterThan(REQUESTS / 10);
    expect(report.refusedChecked, summary).toBeGreaterThan(REQUESTS / 4);
  }, 180_000);
});
