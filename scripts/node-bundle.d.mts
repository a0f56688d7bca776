import type { BuildOptions } from 'esbuild';

/**
 * esbuild options bundling `entry` (with its src/ imports; packages external) into `outfile`;
 * with `split`, what it loads by `await import()` goes into chunk files beside it.
 */
export function nodeBundle(
  entry: string,
  outfile: string,
  options?: { split?: boolean },
): BuildOptions;
