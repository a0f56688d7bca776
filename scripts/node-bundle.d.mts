import type { BuildOptions } from 'esbuild';

/** esbuild options bundling `entry` (with its src/ imports; packages external) into `outfile`. */
export function nodeBundle(entry: string, outfile: string): BuildOptions;
