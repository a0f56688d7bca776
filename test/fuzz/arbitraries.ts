/**
 * fast-check arbitraries built from the contract's zod schemas, generically: each schema is
 * turned into JSON Schema by zod itself (`z.toJSONSchema`, as the OpenAPI document is) and that
 * is walked. Values follow the schema's types, formats, lengths, bounds and enums, so most get
 * past validation and reach the handlers; refinements JSON Schema cannot express (decimal places,
 * cross-field rules) are left to chance, which is what a fuzz wants. Hostile values and
 * mutations of valid ones make the invalid half.
 */
import fc from 'fast-check';
import { z } from 'zod';

type Json = Record<string, unknown>;
export type Arb = fc.Arbitrary<unknown>;

export const jsonSchemaOf = (schema: z.ZodType): Json =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;

/** Known ids (the store, terminal, payments, ... made before fuzzing), so uuids hit real rows. */
export interface Known {
  uuids: string[];
}

const MAX_ITEMS = 4;

function stringArb(s: Json, known: Known): Arb {
  const min = (s.minLength as number | undefined) ?? 0;
  const max = Math.min((s.maxLength as number | undefined) ?? 40, 80);
  switch (s.format) {
    case 'uuid':
      return known.uuids.length ? fc.oneof(fc.constantFrom(...known.uuids), fc.uuid()) : fc.uuid();
    case 'email':
      return fc.emailAddress().filter((e) => e.length <= 100);
    case 'uri':
      return fc.webUrl();
    case 'date-time':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
  }
  if (typeof s.pattern === 'string') {
    let regex: RegExp | null = null;
    try {
      regex = new RegExp(s.pattern);
    } catch {
      /* a pattern JavaScript cannot compile: plain strings */
    }
    if (regex) return fc.stringMatching(regex).filter((v) => v.length >= min && v.length <= 200);
  }
  return fc.string({ minLength: min, maxLength: Math.max(min, max) });
}

function numberArb(s: Json, integer: boolean): Arb {
  const exclusiveMin = s.exclusiveMinimum as number | undefined;
  const min =
    (s.minimum as number | undefined) ?? (exclusiveMin !== undefined ? exclusiveMin : -1e6);
  const max = (s.maximum as number | undefined) ?? 1e6;
  if (integer)
    return fc.integer({
      min: Math.ceil(exclusiveMin !== undefined ? exclusiveMin + 1 : min),
      max: Math.floor(Math.max(min, Math.min(max, Number.MAX_SAFE_INTEGER))),
    });
  // Amounts in pounds: mostly whole pence, sometimes anything.
  const lo = Math.max(min, -1e5);
  const hi = Math.min(max, 1e5);
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 1, max: 100_000 }).map((p) => p / 100) },
    { weight: 1, arbitrary: fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }) },
  );
}

function objectArb(s: Json, known: Known, depth: number): Arb {
  const properties = (s.properties ?? {}) as Record<string, Json>;
  const required = new Set((s.required as string[] | undefined) ?? []);
  const shape: Record<string, Arb> = {};
  for (const [key, value] of Object.entries(properties))
    shape[key] = fromJsonSchema(value, known, depth + 1);
  const fixed = fc.record(shape, { requiredKeys: [...required].filter((k) => k in shape) });
  const extra = s.additionalProperties;
  if (!extra || typeof extra !== 'object') return fixed;
  const keys = s.propertyNames
    ? fromJsonSchema(s.propertyNames as Json, known, depth + 1)
    : fc.string({ minLength: 1, maxLength: 20 });
  const dict = fc.dictionary(
    keys as fc.Arbitrary<string>,
    fromJsonSchema(extra as Json, known, depth + 1),
    {
      maxKeys: MAX_ITEMS,
    },
  );
  return fc.tuple(fixed, dict).map(([a, b]) => ({ ...b, ...(a as object) }));
}

/** An arbitrary of values matching a JSON Schema (as zod writes it). */
export function fromJsonSchema(s: Json, known: Known, depth = 0): Arb {
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const union = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (union) return fc.oneof(...union.map((u) => fromJsonSchema(u, known, depth + 1)));
  if (depth > 6) return fc.constant(null);
  switch (s.type) {
    case 'string':
      return stringArb(s, known);
    case 'number':
      return numberArb(s, false);
    case 'integer':
      return numberArb(s, true);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = (s.minItems as number | undefined) ?? 0;
      const maxLength = Math.max(
        minLength,
        Math.min((s.maxItems as number | undefined) ?? MAX_ITEMS, MAX_ITEMS),
      );
      return fc.array(fromJsonSchema((s.items ?? {}) as Json, known, depth + 1), {
        minLength,
        maxLength,
      });
    }
    case 'object':
      return objectArb(s, known, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Strings no text field should accept, or that have broken parsers elsewhere. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u202Egnp.exe',
    '\u2066x\u2069',
    '\ud800',
    '\udfff tail',
    '\r\nX-Injected: 1',
    '<script>alert(1)</script>',
    "'; DROP TABLE payment_requests; --",
    '../../etc/passwd',
    '%00%2e%2e%2f',
    '${jndi:ldap://x}',
    '{{7*7}}',
    '__proto__',
    'constructor',
    '\uFEFFbom',
    '\u{1F600}'.repeat(40),
    'é'.repeat(300),
    '9'.repeat(400),
    '-0',
    'NaN',
    'null',
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.integer({ min: 1000, max: 70_000 }).map((n) => 'x'.repeat(n)),
);

/** Any JSON value, with hostile strings and odd numbers among them. */
export const hostileValue: Arb = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, -0.001, 1e308, -1e308, 1.005, 2 ** 53 + 1, [], {}),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Keys that have polluted prototypes in other stacks. */
export const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', '', '\u0000');

/** JSON text nested `depth` deep, without building the value (which the stack may not allow). */
export const deepJson = (depth: number, open = '[', close = ']', inner = '1') =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
