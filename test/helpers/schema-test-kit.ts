/** Helpers for the contract's tests: parse a valid sample, or list what rejected an invalid one. */
import { expect } from 'vitest';
import type { z } from 'zod';

/** Parses a sample that must be valid, failing with zod's issues when it is not. */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success)
    throw new Error(`expected a valid sample: ${JSON.stringify(result.error.issues)}`);
  return result.data;
}

/** The issues of a sample that must be rejected. */
export function issues(schema: z.ZodType, input: unknown): z.core.$ZodIssue[] {
  const result = schema.safeParse(input);
  expect(result.success, `expected ${JSON.stringify(input)} to be rejected`).toBe(false);
  return result.error?.issues ?? [];
}

/** The field paths that rejected a sample: which rule fired. */
export const paths = (schema: z.ZodType, input: unknown) =>
  issues(schema, input).map((i) => i.path);
